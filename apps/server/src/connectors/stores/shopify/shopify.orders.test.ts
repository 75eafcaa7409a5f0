import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShopifyEmulator, type ShopifyEmulator } from '../../../sandbox/shopify/emulator';
import { ShopifyClient, exchangeShopifyCode, tokensToCredentials, type ShopifyApp } from './index';

// Store orders through the connector against the emulator, over HTTP (issue 21).
const SHOP = 'orders-client.myshopify.com';
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
  emu.createShop(SHOP, { currency: 'EUR' });
  emu.addProduct(SHOP, { title: 'Tee', price: '19.99', sku: 'TEE', options: [{ name: 'Size', values: ['S', 'M'] }] });
  emu.addProduct(SHOP, { title: 'Mug', price: '7.25', sku: 'MUG' });
});
afterAll(async () => {
  await emu.close();
});

async function client(scope: string, e: ShopifyEmulator = emu, a: ShopifyApp = app): Promise<ShopifyClient> {
  const back = e.approve(SHOP, { clientId: 'key-1', scope, redirectUri: 'https://app.example/cb', state: 's' });
  const credentials = tokensToCredentials(SHOP, await exchangeShopifyCode(a, SHOP, back.code!));
  return new ShopifyClient({ app: a, shop: SHOP, credentials });
}

const variants = () => [...emu.shop(SHOP).products.values()].flatMap((p) => p.variants);

