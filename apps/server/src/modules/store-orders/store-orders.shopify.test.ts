import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser } from '../../../test/factories';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';
import { rawRows } from '../../db/rows';

// Store orders from a Shopify shop (issue 21), the app listening so the emulator's webhooks reach
// it: orders/create → the order appears; forged and repeated deliveries; the pull catching up
// after lost webhooks, paging to the end; the first import's 60-day reach; connect → related.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const SECRET = 'shopify-orders-secret';
let emu: ShopifyEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const port = await freePort();
  emu = await startShopifyEmulator({
    apiKey: 'orders-app',
    apiSecret: SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 50_000 },
    webhookRetryDelaysMs: [5],
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/shopify`,
  });
  ctx = await createTestApp(
    {
      port,
      publicUrl: 'https://app.example',
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 5000 },
      },
      storeOrders: { pullEverySeconds: 300 },
      shopify: {
        apiKey: 'orders-app',
        apiSecret: SECRET,
        apiVersion: '2026-10',
        scopes: 'read_products,read_orders',
        shopUrlTemplate: emu.shopUrlTemplate,
      },
    },
    undefined,
    { jobOptions: { retryBaseMs: 1 } },
  );
  await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await emu.close();
  await ctx.app.close();
});

const rows = async (q: ReturnType<typeof sql>) => rawRows(await ctx.db.execute(q));
async function owner() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, key?: string) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en-US',
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
const drain = async () => {
  for (let i = 0; i < 5; i++) {
    await ctx.app.jobs.drain();
    await emu.settle();
  }
};
let shopNo = 0;
function newShop(): string {
  const domain = `orders-${++shopNo}-${Date.now().toString(36)}.myshopify.com`;
  emu.createShop(domain, { name: `Orders shop ${shopNo}`, currency: 'EUR' });
  emu.addProduct(domain, {
    title: 'Tee',
    price: '19.99',
    sku: `TEE${shopNo}`,
    options: [{ name: 'Size', values: ['S', 'M'] }],
  });
  emu.addProduct(domain, { title: 'Mug', price: '7.50', sku: `MUG${shopNo}` });
  return domain;
}
async function connect(token: string, shop: string): Promise<string> {
  const res = await call(token, 'POST', '/api/p/stores/shopify/install', { shop });
  const url = new URL(res.json().data.url);
  const back = emu.approve(shop, {
    clientId: url.searchParams.get('client_id')!,
    scope: url.searchParams.get('scope')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
  });
  const cb = await call(token, 'POST', '/api/p/stores/shopify/callback', { query: back });
  expect(cb.statusCode, cb.body).toBe(200);
  await drain(); // the products are brought in
  return cb.json().data.id as string;
}
const variantsOf = (shop: string) => [...emu.shop(shop).products.values()].flatMap((p) => p.variants);
const list = async (token: string, query = 'tab=all') =>
  (await call(token, 'GET', `/api/p/store-orders?${query}`)).json().data;

describe('Shopify store orders arrive by themselves', () => {
  it('orders/create → the order appears, unrelated, with the store’s total, buyer and lines; within seconds', async () => {
    const me = await owner();
    const shop = newShop();
    await connect(me.token, shop);
    const [tee] = variantsOf(shop);
    const started = Date.now();
    const { order, delivery } = await emu.createOrder(shop, {
      lines: [{ variantId: tee!.id, quantity: 2 }],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { address1: '12 Rue de Rivoli', city: 'Paris', zip: '75001', countryCode: 'FR' },
      shippingPrice: '4.00',
    });
    expect(await delivery).toMatchObject({ status: 200, attempts: 1 });
    await drain();
    const page = await list(me.token, 'tab=unrelated');
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      number: order.name,
      platform: 'shopify',
      status: 'open',
      state: 'open',
      related: false,
      unconnectedCount: 1,
      total: { amount: 43.98, currency: 'EUR' },
      buyerName: 'Ada Lovelace',
      countryCode: 'FR',
      lastChanges: ['created'],
      firstLine: { title: 'Tee - S', sku: `TEE${shopNo}-1`, quantity: 2 },
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const counts = (await call(me.token, 'GET', '/api/p/store-orders/counts')).json().data;
    expect(counts).toMatchObject({ all: 1, unrelated: 1, related: 0, abnormal: 0, paid: 0, trash: 0 });
  });

  it('connecting a store imports the orders already there at once (no wait for the due check)', async () => {
    const me = await owner();
    const shop = newShop();
    // Made before the app is installed: no webhook can announce it, only the first import finds it.
    const { order } = await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }] });
    await connect(me.token, shop);
    const page = await list(me.token);
    expect(page.records.map((r: { number: string }) => r.number)).toEqual([order.name]);
    const [status] = (await call(me.token, 'GET', '/api/p/store-orders/sync-status')).json().data;
    expect(status.lastSuccessAt).not.toBeNull();
  });

  it('a forged delivery is refused (401) and a repeated one keeps the order once', async () => {
    const me = await owner();
    const shop = newShop();
    const storeId = await connect(me.token, shop);
    const { delivery } = await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[2]!.id, quantity: 1 }] });
    const d = (await delivery)!;
    const headers = emu.webhookHeaders(emu.shop(shop), 'orders/create', d, d.body);
    const replay = await ctx.app.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: d.body });
    expect(replay.statusCode).toBe(200);
    // The same order under another delivery id (Shopify's duplicate orders/create): still one order.
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { ...headers, 'x-shopify-webhook-id': 'another-delivery' },
      payload: d.body,
    });
    expect(dup.statusCode).toBe(200);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { ...headers, 'x-shopify-webhook-id': 'forged' },
      payload: d.body.replace('"total_price":"', '"total_price":"9'),
    });
    expect(forged.statusCode).toBe(401);
    await drain();
    const [{ n }] = (await rows(sql`select count(*)::int as n from store_orders where store_id = ${storeId}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    const jobs = await rows(
      sql`select count(*)::int as n from jobs where type = 'stores.order-webhook' and payload->>'storeId' = ${storeId}`,
    );
    expect(jobs[0]!.n).toBe(2); // the first delivery and the duplicate under a new id; the replay made none
  });

  it('after lost webhooks the pull catches up, paging to the end; an address changed in the store follows', async () => {
    const me = await owner();
    const shop = newShop();
    const storeId = await connect(me.token, shop);
    const first = await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }] });
    await first.delivery;
    await drain();
    const saved = emu.webhookUrl;
    emu.webhookUrl = undefined; // webhooks lost from here on
    try {
      for (let i = 0; i < 19; i++)
        await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[2]!.id, quantity: i + 1 }] });
      await emu.updateOrderAddress(shop, first.order.id, { address1: '3 Place Vendôme' });
      expect((await list(me.token)).total).toBe(1);
      const now = await call(me.token, 'POST', `/api/p/store-orders/sync-status/${storeId}/sync`);
      expect(now.statusCode, now.body).toBe(200);
      expect(now.json().data).toMatchObject({ storeId, running: true });
      await drain();
    } finally {
      emu.webhookUrl = saved;
    }
    const all = await list(me.token, 'tab=all&size=100');
    expect(all.total).toBe(20);
    expect(new Set(all.records.map((r: { number: string }) => r.number)).size).toBe(20);
    const moved = all.records.find((r: { number: string }) => r.number === first.order.name);
    expect(moved.lastChanges).toEqual(['address']);
    const detail = (await call(me.token, 'GET', `/api/p/store-orders/${moved.id}`)).json().data;
    expect(detail.shippingAddress.line1).toBe('3 Place Vendôme');
    const [status] = (await call(me.token, 'GET', '/api/p/store-orders/sync-status')).json().data;
    expect(status).toMatchObject({ storeId, running: false, lastError: null, orderCount: 20 });
    expect(Date.parse(status.lastSuccessAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(status.nextDueAt) - Date.parse(status.lastSuccessAt)).toBe(300_000);
    // A second "sync now" within seconds is a double click: refused with the wait.
    const again = await call(me.token, 'POST', `/api/p/store-orders/sync-status/${storeId}/sync`);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/try again in \d+ s/);
  });

  it('the first import says how far back it reached: 60 days without read_all_orders', async () => {
    const me = await owner();
    const shop = newShop();
    const old = await emu.createOrder(shop, {
      lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }],
      createdAt: new Date(Date.now() - 75 * 86_400_000).toISOString(),
    });
    const recent = await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }] });
    const saved = emu.webhookUrl;
    emu.webhookUrl = undefined;
    let storeId: string;
    try {
      storeId = await connect(me.token, shop);
      await call(me.token, 'POST', `/api/p/store-orders/sync-status/${storeId}/sync`);
      await drain();
    } finally {
      emu.webhookUrl = saved;
    }
    const numbers = (await list(me.token)).records.map((r: { number: string }) => r.number);
    expect(numbers).toEqual([recent.order.name]);
    expect(numbers).not.toContain(old.order.name);
    const [status] = (await call(me.token, 'GET', '/api/p/store-orders/sync-status')).json().data;
    expect(Math.abs(Date.parse(status.reachedBack) - (Date.now() - 60 * 86_400_000))).toBeLessThan(120_000);
  });

  it('connecting the line’s variant makes the order related by itself; the detail names where to connect', async () => {
    const me = await owner();
    const shop = newShop();
    await connect(me.token, shop);
    const { delivery } = await emu.createOrder(shop, { lines: [{ variantId: variantsOf(shop)[2]!.id, quantity: 1 }] });
    await delivery;
    await drain();
    const [row] = (await list(me.token)).records;
    const detail = (await call(me.token, 'GET', `/api/p/store-orders/${row.id}`)).json().data;
    expect(detail.lines[0]).toMatchObject({ relation: 'unconnected', connection: null, sku: `MUG${shopNo}` });
    const target = detail.lines[0].connectTarget;
    expect(target).toMatchObject({ storeProductId: expect.any(String), variantId: expect.any(String) });
    const [sku] = await rows(
      sql`select s.id from skus s join products p on p.id = s.product_id where p.status = 'on' and s.stock > 5 limit 1`,
    );
    const linked = await call(
      me.token,
      'POST',
      `/api/p/store-products/${target.storeProductId}/connections`,
      { links: [{ variantId: target.variantId, skuId: String(sku!.id) }] },
      `connect-${row.id}`,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await list(me.token, 'tab=related')).records.map((r: { id: string }) => r.id)).toEqual([row.id]);
    expect((await list(me.token, 'tab=unrelated')).total).toBe(0);
    const after = (await call(me.token, 'GET', `/api/p/store-orders/${row.id}`)).json().data;
    expect(after).toMatchObject({ related: true, unconnectedCount: 0 });
    expect(after.lines[0]).toMatchObject({
      relation: 'connected',
      connection: { state: 'connected', sku: { skuId: String(sku!.id) } },
    });
  });

  it('cancelled in the store before payment: orders/cancelled sends it to the trash with the reason', async () => {
    const me = await owner();
    const shop = newShop();
    await connect(me.token, shop);
    const { order, delivery } = await emu.createOrder(shop, {
      lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }],
    });
    await delivery;
    await drain();
    await emu.cancelOrder(shop, order.id);
    await drain();
    const trash = await list(me.token, 'tab=trash');
    expect(trash.records[0]).toMatchObject({
      number: order.name,
      status: 'cancelled',
      state: 'trashed',
      trashReason: 'cancelled-in-store',
    });
    expect(trash.records[0].lastChanges).toContain('status');
  });

  it('privacy: a data request is kept for the operator; customers/redact and shop/redact erase the buyers, once', async () => {
    const me = await owner();
    const shop = newShop();
    await connect(me.token, shop);
    const v = variantsOf(shop)[0]!.id;
    const ada = await emu.createOrder(shop, {
      lines: [{ variantId: v, quantity: 1 }],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com' },
    });
    const bob = await emu.createOrder(shop, {
      lines: [{ variantId: v, quantity: 1 }],
      customer: { firstName: 'Bob', lastName: 'Byron', email: 'bob@example.com' },
    });
    await Promise.all([ada.delivery, bob.delivery]);
    await drain();
    const privacy = async (topic: string, body: object, id: string) => {
      const raw = JSON.stringify({ shop_domain: shop, ...body });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopify/privacy',
        headers: emu.webhookHeaders(emu.shop(shop), topic, { id, at: new Date().toISOString() }, raw),
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
      await drain();
    };
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const requests = async () =>
      (await call(operator, 'GET', '/api/admin/store-orders/privacy-requests?size=100'))
        .json()
        .data.records.filter((r: { shop: string }) => r.shop === shop);
    await privacy(
      'customers/data_request',
      { customer: { email: 'ada@example.com' }, orders_requested: [] },
      `dr-${shop}`,
    );
    const [dr] = await requests();
    expect(dr).toMatchObject({
      topic: 'customers/data_request',
      ordersMatched: 1,
      ordersErased: 0,
      doneAt: expect.any(String),
    });
    expect(dr.export).toEqual([
      expect.objectContaining({ number: ada.order.name, buyerName: 'Ada Lovelace', email: 'Ada@Example.com' }),
    ]);

    await privacy(
      'customers/redact',
      { customer: { email: 'nobody@example.com' }, orders_to_redact: [ada.order.id] },
      `cr-${shop}`,
    );
    await privacy(
      'customers/redact',
      { customer: { email: 'nobody@example.com' }, orders_to_redact: [ada.order.id] },
      `cr-${shop}`,
    );
    expect(await requests()).toHaveLength(2);
    const byNumber = async (n: string) => {
      const row = (await list(me.token)).records.find((r: { number: string }) => r.number === n);
      return (await call(me.token, 'GET', `/api/p/store-orders/${row.id}`)).json().data;
    };
    expect(await byNumber(ada.order.name)).toMatchObject({
      erased: true,
      buyer: null,
      shippingAddress: null,
      buyerName: null,
    });
    expect(await byNumber(bob.order.name)).toMatchObject({ erased: false, buyer: { name: 'Bob Byron' } });
    const [people] = await rows(
      sql`select p.buyer_name, p.buyer_email, p.address from store_order_people p join store_orders o on o.id = p.store_order_id where o.number = ${ada.order.name} and o.user_id = ${me.userId}`,
    );
    expect(people).toEqual({ buyer_name: '', buyer_email: null, address: null });
    // A later copy from the store does not bring the erased data back.
    await emu.updateOrderAddress(shop, ada.order.id, { address1: 'New street' });
    await drain();
    expect(await byNumber(ada.order.name)).toMatchObject({ erased: true, shippingAddress: null });

    await privacy('shop/redact', {}, `sr-${shop}`);
    expect(await byNumber(bob.order.name)).toMatchObject({ erased: true, buyer: null });
    expect((await requests()).find((r: { topic: string }) => r.topic === 'shop/redact')).toMatchObject({
      ordersErased: 1,
    });
  });

  it('sync now of one order reads it from the store in the request; a second click within seconds waits', async () => {
    const me = await owner();
    const shop = newShop();
    await connect(me.token, shop);
    const { order, delivery } = await emu.createOrder(shop, {
      lines: [{ variantId: variantsOf(shop)[0]!.id, quantity: 1 }],
    });
    await delivery;
    await drain();
    const [row] = (await list(me.token)).records;
    const saved = emu.webhookUrl;
    emu.webhookUrl = undefined;
    try {
      await emu.updateOrderAddress(shop, order.id, { address1: '5 Rue Cler', countryCode: 'FR' });
    } finally {
      emu.webhookUrl = saved;
    }
    const synced = await call(me.token, 'POST', `/api/p/store-orders/${row.id}/sync`);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data).toMatchObject({
      shippingAddress: { line1: '5 Rue Cler', countryCode: 'FR' },
      lastChanges: ['address'],
      syncAvailableAt: expect.any(String),
    });
    const again = await call(me.token, 'POST', `/api/p/store-orders/${row.id}/sync`);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ data: { reason: 'store-order-sync-cooling-down' } });
  });
});
