import { DEFAULT_LOCALE, LOCALES, type Locale } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The one fallback rule for translated text, everywhere on the server: the caller's language,
 * else the default (en-US), else any language that exists — the first in the order of LOCALES,
 * so the choice does not depend on the order rows came back in. Rows come from a
 * `<entity>_translations` table; `fallbackOrder` is the same rule in SQL and `pickName` the same
 * rule over a `{ locale: text }` record.
 */
export function pickLocalized<T extends { locale: string }>(rows: readonly T[], locale: Locale): T | undefined {
  let best: T | undefined;
  let bestRank = Infinity;
  for (const row of rows) {
    const rank = fallbackRank(row.locale, locale);
    if (rank < bestRank) [best, bestRank] = [row, rank];
  }
  return best;
}

/** 0 the requested language, 1 the default, then LOCALES order, unknown tags last. */
function fallbackRank(candidate: string, wanted: Locale): number {
  if (candidate === wanted) return 0;
  if (candidate === DEFAULT_LOCALE) return 1;
  const i = (LOCALES as readonly string[]).indexOf(candidate);
  return 2 + (i < 0 ? LOCALES.length : i);
}

/** The rule over a `{ 'en-US': 'Bags', … }` record (empty texts count as missing). */
export function pickName(names: Readonly<Partial<Record<string, string>>>, locale: Locale): string | undefined {
  const rows = Object.entries(names)
    .filter(([, text]) => Boolean(text))
    .map(([l, text]) => ({ locale: l, text: text! }));
  return pickLocalized(rows, locale)?.text;
}

/** The same rule in SQL, as an ORDER BY for a `… LIMIT 1` over a translation table. */
export function fallbackOrder(localeColumn: SQL | string, locale: Locale): SQL {
  const col = typeof localeColumn === 'string' ? sql.raw(localeColumn) : localeColumn;
  const rank = sql.join(
    LOCALES.map((l, i) => sql`when ${l} then ${sql.raw(String(i))}`),
    sql` `,
  );
  return sql`(${col} = ${locale}) desc, (${col} = ${DEFAULT_LOCALE}) desc, (case ${col} ${rank} else ${LOCALES.length} end), ${col}`;
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
