import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyShopifyWebhook } from '../../connectors/stores/shopify/shopify.webhook';
import { startShopifyEmulator, type ShopifyEmulator } from './emulator';

// The emulator's orders spoken raw over HTTP (issue 21): what any Admin API client would see.
const SHOP = 'orders-raw.myshopify.com';
let emu: ShopifyEmulator;
let receiver: Server;
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  emu = await startShopifyEmulator({
    apiKey: 'k',
    apiSecret: 's',
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    webhookRetryDelaysMs: [5],
  });
  emu.createShop(SHOP, { seed: true, currency: 'EUR' });
});
afterAll(async () => {
  await emu.close();
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

async function token(scope: string): Promise<string> {
  const back = emu.approve(SHOP, { clientId: 'k', scope, redirectUri: 'https://app.example/cb', state: 'x' });
  const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'k', client_secret: 's', code: back.code }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function gql<T>(t: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/api/2026-10/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': t },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const variantIds = () => [...emu.shop(SHOP).products.values()].flatMap((p) => p.variants.map((v) => v.id));

const ORDERS = `query($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { id name updatedAt cancelledAt displayFinancialStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      customer { firstName lastName email }
      shippingAddress { name address1 city zip countryCodeV2 }
      lineItems(first: 10) { nodes { id sku quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } } } } }
  }
}`;

type OrdersAnswer = {
  orders: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Array<{
      id: string;
      name: string;
      updatedAt: string;
      cancelledAt: string | null;
      totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
      shippingAddress: { address1: string; countryCodeV2: string } | null;
      lineItems: { nodes: Array<{ sku: string; quantity: number; variant: { id: string } }> };
    }>;
  };
};

describe('Shopify emulator orders', () => {
  it('creates an order of the shop’s variants and delivers a signed orders/create with the REST shape', async () => {
    const [v1, v2] = variantIds();
    const { order, delivery } = await emu.createOrder(SHOP, {
      lines: [
        { variantId: v1!, quantity: 2 },
        { variantId: v2!, quantity: 1 },
      ],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { address1: '12 Rue de Rivoli', city: 'Paris', zip: '75001', countryCode: 'FR' },
      shippingPrice: '4.50',
    });
    expect(order.name).toMatch(/^#10\d\d$/);
    await delivery;
    const hook = received.find((r) => r.headers['x-shopify-topic'] === 'orders/create')!;
    expect(verifyShopifyWebhook(hook.body, String(hook.headers['x-shopify-hmac-sha256']), ['s'])).toBe(true);
    const body = JSON.parse(hook.body) as Record<string, unknown>;
    // Two tees at 19.99 and one at 19.99, plus 4.50 shipping.
    expect(body).toMatchObject({
      id: order.id,
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      name: order.name,
      currency: 'EUR',
      total_price: '64.47',
      shipping_address: { country_code: 'FR', city: 'Paris' },
    });
    expect(() => emu.createOrder(SHOP, { lines: [{ variantId: 1, quantity: 1 }] })).rejects.toThrow(/no variant/);
  });

  it('serves orders over GraphQL by updated_at with cursor paging to the end, and one order by id', async () => {
    const t = await token('read_products,read_orders');
    for (let i = 0; i < 4; i++) await emu.createOrder(SHOP, { lines: [{ variantId: variantIds()[2]!, quantity: 1 }] });
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const data: OrdersAnswer = await gql<OrdersAnswer>(t, ORDERS, { first: 2, after, query: null });
      seen.push(...data.orders.nodes.map((n) => n.id));
      after = data.orders.pageInfo.hasNextPage ? data.orders.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(pages).toBe(3);

    // A change moves the order past the cursor: a pull from the last instant sees it again.
    const first = emu.shop(SHOP).orders.values().next().value!;
    const before = first.updatedAt;
    await emu.updateOrderAddress(SHOP, first.id, { address1: '1 Avenue Foch' });
    expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.parse(before));
    const since = await gql<OrdersAnswer>(t, ORDERS, { first: 10, query: `updated_at:>='${first.updatedAt}'` });
    expect(since.orders.nodes.map((n) => n.id)).toEqual([`gid://shopify/Order/${first.id}`]);
    expect(since.orders.nodes[0]!.shippingAddress).toMatchObject({ address1: '1 Avenue Foch', countryCodeV2: 'FR' });
    expect(since.orders.nodes[0]!.totalPriceSet.shopMoney).toEqual({ amount: '64.47', currencyCode: 'EUR' });
    expect(since.orders.nodes[0]!.lineItems.nodes[0]).toMatchObject({ quantity: 2 });

    const one = await gql<{ order: { name: string } | null; missing: unknown }>(
      t,
      `query($id: ID!) { order(id: $id) { name } missing: order(id: "gid://shopify/Order/1") { name } }`,
      { id: `gid://shopify/Order/${first.id}` },
    );
    expect(one).toEqual({ order: { name: first.name }, missing: null });
  });

  it('hides orders older than 60 days from an app without read_all_orders, and shows them with it', async () => {
    const old = new Date(Date.now() - 61 * 24 * 3600 * 1000).toISOString();
    const { order } = await emu.createOrder(SHOP, {
      lines: [{ variantId: variantIds()[0]!, quantity: 1 }],
      createdAt: old,
    });
    const names = async (scope: string) =>
      (await gql<OrdersAnswer>(await token(scope), ORDERS, { first: 15 })).orders.nodes.map((n) => n.name);
    expect(await names('read_orders')).not.toContain(order.name);
    expect(await names('read_orders,read_all_orders')).toContain(order.name);
  });

  it('cancels (orders/cancelled and orders/updated) and refunds (orders/updated)', async () => {
    const { order, delivery } = await emu.createOrder(SHOP, { lines: [{ variantId: variantIds()[0]!, quantity: 1 }] });
    await delivery;
    received.length = 0;
    await emu.cancelOrder(SHOP, order.id);
    expect(received.map((r) => r.headers['x-shopify-topic']).sort()).toEqual(['orders/cancelled', 'orders/updated']);
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      cancel_reason: 'customer',
      cancelled_at: expect.any(String),
    });
    await emu.refundOrder(SHOP, order.id);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ financial_status: 'refunded' });
  });

  it('places an order from the admin page’s form, and refuses a form without quantities', async () => {
    const page = await (await fetch(`${emu.baseUrl}/${SHOP}/admin`)).text();
    expect(page).toContain('Place an order');
    const v = variantIds()[1]!;
    expect(page).toContain(`name="qty_${v}"`);
    const count = emu.shop(SHOP).orders.size;
    const post = (form: Record<string, string>) =>
      fetch(`${emu.baseUrl}/${SHOP}/admin/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      });
    const ok = await post({ [`qty_${v}`]: '3', firstName: 'Bo', lastName: 'Li', address1: 'x', countryCode: 'cn' });
    expect(ok.status).toBe(303);
    const made = [...emu.shop(SHOP).orders.values()].at(-1)!;
    expect(emu.shop(SHOP).orders.size).toBe(count + 1);
    expect(made.lines[0]).toMatchObject({ variantId: v, quantity: 3 });
    expect(made.shippingAddress).toMatchObject({ countryCode: 'CN', firstName: 'Bo' });
    const bad = await post({ firstName: 'Bo' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Give a quantity');
    expect(await (await fetch(`${emu.baseUrl}/${SHOP}/admin`)).text()).toContain(made.name);
  });
});
