import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';
import { shopifyQueryHmac } from '../../connectors/stores/shopify/shopify.auth';
import { shopifyWebhookHmac } from '../../connectors/stores/shopify/shopify.webhook';
import { newUser } from '../../../test/factories';
import { openCredentials } from './stores.secrets';
import { normaliseShop } from './stores.shopify';
import { rawRows } from '../../db/rows';

// Shopify through the stores module against the emulator, the app listening so the emulator's
// webhooks reach it: install, callback, import, refresh, webhooks, privacy, unbind.
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const SECRET = 'shopify-test-secret';
let emu: ShopifyEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const port = await freePort();
  emu = await startShopifyEmulator({
    apiKey: 'test-app',
    apiSecret: SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 20_000 },
    webhookRetryDelaysMs: [5],
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/shopify`,
    privacyWebhookUrl: `http://127.0.0.1:${port}/api/webhooks/shopify/privacy`,
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
      shopify: {
        apiKey: 'test-app',
        apiSecret: SECRET,
        previousApiSecret: 'old-secret',
        apiVersion: '2026-10',
        scopes: 'read_products',
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
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
const drain = async () => {
  for (let i = 0; i < 4; i++) {
    await ctx.app.jobs.drain();
    await emu.settle();
  }
};
let shopNo = 0;
function newShop(products = 0): string {
  const domain = `shop-${++shopNo}-${Date.now().toString(36)}.myshopify.com`;
  emu.createShop(domain, { name: `Shop ${shopNo}` });
  for (let i = 1; i <= products; i++)
    emu.addProduct(domain, {
      title: `Product ${i}`,
      price: '5.00',
      sku: `S${shopNo}-${i}`,
      options: i === 1 ? [{ name: 'Size', values: ['S', 'M'] }] : [],
    });
  return domain;
}

/** Our form → the authorize link → the owner approves in the emulator → the query /authensuccess gets. */
async function authorize(token: string, typed: string): Promise<Record<string, string>> {
  const shop = typed.includes('.') ? typed : `${typed}.myshopify.com`;
  const res = await call(token, 'POST', '/api/p/stores/shopify/install', { shop: typed });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.url);
  expect(url.origin + url.pathname).toBe(`${emu.baseUrl}/${shop}/admin/oauth/authorize`);
  expect(url.searchParams.get('redirect_uri')).toBe('https://app.example/authensuccess');
  return emu.approve(shop, {
    clientId: url.searchParams.get('client_id')!,
    scope: url.searchParams.get('scope')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
  });
}
async function connect(token: string, shop: string) {
  const res = await call(token, 'POST', '/api/p/stores/shopify/callback', { query: await authorize(token, shop) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; status: string };
}
const signed = (q: Record<string, string>, secret = SECRET) => ({ ...q, hmac: shopifyQueryHmac(q, secret) });
const now = () => String(Math.floor(Date.now() / 1000));

describe('connecting a Shopify shop', () => {
  it('install → callback: tokens sealed, the store connected, its products imported to the end', async () => {
    const me = await owner();
    const shop = newShop(25);
    const store = await connect(me.token, shop.replace('.myshopify.com', ''));
    expect(store).toMatchObject({
      name: `Shop ${shopNo}`,
      platform: 'shopify',
      address: shop,
      status: 'connected',
      sandbox: false,
    });
    expect(JSON.stringify(store)).not.toMatch(/shpat_|shprt_/);
    const [raw] = await rows(
      sql`select credentials, authorization_expires_at, access_expires_at from stores where id = ${store.id}`,
    );
    expect(String(raw!.credentials)).toMatch(/^v1\./);
    expect(String(raw!.credentials)).not.toMatch(/shpat_|shprt_/);
    const creds = openCredentials(ctx.config, store.id, String(raw!.credentials));
    expect(creds).toMatchObject({
      shop,
      accessToken: expect.stringMatching(/^shpat_/),
      refreshToken: expect.stringMatching(/^shprt_/),
    });
    expect(new Date(String(raw!.authorization_expires_at)).getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);
    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({
      productCount: 25,
      authorizationExpiring: false,
      lastSync: { state: 'succeeded', imported: 25, pagesRead: 3 },
    });
    const variants = await rows(
      sql`select v.title, v.sku, v.price_minor::int as price_minor, v.currency from store_variants v join store_products p on p.id = v.store_product_id where p.store_id = ${store.id} and p.title = 'Product 1' order by v.title desc`,
    );
    expect(variants).toEqual([
      { title: 'S', sku: `S${shopNo}-1-1`, price_minor: 500, currency: 'USD' },
      { title: 'M', sku: `S${shopNo}-1-2`, price_minor: 500, currency: 'USD' },
    ]);
  });

  it("starts from the App URL's signed query; refuses it tampered, stale, or for a foreign domain", async () => {
    const me = await owner();
    const shop = newShop();
    const ok = await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop, query: emu.installQuery(shop) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(new URL(ok.json().data.url).pathname).toBe(`/${shop}/admin/oauth/authorize`);
    const tampered = { ...emu.installQuery(shop), shop: newShop() };
    expect(
      (await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop, query: tampered })).json(),
    ).toMatchObject({
      data: { reason: 'store-authorization-failed' },
      msg: 'Authorization failed, please re-authorize',
    });
    // A visitor may log in first: five minutes is fine for the install query, eleven are not.
    const late = signed({ shop, timestamp: String(Math.floor(Date.now() / 1000) - 300), host: 'x' });
    expect((await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop, query: late })).statusCode).toBe(200);
    const stale = signed({ shop, timestamp: String(Math.floor(Date.now() / 1000) - 660), host: 'x' });
    expect(
      (await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop, query: stale })).json().data.reason,
    ).toBe('store-authorization-expired');
    const foreign = signed({ shop: 'evil.example.com', timestamp: now() });
    expect(
      (await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop, query: foreign })).json(),
    ).toMatchObject({
      data: { reason: 'store-authorization-failed' },
      msg: 'A Shopify shop domain looks like your-shop.myshopify.com',
    });
    const typed = await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop: 'not a shop!' });
    expect(typed.statusCode).toBe(400);
  });

  it('refuses a callback with a tampered hmac, a wrong state, another shop or a stale timestamp; nothing saved', async () => {
    const me = await owner();
    const shop = newShop();
    const back = await authorize(me.token, shop);
    const cb = (query: Record<string, string>) => call(me.token, 'POST', '/api/p/stores/shopify/callback', { query });
    expect((await cb({ ...back, code: 'forged-code' })).json().data.reason).toBe('store-authorization-failed');
    const { hmac: _h, ...unsigned } = back;
    expect((await cb(signed({ ...unsigned, state: 'not-our-state' }))).json().data.reason).toBe(
      'store-authorization-expired',
    );
    expect((await cb(signed({ ...unsigned, shop: newShop() }))).json().data.reason).toBe('store-authorization-failed');
    expect(
      (await cb(signed({ ...unsigned, timestamp: String(Number(back.timestamp) - 120) }))).json().data.reason,
    ).toBe('store-authorization-expired');
    expect((await cb(signed({ ...unsigned, shop: 'evil.example.com' }))).json().data.reason).toBe(
      'store-authorization-failed',
    );
    expect((await rows(sql`select count(*)::int as n from stores where user_id = ${me.userId}`))[0]!.n).toBe(0);
    // The genuine callback still works, once.
    expect((await cb(back)).statusCode).toBe(200);
    expect((await cb(back)).json().data.reason).toBe('store-authorization-expired');
  });

  it("another user's callback → not the current user; the owner can still finish", async () => {
    const me = await owner();
    const other = await owner();
    const shop = newShop();
    const back = await authorize(me.token, shop);
    const res = await call(other.token, 'POST', '/api/p/stores/shopify/callback', { query: back });
    expect(res.json()).toMatchObject({
      data: { reason: 'store-not-current-user' },
      msg: 'You are not the current user, log in again',
    });
    expect((await call(me.token, 'POST', '/api/p/stores/shopify/callback', { query: back })).statusCode).toBe(200);
  });

  it('a shop connected by someone else cannot be connected again', async () => {
    const shop = newShop();
    await connect((await owner()).token, shop);
    const res = await call((await owner()).token, 'POST', '/api/p/stores/shopify/install', { shop });
    expect(res.json().data.reason).toBe('store-address-taken');
  });
});

