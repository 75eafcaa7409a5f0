import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type WooEmulator, startWooEmulator } from '../../sandbox/woocommerce/emulator';
import { newUser } from '../../../test/factories';
import { findStoreProductForUser, storeProductsOf } from './stores.queries';
import { queueDuePulls, runSync } from './stores.sync';
import { wooWebhookSignature } from '../../connectors/stores/woocommerce';
import { openWebhookSecret } from './stores.secrets';
import { rawRows } from '../../db/rows';

// Stores against emulated WooCommerce stores on loopback (allowed here by configuration), with
// the app listening so the stores can deliver webhooks and post keys to it.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const emulators: WooEmulator[] = [];
beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp(
    {
      port,
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
});
afterAll(async () => {
  for (const e of emulators) await e.close().catch(() => undefined);
  await ctx.app.close();
});

async function emulator(products = 0): Promise<WooEmulator> {
  const e = await startWooEmulator({ retryAfterSeconds: 0 });
  for (let i = 1; i <= products; i++) e.store.add({ name: `Product ${i}`, sku: `P-${i}`, price: '5.00' });
  emulators.push(e);
  return e;
}

const rows = async (q: ReturnType<typeof sql>) => rawRows(await ctx.db.execute(q));
async function owner() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}
const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
const drain = async (e?: WooEmulator) => {
  for (let i = 0; i < 5; i++) {
    await ctx.app.jobs.drain();
    await e?.idle();
  }
};
async function addStore(token: string, e: WooEmulator, name = 'My shop', keys = e.firstKey) {
  return call(token, 'POST', '/api/p/stores/woocommerce', { name, address: e.baseUrl, ...keys });
}

describe('adding a WooCommerce store by key and secret', () => {
  it('checks the keys, seals them, registers webhooks and imports every product', async () => {
    const me = await owner();
    const e = await emulator(3);
    const tee = e.store.add({ name: 'Tee', type: 'variable' });
    e.store.addVariation(tee.id, { sku: 'TEE-S', price: '19.99', attributes: [{ name: 'Size', option: 'S' }] });
    e.store.addVariation(tee.id, { sku: 'TEE-M', price: '19.99', attributes: [{ name: 'Size', option: 'M' }] });
    const res = await addStore(me.token, e);
    expect(res.statusCode, res.body).toBe(200);
    const store = res.json().data;
    expect(store).toMatchObject({
      name: 'My shop',
      platform: 'woocommerce',
      address: e.baseUrl.replace('http://', ''),
      status: 'connected',
      sandbox: false,
    });
    expect(JSON.stringify(store)).not.toMatch(/ck_|cs_/);

    const [raw] = await rows(sql`select credentials, webhook_secret from stores where id = ${store.id}`);
    expect(String(raw!.credentials)).toMatch(/^v1\./);
    expect(String(raw!.webhook_secret)).toMatch(/^v1\./);
    expect(JSON.stringify(raw)).not.toContain(e.firstKey.consumerKey);
    expect(JSON.stringify(raw)).not.toContain(e.firstKey.consumerSecret);
    expect(JSON.stringify(raw)).not.toMatch(/ck_|cs_/);

    await drain(e);
    expect(e.webhooks.map((w) => w.topic).sort()).toEqual([
      'order.created',
      'order.updated',
      'product.created',
      'product.deleted',
      'product.updated',
    ]);
    expect(e.webhooks.every((w) => w.deliveryUrl.endsWith(`/api/webhooks/woocommerce/${store.id}`))).toBe(true);
    const list = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      productCount: 4,
      lastSync: { state: 'succeeded', imported: 4, pagesRead: 1, totalPages: 1, error: null },
    });
    const page = await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10, q: 'tee-m' });
    expect(page.total).toBe(1);
    expect(page.records[0]!.variants.map((v) => [v.title, v.sku, v.price, v.currency])).toEqual([
      ['S', 'TEE-S', 19.99, 'USD'],
      ['M', 'TEE-M', 19.99, 'USD'],
    ]);
  });

  it('refused keys and a store that is not there: a clear reason, nothing saved', async () => {
    const me = await owner();
    const e = await emulator();
    const bad = await addStore(me.token, e, 'Bad', {
      consumerKey: e.firstKey.consumerKey,
      consumerSecret: 'cs_wrongwrongwrong',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      data: { reason: 'store-credentials-refused' },
      msg: 'The store refused the consumer key and secret: Invalid signature - provided signature does not match.',
    });
    const gone = await call(me.token, 'POST', '/api/p/stores/woocommerce', {
      name: 'Gone',
      address: 'http://127.0.0.1:1',
      ...e.firstKey,
    });
    expect(gone.json().data.reason).toBe('store-unreachable');
    const invalid = await call(me.token, 'POST', '/api/p/stores/woocommerce', {
      name: 'X',
      address: 'ftp://shop.example.com',
      ...e.firstKey,
    });
    expect(invalid.statusCode).toBe(400);
    expect((await rows(sql`select count(*)::int as n from stores where user_id = ${me.userId}`))[0]!.n).toBe(0);
  });

  it('one live store per address, normalised: https://Shop.example.com/ is shop.example.com', async () => {
    const me = await owner();
    await ctx.db.execute(
      sql`insert into stores (user_id, platform, name, address, base_url) values (${me.userId}, 'woocommerce', 'Shop', 'shop.example.com', 'https://shop.example.com')`,
    );
    const other = await owner();
    const res = await call(other.token, 'POST', '/api/p/stores/woocommerce', {
      name: 'Again',
      address: 'https://Shop.example.com/',
      consumerKey: 'ck_abcdefgh12',
      consumerSecret: 'cs_abcdefgh12',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      data: { reason: 'store-address-taken' },
      msg: 'The store shop.example.com is already connected',
    });
  });

  it("another user's store is not found", async () => {
    const me = await owner();
    const e = await emulator(1);
    const id = (await addStore(me.token, e)).json().data.id;
    const stranger = await owner();
    for (const [method, url, body] of [
      ['PATCH', `/api/p/stores/${id}`, { name: 'Mine now' }],
      ['POST', `/api/p/stores/${id}/unbind`, undefined],
      ['POST', `/api/p/stores/${id}/sync`, undefined],
      ['GET', `/api/p/stores/${id}/sync`, undefined],
      ['POST', `/api/p/stores/${id}/reauthorize`, undefined],
      ['GET', `/api/p/stores/${id}/products`, undefined],
    ] as const) {
      const res = await call(stranger.token, method, url, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call(stranger.token, 'GET', '/api/p/stores')).json().data).toEqual([]);
    await drain(e);
    const product = (await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10 })).records[0]!;
    expect(await findStoreProductForUser(ctx.db, stranger.userId, product.id)).toBeNull();
    expect((await findStoreProductForUser(ctx.db, me.userId, product.id))?.title).toBe('Product 1');
  });

  it('PATCH changes name and switches', async () => {
    const me = await owner();
    const id = (await addStore(me.token, await emulator())).json().data.id;
    const res = await call(me.token, 'PATCH', `/api/p/stores/${id}`, { name: 'Renamed', inventorySync: true });
    expect(res.json().data).toMatchObject({ name: 'Renamed', inventorySync: true, emailPermission: false });
  });
});

