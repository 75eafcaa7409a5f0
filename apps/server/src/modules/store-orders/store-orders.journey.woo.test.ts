import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShippingWorld, shippingWorld, signedInUser, topUp } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type WooEmulator, startWooEmulator } from '../../sandbox/woocommerce/emulator';

// Issue 21's journey for a WooCommerce store without the browser, all through the real HTTP app
// and the emulator (nothing inserted by hand): an order placed in the store → its `order.created`
// webhook → unrelated → its product connected → related → paid from the wallet → the operator
// purchases and ships → the store's order is completed with the tracking note. Then the same
// order split into two shipments (two warehouses): one note per shipment, `completed` only when
// the last one ships. The shipping world is preferred-shipping's: product a ships from PSA, b from PSB.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** The store of the test running: a store address is connected once, so each test has its own. */
let e: WooEmulator;
const emulators: WooEmulator[] = [];
let world: ShippingWorld;
let operator: string;
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
  world = await shippingWorld(ctx);
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(async () => {
  for (const emu of emulators) await emu.close();
  await ctx.app.close();
});

const call = async (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }),
    },
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const drain = async () => {
  for (let i = 0; i < 5; i++) {
    await ctx.app.jobs.drain();
    await e.idle();
  }
};
const trackingNotes = (id: number) => e.orders.get(id).notes.filter((n) => n.note.includes('Tracking number:'));

/** An owner with money in the wallet and a WooCommerce store connected by keys, its e-mail permission on. */
async function ownerWithStore() {
  e = await startWooEmulator({ retryAfterSeconds: 0, shipmentTracking: false });
  emulators.push(e);
  const owner = await signedInUser(ctx.db);
  await topUp(ctx.db, owner.userId, 100_000);
  const store = await call(owner.token, 'POST', '/api/p/stores/woocommerce', {
    name: `Woo ${owner.userId.slice(-4)}`,
    address: e.baseUrl,
    ...e.firstKey,
  });
  await call(owner.token, 'PATCH', `/api/p/stores/${store.id}`, { emailPermission: true });
  await drain();
  return owner;
}

/** A buyer's order in the store, to Japan; it arrives by its webhook. */
async function placeOrder(lines: Array<{ productId: number; quantity: number }>) {
  const order = e.orders.create({
    lines,
    billing: {
      first_name: 'Aiko',
      last_name: 'Tanaka',
      address_1: '1-2-3 Shibuya',
      city: 'Tokyo',
      postcode: '150-0002',
      country: 'JP',
      phone: '+81 3 1234',
    },
    status: 'processing',
  });
  await drain();
  return order;
}

/** Each unconnected line of the store order connected as the connections page does. */
async function connectLines(token: string, storeOrderId: string, skuFor: (sku: string) => number) {
  const detail = await call(token, 'GET', `/api/p/store-orders/${storeOrderId}`);
  for (const line of detail.lines) {
    const target = line.connectTarget;
    await call(token, 'POST', `/api/p/store-products/${target.storeProductId}/connections`, {
      links: [{ variantId: target.variantId, skuId: String(skuFor(line.sku)) }],
    });
  }
}

/** Pays the store order from the wallet; answers the marketplace orders it became (one per shipment). */
async function pay(token: string, storeOrderId: string): Promise<string[]> {
  const quote = await call(token, 'POST', '/api/p/store-orders/pay/confirm', { ids: [storeOrderId] });
  const paid = await call(token, 'POST', '/api/p/store-orders/pay', {
    confirmToken: quote.confirmToken,
    method: 'wallet',
  });
  expect(paid.payment).toMatchObject({ method: 'wallet', outcome: 'success' });
  return paid.storeOrders[0].orderIds;
}

async function purchaseAndShip(orderId: string, carrier: string, trackingNumber: string) {
  await call(operator, 'POST', `/api/admin/orders/${orderId}/purchase`);
  await call(operator, 'POST', `/api/admin/orders/${orderId}/ship`, { carrier, trackingNumber });
  await drain();
}

