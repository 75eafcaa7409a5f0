import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator } from '../../../sandbox/woocommerce/emulator';
import type { PublishProduct, PublishVariant } from '../store-platform';
import { WooClient } from './woo.client';

// Publishing products into an emulated WooCommerce store (issue 22, decision 0123): what the
// merchant then sees in the store, and the store's own refusals.
let e: WooEmulator;
let client: WooClient;
beforeAll(async () => {
  e = await startWooEmulator({ retryAfterSeconds: 0 });
  client = new WooClient({
    baseUrl: e.baseUrl,
    credentials: e.firstKey,
    http: { backoffMs: 1, retries: 2, timeoutMs: 3000 },
  });
});
afterAll(async () => {
  await e.close();
});

const variant = (sku: string, o: Partial<PublishVariant> = {}): PublishVariant => ({
  sku,
  options: [],
  price: 1999,
  compareAtPrice: null,
  quantity: 5,
  imageUrl: null,
  ...o,
});
const product = (variants: PublishVariant[], o: Partial<PublishProduct> = {}): PublishProduct => ({
  title: 'Enamel Mug',
  descriptionHtml: '<p>Tough.</p>',
  imageUrls: ['https://files.example/mug-1.jpg', 'https://files.example/mug-2.jpg'],
  tags: ['camping', 'kitchen'],
  productType: 'Mugs & Cups',
  currency: 'USD',
  variants,
  ...o,
});
const grid = (prefix: string, sizes: number) =>
  ['Red', 'Blue'].flatMap((colour) =>
    Array.from({ length: sizes }, (_, i) =>
      variant(`${prefix}-${colour}-${i + 1}`, {
        price: 1200 + i,
        options: [
          { name: 'Colour', value: colour },
          { name: 'Size', value: `${i + 1}` },
        ],
      }),
    ),
  );
const stored = (id: string) => e.store.products.get(Number(id));
const batches = () => e.requests.filter((r) => r.path.endsWith('/variations/batch') && r.method === 'POST');

