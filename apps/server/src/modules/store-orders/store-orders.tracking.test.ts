import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { connectedStore, newUser, storeOrder, storeOrderIn } from '../../../test/factories';
import { exchangeShopifyCode, tokensToCredentials } from '../../connectors/stores/shopify';
import { rawRows } from '../../db/rows';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';

// Tracking back to the store, end to end (issue 21, decision 0115): a store order on a shop of
// the Shopify emulator; the operator ships it through the API; the job runtime (running, as in
// production) writes the fulfilment into the shop. Nothing is drained by hand.
let emu: ShopifyEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
const SECRET = 'tracking-e2e-secret';
const app = () => ({
  apiKey: 'tracking-app',
  apiSecret: SECRET,
  apiVersion: '2026-10',
  shopUrlTemplate: emu.shopUrlTemplate,
  http: { timeoutMs: 3000, retries: 1, backoffMs: 1 },
});

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'tracking-app',
    apiSecret: SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  ctx = await createTestApp(
    {
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 3000 },
      },
      shopify: {
        apiKey: 'tracking-app',
        apiSecret: SECRET,
        apiVersion: '2026-10',
        scopes: 'read_orders,write_merchant_managed_fulfillment_orders',
        shopUrlTemplate: emu.shopUrlTemplate,
      },
    },
    undefined,
    { workJobs: true, jobOptions: { retryBaseMs: 20, pollMs: 50 } },
  );
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(async () => {
  await ctx.app.close();
  await emu.close();
});

let shopNo = 0;
/** A shop with an order of two lines, its owner, and our store order of it, ready to ship. */
async function shippable(o: { emailPermission?: boolean } = {}) {
  const shop = `tracking-${++shopNo}-${Date.now().toString(36)}.myshopify.com`;
  emu.createShop(shop, { seed: true });
  const variants = [...emu.shop(shop).products.values()].flatMap((p) => p.variants);
  const { order: shopOrder } = await emu.createOrder(shop, {
    lines: [
      { variantId: variants[0]!.id, quantity: 2 },
      { variantId: variants[1]!.id, quantity: 1 },
    ],
  });
  const back = emu.approve(shop, {
    clientId: 'tracking-app',
    scope: 'read_orders',
    redirectUri: 'https://app.example/cb',
    state: 's',
  });
  const credentials = tokensToCredentials(shop, await exchangeShopifyCode(app(), shop, back.code!));
  const user = await newUser(ctx.db);
  const storeId = await connectedStore(ctx.db, ctx.config, {
    userId: user.userId,
    platform: 'shopify',
    address: shop,
    credentials,
    emailPermission: o.emailPermission,
  });
  const order = await storeOrderIn(ctx.db, {
    userId: user.userId,
    storeId,
    storeOrderRef: `gid://shopify/Order/${shopOrder.id}`,
  });
  return { shop, shopOrder, user, token: await sessionFor(ctx.db, user.email), storeId, order };
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', 'idempotency-key': crypto.randomUUID() },
  });
const ship = (id: string, carrier: string, trackingNumber: string, path = 'ship') =>
  call(operator, 'POST', `/api/admin/orders/${id}/${path}`, { carrier, trackingNumber });