describe('a WooCommerce store order, end to end', () => {
  it('placed in the store → webhook → connected → paid → shipped → completed with a customer tracking note', async () => {
    const owner = await ownerWithStore();
    const mug = e.store.add({ name: 'Journey mug', sku: `JM-${owner.userId.slice(-6)}`, price: '12.50' });
    await drain();
    const woo = await placeOrder([{ productId: mug.id, quantity: 2 }]);

    const [row] = (await call(owner.token, 'GET', '/api/p/store-orders?tab=unrelated')).records;
    expect(row).toMatchObject({ externalId: String(woo.id), platform: 'woocommerce', unconnectedCount: 1 });
    await connectLines(owner.token, row.id, () => world.products.a.skuId);
    expect((await call(owner.token, 'GET', '/api/p/store-orders?tab=related')).records).toEqual([
      expect.objectContaining({ id: row.id, related: true }),
    ]);

    const [orderId] = await pay(owner.token, row.id);
    await purchaseAndShip(orderId!, 'YunExpress Standard', 'YT 7000 0001');

    expect(e.orders.get(woo.id).status).toBe('completed');
    const notes = trackingNotes(woo.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customerNote: true });
    expect(notes[0]!.note).toContain('Tracking number: YT70000001');
    const order = await call(owner.token, 'GET', `/api/p/orders/${orderId}`);
    expect(order.trackingPush).toMatchObject({ state: 'sent', trackingNumber: 'YT70000001' });
    const [paid] = (await call(owner.token, 'GET', '/api/p/store-orders?tab=paid')).records;
    expect(paid.order).toMatchObject({ id: orderId, state: 'shipped' });
  });

  it('split into two shipments: a note per shipment, completed only when the last one ships', async () => {
    const owner = await ownerWithStore();
    const tag = owner.userId.slice(-6);
    const lamp = e.store.add({ name: 'Split lamp', sku: `SA-${tag}`, price: '20.00' });
    const rug = e.store.add({ name: 'Split rug', sku: `SB-${tag}`, price: '30.00' });
    await drain();
    const woo = await placeOrder([
      { productId: lamp.id, quantity: 1 },
      { productId: rug.id, quantity: 2 },
    ]);
    const [row] = (await call(owner.token, 'GET', '/api/p/store-orders?tab=unrelated')).records;
    await connectLines(owner.token, row.id, (sku) =>
      sku.startsWith('SA-') ? world.products.a.skuId : world.products.b.skuId,
    );
    const orderIds = await pay(owner.token, row.id);
    expect(orderIds).toHaveLength(2);
    const details = await Promise.all(orderIds.map((id) => call(owner.token, 'GET', `/api/p/orders/${id}`)));
    const lampOrder = details.find((d) => d.lines.some((l: { skuId: number }) => l.skuId === world.products.a.skuId));
    const rugOrder = details.find((d) => d !== lampOrder);

    await purchaseAndShip(lampOrder.id, 'DHL Express', 'DHL0001');
    // One shipment of two: the buyer gets its note, naming what it carries; the order stays open.
    expect(e.orders.get(woo.id).status).toBe('processing');
    let notes = trackingNotes(woo.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toContain('Tracking number: DHL0001');
    expect(notes[0]!.note).toContain('Split lamp × 1');
    expect(notes[0]!.note).not.toContain('Split rug');
    expect((await call(owner.token, 'GET', `/api/p/orders/${lampOrder.id}`)).trackingPush).toMatchObject({
      state: 'sent',
    });

    await purchaseAndShip(rugOrder.id, 'UPS', '1ZRUG0002');
    notes = trackingNotes(woo.id);
    expect(notes).toHaveLength(2);
    expect(notes[1]!.note).toContain('Tracking number: 1ZRUG0002');
    expect(notes[1]!.note).toContain('Split rug × 2');
    expect(e.orders.get(woo.id).status).toBe('completed');
    // The second shipment is not mistaken for a fulfilment made by hand.
    expect((await call(owner.token, 'GET', `/api/p/orders/${rugOrder.id}`)).trackingPush).toMatchObject({
      state: 'sent',
    });
  });
});
