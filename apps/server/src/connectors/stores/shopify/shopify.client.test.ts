import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../store-platform';
import { startShopifyEmulator, type ShopifyEmulator } from '../../../sandbox/shopify/emulator';
import {
  ShopifyClient,
  credentialsToTokens,
  exchangeShopifyCode,
  refreshShopifyToken,
  shopifyInstallUrl,
  tokensToCredentials,
  verifyShopifyQuery,
  type ShopifyApp,
} from './index';

// The connector against the emulator, through HTTP: what the stores module gets from it.
const SHOP = 'client-test.myshopify.com';
let emu: ShopifyEmulator;
let app: ShopifyApp;
const http = { timeoutMs: 2000, retries: 1, backoffMs: 5 };

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'key-1',
    apiSecret: 'secret-1',
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  app = { apiKey: 'key-1', apiSecret: 'secret-1', shopUrlTemplate: emu.shopUrlTemplate, apiVersion: '2026-10', http };
  const shop = emu.createShop(SHOP, { currency: 'EUR' });
  for (let i = 1; i <= 23; i++)
    emu.addProduct(SHOP, {
      title: `Product ${i}`,
      price: `${i}.50`,
      sku: `P${i}`,
      options: i % 2 ? [{ name: 'Size', values: ['S', 'M'] }] : [],
    });
  // One product with more variants than the first page holds.
  emu.addProduct(SHOP, {
    title: 'Many',
    price: '1.00',
    sku: 'MANY',
    options: [{ name: 'N', values: Array.from({ length: 60 }, (_, i) => `v${i}`) }],
  });
  expect(shop.products.size).toBe(24);
});
afterAll(async () => {
  await emu.close();
});

async function install(): Promise<StoreCredentials> {
  const link = new URL(
    shopifyInstallUrl({
      shopUrlTemplate: app.shopUrlTemplate,
      shop: SHOP,
      apiKey: app.apiKey,
      scopes: 'read_products',
      redirectUri: 'https://app.example/authensuccess',
      state: 'st-1',
    }),
  );
  const back = emu.approve(SHOP, {
    clientId: link.searchParams.get('client_id')!,
    scope: link.searchParams.get('scope')!,
    redirectUri: link.searchParams.get('redirect_uri')!,
    state: 'st-1',
  });
  const check = verifyShopifyQuery(back, app.apiSecret);
  expect(check).toMatchObject({ ok: true, shop: SHOP, values: { state: 'st-1' } });
  return tokensToCredentials(SHOP, await exchangeShopifyCode(app, SHOP, back.code!));
}