describe('the import job', () => {
  it('pages to the end and, cut off by throttling, resumes from its cursor', async () => {
    const me = await owner();
    const e = await emulator(120); // 3 pages of 50
    const store = (await addStore(me.token, e)).json().data;
    const [sync] = await rows(sql`select id from store_syncs where store_id = ${store.id}`);
    // Page 1 (its list and the currency) is served, then the store throttles past our retries.
    e.throttle(10, 2);
    await expect(runSync(ctx.db, ctx.config, String(sync!.id), false)).rejects.toMatchObject({ kind: 'throttled' });
    const cut = (await call(me.token, 'GET', `/api/p/stores/${store.id}/sync`)).json().data;
    expect(cut).toMatchObject({ state: 'running', pagesRead: 1, totalPages: 3, imported: 50 });
    e.throttle(0);
    await drain(e);
    const done = (await call(me.token, 'GET', `/api/p/stores/${store.id}/sync`)).json().data;
    expect(done).toMatchObject({ state: 'succeeded', pagesRead: 3, totalPages: 3, imported: 120 });
    const listReads = e.requests.filter(
      (r) => r.path === '/wp-json/wc/v3/products' && r.status === 200 && r.page !== null,
    );
    expect(listReads.map((r) => r.page)).toEqual(['1', '2', '3']); // each page read once (the key check names no page)
    expect((await storeProductsOf(ctx.db, me.userId, { current: 1, size: 1 })).total).toBe(120);
  });

  it('a second import while one runs is refused; a product gone from the store is marked deleted', async () => {
    const me = await owner();
    const e = await emulator(2);
    const store = (await addStore(me.token, e)).json().data;
    const again = await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`);
    expect(again.json().data.reason).toBe('store-sync-running');
    await drain(e);
    e.missDeliveries = true;
    e.store.remove([...e.store.products.keys()][0]!);
    expect((await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`)).json().data.state).toBe('queued');
    await drain(e);
    expect((await call(me.token, 'GET', '/api/p/stores')).json().data[0].productCount).toBe(1);
  });
});

