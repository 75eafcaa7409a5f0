import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopifyEmulator, startShopifyEmulator } from '../../../sandbox/shopify/emulator';
import { PRODUCT_SET_MUTATION } from './shopify.publish';
import { connect, grid, sent, teeProduct, variant } from './shopify.publish.fixtures';
import type { ShopifyClient } from './index';

// Publishing products (issue 22, decision 0123): the connector against the emulator over HTTP.
const SHOP = 'publish-test.myshopify.com';
let emu: ShopifyEmulator;
let client: ShopifyClient;

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'key-1',
    apiSecret: 'secret-1',
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  client = await connect(emu, SHOP);
});
afterAll(async () => {
  await emu.close();
});

const emuProduct = (gid: string) => emu.shop(SHOP).products.get(Number(gid.split('/').pop()));

describe('Shopify publishProduct', () => {
  it('publishes a product without options as one variant with its price, compare-at price, stock, images, tags and type', async () => {
    sent.length = 0;
    const out = await client.publishProduct(
      teeProduct([variant('TEE-ONE', { compareAtPrice: 2999, quantity: 7, imageUrl: 'https://files.example/v.jpg' })]),
    );
    expect(out.externalId).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(out.url).toContain('/products/organic-tee');
    expect(out.variants).toEqual([
      {
        sku: 'TEE-ONE',
        externalId: expect.stringMatching(/^gid:\/\/shopify\/ProductVariant\/\d+$/),
        inventoryItemId: expect.stringMatching(/^gid:\/\/shopify\/InventoryItem\/\d+$/),
      },
    ]);
    const set = sent.find((s) => s.query === PRODUCT_SET_MUTATION)!;
    expect(set.variables.synchronous).toBe(true);
    const p = emuProduct(out.externalId)!;
    expect(p).toMatchObject({
      title: 'Organic Tee',
      descriptionHtml: '<p>Soft.</p>',
      productType: 'T-shirts',
      tags: ['summer', 'cotton'],
      images: ['https://files.example/tee-1.jpg', 'https://files.example/tee-2.jpg'],
      byApp: true,
    });
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({
      sku: 'TEE-ONE',
      price: '19.99',
      compareAtPrice: '29.99',
      tracked: true,
      available: 7,
      imageUrl: 'https://files.example/v.jpg',
    });
    // What the stores module reads back: the same product, its SKU and price.
    const read = await client.getProduct(out.externalId);
    expect(read?.variants).toEqual([
      expect.objectContaining({ sku: 'TEE-ONE', options: [], price: { amount: 1999, currency: 'USD' } }),
    ]);
  });

  it('publishes 2 options × 3 values as six variants, each id returned against its SKU', async () => {
    const out = await client.publishProduct(teeProduct(grid(3)));
    const p = emuProduct(out.externalId)!;
    expect(p.variants.map((v) => [v.sku, v.title, v.price])).toEqual([
      ['TEE-Grey-1', 'Grey / S1', '25.00'],
      ['TEE-Grey-2', 'Grey / S2', '25.01'],
      ['TEE-Grey-3', 'Grey / S3', '25.02'],
      ['TEE-Black-1', 'Black / S1', '25.00'],
      ['TEE-Black-2', 'Black / S2', '25.01'],
      ['TEE-Black-3', 'Black / S3', '25.02'],
    ]);
    expect(out.variants.map((v) => v.externalId)).toEqual(
      p.variants.map((v) => `gid://shopify/ProductVariant/${v.id}`),
    );
    const listed = await client.listProducts(null);
    expect(listed.products.some((x) => x.externalId === out.externalId && x.variants.length === 6)).toBe(true);
  });

  it('the shop shows what was published: its storefront page and its admin page, with prices and stock', async () => {
    const out = await client.publishProduct(
      teeProduct([variant('SHOWN-1', { price: 4250, compareAtPrice: 5000, quantity: 3 })], { title: 'Shown Lamp' }),
    );
    const storefront = await (await fetch(out.url!)).text();
    expect(storefront).toContain('<b class="price">42.50 USD</b> <s class="muted">50.00</s>');
    expect(storefront).toContain('3 available');
    const admin = await (await fetch(`${emu.baseUrl}/${SHOP}/admin`)).text();
    expect(admin).toContain('Shown Lamp</b> <span class="ok">· published by an app</span>');
    expect(admin).toContain('<span class="stock">3 in stock</span>');
  });

  it('an update sends the whole set: a variant left out is deleted, the others keep their ids, stock is set', async () => {
    const first = await client.publishProduct(teeProduct(grid(2)));
    const kept = grid(2)
      .filter((v) => v.sku !== 'TEE-Black-2')
      .map((v) => ({ ...v, price: 3000, quantity: 11 }));
    const again = await client.publishProduct(teeProduct(kept, { title: 'Organic Tee v2' }), {
      externalId: first.externalId,
    });
    expect(again.externalId).toBe(first.externalId);
    for (const v of again.variants) expect(v.externalId).toBe(first.variants.find((x) => x.sku === v.sku)!.externalId);
    const p = emuProduct(first.externalId)!;
    expect(p.title).toBe('Organic Tee v2');
    expect(p.variants.map((v) => v.sku)).toEqual(['TEE-Grey-1', 'TEE-Grey-2', 'TEE-Black-1']);
    expect(p.variants.every((v) => v.price === '30.00' && v.available === 11)).toBe(true);
  });

  it('an update of a product deleted in the shop is not-found', async () => {
    const out = await client.publishProduct(teeProduct([variant('GONE-1')]));
    await client.deleteProduct(out.externalId);
    await expect(client.publishProduct(teeProduct([variant('GONE-1')]), out)).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('refuses 4 options and more than 250 variants before calling the shop', async () => {
    sent.length = 0;
    const four = variant('X', {
      options: ['A', 'B', 'C', 'D'].map((name) => ({ name, value: '1' })),
    });
    await expect(client.publishProduct(teeProduct([four]))).rejects.toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('at most 3 options'),
    });
    const many = Array.from({ length: 251 }, (_, i) => variant(`M-${i}`, { options: [{ name: 'N', value: `${i}` }] }));
    await expect(client.publishProduct(teeProduct(many))).rejects.toMatchObject({ kind: 'invalid' });
    expect(sent).toHaveLength(0);
  });

  it("the shop's user errors come back as invalid with its own words", async () => {
    await expect(client.publishProduct(teeProduct([variant('T-1')], { title: '  ' }))).rejects.toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining("Title can't be blank"),
    });
    emu.fault(SHOP, { userErrors: 1, userErrorMessage: 'Handle has already been taken' });
    await expect(client.publishProduct(teeProduct([variant('T-2')]))).rejects.toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('Handle has already been taken'),
    });
    // The knob is spent: the next one goes through.
    await expect(client.publishProduct(teeProduct([variant('T-3')]))).resolves.toMatchObject({
      variants: [expect.objectContaining({ sku: 'T-3' })],
    });
  });

  it('HTTP 429 then success publishes once', async () => {
    const before = emu.shop(SHOP).products.size;
    emu.fault(SHOP, { throttle: 1, retryAfterSeconds: 0 });
    const out = await client.publishProduct(teeProduct([variant('THROTTLED-1', { quantity: null })]));
    expect(emu.shop(SHOP).products.size).toBe(before + 1);
    expect(emuProduct(out.externalId)!.variants[0]).toMatchObject({ tracked: false });
  });

  it('a THROTTLED answer (the cost bucket is empty) waits for the bucket, then publishes once', async () => {
    const before = emu.shop(SHOP).products.size;
    // The bucket is 50,000 points in debt: about half a second at 100,000 points a second.
    emu.shop(SHOP).bucket = { available: -50_000, at: emu.data.now() };
    sent.length = 0;
    await client.publishProduct(teeProduct([variant('BUCKET-1', { quantity: null })]));
    expect(sent.filter((s) => s.query === PRODUCT_SET_MUTATION)).toHaveLength(2);
    expect(emu.shop(SHOP).products.size).toBe(before + 1);
  });

  it('no answer within the timeout is unavailable, and the mutation is not sent again', async () => {
    const slow = await connect(emu, SHOP, '2026-10', 300);
    await slow.getProduct('gid://shopify/Product/1'); // location and token warm
    sent.length = 0;
    emu.fault(SHOP, { slow: 1, slowMs: 600 });
    await expect(slow.publishProduct(teeProduct([variant('SLOW-1', { quantity: null })]))).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect(sent.filter((s) => s.query === PRODUCT_SET_MUTATION)).toHaveLength(1);
  });
});

describe('Shopify deleteProduct', () => {
  it('deletes, and a second delete of the same product is fine', async () => {
    const out = await client.publishProduct(teeProduct([variant('DEL-1')]));
    await client.deleteProduct(out.externalId);
    expect(emuProduct(out.externalId)).toBeUndefined();
    await expect(client.deleteProduct(out.externalId)).resolves.toBeUndefined();
    expect(await client.getProduct(out.externalId)).toBeNull();
  });
});
