import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { createTestCategories, productBody } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let user: string;
let cats: { rootId: number; childId: number };

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token = operator,
  lang = 'en-US',
) {
  const res = await ctx.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { 'accept-language': lang, ...(token ? { authorization: token } : {}) },
  });
  const json = res.headers['content-type']?.toString().includes('json');
  return { status: res.statusCode, body: json ? res.json() : null, raw: res.rawPayload, headers: res.headers };
}

const searchIds = async (query: string, lang = 'en-US') =>
  (await call('GET', `/api/prod/search?${query}`, undefined, '', lang)).body.data.records.map(
    (r: { prodId: number }) => r.prodId,
  );

beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'dsm-catalogue-')) });
  operator = await sessionFor(ctx.db, 'operator@example.com');
  user = await sessionFor(ctx.db, 'demo@example.com');
  cats = await createTestCategories(ctx.db, 'Admin test');
});
afterAll(() => ctx.app.close());

describe('only operators manage the catalogue', () => {
  it.each([
    ['GET', '/api/admin/catalogue/categories'],
    ['POST', '/api/admin/catalogue/products'],
    ['PUT', '/api/admin/catalogue/products/1/status'],
    ['POST', '/api/admin/catalogue/images'],
    ['PUT', '/api/admin/catalogue/specials'],
    ['GET', '/api/admin/catalogue/specials'],
  ] as const)('%s %s: a user gets 403, a visitor 401', async (method, url) => {
    const asUser = await call(method, url, {}, user, 'fr-FR');
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('A00003');
    const asVisitor = await call(method, url, {}, '');
    expect(asVisitor.status).toBe(401);
    expect(asVisitor.body.code).toBe('A00004');
  });
});

