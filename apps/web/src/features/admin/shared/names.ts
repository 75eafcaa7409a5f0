import { LOCALES, type Locale } from '@dsm/contract';

type Names = Partial<Record<string, string>> | undefined;

/** A name in the wanted language, else English, else any (the server's own fallback). */
export function pickName(names: Names, lang: Locale): string {
  if (!names) return '';
  return names[lang] || names['en-US'] || Object.values(names).find(Boolean) || '';
}

/** Drops blank languages (the API wants a language left out rather than empty). */
export function compactNames(
  names: Partial<Record<Locale, string | undefined>> | undefined,
): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const value = names?.[locale]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

/** The form's shape of names: every language present (blank when missing). */
export function namesForForm(names: Names): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, names?.[l] ?? ''])) as Record<Locale, string>;
}
