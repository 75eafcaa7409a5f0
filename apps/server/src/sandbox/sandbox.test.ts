import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import { buildApp } from '../app';
import { seed } from '../db/seed';
import { signedInUser } from '../../test/factories';
import type { App } from '../platform/types';
import { SANDBOX_SHOPIFY_SHOP, SANDBOX_WOO_KEYS, type Sandbox, startSandbox } from './sandbox';

// The demo without credentials (npm start): both emulators served by the app itself under
// /sandbox/…, reached by the browser on the app's own origin, webhooks into our own route.
let app: App;
let sandbox: Sandbox;
let base: string;
let token: string;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  sandbox = await startSandbox(testConfig({ port }));
  const database = await createTestDatabase();
  await seed(database.db, sandbox.config);
  app = await buildApp({ config: sandbox.config, database });
  sandbox.mount(app);
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
  token = (await signedInUser(database.db)).token;
});
afterAll(async () => {
  await app.close();
  await sandbox.close();
});

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { code: string; data: Record<string, unknown> & { id: string; redirectUrl: string } };
};

describe('the demo sandbox', () => {
  it('says it is a sandbox', async () => {
    expect((await call('GET', '/api/p/recharge/methods')).data.sandbox).toBe(true);
  });

  it('PayPal: the approve link is on our origin, comes back to /paypalstatus, and the capture credits', async () => {
    const order = (await call('POST', '/api/p/recharges', { amount: 100, method: 'paypal' })).data;
    const { redirectUrl } = (await call('POST', `/api/p/recharges/${order.id}/checkout`)).data;
    expect(redirectUrl).toMatch(/^\/sandbox\/paypal\/checkoutnow\?token=/);
    const back = await fetch(base + redirectUrl, { redirect: 'manual' });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(
      new RegExp(`^${base}/paypalstatus\\?recharge=${order.id}&token=\\w+&PayerID=`),
    );
    expect((await call('POST', `/api/p/recharges/${order.id}/paypal/capture`)).data.state).toBe('paid');
    await app.jobs.drain();
    expect((await call('GET', '/api/p/wallet')).data.balance).toBe(100);
  });

  it('card: the checkout page is served under /sandbox/stripe with links kept there, and its webhook reaches our route', async () => {
    const order = (await call('POST', '/api/p/recharges', { amount: 100, method: 'card' })).data;
    const { redirectUrl } = (await call('POST', `/api/p/recharges/${order.id}/checkout`)).data;
    expect(redirectUrl).toMatch(/^\/sandbox\/stripe\/c\/pay\/cs_/);
    const page = await fetch(base + redirectUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`action="${redirectUrl}"`);
    expect(html).toContain('Sandbox: no card is charged');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const paid = await fetch(base + redirectUrl, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ card_number: '4242424242424242' }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`${base}/user/paystate?recharge=${order.id}&session_id=cs_`);
    await sandbox.stripe!.waitForDeliveries(1);
    expect(sandbox.stripe!.deliveries[0]!.status).toBe(200);
    await app.jobs.drain();
    expect((await call('GET', `/api/p/recharges/${order.id}`)).data.state).toBe('completed');
    expect((await call('GET', '/api/p/wallet')).data.balance).toBe(200);
  });

  it('WooCommerce: the sandbox store is connected by its shown address and keys, marked sandbox, and its products arrive', async () => {
    const admin = await fetch(`${base}/sandbox/woocommerce/wp-admin`);
    const html = await admin.text();
    expect(admin.status).toBe(200);
    const address = /<code id="address">([^<]+)<\/code>/.exec(html)![1]!;
    expect(html).toContain(SANDBOX_WOO_KEYS.consumerKey);
    expect(html).toContain('action="/sandbox/woocommerce/wp-admin/products"');
    const added = await call('POST', '/api/p/stores/woocommerce', {
      name: 'Sandbox shop',
      address,
      ...SANDBOX_WOO_KEYS,
    });
    expect(added.data).toMatchObject({ sandbox: true, status: 'connected' });
    for (let i = 0; i < 4; i++) {
      await app.jobs.drain();
      await sandbox.woocommerce!.idle();
    }
    const stores = (await call('GET', '/api/p/stores')).data as unknown as Array<{
      productCount: number;
      lastSync: { state: string };
    }>;
    expect(stores[0]).toMatchObject({ productCount: 4, lastSync: { state: 'succeeded' } });
    expect(sandbox.woocommerce!.webhooks.map((w) => w.topic)).toContain('order.created');
    expect(sandbox.woocommerce!.webhooks).toHaveLength(5);
    // Its key page is reached on our own origin.
    await call('POST', `/api/p/stores/${added.data.id}/unbind`);
    const { url } = (
      await call('POST', '/api/p/stores/woocommerce/authorize', {
        name: 'Sandbox again',
        address: 'localhost:' + new URL(base).port + '/sandbox/woocommerce',
      })
    ).data as unknown as { url: string };
    expect(url).toMatch(/^\/sandbox\/woocommerce\/wc-auth\/v1\/authorize\?/);
    expect((await fetch(base + url)).status).toBe(200);
    // Any other address on this machine is refused before a call (the database port, say).
    const probe = await call('POST', '/api/p/stores/woocommerce', {
      name: 'Probe',
      address: 'http://127.0.0.1:5432',
      ...SANDBOX_WOO_KEYS,
    });
    expect((probe.data as unknown as { reason: string }).reason).toBe('store-address-not-allowed');
  });

  it('AliExpress: the authorize page is on our origin, the approve form comes back to /aliexpressstatus, and the seeded products arrive', async () => {
    const { url } = (await call('POST', '/api/p/stores/aliexpress/authorize')).data as unknown as { url: string };
    expect(url).toMatch(/^\/sandbox\/aliexpress\/oauth\/authorize\?/);
    const page = await fetch(base + url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('action="/sandbox/aliexpress/oauth/authorize"');
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m): [string, string] => [
        m[1]!,
        m[2]!.replaceAll('&#38;', '&'),
      ]),
    );
    form.set('account', 'sandbox-seller');
    form.set('approve', '1');
    const back = await fetch(`${base}/sandbox/aliexpress/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${base}/aliexpressstatus`);
    const store = await call('POST', '/api/p/stores/aliexpress/callback', {
      code: location.searchParams.get('code'),
      state: location.searchParams.get('state'),
    });
    expect(store.data).toMatchObject({
      platform: 'aliexpress',
      name: 'sandbox-seller',
      sandbox: true,
      status: 'connected',
    });
    await app.jobs.drain();
    await app.jobs.drain();
    const stores = (await call('GET', '/api/p/stores')).data as unknown as Array<{ id: string; productCount: number }>;
    expect(stores.find((s) => s.id === store.data.id)).toMatchObject({ productCount: 3 });
    expect((await fetch(`${base}/sandbox/aliexpress/admin`)).status).toBe(200);
  });

  it("Shopify: the demo shop's consent page is on our origin, its callback connects a sandbox store, its products arrive", async () => {
    const { url } = (await call('POST', '/api/p/stores/shopify/install', { shop: 'demo-shop' })).data as unknown as {
      url: string;
    };
    expect(url).toMatch(new RegExp(`^/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin/oauth/authorize\\?`));
    const page = await fetch(base + url);
    const html = await page.text();
    expect(html).toContain(`action="/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin/oauth/authorize"`);
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [
        m[1]!,
        m[2]!.replace(/&#38;/g, '&'),
      ]),
    );
    const approved = await fetch(`${base}/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin/oauth/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.pathname).toBe('/authensuccess');
    const connected = await call('POST', '/api/p/stores/shopify/callback', {
      query: Object.fromEntries(back.searchParams),
    });
    expect(connected.data).toMatchObject({
      platform: 'shopify',
      address: SANDBOX_SHOPIFY_SHOP,
      name: 'Demo Shopify shop',
      sandbox: true,
      status: 'connected',
    });
    await app.jobs.drain();
    const stores = (await call('GET', '/api/p/stores')).data as unknown as Array<{ id: string; productCount: number }>;
    expect(stores.find((st) => st.id === connected.data.id)).toMatchObject({ productCount: 5 });
    // Uninstalling from the shop's admin page reaches our webhook: the store shows disconnected.
    const left = await fetch(`${base}/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin/apps/uninstall`, {
      method: 'POST',
      redirect: 'manual',
    });
    // Back to the shop's admin page under the sandbox prefix (a bare /{shop}/admin was the SPA's 404).
    expect(new URL(left.headers.get('location')!, base).pathname).toBe(
      `/sandbox/shopify/${SANDBOX_SHOPIFY_SHOP}/admin`,
    );
    await sandbox.shopify!.settle();
    const after = (await call('GET', '/api/p/stores')).data as unknown as Array<{ id: string; status: string }>;
    expect(after.find((st) => st.id === connected.data.id)?.status).toBe('disconnected');
  });
});