describe('products', () => {
  it('an operator-created product with four translations is searchable at once in each language', async () => {
    const body = productBody(
      cats.childId,
      {
        'en-US': {
          title: 'Quilted Picnic Blanket',
          brief: 'Folds small',
          description: '<p onclick="x()">Soft <script>alert(1)</script><b>quilt</b></p>',
        },
        'fr-FR': { title: 'Couverture de pique-nique matelassée', brief: '', description: '' },
        'tr-TR': { title: 'Kapitone Piknik Battaniyesi', brief: '', description: '' },
        'zh-CN': { title: '绗缝野餐毯', brief: '', description: '' },
      },
      { price: 24.99 },
    );
    // Warm the search cache first: a write must not leave a stale page behind.
    expect(await searchIds(`keyword=blanket&categoryId=${cats.rootId}`)).toEqual([]);
    const created = await call('POST', '/api/admin/catalogue/products', body);
    expect(created.status).toBe(200);
    const id = created.body.data.prodId;
    expect(created.body.data.translations['en-US'].description).toBe('<p>Soft <b>quilt</b></p>');
    expect(await searchIds('keyword=blankets')).toEqual([id]);
    expect(await searchIds('keyword=couvertures', 'fr-FR')).toEqual([id]);
    expect(await searchIds('keyword=battaniye', 'tr-TR')).toEqual([id]);
    expect(await searchIds('keyword=野餐毯', 'zh-CN')).toEqual([id]);
    const detail = await call('GET', `/api/prod/prodInfo?prodId=${id}`, undefined, '', 'fr-FR');
    expect(detail.body.data).toMatchObject({
      prodName: 'Couverture de pique-nique matelassée',
      price: 24.99,
      categoryId: cats.childId,
    });
  });

  it('editing replaces the text and SKUs; the search follows', async () => {
    const created = (
      await call(
        'POST',
        '/api/admin/catalogue/products',
        productBody(
          cats.childId,
          { 'en-US': { title: 'Copper Kettle', brief: '', description: '' } },
          {
            skus: [
              { skuCode: 'EDIT-1', price: 30, specs: [{ property: 'colour', value: 'red' }] },
              { skuCode: 'EDIT-2', price: 35, specs: [{ property: 'colour', value: 'blue' }] },
            ],
          },
        ),
      )
    ).body.data;
    const keep = created.skus.find((s: { skuCode: string }) => s.skuCode === 'EDIT-1');
    const edited = await call(
      'PUT',
      `/api/admin/catalogue/products/${created.prodId}`,
      productBody(
        cats.childId,
        { 'en-US': { title: 'Enamel Teapot', brief: '', description: '' } },
        {
          skus: [
            { skuId: keep.skuId, skuCode: 'EDIT-1', price: 28, specs: [{ property: 'colour', value: 'red' }] },
            { skuCode: 'EDIT-3', price: 40, specs: [{ property: 'colour', value: 'green' }] },
          ],
        },
      ),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.skus.map((s: { skuId: number; skuCode: string }) => s.skuCode)).toEqual([
      'EDIT-1',
      'EDIT-3',
    ]);
    expect(edited.body.data.skus[0].skuId).toBe(keep.skuId);
    expect(await searchIds('keyword=kettle')).not.toContain(created.prodId);
    expect(await searchIds('keyword=teapot')).toEqual([created.prodId]);
    expect((await call('GET', `/api/prod/prodInfo?prodId=${created.prodId}`, undefined, '')).body.data.price).toBe(28);
  });

  it('taking down and putting back', async () => {
    const created = (
      await call(
        'POST',
        '/api/admin/catalogue/products',
        productBody(cats.childId, { 'en-US': { title: 'Bamboo Ladle', brief: '', description: '' } }),
      )
    ).body.data;
    await call('PUT', `/api/admin/catalogue/products/${created.prodId}/status`, { status: 'off' });
    expect(await searchIds('keyword=ladle')).toEqual([]);
    const admin = await call('GET', `/api/admin/catalogue/products?keyword=ladle&status=off`);
    expect(admin.body.data.records.map((r: { prodId: number }) => r.prodId)).toEqual([created.prodId]);
    await call('PUT', `/api/admin/catalogue/products/${created.prodId}/status`, { status: 'on' });
    expect(await searchIds('keyword=ladle')).toEqual([created.prodId]);
  });

  it('refuses an unknown category, a used SKU code and an unknown spec value, field by field', async () => {
    const body = productBody(
      987654,
      { 'en-US': { title: 'Broken', brief: '', description: '' } },
      {
        skus: [{ skuCode: 'DM0000001-1' }, { skuCode: 'NEW-1', specs: [{ property: 'colour', value: 'chartreuse' }] }],
      },
    );
    const { status, body: res } = await call('POST', '/api/admin/catalogue/products', body, operator, 'fr-FR');
    expect(status).toBe(400);
    expect(res.code).toBe('A00002');
    expect(res.data).toEqual([
      { field: 'categoryId', message: 'La catégorie est introuvable' },
      { field: 'skus.1.specs', message: 'Valeur de caractéristique inconnue : colour=chartreuse' },
      { field: 'skus.0.skuCode', message: 'Ce code SKU est déjà utilisé' },
    ]);
  });

  it('refuses two variants with the same specs, and a variant of another product', async () => {
    const same = productBody(
      cats.childId,
      { 'en-US': { title: 'Twin', brief: '', description: '' } },
      {
        skus: [{ specs: [{ property: 'colour', value: 'red' }] }, { specs: [{ property: 'colour', value: 'red' }] }],
      },
    );
    const twin = await call('POST', '/api/admin/catalogue/products', same, operator, 'tr-TR');
    expect(twin.body.data).toEqual([{ field: 'skus.1.specs', message: 'İki varyantın özellik değerleri aynı' }]);
    const other = await call(
      'PUT',
      '/api/admin/catalogue/products/2',
      productBody(
        cats.childId,
        { 'en-US': { title: 'Steal', brief: '', description: '' } },
        {
          skus: [{ skuId: 1 }],
        },
      ),
    );
    expect(other.body.data).toEqual([
      { field: 'skus.0.skuId', message: 'This variant does not belong to the product' },
    ]);
  });

  it('refuses a body without text or SKUs through the schema', async () => {
    const { body } = await call(
      'POST',
      '/api/admin/catalogue/products',
      { categoryId: cats.childId, translations: {}, skus: [] },
      operator,
      'zh-CN',
    );
    expect(body.code).toBe('A00002');
    const byField = Object.fromEntries(body.data.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(byField).toEqual({ translations: '请至少填写一种语言的商品信息', skus: '请至少添加一个商品规格' });
  });

  it('a new spec made by the operator can be used by SKUs, localized', async () => {
    const saved = await call('POST', '/api/admin/catalogue/specs', {
      code: 'material',
      names: { 'en-US': 'Material', 'zh-CN': '材质' },
      values: [{ code: 'oak', names: { 'en-US': 'Oak', 'zh-CN': '橡木' } }],
    });
    expect(saved.body.data.values[0].code).toBe('oak');
    const created = (
      await call(
        'POST',
        '/api/admin/catalogue/products',
        productBody(
          cats.childId,
          { 'en-US': { title: 'Oak Board', brief: '', description: '' } },
          {
            skus: [{ specs: [{ property: 'material', value: 'oak' }] }],
          },
        ),
      )
    ).body.data;
    const detail = await call('GET', `/api/prod/prodInfo?prodId=${created.prodId}`, undefined, '', 'zh-CN');
    expect(detail.body.data.skuList[0].properties).toBe('材质:橡木');
    const bad = await call('POST', '/api/admin/catalogue/specs', {
      code: 'size2',
      names: { 'en-US': 'A:B' },
      values: [],
    });
    expect(bad.body.data[0].message).toContain('“:”');
  });
});

describe('categories', () => {
  it('create, rename, move, refuse a cycle, refuse deleting a non-empty one, delete an empty one', async () => {
    const a = (
      await call('POST', '/api/admin/catalogue/categories', {
        icon: 'toys',
        names: { 'en-US': 'Cat A', 'tr-TR': 'Kategori A' },
      })
    ).body.data;
    const b = (
      await call('POST', '/api/admin/catalogue/categories', {
        icon: 'toys',
        parentId: a.categoryId,
        names: { 'en-US': 'Cat B' },
      })
    ).body.data;
    expect(b.parentId).toBe(a.categoryId);
    const renamed = await call('PUT', `/api/admin/catalogue/categories/${b.categoryId}`, {
      names: { 'tr-TR': 'Kategori B' },
    });
    expect(renamed.body.data.names).toEqual({ 'en-US': 'Cat B', 'tr-TR': 'Kategori B' });
    const tree = await call('GET', `/api/category/categories?parentId=${a.categoryId}`, undefined, '', 'tr-TR');
    expect(tree.body.data.map((c: { categoryName: string }) => c.categoryName)).toEqual(['Kategori B']);

    const cycle = await call(
      'PUT',
      `/api/admin/catalogue/categories/${a.categoryId}/move`,
      { parentId: b.categoryId },
      operator,
      'zh-CN',
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.data).toEqual([{ field: 'parentId', message: '分类不能移动到自身或其子分类下' }]);

    const moved = await call('PUT', `/api/admin/catalogue/categories/${b.categoryId}/move`, { parentId: cats.rootId });
    expect(moved.body.data.parentId).toBe(cats.rootId);

    await call(
      'POST',
      '/api/admin/catalogue/products',
      productBody(b.categoryId, { 'en-US': { title: 'Puzzle Box', brief: '', description: '' } }),
    );
    // The product now sits under cats.rootId through the moved category.
    expect((await searchIds(`keyword=puzzle box&categoryId=${cats.rootId}`)).length).toBe(1);
    const notEmpty = await call(
      'DELETE',
      `/api/admin/catalogue/categories/${b.categoryId}`,
      undefined,
      operator,
      'fr-FR',
    );
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body).toMatchObject({ code: 'A00007', msg: expect.stringContaining('Seule une catégorie vide') });
    const deleted = await call('DELETE', `/api/admin/catalogue/categories/${a.categoryId}`);
    expect(deleted.body).toMatchObject({ code: '00000', data: null });
    expect((await call('GET', `/api/category/categories?parentId=${a.categoryId}`, undefined, '')).status).toBe(404);
  });
});

