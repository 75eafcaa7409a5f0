import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator, verifyWooWebhook } from '../../../sandbox/woocommerce/emulator';
import { StorePlatformError, type TrackingPush } from '../store-platform';
import { WooClient } from './woo.client';

// The connector's orders against the emulated WooCommerce, over real HTTP (OAuth 1.0a on http).
const fast = { backoffMs: 1, retries: 2, timeoutMs: 5000 };
const emulators: WooEmulator[] = [];
afterAll(async () => {
  for (const e of emulators) await e.close();
});

async function shop(options: Parameters<typeof startWooEmulator>[0] = {}) {
  const e = await startWooEmulator({ retryAfterSeconds: 0, ...options });
  emulators.push(e);
  const mug = e.store.add({ name: 'Mug', sku: 'MUG', price: '12.50' });
  const tee = e.store.add({ name: 'Tee', type: 'variable' });
  const s = e.store.addVariation(tee.id, { sku: 'TEE-S', price: '19.99', attributes: [{ name: 'Size', option: 'S' }] });
  const client = new WooClient({ baseUrl: e.baseUrl, credentials: e.firstKey, http: fast });
  return { e, client, mug, tee, s };
}

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  address_1: '12 St James Square',
  city: 'London',
  postcode: 'SW1Y 4JH',
  country: 'gb',
};

async function readAll(client: WooClient, options: Parameters<WooClient['listOrders']>[1] = {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await client.listOrders(cursor, options);
    ids.push(...page.orders.map((o) => o.externalId));
    cursor = page.next;
    pages++;
  } while (cursor);
  return { ids, pages };
}

const push = (number: string, notifyCustomer = false): TrackingPush => ({
  company: 'DHL',
  number,
  url: `https://track.example/${number}`,
  notifyCustomer,
});

