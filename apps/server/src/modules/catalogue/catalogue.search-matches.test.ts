import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { rawRows } from '../../db/rows';
import { productBody } from '../../../test/factories';
import { createProduct, setProductStatus, updateProduct } from './catalogue.admin-products.service';
import { cachesFor } from './catalogue.cache';
import { categorySubtreeIds } from './catalogue.categories.service';
import { keywordQuery } from './catalogue.search-document';

// The goods list answers from in-process match sets (decision 0096). These tests hold it to the
// SQL it replaced: same total and same page, in the same order, for every filter and sort.

let ctx: Awaited<ReturnType<typeof createTestApp>>;

type Page = { records: Array<{ prodId: number; price: number }>; total: number };

async function search(query: Record<string, string | number | undefined>) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/prod/search',
    query: Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    ),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Page }).data;
}

const ORDER: Record<string, (ranked: boolean) => SQL> = {
  price_asc: () => sql`price_minor asc, id asc`,
  price_desc: () => sql`price_minor desc, id desc`,
  newest: () => sql`created_at desc, id desc`,
  sales: () => sql`sales_count desc, id desc`,
  relevance: (ranked) => (ranked ? sql`rank desc, sales_count desc, id desc` : sql`sales_count desc, id desc`),
};

/** The pre-0096 query, written plainly: filter, sort, count and page in the database. */
async function reference(q: {
  keyword: string;
  sort: string;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  current: number;
  size: number;
}) {
  const tsquery = q.keyword ? (await keywordQuery(ctx.db, q.keyword)).tsquery : null;
  const parts: SQL[] = [sql`status = 'on'`];
  if (tsquery) parts.push(sql`search_document @@ ${tsquery}::tsquery`);
  if (q.categoryId !== undefined)
    parts.push(sql`category_id = any(${sql.param(await categorySubtreeIds(ctx.db, q.categoryId))}::int[])`);
  if (q.minPrice !== undefined) parts.push(sql`price_minor >= ${Math.round(q.minPrice * 100)}`);
  if (q.maxPrice !== undefined) parts.push(sql`price_minor <= ${Math.round(q.maxPrice * 100)}`);
  const rank = tsquery ? sql`ts_rank(search_document, ${tsquery}::tsquery)` : sql`0`;
  const rows = rawRows<{ id: number; total: number | string }>(
    await ctx.db.execute(sql`
      select id, count(*) over () as total from (
        select id, price_minor, created_at, sales_count, ${rank} as rank from products where ${sql.join(parts, sql` and `)}
      ) p order by ${ORDER[q.sort]!(tsquery !== null && q.sort === 'relevance')}`),
  );
  const from = (q.current - 1) * q.size;
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    ids: rows.slice(from, from + q.size).map((r) => Number(r.id)),
  };
}

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('the in-process goods list gives what the SQL gave', () => {
  const keywords = ['dress', 'leather', 'robe', 'elbise', '连衣裙', 'cotton shirt', ''];
  const sorts = ['relevance', 'price_asc', 'price_desc', 'newest', 'sales'];
  const prices: Array<[number | undefined, number | undefined]> = [
    [undefined, undefined],
    [10, 50],
    [25.37, undefined],
  ];

  it.each(keywords.map((k) => [k || '(no keyword)', k]))(
    'keyword %s: every sort, price range, category and page',
    async (_label, keyword) => {
      const tree = rawRows<{ id: number }>(
        await ctx.db.execute(sql`select id from categories where parent_id is null order by id limit 2`),
      );
      const categories = [undefined, ...tree.map((c) => Number(c.id))];
      let compared = 0;
      for (const sort of sorts) {
        for (const [minPrice, maxPrice] of prices) {
          for (const [i, categoryId] of categories.entries()) {
            const q = { keyword, sort, categoryId, minPrice, maxPrice, current: 1 + ((i + compared) % 2), size: 40 };
            const got = await search(q);
            const want = await reference(q);
            expect({ q, total: got.total, ids: got.records.map((r) => r.prodId) }).toEqual({ q, ...want });
            compared++;
          }
        }
      }
      // The demo catalogue must give the comparison something to compare.
      if (keyword === 'dress')
        expect((await reference({ keyword, sort: 'sales', current: 1, size: 7 })).total).toBeGreaterThan(10);
    },
  );
});

describe('a write shows at once in the next search', () => {
  it('a new product, a new price and a product taken down', async () => {
    const category = Number(
      rawRows<{ id: number }>(await ctx.db.execute(sql`select id from categories order by id limit 1`))[0]!.id,
    );
    const text = { 'en-US': { title: 'Zorblax Quantum Kettle', brief: '', description: '' } };
    expect((await search({ keyword: 'zorblax' })).total).toBe(0);
    expect((await search({ keyword: 'zorblaks' })).total).toBe(0); // a typo of a word not yet known
    const made = await createProduct(ctx.db, productBody(category, text, { price: 12 }));
    expect((await search({ keyword: 'zorblax' })).records.map((r) => r.prodId)).toEqual([made.prodId]);
    expect((await search({ keyword: 'zorblax', minPrice: 20 })).total).toBe(0);
    // The new title word joined the typo lexicon: the cached "nothing to correct" is gone.
    expect((await search({ keyword: 'zorblaks' })).records.map((r) => r.prodId)).toEqual([made.prodId]);

    await updateProduct(ctx.db, made.prodId, productBody(category, text, { price: 25 }));
    const repriced = await search({ keyword: 'zorblax', minPrice: 20 });
    expect(repriced.records.map((r) => [r.prodId, r.price])).toEqual([[made.prodId, 25]]);

    await setProductStatus(ctx.db, made.prodId, 'off');
    expect(await search({ keyword: 'zorblax' })).toMatchObject({ total: 0, records: [] });
  });

  it('the match sets stay within their byte bound and empty on a catalogue write', async () => {
    await search({ keyword: 'leather' });
    const matches = cachesFor(ctx.db).matches;
    expect(matches.heldBytes).toBeGreaterThan(0);
    expect(matches.heldBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    const category = Number(
      rawRows<{ id: number }>(await ctx.db.execute(sql`select id from categories order by id limit 1`))[0]!.id,
    );
    await createProduct(ctx.db, productBody(category, { 'en-US': { title: 'Plain Mug', brief: '', description: '' } }));
    expect(matches.heldBytes).toBe(0);
  });
});
