import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { getSkuShippingFacts } from './catalogue.shipping';
import { createTestCategories, createTestProduct } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let cats: { rootId: number; childId: number };

async function get(url: string, lang = 'en-US') {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: json ? res.json() : null, headers: res.headers, raw: res.body };
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  cats = await createTestCategories(ctx.db, 'Detail test');
});
afterAll(() => ctx.app.close());

describe('category tree', () => {
  it('has the 18 top-level categories of SPEC §1, each with subcategories, in the caller language', async () => {
    const { body } = await get('/api/category/categories', 'fr-FR');
    expect(body.code).toBe('00000');
    const demoRoots = body.data.filter(
      (c: { icon: string; categoryName: string }) => !c.categoryName.startsWith('Detail test'),
    );
    expect(demoRoots.map((c: { icon: string }) => c.icon).sort()).toEqual([
      'bags',
      'car',
      'digital',
      'fashion',
      'festival',
      'health',
      'home',
      'jewelry',
      'kitchen',
      'ladies',
      'mens',
      'nail',
      'outdoor',
      'pet',
      'sports',
      'tools',
      'toys',
      'weddings',
    ]);
    const ladies = demoRoots.find((c: { icon: string }) => c.icon === 'ladies');
    expect(ladies.categoryName).toBe('Femme');
    expect(ladies.children.map((c: { categoryName: string }) => c.categoryName)).toContain('Robes');
    for (const root of demoRoots) expect(root.children.length).toBeGreaterThanOrEqual(3);
  });

  it('answers the children of one node with parentId, and NOT_FOUND for an unknown node', async () => {
    const { body } = await get(`/api/category/categories?parentId=${cats.rootId}`);
    expect(body.data).toEqual([
      {
        categoryId: cats.childId,
        parentId: cats.rootId,
        categoryName: 'Detail test child',
        icon: 'ladies',
        position: 0,
        children: [],
      },
    ]);
    const missing = await get('/api/category/categories?parentId=987654', 'zh-CN');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'A00006', msg: '未找到该分类' });
  });

  it('falls back to English for a name without a translation', async () => {
    const { body } = await get(`/api/category/categories?parentId=${cats.rootId}`, 'tr-TR');
    expect(body.data[0].categoryName).toBe('Detail test child');
  });
});

describe('tags', () => {
  it('lists tags with localized names', async () => {
    const { body } = await get('/api/prod/tag/prodTagList', 'zh-CN');
    const byCode = Object.fromEntries(body.data.map((t: { code: string; name: string }) => [t.code, t.name]));
    expect(byCode).toMatchObject({ new: '新品上架', trending: '热门趋势' });
  });

  it('pages the products of a tag; an unknown tag is NOT_FOUND', async () => {
    const tagsRes = await get('/api/prod/tag/prodTagList');
    const trending = tagsRes.body.data.find((t: { code: string }) => t.code === 'trending');
    const { body } = await get(`/api/prod/prodListByTagId?tagId=${trending.tagId}&current=1&size=5`);
    expect(body.data.total).toBeGreaterThan(5);
    expect(body.data.records).toHaveLength(5);
    for (const r of body.data.records) expect(r.tags.map((t: { code: string }) => t.code)).toContain('trending');
    expect((await get('/api/prod/prodListByTagId?tagId=999999')).status).toBe(404);
  });
});