describe('Shopify connector against the emulator', () => {
  it('exchanges a code once for an expiring offline token with a refresh token', async () => {
    const back = emu.approve(SHOP, {
      clientId: 'key-1',
      scope: 'read_products',
      redirectUri: 'https://app.example/cb',
      state: 's',
    });
    const tokens = await exchangeShopifyCode(app, SHOP, back.code!);
    expect(tokens.refreshToken).toMatch(/^shprt_/);
    expect(Date.parse(tokens.accessExpiresAt!) - Date.now()).toBeGreaterThan(3500_000);
    expect(Date.parse(tokens.refreshExpiresAt!) - Date.now()).toBeGreaterThan(89 * 86400_000);
    await expect(exchangeShopifyCode(app, SHOP, back.code!)).rejects.toMatchObject({
      kind: 'auth',
      detail: expect.stringContaining('already used'),
    });
    await expect(exchangeShopifyCode({ ...app, apiSecret: 'wrong' }, SHOP, 'x')).rejects.toMatchObject({
      kind: 'auth',
    });
  });

  it('rotates the refresh token: the new one works, the old one no longer', async () => {
    const first = credentialsToTokens(await install());
    const second = await refreshShopifyToken(app, SHOP, first.refreshToken!);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    await expect(refreshShopifyToken(app, SHOP, first.refreshToken!)).rejects.toMatchObject({ kind: 'auth' });
    await expect(refreshShopifyToken(app, SHOP, second.refreshToken!)).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^shpat_/),
    });
  });

  it('reads every product to the end by cursor, each with all its variants, prices in minor units', async () => {
    const client = new ShopifyClient({ app, shop: SHOP, credentials: await install() });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listProducts(cursor);
      seen.push(...page.products.map((p) => p.title));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
    const one = (await client.listProducts(null, { pageSize: 1 })).products[0]!;
    expect(one).toMatchObject({
      title: 'Product 1',
      status: 'active',
      externalId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/),
    });
    expect(one.variants.map((v) => [v.title, v.sku, v.price, v.options])).toEqual([
      ['S', 'P1-1', { amount: 150, currency: 'EUR' }, [{ name: 'Size', value: 'S' }]],
      ['M', 'P1-2', { amount: 150, currency: 'EUR' }, [{ name: 'Size', value: 'M' }]],
    ]);
    const plain = (await client.listProducts(null, { pageSize: 2 })).products[1]!;
    expect(plain.variants).toEqual([expect.objectContaining({ title: 'Product 2', options: [], sku: 'P2' })]);
    const many = [...emu.shop(SHOP).products.values()].find((p) => p.title === 'Many')!;
    const got = await client.getProduct(`gid://shopify/Product/${many.id}`);
    expect(got?.variants).toHaveLength(60);
    expect(await client.getProduct('gid://shopify/Product/1')).toBeNull();
    expect(await client.getProduct('not-an-id')).toBeNull();
  });

  it('asks only for products changed since a moment', async () => {
    const client = new ShopifyClient({ app, shop: SHOP, credentials: await install() });
    const p = [...emu.shop(SHOP).products.values()][4]!;
    emu.data.clockOffsetMs = 60_000;
    await emu.updateProduct(SHOP, p.id, { title: 'Changed title' });
    emu.data.clockOffsetMs = 0;
    const page = await client.listProducts(null, { updatedSince: new Date(Date.now() + 30_000) });
    expect(page.products.map((x) => x.title)).toEqual(['Changed title']);
  });

  it('refreshes before the access token runs out and hands the rotated credentials over first', async () => {
    const stored: StoreCredentials[] = [];
    const creds = await install();
    const client = new ShopifyClient({
      app,
      shop: SHOP,
      credentials: { ...creds, accessExpiresAt: new Date(Date.now() + 60_000).toISOString() },
      onCredentials: async (c) => void stored.push(c),
    });
    await client.listProducts(null, { pageSize: 1 });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refreshToken).not.toBe(creds.refreshToken);
    expect(stored[0]!.accessToken).toBe(client.admin.currentTokens.accessToken);
    // The spent refresh token is refused now: only the stored one works.
    await expect(refreshShopifyToken(app, SHOP, String(creds.refreshToken))).rejects.toMatchObject({ kind: 'auth' });
  });

  it('two workers with the same expiring tokens: one refreshes, the other takes the stored rotation instead of failing', async () => {
    let stored: StoreCredentials = {
      ...(await install()),
      accessExpiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    const initial = stored;
    let writes = 0;
    const worker = () =>
      new ShopifyClient({
        app,
        shop: SHOP,
        credentials: initial,
        sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 20))),
        // The module seals and writes them; here a variable is the row.
        onCredentials: async (c) => {
          writes++;
          await new Promise((r) => setTimeout(r, 30));
          stored = c;
        },
        reloadCredentials: async () => stored,
      });
    // At once: both see the token about to run out and refresh with the same refresh token.
    const [a, b] = await Promise.all([
      worker().listProducts(null, { pageSize: 1 }),
      worker().listProducts(null, { pageSize: 1 }),
    ]);
    expect(a.products).toHaveLength(1);
    expect(b.products).toHaveLength(1);
    expect(writes).toBe(1);
    // Later: a third worker started from the old row sees the rotation and does not refresh at all.
    const late = worker();
    await late.listProducts(null, { pageSize: 1 });
    expect(writes).toBe(1);
    expect(late.admin.currentTokens.refreshToken).toBe(stored.refreshToken);
  });

  it('answers a refused token with one refresh, then `auth` when that fails too', async () => {
    const creds = await install();
    const stored: StoreCredentials[] = [];
    const revoked = new ShopifyClient({
      app,
      shop: SHOP,
      credentials: { ...creds, accessToken: 'shpat_revoked' },
      onCredentials: async (c) => void stored.push(c),
    });
    await expect(revoked.listProducts(null, { pageSize: 1 })).resolves.toMatchObject({ products: [expect.anything()] });
    expect(stored).toHaveLength(1);
    const dead = new ShopifyClient({
      app,
      shop: SHOP,
      credentials: { ...creds, accessToken: 'shpat_revoked', refreshToken: 'shprt_spent' },
    });
    await expect(dead.listProducts(null)).rejects.toMatchObject({ kind: 'auth' });
  });

  it('an expired access token is refused by the shop (401) and refreshed', async () => {
    const creds = await install();
    emu.data.clockOffsetMs = 3601_000; // the emulator's hour has passed; our clock has not
    try {
      const stored: StoreCredentials[] = [];
      const client = new ShopifyClient({
        app,
        shop: SHOP,
        credentials: creds,
        onCredentials: async (c) => void stored.push(c),
      });
      await client.listProducts(null, { pageSize: 1 });
      expect(stored).toHaveLength(1);
    } finally {
      emu.data.clockOffsetMs = 0;
    }
  });

  it('waits for the bucket when throttled (HTTP 200 + THROTTLED) and gives up within its bound', async () => {
    const slow = await startShopifyEmulator({
      apiKey: 'key-1',
      apiSecret: 'secret-1',
      bucket: { maximumAvailable: 900, restoreRate: 4000 },
    });
    try {
      slow.createShop(SHOP);
      for (let i = 0; i < 3; i++) slow.addProduct(SHOP, { title: `T${i}`, price: '1.00' });
      const slowApp = { ...app, shopUrlTemplate: slow.shopUrlTemplate };
      const back = slow.approve(SHOP, {
        clientId: 'key-1',
        scope: 'read_products',
        redirectUri: 'https://app.example/cb',
        state: 's',
      });
      const creds = tokensToCredentials(SHOP, await exchangeShopifyCode(slowApp, SHOP, back.code!));
      const waits: number[] = [];
      const client = new ShopifyClient({
        app: slowApp,
        shop: SHOP,
        credentials: creds,
        sleep: async (ms) => {
          waits.push(ms);
          await new Promise((r) => setTimeout(r, ms));
        },
      });
      slow.shop(SHOP).bucket.available = 0;
      const page = await client.listProducts(null);
      expect(page.products).toHaveLength(3);
      expect(waits.length).toBeGreaterThanOrEqual(1);
      expect(waits[0]).toBeGreaterThan(50); // 813 points at 4,000 a second: about 200 ms
      expect(waits[0]).toBeLessThan(400);
      // A bound of 10 ms cannot cover that wait: `throttled`, without sleeping at all.
      slow.shop(SHOP).bucket.available = 0;
      const impatient = new ShopifyClient({
        app: slowApp,
        shop: SHOP,
        credentials: creds,
        throttle: { maxWaitMs: 10, maxAttempts: 5 },
        sleep: async () => {
          throw new Error('must not sleep');
        },
      });
      await expect(impatient.listProducts(null)).rejects.toMatchObject({ kind: 'throttled' });
    } finally {
      await slow.close();
    }
  });

  it('uninstalls itself: tokens stop working, and a second uninstall is not an error', async () => {
    const other = 'uninstall-test.myshopify.com';
    emu.createShop(other);
    const back = emu.approve(other, {
      clientId: 'key-1',
      scope: 'read_products',
      redirectUri: 'https://app.example/cb',
      state: 's',
    });
    const creds = tokensToCredentials(other, await exchangeShopifyCode(app, other, back.code!));
    const client = new ShopifyClient({ app, shop: other, credentials: creds });
    await client.uninstall();
    expect(emu.shop(other).installed).toBe(false);
    await expect(client.listProducts(null)).rejects.toMatchObject({ kind: 'auth' });
  });

  it('says `not-found` for a shop that does not exist', async () => {
    await expect(exchangeShopifyCode(app, 'nobody-here.myshopify.com', 'x')).rejects.toMatchObject({
      kind: 'not-found',
    });
  });
});
