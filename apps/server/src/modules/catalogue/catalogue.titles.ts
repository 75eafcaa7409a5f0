import type { Locale } from '@dsm/contract';
import { type SQL, and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productTranslations } from './catalogue.tables';

/**
 * Products' names in exactly one language (decision 0111): what an order line is called for the
 * person reading it. Only products that still exist and have a name in `locale` are in the map;
 * no fallback to another language, because the caller's own snapshot (the name as bought) is a
 * better second choice than the catalogue's English. One statement for a whole list.
 */
export async function productTitlesIn(
  db: Db,
  productIds: readonly number[],
  locale: Locale,
): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: productTranslations.productId, title: productTranslations.title })
    .from(productTranslations)
    .where(
      and(
        inArray(productTranslations.productId, ids),
        eq(productTranslations.locale, locale),
        ne(productTranslations.title, ''),
      ),
    );
  return new Map(rows.map((r) => [r.productId, r.title]));
}

/**
 * The ids of products whose name in `locale` contains `keyword` (case-insensitive), as a subquery
 * another module's statement embeds (the inventory page's search): the match runs in the database
 * instead of reading every name into the process.
 */
export function productIdsNamedSql(keyword: string, locale: Locale): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(select ${productTranslations.productId} from ${productTranslations}
    where ${productTranslations.locale} = ${locale} and ${productTranslations.title} ilike ${pattern})`;
}
