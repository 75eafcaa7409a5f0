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
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getRate } from '../currency/currency.service';
import { cachesFor } from './catalogue.cache';
import { categorySubtreeIds } from './catalogue.categories.service';
import { type ListRow, listColumns, toListItems } from './catalogue.products.service';
import { correctedKeywordQuery, keywordQuery, rowsOf } from './catalogue.search-document';
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

/** ORDER BY over the output columns of the page query (same names inside and outside). */
function orderBy(sort: ProductSort, ranked: boolean): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`price_minor asc, id asc`;
    case 'price_desc':
      return sql`price_minor desc, id desc`;
    case 'newest':
      return sql`created_at desc, id desc`;
    case 'sales':
      return sql`sales_count desc, id desc`;
    default:
      // Relevance: best text match first; without a keyword, the best sellers.
      return ranked ? sql`relevance desc, sales_count desc, id desc` : sql`sales_count desc, id desc`;
  }
}

interface Filters {
  tsquery: string | null;
  categoryIds?: number[];
  from?: number;
  to?: number;
}

function whereOf(f: Filters): SQL {
  const parts: SQL[] = [sql`p.status = 'on'`];
  if (f.tsquery) parts.push(sql`p.search_document @@ ${f.tsquery}::tsquery`);
  if (f.categoryIds) {
    parts.push(
      f.categoryIds.length === 1
        ? sql`p.category_id = ${f.categoryIds[0]}`
        : sql`p.category_id in (${sql.join(
            f.categoryIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (f.from !== undefined) parts.push(sql`p.price_minor >= ${f.from}`);
  if (f.to !== undefined) parts.push(sql`p.price_minor <= ${f.to}`);
  return sql.join(parts, sql` and `);
}

const countKey = (f: Filters) => JSON.stringify([f.tsquery, f.categoryIds, f.from, f.to]);

/**
 * The total of a filter set. Paging through one search (or two visitors on the same goods list)
 * counts once: cached for a few seconds, cleared by every catalogue write.
 */
function countMatches(db: Db, f: Filters): Promise<number> {
  return cachesFor(db).counts.get(countKey(f), async () =>
    Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products p where ${whereOf(f)}`))[0]?.n ?? 0),
  ) as Promise<number>;
}

/** The page of a filter set: matches chosen and sorted, then titles and tags for its rows only. */
function pageQuery(f: Filters, sort: ProductSort, current: number, size: number, locale: Locale, withTotal: boolean): SQL {
  const ranked = f.tsquery !== null && sort === 'relevance';
  const rank = ranked ? sql`ts_rank(p.search_document, ${f.tsquery}::tsquery)` : sql`0`;
  // With a category or keyword the matches are a few thousand rows at most: fetch them by the
  // category/GIN index and sort them. Without this fence (OFFSET 0) PostgreSQL may walk the whole
  // price index looking for rows of the category instead (measured: 61 ms against 10 ms at
  // 100,000 products; docs/decisions/0021). Unfiltered lists still walk the sort index.
  const fence = f.categoryIds || f.tsquery ? sql`offset 0` : sql``;
  // The fenced matches are all read anyway: counting them there costs nothing more.
  const total = withTotal ? sql`, count(*) over () as total_count` : sql``;
  return sql`
    select ${listColumns(locale)}${withTotal ? sql`, p.total_count` : sql``}
    from (
      select * from (
        select p.id, p.category_id, p.price_minor, p.original_price_minor, p.sales_count, p.pic, p.created_at,
          ${rank} as relevance${total}
        from products p
        where ${whereOf(f)}
        ${fence}
      ) p
      order by ${orderBy(sort, ranked)}
      limit ${size} offset ${(current - 1) * size}
    ) p
    order by ${orderBy(sort, ranked)}`;
}

async function runSearch(db: Db, f: Filters, sort: ProductSort, current: number, size: number, locale: Locale) {
  const counts = cachesFor(db).counts;
  const key = countKey(f);
  const known = counts.peek(key) as Promise<number> | undefined;
  if ((f.categoryIds || f.tsquery) && !known) {
    // A filtered search not counted yet: one scan of the matches gives the page and the total
    // (two separate queries read the same rows twice: about half the database time per search).
    const rows = rowsOf<ListRow & { total_count: number | string }>(await db.execute(pageQuery(f, sort, current, size, locale, true)));
    // A page past the end has no row to carry the total: count it then.
    const total = rows.length ? Number(rows[0]!.total_count) : current > 1 ? await countMatches(db, f) : 0;
    counts.set(key, total);
    return { total, rows };
  }
  // Count and page in parallel (two pool connections on PostgreSQL); the count is usually cached.
  const [total, pageRows] = await Promise.all([known ?? countMatches(db, f), db.execute(pageQuery(f, sort, current, size, locale, false))]);
  return { total, rows: rowsOf<ListRow>(pageRows) };
}

/**
 * GET /api/prod/search: keyword (all four languages, typo-tolerant), category subtree, price
 * range in any currency, five sorts, paging. An empty result is an empty page.
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
  const keyword = q.keyword?.trim() ?? '';
  if (keyword) {
    filters.tsquery = (await keywordQuery(db, keyword)).tsquery;
  }
  let result = await runSearch(db, filters, sort, q.current, q.size, locale);
  if (result.total === 0 && keyword) {
    const corrected = await correctedKeywordQuery(db, keyword);
    if (corrected) result = await runSearch(db, { ...filters, tsquery: corrected }, sort, q.current, q.size, locale);
  }
  return toPage(await toListItems(db, result.rows, locale), result.total, q);
}

/** GET /api/prod/prodListByTagId: visible products with a tag, most recently tagged first. */
export async function listProductsByTag(db: Db, q: ListProductsByTagQuery, locale: Locale): Promise<Page<ProductListItem>> {
  const tags = await listTags(db, locale);
  if (!tags.some((t) => t.tagId === q.tagId)) throw AppError.notFound('catalogue.tag-not-found');
  const where = sql`pt.tag_id = ${q.tagId} and p.status = 'on'`;
  const [countRows, pageRows] = await Promise.all([
    db.execute(sql`select count(*)::int as n from product_tags pt join products p on p.id = pt.product_id where ${where}`),
    db.execute(sql`
      select ${listColumns(locale)}, p.tagged_at
      from (
        select p.id, p.category_id, p.price_minor, p.original_price_minor, p.sales_count, p.pic,
          pt.created_at as tagged_at
        from product_tags pt join products p on p.id = pt.product_id
        where ${where}
        order by pt.created_at desc, p.id desc
        limit ${q.size} offset ${(q.current - 1) * q.size}
      ) p
      order by p.tagged_at desc, p.id desc`),
  ]);
  const total = Number(rowsOf<{ n: number }>(countRows)[0]?.n ?? 0);
  return toPage(await toListItems(db, rowsOf<ListRow>(pageRows), locale), total, q);
}
