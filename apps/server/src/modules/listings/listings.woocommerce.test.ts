import { createServer } from 'node:net';
import { SaveProductBody } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingWorld, signedInUser } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type WooEmulator, startWooEmulator } from '../../sandbox/woocommerce/emulator';

// Listing into a WooCommerce store (issue 22) through the real connector and the WooCommerce
// emulator: a variable product with its variations at the rule's prices, re-priced, rolled back.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let e: WooEmulator;
let product: { prodId: number; skuIds: number[] };
beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp(
    {
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 5000 },
      },
    },
    undefined,
    { jobOptions: { retryBaseMs: 1 } },
  );
  await ctx.app.listen({ port, host: '127.0.0.1' });
  e = await startWooEmulator({ retryAfterSeconds: 0 });
  await shippingWorld(ctx); // PSA ships 0.4 kg to France by sea for 3.00
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${operator}` } });
  const categoryId = (await admin('GET', '/api/admin/catalogue/categories')).json().data[0].categoryId;
  await admin('POST', '/api/admin/catalogue/specs', {
    code: 'wsize',
    names: { 'en-US': 'Size' },
    values: [
      { code: 'ws', names: { 'en-US': 'S' } },
      { code: 'wm', names: { 'en-US': 'M' } },
    ],
  });
  const sku = (code: string, price: number, size: string) => ({
    skuCode: code,
    price,
    oriPrice: price,
    stocks: 9,
    weight: 0.4,
    length: 10,
    width: 10,
    height: 5,
    specs: [{ property: 'wsize', value: size }],
  });
  const created = await admin(
    'POST',
    '/api/admin/catalogue/products',
    SaveProductBody.parse({
      categoryId,
      warehouse: 'PSA',
      translations: { 'en-US': { title: 'Wool cap', brief: '', description: '<p>Warm.</p>' } },
      skus: [sku('CAP-S', 10, 'ws'), sku('CAP-M', 12, 'wm')],
    }),
  );
  expect(created.statusCode, created.body).toBe(200);
  product = {
    prodId: created.json().data.prodId,
    skuIds: created.json().data.skus.map((s: { skuId: number }) => s.skuId),
  };
});
afterAll(async () => {
  await e.close();
  await ctx.app.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const drain = async () => {
  for (let i = 0; i < 6; i++) {
    await ctx.app.jobs.drain();
    await e.idle();
  }
};
const ours = (w = e) => [...w.store.products.values()].filter((p) => p.name === 'Wool cap' && p.status !== 'trash');

describe('listing into a WooCommerce store', () => {
  it('publishes a variable product at the rule’s prices, connects it, re-prices it by preview and rolls it back', async () => {
    const me = await signedInUser(ctx.db);
    const added = await call(me.token, 'POST', '/api/p/stores/woocommerce', {
      name: 'Woo shop',
      address: e.baseUrl,
      ...e.firstKey,
    });
    expect(added.statusCode, added.body).toBe(200);
    const storeId = added.json().data.id as string;
    await drain();
    await call(me.token, 'PUT', `/api/p/listings/rules/${storeId}`, {
      rule: { mode: 'multiple', multiple: 2.5, centsEnding: 99 },
      currency: 'USD',
      market: 'FR',
    });
    const created = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [storeId],
      items: [{ prodId: product.prodId }],
    });
    const id = created.json().data.ids[0] as string;
    await drain();
    const listed = (await call(me.token, 'GET', `/api/p/listings/${id}`)).json().data;
    expect(listed, JSON.stringify(listed)).toMatchObject({ state: 'listed', reason: null });
    // 10 × 2.5 + 3 = 28.00 → 28.99; 12 × 2.5 + 3 = 33.00 → 33.99.
    const [woo] = ours();
    expect(woo!.type).toBe('variable');
    expect(woo!.variations.map((v) => [v.sku, v.price])).toEqual([
      ['CAP-S', '28.99'],
      ['CAP-M', '33.99'],
    ]);
    const connected = (await call(me.token, 'GET', '/api/p/store-products?filter=connected')).json().data.records;
    expect(connected.map((p: { externalId: string }) => p.externalId)).toContain(listed.externalId);

    const rule = { mode: 'multiple', multiple: 3, centsEnding: 99 };
    const preview = (await call(me.token, 'POST', `/api/p/listings/rules/${storeId}/preview`, { rule })).json().data;
    // Only CAP-M approved: CAP-S keeps its price.
    const row = preview.rows.find((r: { skuName: string }) => r.skuName === 'M');
    expect(row).toMatchObject({ oldPrice: 33.99, newPrice: 39.99 });
    await call(me.token, 'POST', `/api/p/listings/rules/${storeId}/approve`, {
      rule,
      rows: [{ variantId: row.variantId, newPrice: row.newPrice, compareAtPrice: row.compareAtPrice }],
    });
    await drain();
    expect(ours()[0]!.variations.map((v) => [v.sku, v.price])).toEqual([
      ['CAP-S', '28.99'],
      ['CAP-M', '39.99'],
    ]);

    await call(me.token, 'POST', `/api/p/listings/${id}/rollback`);
    await drain();
    expect(ours()).toHaveLength(0);
    expect((await call(me.token, 'GET', `/api/p/listings/${id}`)).json().data.state).toBe('rolled-back');
  });

  it('a create whose answer was lost is found again by SKU and our meta entry on relist: one product', async () => {
    // A store of its own: the first test's store belongs to its owner.
    const w = await startWooEmulator({ retryAfterSeconds: 0 });
    const me = await signedInUser(ctx.db);
    const added = await call(me.token, 'POST', '/api/p/stores/woocommerce', {
      name: 'Woo shop 2',
      address: w.baseUrl,
      ...w.firstKey,
    });
    expect(added.statusCode, added.body).toBe(200);
    const storeId = added.json().data.id as string;
    await drain();
    await call(me.token, 'PUT', `/api/p/listings/rules/${storeId}`, {
      rule: { mode: 'multiple', multiple: 2.5 },
      currency: 'USD',
      market: 'FR',
    });
    // The store makes the product, then the connection drops before its answer.
    w.loseAnswers(1);
    const created = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [storeId],
      items: [{ prodId: product.prodId }],
    });
    const id = created.json().data.ids[0] as string;
    await drain();
    expect((await call(me.token, 'GET', `/api/p/listings/${id}`)).json().data.state).toBe('failed');
    expect(ours(w)).toHaveLength(1);
    await call(me.token, 'POST', `/api/p/listings/${id}/relist`);
    await drain();
    const listed = (await call(me.token, 'GET', `/api/p/listings/${id}`)).json().data;
    expect(listed.state).toBe('listed');
    const all = ours(w);
    expect(all).toHaveLength(1);
    expect(listed.externalId).toBe(String(all[0]!.id));
    expect(all[0]!.variations.map((v) => [v.sku, v.price])).toEqual([
      ['CAP-S', '28.00'],
      ['CAP-M', '33.00'],
    ]);
    await w.close();
  });
});
