import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createTestCategories, createTestProduct } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cats: { rootId: number; childId: number };
const ids: Record<string, number> = {};

type Page = {
  records: Array<{ prodId: number; prodName: string; price: number; categoryId: number; sales: number }>;
  total: number;
  size: number;
  current: number;
  pages: number;
};

async function search(query: Record<string, string | number>, lang = 'en-US') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/prod/search',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { 'accept-language': lang },
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: string; msg: string; data: Page & Array<{ field: string; message: string }> },
  };
}

const names = (page: Page) => page.records.map((r) => r.prodName);
const prodIds = (page: Page) => page.records.map((r) => r.prodId);

beforeAll(async () => {
  ctx = await createTestApp();
  cats = await createTestCategories(ctx.db, 'Search test');
  const dress = await createTestProduct(
    ctx.db,
    cats.childId,
    {
      'en-US': { title: 'Linen Summer Dresses', brief: 'Light and airy', description: '' },
      'fr-FR': { title: 'Robe d’été en lin', brief: 'Légère et fluide', description: '' },
      'tr-TR': { title: 'Keten Yazlık Elbiseler', brief: 'Hafif ve rahat', description: '' },
      'zh-CN': { title: '亚麻夏季连衣裙', brief: '轻盈透气', description: '' },
    },
    { price: 20 },
  );
  ids.dress = dress.prodId;
  ids.bag = (
    await createTestProduct(
      ctx.db,
      cats.childId,
      {
        'en-US': { title: 'Leather Tote Bag', brief: 'Roomy', description: '' },
        'tr-TR': { title: 'Deri Çanta', brief: '', description: '' },
      },
      { price: 30 },
    )
  ).prodId;
  ids.cheap = (
    await createTestProduct(
      ctx.db,
      cats.rootId,
      { 'en-US': { title: 'Cotton Dress', brief: '', description: '' } },
      { price: 10 },
    )
  ).prodId;
  ids.scarf = (
    await createTestProduct(
      ctx.db,
      cats.rootId,
      { 'en-US': { title: 'Wool Scarf', brief: '', description: '' } },
      { price: 15.5 },
    )
  ).prodId;
  ids.lamp = (
    await createTestProduct(
      ctx.db,
      cats.rootId,
      { 'en-US': { title: 'Table Lamp', brief: 'Warm light, as soft as a wool scarf', description: '' } },
      { price: 45 },
    )
  ).prodId;
  // Sales come from orders; set them directly for the sort test. Creation order is the id order.
  const sales = [
    [ids.dress, 50],
    [ids.bag, 5],
    [ids.cheap, 500],
    [ids.scarf, 0],
    [ids.lamp, 20],
  ];
  for (const [id, n] of sales) await ctx.db.execute(sql`update products set sales_count = ${n} where id = ${id}`);
  for (const [i, id] of [ids.dress, ids.bag, ids.cheap, ids.scarf, ids.lamp].entries()) {
    await ctx.db.execute(
      sql`update products set created_at = now() - make_interval(days => ${10 - i}) where id = ${id}`,
    );
  }
});
afterAll(() => ctx.app.close());

