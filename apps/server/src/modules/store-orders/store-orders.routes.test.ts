import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser, placeOrder, storeOrder, storeOrderData, storeProduct } from '../../../test/factories';
import { rawRows } from '../../db/rows';
import { ingestStoreOrder } from './store-orders.service';

// /api/p/store-orders as a store owner sees it (issue 21): tabs and counts, filters, paging, the
// detail, trash and restore, abnormal resolved or ignored, validation, another user's rows.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

let keys = 0;
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': lang,
      ...(method === 'POST' ? { 'idempotency-key': `k-${++keys}` } : {}),
    },
  });

async function owner() {
  const u = await newUser(ctx.db);
  const token = await sessionFor(ctx.db, u.email);
  const shop = await storeProduct(ctx.db, u.userId, {
    title: 'Linen dress',
    variants: [{ title: 'Red' }, { title: 'Blue' }],
    storeName: 'Dress shop',
  });
  const [ext] = rawRows<{ product: string; variant: string }>(
    await ctx.db.execute(
      sql`select p.external_id as product, v.external_id as variant from store_variants v join store_products p on p.id = v.store_product_id where v.id = ${shop.variantIds[0]}`,
    ),
  );
  return { ...u, token, shop, store: { id: shop.storeId, userId: u.userId }, ext: ext! };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`).toISOString();
const line = (o: Owner, sku: string, quantity = 1) => ({
  externalId: `l-${Math.random()}`,
  productExternalId: o.ext.product,
  variantExternalId: o.ext.variant,
  sku,
  title: 'Linen dress - Red',
  quantity,
  unitPrice: { amount: 1500, currency: 'USD' },
});

/** Links the owner's first variant to a catalogue SKU that is on sale and in stock. */
async function connectFirstVariant(o: Owner) {
  const rows = (await ctx.db.execute(
    sql`select s.id from skus s join products p on p.id = s.product_id where p.status = 'on' and s.stock > 50 limit 1`,
  )) as unknown as { rows: Array<{ id: number }> };
  const res = await call(o.token, 'POST', `/api/p/store-products/${o.shop.productId}/connections`, {
    links: [{ variantId: o.shop.variantIds[0], skuId: String(rows.rows[0]!.id) }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the store order list', () => {
  it('tabs and counts: unrelated, related, abnormal, paid, trash; newest first; paging', async () => {
    const o = await owner();
    await connectFirstVariant(o);
    const related = await storeOrder(ctx.db, o.store, { createdAt: day('2026-11-03'), lines: [line(o, 'DRESS-RED')] });
    const unrelated = await storeOrder(ctx.db, o.store, { createdAt: day('2026-11-02') });
    const abnormal = await storeOrder(ctx.db, o.store, { createdAt: day('2026-11-01'), shippingAddress: null });
    const trashed = await storeOrder(ctx.db, o.store, { createdAt: day('2026-10-30'), status: 'cancelled' });
    const paid = await storeOrder(ctx.db, o.store, { createdAt: day('2026-10-29'), lines: [line(o, 'DRESS-RED')] });
    const order = await placeOrder(ctx.db, o.userId);
    await ctx.db.execute(sql`update store_orders set order_id = ${order.id} where id = ${paid.id}`);

    const counts = (await call(o.token, 'GET', '/api/p/store-orders/counts')).json().data;
    expect(counts).toEqual({ all: 4, unrelated: 2, related: 1, abnormal: 1, paid: 1, trash: 1 });
    const ids = async (q: string) =>
      (await call(o.token, 'GET', `/api/p/store-orders?${q}`)).json().data.records.map((r: { id: string }) => r.id);
    expect(await ids('tab=all')).toEqual([related.id, unrelated.id, abnormal.id, paid.id]);
    expect(await ids('tab=unrelated')).toEqual([unrelated.id, abnormal.id]);
    expect(await ids('tab=related')).toEqual([related.id]);
    expect(await ids('tab=trash')).toEqual([trashed.id]);
    expect(await ids('tab=abnormal')).toEqual([abnormal.id]);
    expect(await ids(`tab=paid&orderState=${order.state}`)).toEqual([paid.id]);
    expect(await ids('tab=paid&orderState=delivered')).toEqual([]);
    // Our order number finds the store order it became.
    expect(await ids(`tab=all&q=${order.number}`)).toEqual([paid.id]);
    const page2 = (await call(o.token, 'GET', '/api/p/store-orders?tab=all&size=3&current=2')).json().data;
    expect(page2).toMatchObject({ total: 4, pages: 2, current: 2, size: 3 });
    expect(page2.records.map((r: { id: string }) => r.id)).toEqual([paid.id]);

    const row = (await call(o.token, 'GET', '/api/p/store-orders?tab=paid')).json().data.records[0];
    expect(row).toMatchObject({
      storeName: 'Dress shop',
      related: true,
      order: { id: order.id, number: order.number, state: order.state, abnormal: false },
    });
    const bad = (await call(o.token, 'GET', '/api/p/store-orders?tab=all', undefined, 'fr-FR')).json().data.records;
    expect(bad.find((r: { id: string }) => r.id === abnormal.id)).toMatchObject({
      abnormal: true,
      abnormalReason: 'address-incomplete',
      abnormalText: "L'adresse de livraison est incomplète (nom, rue ou pays manquant)",
    });
  });

  it('filters: store, dates, country, the store’s or our number, SKU — together with the counts', async () => {
    const o = await owner();
    const other = await storeProduct(ctx.db, o.userId, { title: 'Other', variants: [{ title: 'x' }] });
    const a = await storeOrder(ctx.db, o.store, { createdAt: day('2026-11-05', 23), number: '#5001' });
    const b = await storeOrder(ctx.db, o.store, {
      createdAt: day('2026-11-06', 1),
      number: '#5002',
      shippingAddress: { ...(await storeOrderAddress()), countryCode: 'DE' },
      lines: [line(o, 'blue-XL', 2)],
    });
    const c = await storeOrder(ctx.db, { id: other.storeId, userId: o.userId }, { createdAt: day('2026-11-07') });
    const ids = async (q: string) =>
      (await call(o.token, 'GET', `/api/p/store-orders?tab=all&${q}`))
        .json()
        .data.records.map((r: { id: string }) => r.id);
    expect(await ids(`storeId=${other.storeId}`)).toEqual([c.id]);
    expect(await ids('from=2026-11-06&to=2026-11-06')).toEqual([b.id]);
    expect(await ids('to=2026-11-05')).toEqual([a.id]);
    expect(await ids('country=de')).toEqual([b.id]);
    expect(await ids('q=5001')).toEqual([a.id]);
    expect(await ids(`q=${encodeURIComponent('#5002')}`)).toEqual([b.id]);
    expect(await ids('sku=BLUE-xl')).toEqual([b.id]);
    expect(await ids('sku=nothing')).toEqual([]);
    expect(await ids('storeId=not-a-uuid')).toEqual([]);
    const counts = (await call(o.token, 'GET', '/api/p/store-orders/counts?country=DE')).json().data;
    expect(counts).toMatchObject({ all: 1, unrelated: 1 });
    const bad = await call(o.token, 'GET', '/api/p/store-orders?from=5.11.2026&country=Germany', undefined, 'tr-TR');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Tarihi YYYY-AA-GG biçiminde girin');
    expect(JSON.stringify(bad.json())).toContain('İki harfli bir ülke kodu girin');
  });

  it('the detail: buyer, address, lines with their money and connection state', async () => {
    const o = await owner();
    const { id } = await storeOrder(ctx.db, o.store, { lines: [line(o, 'DRESS-RED', 3)] });
    const d = (await call(o.token, 'GET', `/api/p/store-orders/${id}`)).json().data;
    expect(d).toMatchObject({
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      shippingAddress: { line1: '12 Rue de Rivoli', countryCode: 'FR' },
      erased: false,
      total: { amount: 25.99, currency: 'EUR' },
    });
    expect(d.lines).toEqual([
      expect.objectContaining({
        sku: 'DRESS-RED',
        quantity: 3,
        unitPrice: { amount: 15, currency: 'EUR' },
        lineTotal: { amount: 45, currency: 'EUR' },
        relation: 'unconnected',
        connectTarget: { storeProductId: o.shop.productId, variantId: o.shop.variantIds[0] },
      }),
    ]);
  });
});

async function storeOrderAddress() {
  return storeOrderData().shippingAddress!;
}

describe('store order actions', () => {
  it('trash and restore in batch, all or nothing; a paid order cannot be trashed; a cancelled one stays', async () => {
    const o = await owner();
    const x = await storeOrder(ctx.db, o.store);
    const y = await storeOrder(ctx.db, o.store);
    const cancelled = await storeOrder(ctx.db, o.store, { status: 'cancelled' });
    const t = await call(o.token, 'POST', '/api/p/store-orders/trash', { ids: [x.id, y.id] });
    expect(t.json()).toMatchObject({ success: true, data: { ids: [x.id, y.id].sort() } });
    const counts = (await call(o.token, 'GET', '/api/p/store-orders/counts')).json().data;
    expect(counts).toMatchObject({ all: 0, trash: 3 });
    const refused = await call(o.token, 'POST', '/api/p/store-orders/restore', { ids: [x.id, cancelled.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      data: { reason: 'store-order-transition-refused' },
      msg: `Store order ${cancelled.data.number} was cancelled or refunded in the store: it cannot be restored`,
    });
    expect((await call(o.token, 'GET', '/api/p/store-orders/counts')).json().data.trash).toBe(3);
    const back = await call(o.token, 'POST', '/api/p/store-orders/restore', { ids: [x.id, y.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call(o.token, 'GET', '/api/p/store-orders/counts')).json().data).toMatchObject({ all: 2, trash: 1 });

    const order = await placeOrder(ctx.db, o.userId);
    await ctx.db.execute(sql`update store_orders set order_id = ${order.id} where id = ${x.id}`);
    const paid = await call(o.token, 'POST', '/api/p/store-orders/trash', { ids: [x.id] }, 'zh-CN');
    expect(paid.json()).toMatchObject({ msg: `店铺订单 ${x.data.number} 无法移入回收站：它已支付或已在回收站中` });
    const empty = await call(o.token, 'POST', '/api/p/store-orders/trash', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Select at least one store order');
  });

  it('abnormal: resolve needs the confirmation; ignore is remembered and not raised again', async () => {
    const o = await owner();
    const bad = await storeOrder(ctx.db, o.store, { shippingAddress: null });
    const unconfirmed = await call(o.token, 'POST', `/api/p/store-orders/${bad.id}/abnormal/resolve`, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(JSON.stringify(unconfirmed.json())).toContain('Confirm that you checked the problem first');
    const ignored = await call(o.token, 'POST', `/api/p/store-orders/${bad.id}/abnormal/ignore`);
    expect(ignored.json().data).toMatchObject({ abnormal: false, abnormalReason: null });
    // A later copy with the same problem does not raise what the owner ignored.
    await ingestStoreOrder(
      ctx.db,
      { ...o.store, platform: 'woocommerce' },
      {
        ...bad.data,
        updatedAt: new Date(Date.parse(bad.data.updatedAt) + 60_000).toISOString(),
        buyer: { ...bad.data.buyer, phone: '+33 9' },
      },
    );
    expect((await call(o.token, 'GET', `/api/p/store-orders/${bad.id}`)).json().data.abnormal).toBe(false);
    const none = await call(o.token, 'POST', `/api/p/store-orders/${bad.id}/abnormal/resolve`, { confirm: true });
    expect(none.statusCode).toBe(409);
    const other = await storeOrder(ctx.db, o.store, { shippingAddress: null });
    const resolved = await call(o.token, 'POST', `/api/p/store-orders/${other.id}/abnormal/resolve`, { confirm: true });
    expect(resolved.json().data).toMatchObject({ abnormal: false });
  });

  it("another user's store order is not found on every route, and nothing of it changes", async () => {
    const a = await owner();
    const b = await owner();
    const mine = await storeOrder(ctx.db, a.store, { shippingAddress: null });
    const before = (await call(a.token, 'GET', `/api/p/store-orders/${mine.id}`)).json().data;
    for (const [method, url, body] of [
      ['GET', `/api/p/store-orders/${mine.id}`, undefined],
      ['POST', `/api/p/store-orders/${mine.id}/sync`, undefined],
      ['POST', `/api/p/store-orders/${mine.id}/abnormal/ignore`, undefined],
      ['POST', `/api/p/store-orders/${mine.id}/abnormal/resolve`, { confirm: true }],
      ['POST', '/api/p/store-orders/trash', { ids: [mine.id] }],
      ['POST', '/api/p/store-orders/restore', { ids: [mine.id] }],
      ['POST', `/api/p/store-orders/sync-status/${a.store.id}/sync`, undefined],
    ] as const) {
      const res = await call(b.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(b.token, 'GET', '/api/p/store-orders?tab=all')).json().data.total).toBe(0);
    expect((await call(b.token, 'GET', `/api/p/store-orders?storeId=${a.store.id}`)).json().data.total).toBe(0);
    expect((await call(a.token, 'GET', `/api/p/store-orders/${mine.id}`)).json().data).toEqual(before);
  });
});
