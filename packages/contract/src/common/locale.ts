/** The four interface languages (SPEC §1, §9). en-US is the default for anything else. */
export const LOCALES = ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

/** Language selector options with the spec's country codes (SPEC §2 "Header behaviour"). */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: number; locale: Locale; flag: string; label: string }> = [
  { code: 10001, locale: 'zh-CN', flag: 'cn', label: '简体中文' },
  { code: 10002, locale: 'en-US', flag: 'us', label: 'English' },
  { code: 10003, locale: 'fr-FR', flag: 'fr', label: 'Français' },
  { code: 10004, locale: 'tr-TR', flag: 'tr', label: 'Türkçe' },
];

/** Default currency per language (SPEC §7, §9): zh-CN USD, en-US USD, tr-TR TRY, fr-FR EUR. */
export const CURRENCY_BY_LOCALE: Record<Locale, string> = {
  'zh-CN': 'USD',
  'en-US': 'USD',
  'fr-FR': 'EUR',
  'tr-TR': 'TRY',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the interface language from an Accept-Language header. Exact tags win, then the
 * language part alone ("fr" or "fr-CA" → fr-FR); anything else is en-US.
 */
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const lang = tag.split('-')[0];
    const byLang = LOCALES.find((l) => l.toLowerCase().startsWith(`${lang}-`));
    if (byLang) return byLang;
  }
  return DEFAULT_LOCALE;
}