describe('WooCommerce publishProduct', () => {
  it('one variant is a simple product: a compare-at price is the regular price and ours the sale price; stock managed', async () => {
    const out = await client.publishProduct(product([variant('MUG-1', { compareAtPrice: 2999, quantity: 7 })]));
    const p = stored(out.externalId)!;
    expect(p).toMatchObject({
      type: 'simple',
      name: 'Enamel Mug',
      sku: 'MUG-1',
      regularPrice: '29.99',
      salePrice: '19.99',
      price: '19.99',
      manageStock: true,
      stockQuantity: 7,
      description: '<p>Tough.</p>',
      images: ['https://files.example/mug-1.jpg', 'https://files.example/mug-2.jpg'],
    });
    expect(p.categories.map((c) => c.name)).toEqual(['Mugs & Cups']);
    expect(p.tags.map((t) => t.name)).toEqual(['camping', 'kitchen']);
    expect(out).toEqual({
      externalId: String(p.id),
      url: expect.stringContaining('/product/enamel-mug'),
      variants: [{ sku: 'MUG-1', externalId: String(p.id), inventoryItemId: null }],
    });
    // Read back as the stores module reads it: the price the buyer pays.
    const read = await client.getProduct(out.externalId);
    expect(read?.variants).toEqual([
      expect.objectContaining({ sku: 'MUG-1', price: { amount: 1999, currency: 'USD' } }),
    ]);
  });

  it('maps a category and tags to the ones the store has, whatever their case, instead of making new ones', async () => {
    const before = { categories: e.writes.categories.size, tags: e.writes.tags.size };
    // A new client knows no term ids yet: it looks them up in the store.
    const fresh = new WooClient({ baseUrl: e.baseUrl, credentials: e.firstKey });
    const out = await fresh.publishProduct(
      product([variant('MUG-2', { compareAtPrice: null, quantity: null })], {
        productType: 'mugs & cups',
        tags: ['Camping'],
      }),
    );
    expect(e.writes.categories.size).toBe(before.categories);
    expect(e.writes.tags.size).toBe(before.tags);
    expect(stored(out.externalId)).toMatchObject({ regularPrice: '19.99', salePrice: '', manageStock: false });
  });

  it('options make a variable product with its attributes and one variation per SKU, in one batch', async () => {
    const callsBefore = batches().length;
    const out = await client.publishProduct(product(grid('TEE', 3)));
    const p = stored(out.externalId)!;
    expect(p.type).toBe('variable');
    expect(p.attributes).toEqual([
      { name: 'Colour', options: ['Red', 'Blue'] },
      { name: 'Size', options: ['1', '2', '3'] },
    ]);
    expect(
      p.variations.map((v) => [v.sku, v.attributes.map((a) => a.option).join('/'), v.price, v.stockQuantity]),
    ).toEqual([
      ['TEE-Red-1', 'Red/1', '12.00', 5],
      ['TEE-Red-2', 'Red/2', '12.01', 5],
      ['TEE-Red-3', 'Red/3', '12.02', 5],
      ['TEE-Blue-1', 'Blue/1', '12.00', 5],
      ['TEE-Blue-2', 'Blue/2', '12.01', 5],
      ['TEE-Blue-3', 'Blue/3', '12.02', 5],
    ]);
    expect(out.variants.map((v) => v.externalId)).toEqual(p.variations.map((v) => String(v.id)));
    expect(batches().length).toBe(callsBefore + 1);
  });

  it('an update replaces the set: a variation left out is deleted, the others keep their ids', async () => {
    const first = await client.publishProduct(product(grid('UPD', 2)));
    const kept = grid('UPD', 2)
      .filter((v) => v.sku !== 'UPD-Blue-2')
      .map((v) => ({ ...v, price: 1500, compareAtPrice: 1800 }));
    const again = await client.publishProduct(product(kept, { title: 'Enamel Mug v2' }), first);
    expect(again.externalId).toBe(first.externalId);
    for (const v of again.variants) expect(v.externalId).toBe(first.variants.find((x) => x.sku === v.sku)!.externalId);
    const p = stored(first.externalId)!;
    expect(p.name).toBe('Enamel Mug v2');
    expect(p.variations.map((v) => [v.sku, v.regularPrice, v.salePrice])).toEqual([
      ['UPD-Red-1', '18.00', '15.00'],
      ['UPD-Red-2', '18.00', '15.00'],
      ['UPD-Blue-1', '18.00', '15.00'],
    ]);
  });

  it('101 variations go in two batch calls (the store takes at most 100 objects a call)', async () => {
    const many = Array.from({ length: 101 }, (_, i) =>
      variant(`BIG-${i}`, { options: [{ name: 'Number', value: `${i}` }] }),
    );
    const callsBefore = batches().length;
    const out = await client.publishProduct(product(many));
    expect(batches().length).toBe(callsBefore + 2);
    expect(stored(out.externalId)!.variations).toHaveLength(101);
    expect(new Set(out.variants.map((v) => v.externalId)).size).toBe(101);
    // The store itself refuses 101 objects in one call.
    const res = await client.request(
      'POST',
      `/products/${out.externalId}/variations/batch`,
      {},
      {
        update: out.variants.map((v) => ({ id: Number(v.externalId), regular_price: '1.00' })),
      },
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'woocommerce_rest_request_entity_too_large' });
  });

  it('the store’s refusals are invalid with its words, and a refused variable product is not left half made', async () => {
    await client.publishProduct(product([variant('DUP-1')]));
    await expect(client.publishProduct(product([variant('DUP-1')]))).rejects.toMatchObject({
      kind: 'invalid',
      detail: 'Invalid or duplicated SKU.',
    });
    const count = e.store.products.size;
    const clash = [
      variant('OK-1', { options: [{ name: 'N', value: '1' }] }),
      variant('DUP-1', { options: [{ name: 'N', value: '2' }] }),
    ];
    await expect(client.publishProduct(product(clash, { title: 'Clash' }))).rejects.toMatchObject({
      kind: 'invalid',
      detail: expect.stringContaining('Invalid or duplicated SKU.'),
    });
    expect(e.store.products.size).toBe(count);
    expect([...e.store.products.values()].some((p) => p.name === 'Clash')).toBe(false);
    e.refuseWrites(1, 'Sorry, you cannot add products now.');
    await expect(
      client.publishProduct(product([variant('REF-1')], { tags: [], productType: null })),
    ).rejects.toMatchObject({
      kind: 'invalid',
      detail: 'Sorry, you cannot add products now.',
    });
  });

  it('HTTP 429 then success publishes once', async () => {
    const count = e.store.products.size;
    e.throttle(1);
    await client.publishProduct(product([variant('THR-1')], { tags: [], productType: null }));
    expect(e.store.products.size).toBe(count + 1);
  });

  it('no answer within the timeout is unavailable, and the create is not sent again', async () => {
    const impatient = new WooClient({
      baseUrl: e.baseUrl,
      credentials: e.firstKey,
      http: { backoffMs: 1, retries: 2, timeoutMs: 200 },
    });
    const posts = () => e.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/products')).length;
    const before = posts();
    e.slow(1, 500);
    await expect(
      impatient.publishProduct(product([variant('SLOW-1')], { tags: [], productType: null })),
    ).rejects.toMatchObject({
      kind: 'unavailable',
    });
    await new Promise((r) => setTimeout(r, 400));
    expect(posts()).toBe(before + 1);
  });
});

describe('WooCommerce deleteProduct', () => {
  it('deletes for good, and a second delete is fine', async () => {
    const out = await client.publishProduct(product([variant('DEL-1')], { tags: [], productType: null }));
    await client.deleteProduct(out.externalId);
    expect(stored(out.externalId)).toBeUndefined();
    await expect(client.deleteProduct(out.externalId)).resolves.toBeUndefined();
    expect(await client.getProduct(out.externalId)).toBeNull();
  });
});