describe('WooCommerce orders', () => {
  let w: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    w = await shop();
  });

  it('pages to the end; lines name the variants the products import names; money in minor units', async () => {
    const first = w.e.orders.create({
      lines: [
        { productId: w.tee.id, variationId: w.s.id, quantity: 3 },
        { productId: w.mug.id, quantity: 1 },
      ],
      billing: ada,
      shippingTotal: '4.90',
    });
    for (let i = 0; i < 4; i++) w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 1 }], billing: ada });
    const client = new WooClient({ baseUrl: w.e.baseUrl, credentials: w.e.firstKey, http: fast, pageSize: 2 });
    const { ids, pages } = await readAll(client);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(5);
    expect(w.e.requests.filter((r) => r.path.endsWith('/orders')).map((r) => r.page)).toEqual(['1', '2', '3']);

    const order = (await client.getOrder(String(first.id)))!;
    const products = (await client.listProducts(null)).products;
    const teeVariant = products.find((p) => p.title === 'Tee')!.variants[0]!;
    expect(order.lines).toEqual([
      expect.objectContaining({
        productExternalId: String(w.tee.id),
        variantExternalId: teeVariant.externalId,
        sku: 'TEE-S',
        quantity: 3,
        unitPrice: { amount: 1999, currency: 'USD' },
      }),
      expect.objectContaining({
        productExternalId: String(w.mug.id),
        variantExternalId: products.find((p) => p.title === 'Mug')!.variants[0]!.externalId,
        unitPrice: { amount: 1250, currency: 'USD' },
      }),
    ]);
    expect(order).toMatchObject({
      number: String(first.id),
      status: 'open',
      fulfilled: false,
      total: { amount: 3 * 1999 + 1250 + 490, currency: 'USD' },
      buyer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' },
      shippingAddress: { name: 'Ada Lovelace', line1: '12 St James Square', postcode: 'SW1Y 4JH', countryCode: 'GB' },
      fulfilments: [],
    });
  });

  it('get one: a missing order or a foreign id is null', async () => {
    expect(await w.client.getOrder('999999')).toBeNull();
    expect(await w.client.getOrder('gid://shopify/Order/1')).toBeNull();
  });

  it('modified_after catches up what changed while webhooks were lost, least recently changed first', async () => {
    await new Promise((r) => setTimeout(r, 1100)); // modified_after has whole seconds
    const since = new Date();
    w.e.missDeliveries = true;
    const a = w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 2 }], billing: ada });
    const older = [...w.e.orders.orders.values()][0]!;
    w.e.orders.update(older.id, { status: 'cancelled' });
    w.e.missDeliveries = false;
    const page = await w.client.listOrders(null, { updatedSince: since });
    expect(page.orders.map((o) => [o.externalId, o.status])).toEqual([
      [String(a.id), 'open'],
      [String(older.id), 'cancelled'],
    ]);
    expect(w.e.requests.at(-1)!.modifiedAfter).toBe(since.toISOString().slice(0, 19));
  });

  it('a store that refuses orderby=modified is read by creation date instead', async () => {
    const old = await shop({ noOrderByModified: true });
    const o = old.e.orders.create({ lines: [{ productId: old.mug.id, quantity: 1 }], billing: ada });
    const page = await old.client.listOrders(null);
    expect(page.orders.map((x) => x.externalId)).toEqual([String(o.id)]);
    expect(old.e.requests.filter((r) => r.path.endsWith('/orders')).map((r) => r.status)).toEqual([400, 200]);
  });

  it('maps every status', async () => {
    const statuses = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;
    const got: Record<string, unknown> = {};
    for (const status of statuses) {
      const o = w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 1 }], billing: ada, status });
      const s = (await w.client.getOrder(String(o.id)))!;
      got[status] = [s.status, s.fulfilled];
    }
    expect(got).toEqual({
      pending: ['open', false],
      processing: ['open', false],
      'on-hold': ['open', false],
      completed: ['open', true],
      cancelled: ['cancelled', false],
      refunded: ['refunded', false],
      failed: ['cancelled', false],
    });
  });

  it('a blank shipping address falls back to billing; a store with neither has none', async () => {
    const o = w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 1 }], billing: ada, shipping: {} });
    expect((await w.client.getOrder(String(o.id)))!.shippingAddress).toMatchObject({
      name: 'Ada Lovelace',
      line1: '12 St James Square',
      countryCode: 'GB',
      phone: '+44 20 7946 0000',
    });
    const shipped = w.e.orders.create({
      lines: [{ productId: w.mug.id, quantity: 1 }],
      billing: ada,
      shipping: { first_name: 'Bob', address_1: '1 Rue de Rivoli', city: 'Paris', country: 'FR' },
    });
    expect((await w.client.getOrder(String(shipped.id)))!.shippingAddress).toMatchObject({
      name: 'Bob',
      city: 'Paris',
      countryCode: 'FR',
      phone: '+44 20 7946 0000',
    });
    const none = w.e.orders.create({
      lines: [{ productId: w.mug.id, quantity: 1 }],
      billing: { first_name: 'Cy', email: 'cy@example.com' },
      shipping: {},
    });
    expect((await w.client.getOrder(String(none.id)))!.shippingAddress).toBeNull();
  });

  it('order.created / order.updated are delivered signed with the webhook secret', async () => {
    const got: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => (got.push({ headers: req.headers, body: b }), res.end()));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const deliveryUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    for (const topic of ['order.created', 'order.updated'])
      await w.client.createWebhook({ name: topic, topic, deliveryUrl, secret: 'order-secret' });
    await w.e.idle();
    got.length = 0; // the pings
    const o = w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 1 }], billing: ada });
    w.e.orders.update(o.id, { status: 'on-hold' });
    await w.e.idle();
    expect(got.map((d) => d.headers['x-wc-webhook-topic'])).toEqual(['order.created', 'order.updated']);
    for (const d of got) {
      expect(verifyWooWebhook(d.body, d.headers['x-wc-webhook-signature'] as string, 'order-secret')).toBe(true);
      expect(verifyWooWebhook(d.body, d.headers['x-wc-webhook-signature'] as string, 'another')).toBe(false);
      expect(JSON.parse(d.body)).toMatchObject({ id: o.id });
    }
    expect(JSON.parse(got[1]!.body).status).toBe('on-hold');
    expect(new Set(got.map((d) => d.headers['x-wc-webhook-delivery-id'])).size).toBe(2);
    receiver.close();
  });

  it('wrong keys → auth', async () => {
    const bad = new WooClient({
      baseUrl: w.e.baseUrl,
      credentials: { consumerKey: w.e.firstKey.consumerKey, consumerSecret: 'cs_wrong' },
      http: fast,
    });
    await expect(bad.listOrders(null)).rejects.toMatchObject({ kind: 'auth' });
    const o = w.e.orders.create({ lines: [{ productId: w.mug.id, quantity: 1 }], billing: ada });
    const err = await bad.pushTracking(String(o.id), push('LX1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorePlatformError);
    expect(err).toMatchObject({ platform: 'woocommerce', kind: 'auth' });
    expect(w.e.orders.get(o.id).notes).toHaveLength(0);
  });
});
