import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { createTestCategories, productBody } from '../../../test/factories';

// Warehouses have one source: the operator's `warehouses` table. Products reference its rows
// (a foreign key), so a warehouse the operator adds can hold products, and one in use cannot go.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, lang = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: operator, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

describe('warehouses as one source', () => {
  it('lets a product ship from a warehouse the operator adds, and move to another', async () => {
    const created = await admin('POST', '/api/admin/logistics/warehouses', {
      code: 'mx',
      country: 'MX',
      names: { 'en-US': 'Mexico City hub' },
    });
    expect(created.statusCode).toBe(200);

    const { childId } = await createTestCategories(ctx.db, 'mx');
    const body = {
      ...productBody(childId, { 'en-US': { title: 'Clay pot', brief: '', description: '' } }),
      warehouse: 'mx',
    };
    const saved = await admin('POST', '/api/admin/catalogue/products', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.warehouse).toBe('MX');

    const prodId = saved.json().data.prodId as number;
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/prod/prodInfo?prodId=${prodId}` });
    expect(detail.json().data.warehouse).toBe('MX');

    const moved = await admin('PUT', `/api/admin/catalogue/products/${prodId}`, { ...body, warehouse: 'US' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.warehouse).toBe('US');
  });

  it('lets one SKU keep its stock in a warehouse the operator adds, and keeps that warehouse while it does', async () => {
    await admin('POST', '/api/admin/logistics/warehouses', { code: 'pl', country: 'PL', names: { 'en-US': 'Poznań' } });
    const { childId } = await createTestCategories(ctx.db, 'pl');
    const body = productBody(
      childId,
      { 'en-US': { title: 'Wool scarf', brief: '', description: '' } },
      { skus: [{ warehouse: 'pl' }] },
    );
    const saved = await admin('POST', '/api/admin/catalogue/products', body);
    expect(saved.statusCode).toBe(200);
    const product = saved.json().data as {
      prodId: number;
      warehouse: string;
      skus: Array<{ skuId: number; warehouse: string | null }>;
    };
    expect(product.warehouse).toBe('CN');
    expect(product.skus.map((s) => s.warehouse)).toEqual(['PL']);

    const refused = await admin('DELETE', '/api/admin/logistics/warehouses/PL');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'Warehouse PL cannot be deleted: 1 products and 0 shipping methods use it. Move them or turn the warehouse off instead.',
    );

    const unknown = await admin('POST', '/api/admin/catalogue/products', {
      ...productBody(
        childId,
        { 'en-US': { title: 'Lost scarf', brief: '', description: '' } },
        { skus: [{ warehouse: 'QQ' }] },
      ),
    });
    expect(unknown.json().data).toEqual([
      { field: 'skus.0.warehouse', message: 'There is no such warehouse: choose one of the warehouses under Shipping' },
    ]);

    // Back in the product's warehouse: the SKU no longer holds PL, which can then go.
    const back = await admin('PUT', `/api/admin/catalogue/products/${product.prodId}`, {
      ...body,
      skus: body.skus.map((s, i) => ({ ...s, skuId: product.skus[i]!.skuId, warehouse: null })),
    });
    expect(back.json().data.skus.map((s: { warehouse: string | null }) => s.warehouse)).toEqual([null]);
    expect((await admin('DELETE', '/api/admin/logistics/warehouses/PL')).statusCode).toBe(200);
  });

  it('quotes a SKU kept in another warehouse from that warehouse', async () => {
    const { childId } = await createTestCategories(ctx.db, 'us-sku');
    const saved = await admin('POST', '/api/admin/catalogue/products', {
      ...productBody(
        childId,
        { 'en-US': { title: 'Desk fan', brief: '', description: '' } },
        { skus: [{ warehouse: 'US' }] },
      ),
      warehouse: 'CN',
    });
    const { prodId, skus } = saved.json().data as { prodId: number; skus: Array<{ skuId: number }> };
    const codes = (res: { json: () => { data: { options: Array<{ code: string }> } } }) =>
      res
        .json()
        .data.options.map((o) => o.code)
        .sort();
    const quoted = await ctx.app.inject({
      method: 'POST',
      url: '/api/logistics/prod/price',
      payload: { prodId, skuId: skus[0]!.skuId, countryCode: 'CA' },
    });
    const fromUs = await ctx.app.inject({
      method: 'POST',
      url: '/api/logistics/calculate',
      payload: {
        type: 'parcel',
        from: 'US',
        to: 'CA',
        weight: 0.25,
        length: 20,
        width: 10,
        height: 5,
        attribute: 'general',
      },
    });
    expect(codes(fromUs).length).toBeGreaterThan(0);
    expect(codes(quoted)).toEqual(codes(fromUs));
  });

  it('refuses a warehouse that does not exist, under the warehouse field, in the caller’s language', async () => {
    const { childId } = await createTestCategories(ctx.db, 'nowhere');
    const body = {
      ...productBody(childId, { 'en-US': { title: 'Lost lamp', brief: '', description: '' } }),
      warehouse: 'ZZ',
    };
    const res = await admin('POST', '/api/admin/catalogue/products', body, 'fr-FR');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A00002');
    expect(res.json().data).toEqual([
      {
        field: 'warehouse',
        message: 'Cet entrepôt n’existe pas : choisissez un des entrepôts de la rubrique Livraison',
      },
    ]);
  });

  it('refuses to delete a warehouse in use with a localized reason, and deletes one nobody uses', async () => {
    await admin('POST', '/api/admin/logistics/warehouses', {
      code: 'br',
      country: 'BR',
      names: { 'en-US': 'São Paulo' },
    });
    const { childId } = await createTestCategories(ctx.db, 'br');
    const saved = await admin('POST', '/api/admin/catalogue/products', {
      ...productBody(childId, { 'en-US': { title: 'Hammock', brief: '', description: '' } }),
      warehouse: 'BR',
    });
    expect(saved.statusCode).toBe(200);

    const refused = await admin('DELETE', '/api/admin/logistics/warehouses/BR', undefined, 'tr-TR');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      msg: 'BR deposu silinemez: 1 ürün ve 0 kargo yöntemi onu kullanıyor. Onları taşıyın ya da depoyu kapatın.',
    });
    const seeded = await admin('DELETE', '/api/admin/logistics/warehouses/CN');
    expect(seeded.statusCode).toBe(409);
    expect(seeded.json().msg).toMatch(/^Warehouse CN cannot be deleted: \d+ products and \d+ shipping methods use it/);

    await admin('POST', '/api/admin/logistics/warehouses', {
      code: 'ar',
      country: 'AR',
      names: { 'en-US': 'Buenos Aires' },
    });
    const deleted = await admin('DELETE', '/api/admin/logistics/warehouses/AR');
    expect(deleted.statusCode).toBe(200);
    const list = (await admin('GET', '/api/admin/logistics/warehouses')).json().data as Array<{ code: string }>;
    expect(list.map((w) => w.code)).toContain('BR');
    expect(list.map((w) => w.code)).not.toContain('AR');
    expect((await admin('DELETE', '/api/admin/logistics/warehouses/AR')).statusCode).toBe(404);
  });
});
