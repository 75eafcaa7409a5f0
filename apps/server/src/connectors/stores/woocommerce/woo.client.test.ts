import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorePlatformError } from '../store-platform';
import { type WooEmulator, startWooEmulator } from '../../../sandbox/woocommerce/emulator';
import { WooClient } from './woo.client';

// The connector against the emulator in each of WooCommerce's three ways of presenting keys.
// "https" stores are reached through a fetch that sends https://shop.example.test to the
// emulator's http port, which counts them as https (as WordPress does behind a TLS proxy).
const fast = { backoffMs: 1, retries: 2, timeoutMs: 5000 };
const emulators: WooEmulator[] = [];
afterAll(async () => {
  for (const e of emulators) await e.close();
});

async function emulator(options: Parameters<typeof startWooEmulator>[0] = {}) {
  const e = await startWooEmulator({ retryAfterSeconds: 0, ...options });
  emulators.push(e);
  return e;
}
const viaHttps =
  (e: WooEmulator): typeof fetch =>
  (input, init) =>
    fetch(String(input).replace('https://shop.example.test', e.baseUrl), init);

describe('WooCommerce client', () => {
  let plain: WooEmulator;
  beforeAll(async () => {
    plain = await emulator();
    for (let i = 1; i <= 7; i++) plain.store.add({ name: `Product ${i}`, sku: `P${i}`, price: `${i}.50` });
    const tee = plain.store.add({ name: 'Tee', type: 'variable' });
    plain.store.addVariation(tee.id, { sku: 'TEE-S', price: '19.99', attributes: [{ name: 'Size', option: 'S' }] });
    plain.store.addVariation(tee.id, { sku: 'TEE-M', price: '21.00', attributes: [{ name: 'Size', option: 'M' }] });
  });

  it('OAuth 1.0a over http: pages to the end by X-WP-TotalPages, variations as variants, prices in minor units', async () => {
    const client = new WooClient({ baseUrl: plain.baseUrl, credentials: plain.firstKey, http: fast, pageSize: 3 });
    expect(client.authMode).toBe('oauth1');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listProducts(cursor);
      expect(page.totalPages).toBe(3);
      seen.push(...page.products.map((p) => p.title));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    const tee = (await client.listProducts('3')).products.find((p) => p.title === 'Tee')!;
    expect(tee.variants.map((v) => [v.title, v.sku, v.price])).toEqual([
      ['S', 'TEE-S', { amount: 1999, currency: 'USD' }],
      ['M', 'TEE-M', { amount: 2100, currency: 'USD' }],
    ]);
    expect(tee.variants[0]!.options).toEqual([{ name: 'Size', value: 'S' }]);
  });

  it('a wrong secret over OAuth is an auth error with the store words', async () => {
    const client = new WooClient({
      baseUrl: plain.baseUrl,
      credentials: { consumerKey: plain.firstKey.consumerKey, consumerSecret: 'cs_wrongwrongwrong' },
      http: fast,
    });
    const err = await client.check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorePlatformError);
    expect(err).toMatchObject({ kind: 'auth', detail: 'Invalid signature - provided signature does not match.' });
  });

  it('modified_after returns only what changed since', async () => {
    const client = new WooClient({ baseUrl: plain.baseUrl, credentials: plain.firstKey, http: fast, pageSize: 100 });
    // modified_after has whole seconds and the client rounds down (never misses a change), so
    // the earlier products must be more than a second older than `since` to be left out.
    await new Promise((r) => setTimeout(r, 1100));
    const since = new Date();
    plain.store.update([...plain.store.products.values()][1]!.id, { name: 'Product 2 renamed' });
    const page = await client.listProducts(null, { updatedSince: since });
    expect(page.products.map((p) => p.title)).toEqual(['Product 2 renamed']);
  });

  it('getProduct reads one product; a missing one is null', async () => {
    const client = new WooClient({ baseUrl: plain.baseUrl, credentials: plain.firstKey, http: fast });
    const id = [...plain.store.products.keys()][0]!;
    expect((await client.getProduct(String(id)))?.variants).toHaveLength(1);
    expect(await client.getProduct('999999')).toBeNull();
    const tee = [...plain.store.products.values()].find((p) => p.name === 'Tee')!;
    expect((await client.getProduct(String(tee.variations[0]!.id)))?.externalId).toBe(String(tee.id));
  });

  it('429: waits and retries; still throttled after the retries → throttled', async () => {
    const client = new WooClient({ baseUrl: plain.baseUrl, credentials: plain.firstKey, http: fast });
    plain.throttle(2);
    await expect(client.check()).resolves.toEqual({ authMode: 'oauth1' });
    plain.throttle(5);
    await expect(client.check()).rejects.toMatchObject({ kind: 'throttled' });
    plain.throttle(0);
  });

  it('HTTP Basic over https', async () => {
    const e = await emulator({ ssl: true });
    e.store.add({ name: 'Only one', price: '1.00' });
    const client = new WooClient({
      baseUrl: 'https://shop.example.test',
      credentials: e.firstKey,
      http: { ...fast, fetch: viaHttps(e) },
    });
    await expect(client.check()).resolves.toEqual({ authMode: 'basic' });
    expect((await client.listProducts(null)).products).toHaveLength(1);
    const bad = new WooClient({
      baseUrl: 'https://shop.example.test',
      credentials: { ...e.firstKey, consumerSecret: 'cs_nope12345' },
      http: { ...fast, fetch: viaHttps(e) },
    });
    await expect(bad.check()).rejects.toMatchObject({ kind: 'auth', detail: 'Consumer secret is invalid.' });
  });

  it('falls back to query-string keys when the host drops the Authorization header', async () => {
    const e = await emulator({ ssl: true, dropAuthorizationHeader: true });
    const client = new WooClient({
      baseUrl: 'https://shop.example.test',
      credentials: e.firstKey,
      http: { ...fast, fetch: viaHttps(e) },
    });
    await expect(client.check()).resolves.toEqual({ authMode: 'query' });
    expect(e.requests.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('a store that is not WooCommerce, and one that does not answer, say so', async () => {
    const other = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    );
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const client = new WooClient({
      baseUrl: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
      credentials: plain.firstKey,
      http: fast,
    });
    await expect(client.check()).rejects.toMatchObject({
      kind: 'not-found',
      detail: 'the WooCommerce REST API was not found at this address',
    });
    other.close();
    const moved = createServer((_req, res) =>
      res.writeHead(301, { location: 'https://www.shop.example.test/wp-json/wc/v3/products?per_page=1' }).end(),
    );
    await new Promise<void>((r) => moved.listen(0, '127.0.0.1', r));
    const redirected = new WooClient({
      baseUrl: `http://127.0.0.1:${(moved.address() as AddressInfo).port}`,
      credentials: plain.firstKey,
      http: fast,
    });
    await expect(redirected.check()).rejects.toMatchObject({
      kind: 'not-found',
      detail: 'the store redirects to https://www.shop.example.test: enter the address it redirects to',
    });
    moved.close();
    const gone = new WooClient({ baseUrl: 'http://127.0.0.1:1', credentials: plain.firstKey, http: fast });
    await expect(gone.check()).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('creates and deletes webhooks; the store pings on creation', async () => {
    const pings: string[] = [];
    const receiver = createServer((req, res) => {
      let b = '';
      req.on('data', (c) => (b += c));
      req.on('end', () => (pings.push(b), res.end()));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const client = new WooClient({ baseUrl: plain.baseUrl, credentials: plain.firstKey, http: fast });
    const id = await client.createWebhook({
      name: 'x',
      topic: 'product.updated',
      deliveryUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret: 's3cret',
    });
    await plain.idle();
    expect(pings).toEqual([`webhook_id=${id}`]);
    await client.deleteWebhook(id);
    await client.deleteWebhook(id); // already gone: fine
    expect(plain.webhooks).toHaveLength(0);
    receiver.close();
  });
});