describe('product detail', () => {
  it('shows a demo product with SKUs, specs for the picker and wire units', async () => {
    const { body } = await get('/api/prod/prodInfo?prodId=1');
    const d = body.data;
    expect(d).toMatchObject({
      prodId: 1,
      attribute: expect.any(String),
      warehouse: expect.stringMatching(/^(CN|US|EU)$/),
    });
    expect(d.prodName.length).toBeGreaterThan(5);
    expect(d.imgs.length).toBeGreaterThan(0);
    expect(d.pic).toBe(d.imgs[0]);
    expect(d.skuList.length).toBeGreaterThan(0);
    expect(d.totalStocks).toBe(d.skuList.reduce((n: number, s: { stocks: number }) => n + s.stocks, 0));
    expect(d.price).toBe(Math.min(...d.skuList.map((s: { price: number }) => s.price)));
    expect(d.specs[0].name).toBe('Colour');
    expect(d.content).toContain('<ul>');
    const picture = await get(d.pic);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.raw.length).toBeLessThan(1200);
  });

  it('localizes SKU properties, spec names and values in zh-CN', async () => {
    const created = await createTestProduct(
      ctx.db,
      cats.childId,
      {
        'en-US': { title: 'Spec Tee', brief: '', description: '' },
        'zh-CN': { title: '规格T恤', brief: '', description: '' },
      },
      {
        skus: [
          {
            price: 12,
            specs: [
              { property: 'colour', value: 'red' },
              { property: 'size', value: 'm' },
            ],
          },
          {
            price: 13,
            weight: 1.25,
            length: 30.5,
            specs: [
              { property: 'colour', value: 'blue' },
              { property: 'size', value: 'l' },
            ],
          },
        ],
      },
    );
    const { body } = await get(`/api/prod/prodInfo?prodId=${created.prodId}`, 'zh-CN');
    expect(body.data.prodName).toBe('规格T恤');
    expect(body.data.skuList.map((s: { properties: string }) => s.properties)).toEqual([
      '颜色:红色;尺码:M',
      '颜色:蓝色;尺码:L',
    ]);
    expect(body.data.skuList[0].skuName).toBe('红色 / M');
    expect(body.data.skuList[1]).toMatchObject({ price: 13, weight: 1.25, length: 30.5, width: 10, height: 5 });
    expect(body.data.specs).toEqual([
      { name: '颜色', values: ['红色', '蓝色'] },
      { name: '尺码', values: ['M', 'L'] },
    ]);
    const en = await get(`/api/prod/prodInfo?prodId=${created.prodId}`, 'en-US');
    expect(en.body.data.skuList[0].properties).toBe('Colour:Red;Size:M');
  });

  it('shows a product that has only English text in Turkish (fallback), in detail and in lists', async () => {
    const created = await createTestProduct(ctx.db, cats.childId, {
      'en-US': { title: 'Only English Kettle', brief: 'Boils fast', description: '<p>Hi</p>' },
    });
    const detail = await get(`/api/prod/prodInfo?prodId=${created.prodId}`, 'tr-TR');
    expect(detail.body.data).toMatchObject({
      prodName: 'Only English Kettle',
      brief: 'Boils fast',
      content: '<p>Hi</p>',
    });
    const list = await get(`/api/prod/search?keyword=kettle&categoryId=${cats.rootId}`, 'tr-TR');
    expect(list.body.data.records.map((r: { prodName: string }) => r.prodName)).toEqual(['Only English Kettle']);
  });

  it('falls back to any language when there is neither the requested one nor English', async () => {
    const created = await createTestProduct(ctx.db, cats.childId, {
      'fr-FR': { title: 'Théière en fonte', brief: '', description: '' },
    });
    expect((await get(`/api/prod/prodInfo?prodId=${created.prodId}`, 'zh-CN')).body.data.prodName).toBe(
      'Théière en fonte',
    );
  });

  it.each([
    ['en-US', 'The product was not found'],
    ['zh-CN', '未找到该商品'],
    ['fr-FR', 'Le produit est introuvable'],
    ['tr-TR', 'Ürün bulunamadı'],
  ])('a taken-down product is NOT_FOUND (A00006) in %s', async (lang, message) => {
    const created = await createTestProduct(ctx.db, cats.childId, {
      'en-US': { title: `Withdrawn ${lang}`, brief: '', description: '' },
    });
    expect((await get(`/api/prod/prodInfo?prodId=${created.prodId}`, lang)).status).toBe(200);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/catalogue/products/${created.prodId}/status`,
      headers: { authorization: operator },
      payload: { status: 'off' },
    });
    expect(off.json().data.status).toBe('off');
    const { status, body } = await get(`/api/prod/prodInfo?prodId=${created.prodId}`, lang);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'A00006', data: null, msg: message, success: false });
    const listed = await get(`/api/prod/search?categoryId=${cats.rootId}&size=100`);
    expect(listed.body.data.records.map((r: { prodId: number }) => r.prodId)).not.toContain(created.prodId);
  });

  it('an unknown product is NOT_FOUND, a malformed id is A00002', async () => {
    expect((await get('/api/prod/prodInfo?prodId=99999999')).body.code).toBe('A00006');
    const bad = await get('/api/prod/prodInfo?prodId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('A00002');
  });
});

describe('specials', () => {
  it('features discounted demo products of different categories after a first start', async () => {
    const { body } = await get('/api/prod/specials');
    const specials = body.data as Array<{ prodId: number; price: number; oriPrice: number; categoryId: number }>;
    expect(specials.length).toBeGreaterThanOrEqual(4);
    expect(specials.length).toBeLessThanOrEqual(8);
    for (const p of specials) expect(p.oriPrice, `product ${p.prodId}`).toBeGreaterThan(p.price);
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator },
    });
    expect(admin.json().data.map((p: { prodId: number }) => p.prodId)).toEqual(specials.map((p) => p.prodId));
  });

  it('lists the featured products in the operator order, without taken-down ones', async () => {
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator },
      payload: { prodIds: [3, 1, 2] },
    });
    expect(set.json().data.map((p: { prodId: number }) => p.prodId)).toEqual([3, 1, 2]);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/products/2/status',
      headers: { authorization: operator },
      payload: { status: 'off' },
    });
    const { body } = await get('/api/prod/specials');
    expect(body.data.map((p: { prodId: number }) => p.prodId)).toEqual([3, 1]);
    // The operator still sees the taken-down one, marked off, in its place.
    const admin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator },
    });
    expect(admin.json().data.map((p: { prodId: number; status: string }) => [p.prodId, p.status])).toEqual([
      [3, 'on'],
      [1, 'on'],
      [2, 'off'],
    ]);
  });

  it('refuses an unknown product and leaves the list as it was', async () => {
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator },
    });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator, 'accept-language': 'fr-FR' },
      payload: { prodIds: [1, 99999999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A00002', data: [{ field: 'prodIds' }] });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/catalogue/specials',
      headers: { authorization: operator },
    });
    expect(after.json().data).toEqual(before.json().data);
  });
});

describe('shipping facts for the logistics module', () => {
  it('gives kg, cm, attribute, warehouse and status of a SKU of a product', async () => {
    const created = await createTestProduct(
      ctx.db,
      cats.childId,
      { 'en-US': { title: 'Battery Fan', brief: '', description: '' } },
      {
        skus: [{ weight: 0.35, length: 12.5, width: 8, height: 3.2 }],
      },
    );
    const skuId = created.skus[0]!.skuId;
    expect(await getSkuShippingFacts(ctx.db, String(created.prodId), skuId)).toEqual({
      prodId: created.prodId,
      skuId,
      weightKg: 0.35,
      lengthCm: 12.5,
      widthCm: 8,
      heightCm: 3.2,
      attribute: 'general',
      warehouse: 'CN',
      status: 'on',
    });
    expect(await getSkuShippingFacts(ctx.db, created.prodId + 1, skuId)).toBeNull();
    expect(await getSkuShippingFacts(ctx.db, 'abc', skuId)).toBeNull();
  });
});
