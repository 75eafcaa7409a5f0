import type { Locale } from '@dsm/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
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