describe('a connected Shopify store', () => {
  it('refreshes its token before it runs out and stores the rotated refresh token (and its expiry)', async () => {
    const me = await owner();
    const shop = newShop(2);
    const store = await connect(me.token, shop);
    await drain();
    const [before] = await rows(sql`select credentials from stores where id = ${store.id}`);
    const old = openCredentials(ctx.config, store.id, String(before!.credentials));
    // The access token is about to run out: the next call refreshes first.
    const { sealCredentials } = await import('./stores.secrets');
    const soon = sealCredentials(ctx.config, store.id, {
      ...old,
      accessExpiresAt: new Date(Date.now() + 30_000).toISOString(),
    });
    await ctx.db.execute(sql`update stores set credentials = ${soon} where id = ${store.id}`);
    expect((await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`)).statusCode).toBe(200);
    await drain();
    const [after] = await rows(sql`select credentials, access_expires_at from stores where id = ${store.id}`);
    const next = openCredentials(ctx.config, store.id, String(after!.credentials));
    expect(next.refreshToken).not.toBe(old.refreshToken);
    expect(next.accessToken).not.toBe(old.accessToken);
    expect(new Date(String(after!.access_expires_at)).getTime() - Date.now()).toBeGreaterThan(3500_000);
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ status: 'connected', lastSync: { state: 'succeeded' } });
  });

  it('a token the shop refuses and cannot be refreshed → re-authorize, which reconnects the same store', async () => {
    const me = await owner();
    const shop = newShop(1);
    const store = await connect(me.token, shop);
    await drain();
    emu.data.revokeShop(shop);
    await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`);
    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({
      status: 'reauthorize',
      lastSync: { state: 'failed', error: 'Authorization failed, please re-authorize' },
    });
    const again = await call(me.token, 'POST', `/api/p/stores/${store.id}/reauthorize`);
    const url = new URL(again.json().data.url);
    const back = emu.approve(shop, {
      clientId: 'test-app',
      scope: 'read_products',
      redirectUri: url.searchParams.get('redirect_uri')!,
      state: url.searchParams.get('state')!,
    });
    const res = await call(me.token, 'POST', '/api/p/stores/shopify/callback', { query: back });
    expect(res.json().data).toMatchObject({ id: store.id, status: 'connected' });
  });

  it('goes through the throttle: the import waits for the bucket and completes', async () => {
    const me = await owner();
    const shop = newShop(12);
    const store = await connect(me.token, shop);
    emu.shop(shop).bucket.available = 0;
    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ id: store.id, productCount: 12, lastSync: { state: 'succeeded', pagesRead: 2 } });
  });
});