describe('tags', () => {
  it('create with names, attach to a product, list by tag, detach; a duplicate code conflicts', async () => {
    const tag = (
      await call('POST', '/api/admin/catalogue/tags', {
        code: 'eco',
        names: { 'en-US': 'Eco friendly', 'fr-FR': 'Écoresponsable' },
      })
    ).body.data;
    expect(
      (await call('POST', '/api/admin/catalogue/tags', { code: 'eco', names: { 'en-US': 'Again' } })).body.code,
    ).toBe('A00007');
    const prod = (
      await call(
        'POST',
        '/api/admin/catalogue/products',
        productBody(cats.childId, { 'en-US': { title: 'Hemp Tote', brief: '', description: '' } }),
      )
    ).body.data;
    const attached = await call('PUT', `/api/admin/catalogue/tags/${tag.tagId}/products/${prod.prodId}`);
    expect(attached.body.data.productCount).toBe(1);
    const list = await call('GET', `/api/prod/prodListByTagId?tagId=${tag.tagId}`, undefined, '', 'fr-FR');
    expect(
      list.body.data.records.map((r: { prodId: number; tags: Array<{ name: string }> }) => [
        r.prodId,
        r.tags.map((t) => t.name),
      ]),
    ).toEqual([[prod.prodId, ['Écoresponsable']]]);
    const names = (await call('GET', '/api/prod/tag/prodTagList', undefined, '', 'fr-FR')).body.data.map(
      (t: { name: string }) => t.name,
    );
    expect(names).toContain('Écoresponsable');
    await call('DELETE', `/api/admin/catalogue/tags/${tag.tagId}/products/${prod.prodId}`);
    expect((await call('GET', `/api/prod/prodListByTagId?tagId=${tag.tagId}`, undefined, '')).body.data.total).toBe(0);
  });
});

