import type { Locale } from '@dsm/contract';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import fr from 'i18n-iso-countries/langs/fr.json';
import tr from 'i18n-iso-countries/langs/tr.json';
import zh from 'i18n-iso-countries/langs/zh.json';

// Registering is idempotent, so another module doing the same does no harm.
for (const lang of [en, zh, fr, tr]) countries.registerLocale(lang);

const LANG: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh', 'fr-FR': 'fr', 'tr-TR': 'tr' };

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isKnownCountry(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** Where the library's official name is longer than people say it. */
const SHORTER: Partial<Record<Locale, Record<string, string>>> = {
  'en-US': { US: 'United States', CN: 'China', KR: 'South Korea', RU: 'Russia', TW: 'Taiwan' },
  'fr-FR': { US: 'États-Unis' },
};

/** The country's short name in the caller's language ("France", "法国", "Fransa"); the code if unknown. */
export function countryName(code: string, locale: Locale): string {
  const shorter = SHORTER[locale]?.[code];
  if (shorter) return shorter;
  return countries.getName(code, LANG[locale], { select: 'official' }) ?? countries.getName(code, 'en') ?? code;
}
