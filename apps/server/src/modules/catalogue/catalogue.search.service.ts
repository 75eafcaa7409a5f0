import {
  type ListProductsByTagQuery,
  type Locale,
  type Page,
  type ProductListItem,
  type ProductSort,
  type SearchProductsQuery,
  convertMinor,
  toMinor,
  toPage,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { getRate } from '../currency/currency.service';
import { isKnownCountry, warehousesShippingTo } from '../logistics/logistics.service';
import { cachesFor } from './catalogue.cache';
import { categorySubtreeIds } from './catalogue.categories.service';
import { type ListRow, listColumns, toListItems } from './catalogue.products.service';
import { correctedKeywordQuery, keywordQuery } from './catalogue.search-document';
import { type MatchFilter, loadMatchSet, pageOfMatches } from './catalogue.search-matches';
import { listTags } from './catalogue.tags.service';

/**
 * The USD-cent range that matches a price range typed in another currency, so that a product
 * is in the range exactly when the price the web shows (USD × rate, half-up to the cent) is.
 */
export function usdMinorRange(rate: number, min?: number, max?: number): { from?: number; to?: number } {
  const shown = (usdMinor: number) => convertMinor(usdMinor, rate);
  const out: { from?: number; to?: number } = {};
  if (min !== undefined) {
    const m = toMinor(min);
    let p = Math.max(0, Math.ceil((m - 0.5) / rate));
    while (p > 0 && shown(p - 1) >= m) p--;
    while (shown(p) < m) p++;
    out.from = p;
  }
  if (max !== undefined) {
    const x = toMinor(max);
    let p = Math.floor((x + 0.5) / rate);
    while (shown(p + 1) <= x) p++;
    while (p >= 0 && shown(p) > x) p--;
    out.to = p;
  }
  return out;
}

interface Filters extends MatchFilter {
  tsquery: string | null;
}

/**
 * One goods-list page: the keyword's match set (kept in process, decision 0096) gives the total
 * and the page's ids; the database reads those rows' current titles, prices and tags.
 */
async function runSearch(db: Db, f: Filters, sort: ProductSort, current: number, size: number, locale: Locale) {
  const set = await cachesFor(db).matches.get(f.tsquery ?? '', () => loadMatchSet(db, f.tsquery));
  const { total, ids } = pageOfMatches(set, f, sort, f.tsquery !== null && sort === 'relevance', current, size);
  if (ids.length === 0) return { total, rows: [] };
  const found = rawRows<ListRow>(
    await db.execute(
      sql`select ${listColumns(locale)} from products p where p.status = 'on' and p.id = any(${sql.param(ids)}::int[])`,
    ),
  );
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return { total, rows: ids.map((id) => byId.get(id)).filter((r): r is ListRow => r !== undefined) };
}

/**
 * GET /api/prod/search: keyword (all four languages, typo-tolerant), category subtree, price
 * range in any currency, ships to a country, five sorts, paging. An empty result is an empty page.
 */
export async function searchProducts(db: Db, q: SearchProductsQuery, locale: Locale): Promise<Page<ProductListItem>> {
  const sort = q.sort ?? 'relevance';
  const currency = (q.currency ?? 'USD').toUpperCase();
  const empty = toPage<ProductListItem>([], 0, q);
  const filters: Filters = { tsquery: null };
  if (q.categoryId !== undefined) {
    filters.categoryIds = await categorySubtreeIds(db, q.categoryId);
    if (filters.categoryIds.length === 0) return empty;
  }
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    const rate = currency === 'USD' ? 1 : await getRate(db, currency);
    if (rate === null) throw AppError.invalid([{ field: 'currency', messageKey: 'catalogue.currency-unknown' }]);
    Object.assign(filters, usdMinorRange(rate, q.minPrice, q.maxPrice));
    if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) return empty;
  }
  if (q.shipsTo !== undefined) {
    if (!isKnownCountry(q.shipsTo)) {
      throw AppError.invalid([
        { field: 'shipsTo', messageKey: 'logistics.unknown-country', params: { code: q.shipsTo } },
      ]);
    }
    // Logistics says which warehouses reach the country; the set filters in process like a category.
    filters.warehouses = new Set(await warehousesShippingTo(db, q.shipsTo));
    if (filters.warehouses.size === 0) return empty;
  }
  const keyword = q.keyword?.trim() ?? '';
  if (keyword) {
    filters.tsquery = (await keywordQuery(db, keyword)).tsquery;
  }
  let result = await runSearch(db, filters, sort, q.current, q.size, locale);
  if (result.total === 0 && keyword) {
    // Cached per keyword: a keyword that finds nothing in some filter set tends to come again
    // with another price or page, and the correction takes several lexicon queries.
    const corrected = (await cachesFor(db).corrections.get(keyword.toLowerCase(), () =>
      correctedKeywordQuery(db, keyword),
    )) as string | null;
    if (corrected) result = await runSearch(db, { ...filters, tsquery: corrected }, sort, q.current, q.size, locale);
  }
  return toPage(await toListItems(db, result.rows, locale), result.total, q);
}

/** GET /api/prod/prodListByTagId: visible products with a tag, most recently tagged first. */
export async function listProductsByTag(
  db: Db,
  q: ListProductsByTagQuery,
  locale: Locale,
): Promise<Page<ProductListItem>> {
  const tags = await listTags(db, locale);
  if (!tags.some((t) => t.tagId === q.tagId)) throw AppError.notFound('catalogue.tag-not-found');
  const where = sql`pt.tag_id = ${q.tagId} and p.status = 'on'`;
  const [countRows, pageRows] = await Promise.all([
    db.execute(
      sql`select count(*)::int as n from product_tags pt join products p on p.id = pt.product_id where ${where}`,
    ),
    db.execute(sql`
      select ${listColumns(locale)}, p.tagged_at
      from (
        select p.id, p.category_id, p.price_minor, p.original_price_minor, p.sales_count, p.pic, p.warehouse,
          pt.created_at as tagged_at
        from product_tags pt join products p on p.id = pt.product_id
        where ${where}
        order by pt.created_at desc, p.id desc
        limit ${q.size} offset ${(q.current - 1) * q.size}
      ) p
      order by p.tagged_at desc, p.id desc`),
  ]);
  const total = Number(rawRows<{ n: number }>(countRows)[0]?.n ?? 0);
  return toPage(await toListItems(db, rawRows<ListRow>(pageRows), locale), total, q);
}