describe('image upload (base64 JSON)', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('rest of a tiny png'),
  ]);

  it('stores a PNG and serves it back at the returned URL', async () => {
    const { status, body } = await call('POST', '/api/admin/catalogue/images', {
      contentType: 'image/png',
      data: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      url: expect.stringMatching(/^\/api\/files\/catalogue\/[a-f0-9]{32}\.png$/),
      bytes: png.length,
    });
    const file = await call('GET', body.data.url, undefined, '');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.raw, png)).toBe(0);
  });

  it('sanitizes an SVG: no scripts, handlers or external references', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><circle cx="5" cy="5" r="4" fill="red"/><image href="https://evil.example/x.png"/><a href="javascript:alert(3)"><rect width="1" height="1"/></a></svg>';
    const { body } = await call('POST', '/api/admin/catalogue/images', {
      contentType: 'image/svg+xml',
      data: Buffer.from(svg).toString('base64'),
    });
    const file = await call('GET', body.data.url, undefined, '');
    const text = file.raw.toString('utf8');
    expect(text).toContain('<circle cx="5" cy="5" r="4" fill="red"');
    expect(text).toContain('viewBox="0 0 10 10"');
    for (const bad of ['script', 'onload', 'evil.example', 'javascript:', '<image', '<a '])
      expect(text).not.toContain(bad);
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it.each([
    [
      'a GIF',
      { contentType: 'image/gif', data: Buffer.from('GIF89a').toString('base64') },
      'contentType',
      'The file format is incorrect: use a PNG, JPEG, WebP or SVG image',
    ],
    [
      'JPEG bytes declared as PNG',
      { contentType: 'image/png', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64') },
      'contentType',
      'The file format is incorrect: use a PNG, JPEG, WebP or SVG image',
    ],
    ['not base64', { contentType: 'image/png', data: '***' }, 'data', 'The file data is not valid base64'],
  ])('refuses %s with A00002', async (_, payload, field, message) => {
    const { status, body } = await call('POST', '/api/admin/catalogue/images', payload);
    expect(status).toBe(400);
    expect(body.code).toBe('A00002');
    expect(body.data).toEqual([{ field, message }]);
  });

  it('refuses a product naming an upload the file store does not hold; keeps stored and outside addresses', async () => {
    const stored = (
      await call('POST', '/api/admin/catalogue/images', { contentType: 'image/png', data: png.toString('base64') })
    ).body.data.url;
    const ghost = `/api/files/catalogue/${'a'.repeat(32)}.png`;
    const body = productBody(cats.childId, { 'en-US': { title: 'Pictured blanket', brief: '', description: '' } });
    const refused = await call(
      'POST',
      '/api/admin/catalogue/products',
      { ...body, imgs: [stored, ghost], skus: [{ ...body.skus[0], pic: ghost }] },
      operator,
      'fr-FR',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data).toEqual([
      { field: 'imgs.1', message: 'Ce fichier n’est pas enregistré ici : envoyez-le de nouveau' },
      { field: 'skus.0.pic', message: 'Ce fichier n’est pas enregistré ici : envoyez-le de nouveau' },
    ]);
    const saved = await call('POST', '/api/admin/catalogue/products', {
      ...body,
      imgs: [stored, 'https://cdn.example.com/x.png', '/api/files/demo/ladies/red-1.svg'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.imgs[0]).toBe(stored);
  });

  it('refuses an image over 2 MB with A00002, in Turkish', async () => {
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const { status, body } = await call(
      'POST',
      '/api/admin/catalogue/images',
      { contentType: 'image/png', data: big.toString('base64') },
      operator,
      'tr-TR',
    );
    expect(status).toBe(400);
    expect(body.code).toBe('A00002');
    expect(body.data).toEqual([{ field: 'data', message: 'Dosya çok büyük: en fazla 2 MB' }]);
  });
});