describe('Shopify webhooks', () => {
  it('products/update refreshes the product once per webhook id; a bad signature is 401', async () => {
    const me = await owner();
    const shop = newShop(2);
    const store = await connect(me.token, shop);
    await drain();
    const product = [...emu.shop(shop).products.values()][1]!;
    const delivery = await emu.updateProduct(shop, product.id, { title: 'Renamed in Shopify', price: '7.25' });
    expect(delivery).toMatchObject({ status: 200 });
    await drain();
    const titles = async () =>
      (await rows(sql`select title from store_products where store_id = ${store.id} order by title`)).map(
        (r) => r.title,
      );
    expect(await titles()).toEqual(['Product 1', 'Renamed in Shopify']);
    const jobs = async () =>
      Number(
        (
          await rows(
            sql`select count(*)::int as n from jobs where type = 'stores.webhook' and payload->>'storeId' = ${store.id}`,
          )
        )[0]!.n,
      );
    expect(await jobs()).toBe(1);
    const headers = emu.webhookHeaders(emu.shop(shop), 'products/update', delivery!, delivery!.body);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers,
      payload: delivery!.body,
    });
    expect(replay.statusCode).toBe(200);
    await drain();
    expect(await jobs()).toBe(1);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: { ...headers, 'x-shopify-webhook-id': 'another' },
      payload: delivery!.body.replace('Renamed', 'Forged'),
    });
    expect(forged.statusCode).toBe(401);
    // The previous secret still verifies during a rotation.
    const oldSigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/shopify',
      headers: {
        ...headers,
        'x-shopify-webhook-id': 'rotated',
        'x-shopify-hmac-sha256': shopifyWebhookHmac(delivery!.body, 'old-secret'),
      },
      payload: delivery!.body,
    });
    expect(oldSigned.statusCode).toBe(200);
  });

  it('products/delete marks the product deleted', async () => {
    const me = await owner();
    const shop = newShop(2);
    const store = await connect(me.token, shop);
    await drain();
    const gone = [...emu.shop(shop).products.values()][0]!;
    expect(await emu.deleteProduct(shop, gone.id)).toMatchObject({ status: 200 });
    await drain();
    const statuses = await rows(
      sql`select external_id, status from store_products where store_id = ${store.id} order by external_id`,
    );
    expect(statuses.find((r) => r.external_id === `gid://shopify/Product/${gone.id}`)).toMatchObject({
      status: 'deleted',
    });
    expect(statuses.filter((r) => r.status === 'active')).toHaveLength(1);
  });

  it('app/uninstalled marks the store disconnected and drops its tokens', async () => {
    const me = await owner();
    const shop = newShop(1);
    const store = await connect(me.token, shop);
    await drain();
    const d = await emu.uninstall(shop);
    expect(d).toMatchObject({ status: 200, attempts: 1 });
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ id: store.id, status: 'disconnected' });
    expect((await rows(sql`select credentials from stores where id = ${store.id}`))[0]).toEqual({ credentials: null });
    // The shop can be connected again afterwards (by anyone): the disconnected row frees it.
    expect((await connect((await owner()).token, shop)).status).toBe('connected');
  });

  it('privacy topics: 401 on a bad HMAC, 200 otherwise; shop/redact erases what is left of a disconnected shop', async () => {
    const me = await owner();
    const shop = newShop();
    const store = await connect(me.token, shop);
    await ctx.db.execute(sql`update stores set status = 'disconnected' where id = ${store.id}`);
    for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact']) {
      const body = JSON.stringify(emu.privacyPayload(emu.shop(shop), topic));
      const headers = emu.webhookHeaders(
        emu.shop(shop),
        topic,
        { id: `priv-${topic}-${shop}`, at: new Date().toISOString() },
        body,
      );
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopify/privacy',
        headers: { ...headers, 'x-shopify-hmac-sha256': shopifyWebhookHmac(body, 'wrong') },
        payload: body,
      });
      expect(bad.statusCode, topic).toBe(401);
      const unsigned = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopify/privacy',
        headers: { ...headers, 'x-shopify-hmac-sha256': '' },
        payload: body,
      });
      expect(unsigned.statusCode, topic).toBe(401);
      const good = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopify/privacy',
        headers,
        payload: body,
      });
      expect(good.statusCode, topic).toBe(200);
    }
    expect((await rows(sql`select credentials from stores where id = ${store.id}`))[0]).toEqual({ credentials: null });
    expect(
      (
        await rows(
          sql`select count(*)::int as n from store_webhook_deliveries where platform = 'shopify' and delivery_id like ${`priv-%-${shop}`}`,
        )
      )[0]!.n,
    ).toBe(3);
  });
});