const standing = (shop: string, id: number) => emu.order(shop, id).fulfillments.filter((f) => f.status === 'SUCCESS');
async function until<T>(what: () => T | Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const pushOf = async (token: string, id: string) =>
  (await call(token, 'GET', `/api/p/orders/${id}`)).json().data.trackingPush;

describe('tracking goes back to the store', () => {
  it('the operator ships → the shop has one fulfilment with the number within seconds; the owner sees "sent"', async () => {
    const s = await shippable();
    const before = await call(s.token, 'GET', `/api/p/orders/${s.order.id}`);
    expect(before.json().data.trackingPush).toBeNull();
    const shippedAt = Date.now();
    const res = await ship(s.order.id, 'YunExpress Standard', 'YT2412345678901234');
    expect(res.statusCode, res.body).toBe(200);
    const fulfilments = await until(
      () => standing(s.shop, s.shopOrder.id),
      (f) => f.length > 0,
    );
    const took = Date.now() - shippedAt;
    expect(fulfilments).toHaveLength(1);
    expect(fulfilments[0]).toMatchObject({
      trackingInfo: [{ company: 'YunExpress', number: 'YT2412345678901234', url: null }],
      notifyCustomer: false, // the store's e-mail permission is off
      lines: [
        { lineId: s.shopOrder.lines[0]!.id, quantity: 2 },
        { lineId: s.shopOrder.lines[1]!.id, quantity: 1 },
      ],
    });
    expect(took).toBeLessThan(60_000);
    const push = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'sent',
    );
    expect(push).toMatchObject({
      state: 'sent',
      carrier: 'YunExpress Standard',
      trackingNumber: 'YT2412345678901234',
      warning: null,
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      canRetry: false,
    });
    expect(Date.parse(push.sentAt)).toBeGreaterThanOrEqual(shippedAt - 1000);
    // The operator's order page shows it too.
    const admin = await call(operator, 'GET', `/api/admin/orders/${s.order.id}`);
    expect(admin.json().data.trackingPush).toMatchObject({ state: 'sent' });
    console.info(`tracking in the shop ${took} ms after the ship answer`);
  });

  it("with the store's e-mail permission on, Shopify is asked to notify the buyer", async () => {
    const s = await shippable({ emailPermission: true });
    await ship(s.order.id, 'DHL Express', '1234567890');
    const [f] = await until(
      () => standing(s.shop, s.shopOrder.id),
      (x) => x.length > 0,
    );
    expect(f).toMatchObject({ notifyCustomer: true, trackingInfo: [{ company: 'DHL Express', number: '1234567890' }] });
  });

  it('a number with spaces is pushed without them; one longer than 25 characters is flagged and pushed', async () => {
    const s = await shippable();
    await ship(s.order.id, 'China Post', ' LX 1234 5678 9CN  0000 1111 2222 33 ');
    const [f] = await until(
      () => standing(s.shop, s.shopOrder.id),
      (x) => x.length > 0,
    );
    expect(f!.trackingInfo[0]!.number).toBe('LX123456789CN00001111222233');
    const push = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'sent',
    );
    expect(push).toMatchObject({ trackingNumber: 'LX123456789CN00001111222233', warning: 'too-long' });
    // The marketplace order keeps the same form as the store got (decision 0131): the owner's
    // order, the operator's, and the timeline's ship event.
    const mine = (await call(s.token, 'GET', `/api/p/orders/${s.order.id}`)).json().data;
    expect(mine).toMatchObject({ carrier: 'China Post', trackingNumber: 'LX123456789CN00001111222233' });
    const theirs = (await call(operator, 'GET', `/api/admin/orders/${s.order.id}`)).json().data;
    expect(theirs.trackingNumber).toBe('LX123456789CN00001111222233');
    const [event] = rawRows<{ data: { trackingNumber: string } }>(
      await ctx.db.execute(sql`select data from order_events where order_id = ${s.order.id} and event = 'ship'`),
    );
    expect(event!.data.trackingNumber).toBe('LX123456789CN00001111222233');
  });

  it('a corrected number updates the same fulfilment', async () => {
    const s = await shippable();
    await ship(s.order.id, 'UPS Ground', '1ZOLD');
    await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'sent',
    );
    const res = await ship(s.order.id, 'UPS Ground', '1ZNEW', 'tracking');
    expect(res.statusCode, res.body).toBe(200);
    const f = await until(
      () => standing(s.shop, s.shopOrder.id),
      (x) => x[0]?.trackingInfo[0]?.number === '1ZNEW',
    );
    expect(f).toHaveLength(1);
    expect(f[0]!.trackingInfo).toEqual([{ company: 'UPS', number: '1ZNEW', url: null }]);
    // The shop is updated before the push job records its outcome (after the shop's answer, in its
    // own unit of work): wait for that record rather than read it the moment the shop shows the number.
    const row = await until(
      async () =>
        rawRows(
          await ctx.db.execute(sql`select outcome, attempts from store_tracking_pushes where order_id = ${s.order.id}`),
        )[0],
      (r) => r?.outcome !== 'created',
    );
    expect(row).toMatchObject({ outcome: 'updated', attempts: 1 });
  });

  it('a throttled shop is retried with backoff and the push lands once', async () => {
    const s = await shippable();
    // Two 429 per attempt (the client retries once): the first job attempt fails `throttled`, the second lands.
    emu.fault(s.shop, { throttle: 2, retryAfterSeconds: 0 });
    await ship(s.order.id, 'GLS', 'GLS0001');
    const push = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'sent',
    );
    expect(push).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(standing(s.shop, s.shopOrder.id)).toHaveLength(1);
  });

  it('a fulfilment made by hand in the shop is reported, not doubled', async () => {
    const s = await shippable();
    await emu.fulfilByHand(s.shop, s.shopOrder.id, { company: 'FedEx', number: 'HAND-1' });
    await ship(s.order.id, 'FedEx', 'OURS-1');
    const push = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'by-hand',
    );
    expect(push).toMatchObject({ state: 'by-hand', sentAt: null, canRetry: true });
    expect(standing(s.shop, s.shopOrder.id).map((f) => f.trackingInfo[0]!.number)).toEqual(['HAND-1']);
  });

  it('an authorization problem fails at once with its reason; the owner retries after reconnecting, another user gets 404', async () => {
    const s = await shippable();
    await ctx.db.execute(sql`update stores set status = 'reauthorize' where id = ${s.storeId}`);
    await ship(s.order.id, 'USPS', '9400100000000000000001');
    const failed = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'failed',
    );
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 1,
      canRetry: true,
      nextAttemptAt: null,
      errorKind: 'auth',
    });
    expect(failed.lastError).toBe('the store is reauthorize');
    expect(standing(s.shop, s.shopOrder.id)).toHaveLength(0);

    const stranger = await sessionFor(ctx.db, (await newUser(ctx.db)).email);
    const theirs = await call(stranger, 'POST', `/api/p/orders/${s.order.id}/tracking-push/retry`);
    expect(theirs.statusCode).toBe(404);

    await ctx.db.execute(sql`update stores set status = 'connected' where id = ${s.storeId}`);
    const retried = await call(s.token, 'POST', `/api/p/orders/${s.order.id}/tracking-push/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.trackingPush).toMatchObject({ state: 'pending', canRetry: false });
    await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'sent',
    );
    expect(standing(s.shop, s.shopOrder.id)).toHaveLength(1);

    // Sent: nothing to retry, in the caller's language.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/orders/${s.order.id}/tracking-push/retry`,
      headers: {
        authorization: `Bearer ${s.token}`,
        'accept-language': 'fr-FR',
        'idempotency-key': crypto.randomUUID(),
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/rien à réessayer/);
    // The operator's retry of an order without a push: 404.
    const catalogueOrder = await storeOrderIn(ctx.db, {
      userId: s.user.userId,
      storeId: s.storeId,
      storeOrderRef: 'gid://shopify/Order/9',
    });
    const none = await call(operator, 'POST', `/api/admin/orders/${catalogueOrder.id}/tracking-push/retry`);
    expect(none.statusCode).toBe(404);
  });

  it("finds the shop's order through the store order that became ours, and marks the store for re-authorization when its token is refused", async () => {
    const s = await shippable();
    // As the batch payment links them: the arrived store order points at our order, which has no reference of its own.
    const arrived = await storeOrder(
      ctx.db,
      { id: s.storeId, userId: s.user.userId, platform: 'shopify' },
      { externalId: `gid://shopify/Order/${s.shopOrder.id}` },
    );
    await ctx.db.execute(sql`update store_orders set order_id = ${s.order.id} where id = ${arrived.id}`);
    await ctx.db.execute(sql`update orders set store_order_ref = null where id = ${s.order.id}`);
    await ship(s.order.id, 'USPS Ground Advantage', '9400111');
    const [f] = await until(
      () => standing(s.shop, s.shopOrder.id),
      (x) => x.length > 0,
    );
    expect(f!.trackingInfo[0]).toMatchObject({ company: 'USPS', number: '9400111' });

    // The shop uninstalls the app: the corrected number is refused (401, no refresh token works) → failed, store to re-authorize.
    await emu.uninstall(s.shop);
    await ship(s.order.id, 'USPS Ground Advantage', '9400222', 'tracking');
    const push = await until(
      () => pushOf(s.token, s.order.id),
      (p) => p?.state === 'failed',
    );
    expect(push).toMatchObject({ state: 'failed', errorKind: 'auth', attempts: 1 });
    const [store] = rawRows(await ctx.db.execute(sql`select status from stores where id = ${s.storeId}`));
    expect(store).toEqual({ status: 'reauthorize' });
  });

  it('catalogue orders and unshipped store orders have no push', async () => {
    const s = await shippable();
    expect(await pushOf(s.token, s.order.id)).toBeNull();
    const rows = rawRows(await ctx.db.execute(sql`select 1 from store_tracking_pushes where order_id = ${s.order.id}`));
    expect(rows).toHaveLength(0);
  });
});