describe('keyword search in four languages', () => {
  it('English stems: "dresses" and "dress" find the same products', async () => {
    const plural = await search({ keyword: 'dresses', categoryId: cats.rootId });
    const singular = await search({ keyword: 'dress', categoryId: cats.rootId });
    expect(plural.status).toBe(200);
    expect(prodIds(plural.body.data).sort()).toEqual([ids.dress, ids.cheap].sort());
    expect(prodIds(singular.body.data).sort()).toEqual([ids.dress, ids.cheap].sort());
  });

  it('French: "robes" finds "Robe d’été", shown in French', async () => {
    const { body } = await search({ keyword: 'robes', categoryId: cats.rootId }, 'fr-FR');
    expect(names(body.data)).toEqual(['Robe d’été en lin']);
  });

  it('Turkish: the bare form finds the plural and the plural finds the bare form', async () => {
    expect(prodIds((await search({ keyword: 'elbise', categoryId: cats.rootId }, 'tr-TR')).body.data)).toEqual([
      ids.dress,
    ]);
    expect(prodIds((await search({ keyword: 'çantalar', categoryId: cats.rootId }, 'tr-TR')).body.data)).toEqual([
      ids.bag,
    ]);
    expect(prodIds((await search({ keyword: 'çanta', categoryId: cats.rootId }, 'tr-TR')).body.data)).toEqual([
      ids.bag,
    ]);
  });

  it('Chinese by character bigrams: 连衣裙 finds the dress, titled in Chinese', async () => {
    const { body } = await search({ keyword: '连衣裙', categoryId: cats.rootId }, 'zh-CN');
    expect(names(body.data)).toEqual(['亚麻夏季连衣裙']);
  });

  it('Chinese on the demo catalogue: 连衣裙 finds only dresses', async () => {
    const { body } = await search({ keyword: '连衣裙', size: 100 }, 'zh-CN');
    expect(body.data.total).toBeGreaterThan(3);
    for (const name of names(body.data)) expect(name).toContain('连衣裙');
  });

  it('tolerates a typo: "drses" still finds the dresses', async () => {
    const { body } = await search({ keyword: 'drses', categoryId: cats.rootId });
    expect(prodIds(body.data).sort()).toEqual([ids.dress, ids.cheap].sort());
  });

  it('needs every word of the keyword', async () => {
    const { body } = await search({ keyword: 'linen dresses', categoryId: cats.rootId });
    expect(prodIds(body.data)).toEqual([ids.dress]);
  });

  it('ranks a title match above a brief match (even with fewer sales)', async () => {
    const { body } = await search({ keyword: 'scarf', categoryId: cats.rootId });
    expect(prodIds(body.data)).toEqual([ids.scarf, ids.lamp]);
  });

  it('answers an empty page, not an error, when nothing matches', async () => {
    const { status, body } = await search({ keyword: 'xylophonequartz', categoryId: cats.rootId });
    expect(status).toBe(200);
    expect(body.code).toBe('00000');
    expect(body.data).toEqual({ records: [], total: 0, size: 10, current: 1, pages: 0 });
  });
});

