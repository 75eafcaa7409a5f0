import { DEFAULT_LOCALE, type Locale } from '@dsm/contract';

/**
 * The one fallback rule for translated text: the caller's language, else en-US, else whatever
 * language exists. Rows come from a `<entity>_translations` table.
 */
export function pickLocalized<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  return rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === DEFAULT_LOCALE) ?? rows[0];
}

/** Groups translation rows by their owner's id, for pickLocalized per owner. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