describe('Shopify connector: store orders', () => {
  it('reads an order in the common shape: number, money in minor units, buyer, address, lines naming the variants', async () => {
    const [tee, , mug] = variants();
    const { order } = await emu.createOrder(SHOP, {
      lines: [
        { variantId: tee!.id, quantity: 2 },
        { variantId: mug!.id, quantity: 1 },
      ],
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+33 1 23' },
      shippingAddress: { address1: '12 Rue de Rivoli', city: 'Paris', zip: '75001', countryCode: 'fr' },
      shippingPrice: '5.00',
    });
    const c = await client('read_products,read_orders');
    const got = await c.getOrder(String(order.id));
    expect(got).toMatchObject({
      externalId: `gid://shopify/Order/${order.id}`,
      number: order.name,
      status: 'open',
      fulfilled: false,
      total: { amount: 5223, currency: 'EUR' },
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+33 1 23' },
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '12 Rue de Rivoli',
        city: 'Paris',
        postcode: '75001',
        countryCode: 'FR',
      },
      fulfilments: [],
    });
    const productOfTee = [...emu.shop(SHOP).products.values()][0]!;
    expect(got!.lines).toEqual([
      {
        externalId: expect.stringMatching(/^gid:\/\/shopify\/LineItem\/\d+$/),
        productExternalId: `gid://shopify/Product/${productOfTee.id}`,
        variantExternalId: `gid://shopify/ProductVariant/${tee!.id}`,
        sku: 'TEE-1',
        title: 'Tee - S',
        quantity: 2,
        unitPrice: { amount: 1999, currency: 'EUR' },
      },
      expect.objectContaining({ sku: 'MUG', title: 'Mug', quantity: 1, unitPrice: { amount: 725, currency: 'EUR' } }),
    ]);
    expect(await c.getOrder('gid://shopify/Order/1')).toBeNull();
    expect(await c.getOrder('not-an-id')).toBeNull();
  });

  it('pages orders changed since an instant to the end, oldest change first, and reads an order’s lines beyond the first page', async () => {
    const c = await client('read_products,read_orders');
    const since = new Date(emu.data.now() + 1000);
    emu.data.clockOffsetMs += 2000;
    try {
      const made: number[] = [];
      for (let i = 0; i < 19; i++)
        made.push((await emu.createOrder(SHOP, { lines: [{ variantId: variants()[2]!.id, quantity: 1 }] })).order.id);
      // 25 lines: more than the 20 the page asks for.
      const big = await emu.createOrder(SHOP, {
        lines: Array.from({ length: 25 }, (_, i) => ({ variantId: variants()[i % 3]!.id, quantity: i + 1 })),
      });
      made.push(big.order.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await c.listOrders(cursor, { updatedSince: since });
        seen.push(...page.orders.map((o) => o.externalId));
        for (let i = 1; i < page.orders.length; i++)
          expect(page.orders[i]!.updatedAt >= page.orders[i - 1]!.updatedAt).toBe(true);
        const bigOne = page.orders.find((o) => o.externalId.endsWith(`/${big.order.id}`));
        if (bigOne) expect(bigOne.lines.map((l) => l.quantity)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
        cursor = page.next;
        pages++;
      } while (cursor);
      expect(seen).toEqual(made.map((id) => `gid://shopify/Order/${id}`));
      expect(pages).toBe(3); // 8 + 8 + 4
    } finally {
      emu.data.clockOffsetMs = 0;
    }
  });

  it('says how far back it may read without read_all_orders (60 days), and nothing with it', async () => {
    const old = await emu.createOrder(SHOP, {
      lines: [{ variantId: variants()[0]!.id, quantity: 1 }],
      createdAt: new Date(Date.now() - 70 * 86_400_000).toISOString(),
    });
    const limited = await client('read_products,read_orders');
    const page = await limited.listOrders(null, { updatedSince: new Date(Date.now() - 80 * 86_400_000) });
    const reach = Date.parse(page.readableSince!);
    expect(Math.abs(reach - (Date.now() - 60 * 86_400_000))).toBeLessThan(60_000);
    expect(await limited.getOrder(String(old.order.id))).toBeNull();
    const all = await client('read_products,read_orders,read_all_orders');
    expect((await all.listOrders(null)).readableSince).toBeUndefined();
    expect(await all.getOrder(String(old.order.id))).toMatchObject({ number: old.order.name });
  });

  it('folds cancelled and refunded orders, and reports fulfilments made in the shop', async () => {
    const c = await client('read_products,read_orders');
    const a = await emu.createOrder(SHOP, { lines: [{ variantId: variants()[0]!.id, quantity: 1 }] });
    const b = await emu.createOrder(SHOP, { lines: [{ variantId: variants()[0]!.id, quantity: 1 }] });
    await emu.cancelOrder(SHOP, a.order.id);
    await emu.refundOrder(SHOP, b.order.id);
    b.order.fulfillments.push({
      id: 77,
      status: 'SUCCESS',
      createdAt: b.order.updatedAt,
      updatedAt: b.order.updatedAt,
      trackingInfo: [{ company: 'UPS', number: '1Z999', url: null }],
      lines: b.order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
    });
    expect(await c.getOrder(String(a.order.id))).toMatchObject({ status: 'cancelled' });
    expect(await c.getOrder(String(b.order.id))).toMatchObject({
      status: 'refunded',
      fulfilled: true,
      fulfilments: [{ externalId: 'gid://shopify/Fulfillment/77', company: 'UPS', trackingNumber: '1Z999' }],
    });
  });

  it('waits for the bucket when throttled while reading orders', async () => {
    const slow = await startShopifyEmulator({
      apiKey: 'key-1',
      apiSecret: 'secret-1',
      bucket: { maximumAvailable: 1000, restoreRate: 5000 },
    });
    try {
      slow.createShop(SHOP);
      const p = slow.addProduct(SHOP, { title: 'T', price: '1.00' });
      for (let i = 0; i < 3; i++)
        await slow.createOrder(SHOP, { lines: [{ variantId: p.variants[0]!.id, quantity: 1 }] });
      const c = await client('read_orders', slow, { ...app, shopUrlTemplate: slow.shopUrlTemplate });
      slow.shop(SHOP).bucket.available = 0;
      const page = await c.listOrders(null);
      expect(page.orders).toHaveLength(3);
      expect(c.admin.lastCost?.requestedQueryCost).toBeLessThanOrEqual(1000);
    } finally {
      await slow.close();
    }
  });
});