describe('webhooks and the catch-up', () => {
  it('a signed delivery refreshes the product; the same delivery twice has one effect; a bad signature is refused', async () => {
    const me = await owner();
    const e = await emulator(1);
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    const productId = [...e.store.products.keys()][0]!;
    e.store.update(productId, { name: 'Renamed on the store' });
    await e.idle();
    const delivery = e.deliveries.at(-1)!;
    expect(delivery.status).toBe(200);
    await drain(e);
    const titles = async () =>
      (await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10 })).records.map((p) => p.title);
    expect(await titles()).toEqual(['Renamed on the store']);

    const jobs = async () =>
      Number((await rows(sql`select count(*)::int as n from jobs where type = 'stores.webhook'`))[0]!.n);
    const before = await jobs();
    const replay = await fetch(
      `${ctx.config.publicUrl ?? `http://127.0.0.1:${ctx.config.port}`}/api/webhooks/woocommerce/${store.id}`,
      { method: 'POST', headers: delivery.headers, body: delivery.body },
    );
    expect(replay.status).toBe(200);
    expect(await jobs()).toBe(before);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/woocommerce/${store.id}`,
      headers: { ...delivery.headers, 'x-wc-webhook-delivery-id': 'new-id' },
      payload: delivery.body.replace('Renamed', 'Forged'),
    });
    expect(forged.statusCode).toBe(401);
    const ping = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/woocommerce/${store.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=7',
    });
    expect(ping.statusCode).toBe(200);
  });

  it('a deleted variation (its own id in the webhook) re-reads its product: the variant is marked removed, the product stays', async () => {
    const me = await owner();
    const e = await emulator();
    const tee = e.store.add({ name: 'Tee', type: 'variable' });
    const s = e.store.addVariation(tee.id, { sku: 'S', price: '1.00', attributes: [{ name: 'Size', option: 'S' }] });
    e.store.addVariation(tee.id, { sku: 'M', price: '1.00', attributes: [{ name: 'Size', option: 'M' }] });
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    e.missDeliveries = true;
    e.store.removeVariation(tee.id, s.id);
    const [row] = await rows(sql`select webhook_secret from stores where id = ${store.id}`);
    const body = JSON.stringify({ id: s.id });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/woocommerce/${store.id}`,
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-topic': 'product.deleted',
        'x-wc-webhook-delivery-id': 'var-del-1',
        'x-wc-webhook-signature': wooWebhookSignature(
          body,
          openWebhookSecret(ctx.config, store.id, String(row!.webhook_secret)),
        ),
      },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    await drain(e);
    const [product] = (await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10 })).records;
    expect(product).toMatchObject({ title: 'Tee', status: 'active' });
    expect(product!.variants.map((v) => v.sku)).toEqual(['M']);
  });

  it('missed deliveries are caught up by modified_after on the scheduled pull', async () => {
    const me = await owner();
    const e = await emulator(2);
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    e.missDeliveries = true;
    const [first] = [...e.store.products.keys()];
    e.store.update(first!, { name: 'Changed while webhooks were lost' });
    e.store.add({ name: 'Added while webhooks were lost', price: '3.00' });
    await drain(e);
    expect(e.deliveries.filter((d) => d.missed)).toHaveLength(2);
    expect((await call(me.token, 'GET', '/api/p/stores')).json().data[0].productCount).toBe(2);
    expect(await queueDuePulls(ctx.db)).toBeGreaterThanOrEqual(1);
    await drain(e);
    const [latest] = await rows(
      sql`select kind, state from store_syncs where store_id = ${store.id} order by created_at desc limit 1`,
    );
    expect(latest).toEqual({ kind: 'catch-up', state: 'succeeded' });
    const titles = (await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10 })).records
      .map((p) => p.title)
      .sort();
    expect(titles).toEqual(['Added while webhooks were lost', 'Changed while webhooks were lost', 'Product 2']);
    // The catch-up asked only for what changed, not the whole store.
    const lastList = e.requests.filter((r) => r.path === '/wp-json/wc/v3/products').at(-1)!;
    expect(lastList).toMatchObject({
      status: 200,
      modifiedAfter: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
  });
});