describe('filters, sorts and paging', () => {
  it('a category includes its whole subtree', async () => {
    const root = await search({ categoryId: cats.rootId, size: 50 });
    const child = await search({ categoryId: cats.childId, size: 50 });
    expect(root.body.data.total).toBe(5);
    expect(prodIds(child.body.data).sort()).toEqual([ids.dress, ids.bag].sort());
  });

  it('keyword, category subtree and price range together', async () => {
    const { body } = await search({ keyword: 'dress', categoryId: cats.rootId, minPrice: 15, maxPrice: 25 });
    expect(prodIds(body.data)).toEqual([ids.dress]);
  });

  it('price range in another currency compares the prices as shown in it (EUR rate 0.92)', async () => {
    // $10 → 9.20 €, $15.50 → 14.26 €, $20 → 18.40 €, $30 → 27.60 €, $45 → 41.40 €
    const { body } = await search({
      categoryId: cats.rootId,
      minPrice: 9.2,
      maxPrice: 18.4,
      currency: 'EUR',
      sort: 'price_asc',
    });
    expect(prodIds(body.data)).toEqual([ids.cheap, ids.scarf, ids.dress]);
    const tighter = await search({
      categoryId: cats.rootId,
      minPrice: 9.21,
      maxPrice: 18.39,
      currency: 'eur',
      sort: 'price_asc',
    });
    expect(prodIds(tighter.body.data)).toEqual([ids.scarf]);
  });

  it.each([
    ['price_asc', () => [ids.cheap, ids.scarf, ids.dress, ids.bag, ids.lamp]],
    ['price_desc', () => [ids.lamp, ids.bag, ids.dress, ids.scarf, ids.cheap]],
    ['newest', () => [ids.lamp, ids.scarf, ids.cheap, ids.bag, ids.dress]],
    ['sales', () => [ids.cheap, ids.dress, ids.lamp, ids.bag, ids.scarf]],
    ['relevance', () => [ids.cheap, ids.dress, ids.lamp, ids.bag, ids.scarf]],
  ])('sort=%s', async (sort, expected) => {
    const { body } = await search({ categoryId: cats.rootId, sort, size: 50 });
    expect(prodIds(body.data)).toEqual(expected());
  });

  it('prices are USD with 2 decimals on the wire', async () => {
    const { body } = await search({ categoryId: cats.rootId, sort: 'price_asc', size: 2 });
    expect(body.data.records.map((r) => r.price)).toEqual([10, 15.5]);
  });

  it('pages with totals; a page past the end is empty', async () => {
    const first = await search({ categoryId: cats.rootId, sort: 'price_asc', size: 2, current: 1 });
    expect(first.body.data).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    const last = await search({ categoryId: cats.rootId, sort: 'price_asc', size: 2, current: 3 });
    expect(prodIds(last.body.data)).toEqual([ids.lamp]);
    const beyond = await search({ categoryId: cats.rootId, size: 2, current: 9 });
    expect(beyond.body.data).toMatchObject({ records: [], total: 5, current: 9, pages: 3 });
  });

  it('counts right when the first request of a filter set is a page past the end, or a middle page', async () => {
    // Fresh filter sets (a price floor no other test uses): nothing counted before.
    const beyond = await search({ categoryId: cats.rootId, minPrice: 0.01, size: 2, current: 9 });
    expect(beyond.body.data).toMatchObject({ records: [], total: 5, current: 9, pages: 3 });
    const middle = await search({ categoryId: cats.rootId, minPrice: 0.02, sort: 'price_asc', size: 2, current: 2 });
    expect(middle.body.data).toMatchObject({ total: 5, current: 2, pages: 3 });
    expect(middle.body.data.records).toHaveLength(2);
  });

  it('an unknown category is an empty page', async () => {
    const { status, body } = await search({ categoryId: 999999 });
    expect(status).toBe(200);
    expect(body.data.total).toBe(0);
  });
});

describe('invalid parameters answer A00002 with localized field messages', () => {
  it.each([
    ['en-US', 'The minimum price cannot be higher than the maximum price'],
    ['zh-CN', '最低价格不能高于最高价格'],
    ['fr-FR', 'Le prix minimum ne peut pas dépasser le prix maximum'],
    ['tr-TR', 'En düşük fiyat en yüksek fiyattan büyük olamaz'],
  ])('minPrice > maxPrice in %s', async (lang, message) => {
    const { status, body } = await search({ minPrice: 50, maxPrice: 10 }, lang);
    expect(status).toBe(400);
    expect(body.code).toBe('A00002');
    expect(body.data).toEqual([{ field: 'minPrice', message }]);
    expect(body.msg).toBe(message);
  });

  it('a bad sort names the allowed values, in French', async () => {
    const { status, body } = await search({ sort: 'cheapest' }, 'fr-FR');
    expect(status).toBe(400);
    expect(body.code).toBe('A00002');
    expect(body.data[0]!.field).toBe('sort');
    expect(body.data[0]!.message).toContain('ordre de tri');
    expect(body.data[0]!.message).toContain('price_asc');
  });

  it('an unknown currency with a price range is refused', async () => {
    const { status, body } = await search({ minPrice: 1, currency: 'XYZ' }, 'tr-TR');
    expect(status).toBe(400);
    expect(body.data).toEqual([{ field: 'currency', message: 'Bu para birimi desteklenmiyor' }]);
  });

  it('a negative price and a page size over 100 are refused', async () => {
    const { body } = await search({ minPrice: -1, size: 500 });
    expect(body.code).toBe('A00002');
    expect(body.data.map((f) => f.field).sort()).toEqual(['minPrice', 'size']);
  });
});
