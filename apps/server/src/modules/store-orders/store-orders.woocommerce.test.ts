import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser } from '../../../test/factories';
import { type WooEmulator, startWooEmulator } from '../../sandbox/woocommerce/emulator';

// Store orders from a WooCommerce store (issue 21), without a browser: connected by keys, the
// order webhooks registered on connect bring an order in; after lost deliveries the pull does.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let e: WooEmulator;
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
});
afterAll(async () => {
  await e.close();
  await ctx.app.close();
});

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, payload: payload as object, headers: { authorization: `Bearer ${token}` } });
const drain = async () => {
  for (let i = 0; i < 5; i++) {
    await ctx.app.jobs.drain();
    await e.idle();
  }
};

describe('WooCommerce store orders arrive by themselves', () => {
  it('order.created → the order appears; lost deliveries are caught up by the pull', async () => {
    const u = await newUser(ctx.db);
    const token = await sessionFor(ctx.db, u.email);
    const mug = e.store.add({ name: 'Mug', sku: 'WOO-MUG', price: '7.50' });
    const added = await call(token, 'POST', '/api/p/stores/woocommerce', {
      name: 'Woo shop',
      address: e.baseUrl,
      ...e.firstKey,
    });
    expect(added.statusCode, added.body).toBe(200);
    const storeId = added.json().data.id as string;
    await drain();
    expect(e.webhooks.map((w) => w.topic)).toContain('order.created');

    const first = e.orders.create({
      lines: [{ productId: mug.id, quantity: 3 }],
      billing: { first_name: 'Grace', last_name: 'Hopper', address_1: '1 Navy Way', city: 'Arlington', country: 'US' },
    });
    await drain();
    const page = (await call(token, 'GET', '/api/p/store-orders?tab=all')).json().data;
    expect(page.records).toEqual([
      expect.objectContaining({
        externalId: String(first.id),
        platform: 'woocommerce',
        storeName: 'Woo shop',
        buyerName: 'Grace Hopper',
        countryCode: 'US',
        itemCount: 3,
        total: { amount: 22.5, currency: expect.any(String) },
      }),
    ]);

    // Deliveries lost: the store's webhooks are gone (WooCommerce disables them after failures).
    for (const w of e.webhooks) w.status = 'disabled';
    const second = e.orders.create({
      lines: [{ productId: mug.id, quantity: 1 }],
      billing: { first_name: 'Ada', country: 'GB' },
    });
    await drain();
    expect((await call(token, 'GET', '/api/p/store-orders?tab=all')).json().data.total).toBe(1);
    expect((await call(token, 'POST', `/api/p/store-orders/sync-status/${storeId}/sync`)).statusCode).toBe(200);
    await drain();
    const after = (await call(token, 'GET', '/api/p/store-orders?tab=all')).json().data;
    expect(after.records.map((r: { externalId: string }) => r.externalId).sort()).toEqual(
      [String(first.id), String(second.id)].sort(),
    );
    const [status] = (await call(token, 'GET', '/api/p/store-orders/sync-status')).json().data;
    expect(status).toMatchObject({ storeId, lastError: null, orderCount: 2, reachedBack: null });
  });
});
