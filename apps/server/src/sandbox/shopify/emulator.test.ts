import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOperation, requestedCost } from './emulator-graphql';
import { startShopifyEmulator, type ShopifyEmulator } from './emulator';
import { verifyShopifyQuery } from '../../connectors/stores/shopify/shopify.auth';
import { verifyShopifyWebhook } from '../../connectors/stores/shopify/shopify.webhook';

// The emulator's own protocol, spoken raw over HTTP: what a client other than ours would see.
const SHOP = 'raw-test.myshopify.com';
let emu: ShopifyEmulator;
let receiver: Server;
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
let answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  emu = await startShopifyEmulator({
    apiKey: 'k',
    apiSecret: 's',
    bucket: { maximumAvailable: 1000, restoreRate: 50 },
    appUrl: '/redirectShopify',
    webhookUrl: `${hook}/hooks`,
    privacyWebhookUrl: `${hook}/privacy`,
    webhookRetryDelaysMs: [5, 5],
    allowedRedirectUris: ['https://app.example/authensuccess'],
  });
  emu.createShop(SHOP, { seed: true });
});
afterAll(async () => {
  await emu.close();
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

async function token(): Promise<string> {
  const back = emu.approve(SHOP, {
    clientId: 'k',
    scope: 'read_products',
    redirectUri: 'https://app.example/authensuccess',
    state: 'x',
  });
  const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `client_id=k&client_secret=s&code=${back.code}&expiring=1`,
  });
  const body = (await res.json()) as {
    access_token: string;
    expires_in: number;
    refresh_token: string;
    refresh_token_expires_in: number;
  };
  expect(body).toMatchObject({
    expires_in: 3600,
    refresh_token_expires_in: 7_776_000,
    refresh_token: expect.any(String),
  });
  return body.access_token;
}
const gql = (t: string, query: string, variables: Record<string, unknown> = {}) =>
  fetch(`${emu.baseUrl}/${SHOP}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': t },
    body: JSON.stringify({ query, variables }),
  });

describe('Shopify emulator', () => {
  it('shows a consent page, then redirects to redirect_uri with a signed code, host, shop, state and timestamp', async () => {
    const q = new URLSearchParams({
      client_id: 'k',
      scope: 'read_products',
      redirect_uri: 'https://app.example/authensuccess',
      state: 'nonce-1',
    });
    const page = await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/authorize?${q}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('action="/raw-test.myshopify.com/admin/oauth/authorize"');
    const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/authorize`, {
      method: 'POST',
      body: q,
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://app.example/authensuccess');
    expect([...back.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(verifyShopifyQuery(back.searchParams, 's')).toMatchObject({
      ok: true,
      shop: SHOP,
      values: { state: 'nonce-1' },
    });
  });

  it('refuses an unknown client_id, a redirect_uri not allowed, and an unknown shop', async () => {
    const q = (o: Record<string, string>) =>
      new URLSearchParams({
        client_id: 'k',
        scope: 'read_products',
        redirect_uri: 'https://app.example/authensuccess',
        state: 'n',
        ...o,
      });
    expect((await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/authorize?${q({ client_id: 'other' })}`)).status).toBe(400);
    expect(
      (await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/authorize?${q({ redirect_uri: 'https://evil.example/cb' })}`))
        .status,
    ).toBe(400);
    expect((await fetch(`${emu.baseUrl}/nobody.myshopify.com/admin/oauth/authorize?${q({})}`)).status).toBe(404);
  });

  it('sends "Install app" to the App URL with a signed shop and timestamp', async () => {
    const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/apps/install`, { method: 'POST', redirect: 'manual' });
    const location = res.headers.get('location')!;
    expect(location.startsWith('/redirectShopify?')).toBe(true);
    const q = new URLSearchParams(location.split('?')[1]);
    expect(verifyShopifyQuery(q, 's')).toMatchObject({ ok: true, shop: SHOP });
  });

  it("answers 401 in Shopify's shape without a valid token", async () => {
    const res = await gql('shpat_nope', '{ shop { name } }');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: expect.stringContaining('Invalid API key or access token') });
  });

  it('answers data with the cost extension, and a parse error as HTTP 200 with errors', async () => {
    const t = await token();
    const res = await gql(
      t,
      'query($n: Int!) { shop { currencyCode } products(first: $n) { pageInfo { hasNextPage endCursor } nodes { id title } } }',
      { n: 2 },
    );
    const body = (await res.json()) as {
      data: { products: { nodes: unknown[]; pageInfo: { hasNextPage: boolean } } };
      extensions: {
        cost: { requestedQueryCost: number; actualQueryCost: number; throttleStatus: { maximumAvailable: number } };
      };
    };
    expect(body.data.products.nodes).toHaveLength(2);
    expect(body.data.products.pageInfo.hasNextPage).toBe(true);
    expect(body.extensions.cost).toMatchObject({
      requestedQueryCost: 5,
      actualQueryCost: 5,
      throttleStatus: { maximumAvailable: 1000, restoreRate: 50 },
    });
    const bad = await gql(t, '{ products(first: 1) { nodes { nope } } }');
    expect(bad.status).toBe(200);
    expect(await bad.json()).toEqual({
      errors: [{ message: "Field 'nope' doesn't exist on type 'Product'", extensions: { code: 'undefinedField' } }],
    });
  });

  it('throttles as HTTP 200 with THROTTLED and the bucket in extensions.cost; refuses a query over 1,000 points', async () => {
    const t = await token();
    emu.shop(SHOP).bucket.available = 10;
    const res = await gql(t, '{ products(first: 50) { nodes { id variants(first: 5) { nodes { id } } } } }');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.data).toBeUndefined();
    expect(body).toMatchObject({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: {
        cost: {
          requestedQueryCost: 402,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 1000, restoreRate: 50 },
        },
      },
    });
    const huge = await gql(t, '{ products(first: 250) { nodes { id variants(first: 250) { nodes { id } } } } }');
    expect(await huge.json()).toMatchObject({ errors: [{ extensions: { code: 'MAX_COST_EXCEEDED' } }] });
  });

  it('signs webhooks over the raw body with a webhook id kept across retries', async () => {
    received.length = 0;
    answers = [500, 503];
    const p = [...emu.shop(SHOP).products.values()][0]!;
    const d = await emu.updateProduct(SHOP, p.id, { price: '21.00' });
    expect(d).toMatchObject({ attempts: 3, status: 200, topic: 'products/update' });
    expect(received).toHaveLength(3);
    const ids = new Set(received.map((r) => r.headers['x-shopify-webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of received)
      expect(verifyShopifyWebhook(r.body, r.headers['x-shopify-hmac-sha256'] as string, ['s'])).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      id: p.id,
      admin_graphql_api_id: `gid://shopify/Product/${p.id}`,
      variants: expect.arrayContaining([expect.objectContaining({ price: '21.00' })]),
    });
    expect(received[0]!.headers).toMatchObject({ 'x-shopify-topic': 'products/update', 'x-shopify-shop-domain': SHOP });
  });

  it('uninstalling revokes the tokens and sends app/uninstalled; privacy topics go to their own address', async () => {
    const t = await token();
    received.length = 0;
    await emu.uninstall(SHOP);
    expect((await gql(t, '{ shop { name } }')).status).toBe(401);
    expect(received[0]!.headers['x-shopify-topic']).toBe('app/uninstalled');
    await fetch(`${emu.baseUrl}/${SHOP}/admin/privacy`, {
      method: 'POST',
      body: 'topic=shop%2Fredact',
      redirect: 'manual',
    });
    await emu.settle();
    expect(received[1]).toMatchObject({ headers: expect.objectContaining({ 'x-shopify-topic': 'shop/redact' }) });
    expect(JSON.parse(received[1]!.body)).toMatchObject({ shop_domain: SHOP });
  });

  it('with a fixed token key, tokens still work after a restart; a refresh token is still good once', async () => {
    const first = await startShopifyEmulator({ apiKey: 'k', apiSecret: 's', tokenKey: 'fixed' });
    first.createShop('again.myshopify.com');
    const back = first.approve('again.myshopify.com', {
      clientId: 'k',
      scope: 'read_products',
      redirectUri: 'https://app.example/cb',
      state: 'x',
    });
    const issued = (await (
      await fetch(`${first.baseUrl}/again.myshopify.com/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id: 'k', client_secret: 's', code: back.code, expiring: '1' }),
      })
    ).json()) as { access_token: string; refresh_token: string };
    await first.close();
    const second = await startShopifyEmulator({ apiKey: 'k', apiSecret: 's', tokenKey: 'fixed' });
    try {
      second.createShop('again.myshopify.com');
      const q = await fetch(`${second.baseUrl}/again.myshopify.com/admin/api/2026-10/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': issued.access_token },
        body: '{"query":"{ shop { name } }"}',
      });
      expect(q.status).toBe(200);
      const refresh = () =>
        fetch(`${second.baseUrl}/again.myshopify.com/admin/oauth/access_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: 'k',
            client_secret: 's',
            grant_type: 'refresh_token',
            refresh_token: issued.refresh_token,
          }),
        });
      expect((await refresh()).status).toBe(200);
      expect((await refresh()).status).toBe(400);
      const forged = issued.access_token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect(
        (
          await fetch(`${second.baseUrl}/again.myshopify.com/admin/api/2026-10/graphql.json`, {
            method: 'POST',
            headers: { 'x-shopify-access-token': forged },
            body: '{"query":"{ shop { name } }"}',
          })
        ).status,
      ).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('creates a product from its admin form', async () => {
    const before = emu.shop(SHOP).products.size;
    const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/products`, {
      method: 'POST',
      body: new URLSearchParams({
        title: 'Form product',
        optionName: 'Size',
        optionValues: 'S, M, L',
        price: '9.90',
        sku: 'FORM',
        status: 'ACTIVE',
      }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(emu.shop(SHOP).products.size).toBe(before + 1);
    const page = await (await fetch(`${emu.baseUrl}/${SHOP}/admin`)).text();
    expect(page).toContain('Form product');
    expect(page).toContain('FORM-3');
    expect(
      (await fetch(`${emu.baseUrl}/${SHOP}/admin/products`, { method: 'POST', body: 'title=&price=x' })).status,
    ).toBe(400);
  });
});

describe('emulator GraphQL', () => {
  it('parses variables, aliases, literals and nested selections; prices connections by `first`', () => {
    const op = parseOperation(
      'query Q($a: String, $n: Int! = 3) { x: products(first: $n, after: $a, query: "updated_at:>\'2026\'") { nodes { id variants(first: 10) { nodes { id selectedOptions { name } } } } } }',
    );
    expect(op.selections[0]).toMatchObject({
      alias: 'x',
      name: 'products',
      args: { first: { $var: 'n' }, query: "updated_at:>'2026'" },
    });
    expect(requestedCost(op, {})).toBe(2 + 3 * (1 + 2 + 10 * (1 + 1)));
    expect(() => parseOperation('{ a { ...F } }')).toThrow(/Fragments/);
  });
});