describe('unbinding a Shopify store', () => {
  it('uninstalls the app from the shop and marks the store disconnected', async () => {
    const me = await owner();
    const shop = newShop(1);
    const store = await connect(me.token, shop);
    await drain();
    expect(emu.shop(shop).installed).toBe(true);
    const res = await call(me.token, 'POST', `/api/p/stores/${store.id}/unbind`);
    expect(res.json().data).toMatchObject({ status: 'disconnected' });
    expect(emu.shop(shop).installed).toBe(false);
    await drain(); // Shopify's own app/uninstalled arrives after: nothing more happens
    expect((await call(me.token, 'GET', '/api/p/stores')).json().data[0]).toMatchObject({ status: 'disconnected' });
  });

  it("another user's store cannot be unbound or re-authorized", async () => {
    const store = await connect((await owner()).token, newShop());
    const other = await owner();
    expect((await call(other.token, 'POST', `/api/p/stores/${store.id}/unbind`)).statusCode).toBe(404);
    expect((await call(other.token, 'POST', `/api/p/stores/${store.id}/reauthorize`)).statusCode).toBe(404);
  });
});

describe('a typed shop', () => {
  it('is normalised to its myshopify.com domain, or refused', () => {
    for (const typed of [
      'my-shop',
      'My-Shop.myshopify.com',
      'https://my-shop.myshopify.com/admin/products',
      ' admin.shopify.com/store/my-shop/settings ',
    ])
      expect(normaliseShop(typed), typed).toBe('my-shop.myshopify.com');
    for (const typed of ['my shop', 'shop.example.com', 'https://evil.com/my-shop.myshopify.com', '-x', ''])
      expect(normaliseShop(typed), typed).toBeNull();
  });
});