describe('unbinding', () => {
  it('deletes our webhooks on the store and marks the store disconnected without its secrets', async () => {
    const me = await owner();
    const e = await emulator(1);
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    expect(e.webhooks.map((w) => w.topic)).toEqual([
      'product.created',
      'product.updated',
      'product.deleted',
      'order.created',
      'order.updated',
    ]);
    const res = await call(me.token, 'POST', `/api/p/stores/${store.id}/unbind`);
    expect(res.json().data.status).toBe('disconnected');
    expect(e.webhooks).toHaveLength(0);
    const [raw] = await rows(sql`select credentials, webhook_secret from stores where id = ${store.id}`);
    expect(raw).toEqual({ credentials: null, webhook_secret: null });
    // The address is free again.
    expect((await addStore(me.token, e, 'Back again')).statusCode).toBe(200);
  });

  it('a store that does not answer → "Unbinding failed" with the reason; the store stays connected', async () => {
    const me = await owner();
    const e = await emulator(1);
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    await e.close();
    const res = await call(me.token, 'POST', `/api/p/stores/${store.id}/unbind`);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.reason).toBe('store-unbind-failed');
    expect(res.json().msg).toMatch(/^Unbinding failed: connection failed/);
    expect((await call(me.token, 'GET', '/api/p/stores')).json().data[0].status).toBe('connected');
  });
});

describe("the store's key page (/wc-auth/v1/authorize)", () => {
  it('approve → the store posts the keys to our callback → the owner comes back to a connected store', async () => {
    const me = await owner();
    const e = await emulator(1);
    const start = await call(me.token, 'POST', '/api/p/stores/woocommerce/authorize', {
      name: 'Via key page',
      address: e.baseUrl,
    });
    expect(start.statusCode, start.body).toBe(200);
    const url = new URL(start.json().data.url);
    expect(url.pathname).toBe('/wc-auth/v1/authorize');
    const returnUrl = url.searchParams.get('return_url')!;
    const nonce = new URL(returnUrl).pathname.split('/')[1]!;
    expect(url.searchParams.get('callback_url')).toMatch(new RegExp(`/api/stores/woocommerce/callback/${nonce}$`));
    expect((await fetch(url)).status).toBe(200);

    const pending = await call(me.token, 'GET', `/api/p/stores/woocommerce/authorizations/${nonce}`);
    expect(pending.json().data).toEqual({ state: 'pending', store: null, error: null });
    const stranger = await owner();
    const foreign = await call(stranger.token, 'GET', `/api/p/stores/woocommerce/authorizations/${nonce}`);
    expect(foreign.json()).toMatchObject({
      data: { reason: 'store-not-current-user' },
      msg: 'You are not the current user, log in again',
    });

    const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), approve: '1' });
    const answer = await fetch(`${e.baseUrl}/wc-auth/v1/access_granted`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('success')).toBe('1');
    expect(`${back.origin}${back.pathname}`).toBe(`${new URL(returnUrl).origin}${new URL(returnUrl).pathname}`);

    const done = (await call(me.token, 'GET', `/api/p/stores/woocommerce/authorizations/${nonce}`)).json().data;
    expect(done).toMatchObject({
      state: 'connected',
      error: null,
      store: { name: 'Via key page', status: 'connected' },
    });
    // Used once: the same callback again is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/stores/woocommerce/callback/${nonce}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(again.json().data.reason).toBe('store-authorization-expired');
    await drain(e);
    expect(e.webhooks).toHaveLength(5);
  });

  it('keys revoked on the store → the import fails with "Authorization failed, please re-authorize" → re-authorizing by the key page reconnects the same store', async () => {
    const me = await owner();
    const e = await emulator(1);
    const store = (await addStore(me.token, e)).json().data;
    await drain(e);
    e.keys.splice(0, e.keys.length);
    await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`);
    await drain(e);
    const after = (await call(me.token, 'GET', '/api/p/stores')).json().data[0];
    expect(after).toMatchObject({
      status: 'reauthorize',
      lastSync: { state: 'failed', error: 'Authorization failed, please re-authorize' },
    });

    const { url } = (await call(me.token, 'POST', `/api/p/stores/${store.id}/reauthorize`)).json().data;
    const form = new URLSearchParams({ ...Object.fromEntries(new URL(url).searchParams), approve: '1' });
    expect(
      (await fetch(`${e.baseUrl}/wc-auth/v1/access_granted`, { method: 'POST', body: form, redirect: 'manual' }))
        .status,
    ).toBe(302);
    await drain(e);
    const back = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ id: store.id, status: 'connected', lastSync: { state: 'succeeded' } });
  });
});
