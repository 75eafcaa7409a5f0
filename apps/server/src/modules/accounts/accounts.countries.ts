import type { Country, Locale } from '@dsm/contract';
import countries from 'i18n-iso-countries';
import type { z } from 'zod';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import tr from 'i18n-iso-countries/langs/tr.json';
import zh from 'i18n-iso-countries/langs/zh.json';

for (const data of [en, zh, fr, tr]) countries.registerLocale(data);

const LANGUAGE: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh', 'fr-FR': 'fr', 'tr-TR': 'tr' };
/** i18n-iso-countries also accepts alpha-3 and lower case; our rule is upper-case alpha-2 only. */
const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));

export function isKnownCountry(code: string): boolean {
  return ALPHA2.has(code);
}

const cache = new Map<Locale, Country[]>();

/** Every ISO 3166 alpha-2 country with its name in the caller's language, sorted by that name. */
export function listCountries(locale: Locale): Country[] {
  let list = cache.get(locale);
  if (!list) {
    const lang = LANGUAGE[locale];
    const collator = new Intl.Collator(locale);
    list = [...ALPHA2]
      .map((code) => ({ code, name: countries.getName(code, lang) ?? countries.getName(code, 'en') ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(locale, list);
  }
  return list;
}

/**
 * Adds "the country is a real ISO 3166 alpha-2 code" to a contract schema (the contract checks
 * only the format, so the web need not ship the country list). Runs alongside the other field
 * checks, so one answer lists every problem.
 */
export function withKnownCountry<T extends z.ZodType<{ country: string }>>(schema: T): T {
  return schema.refine((v) => isKnownCountry(v.country), {
    path: ['country'],
    message: 'accounts.country-unknown',
    when: ({ value }) => {
      const country = (value as { country?: unknown } | undefined)?.country;
      return typeof country === 'string' && /^[A-Z]{2}$/.test(country);
    },
  });
}
