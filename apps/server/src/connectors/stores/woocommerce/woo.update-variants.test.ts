import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WooEmulator, startWooEmulator } from '../../../sandbox/woocommerce/emulator';
import type { PublishedProduct, PublishVariant, VariantUpdate } from '../store-platform';
import { WooClient } from './woo.client';

// Keeping listed variants true in WooCommerce (issue 22): stock and prices of variations by
// batch (100 a call), of a simple product by a product update.
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

const variant = (sku: string, value: string | null, o: Partial<PublishVariant> = {}): PublishVariant => ({
  sku,
  options: value === null ? [] : [{ name: 'Size', value }],
  price: 1000,
  compareAtPrice: 1500,
  quantity: 5,
  imageUrl: null,
  ...o,
});
const publish = (variants: PublishVariant[]) =>
  client.publishProduct({
    title: 'Tote',
    descriptionHtml: '',
    imageUrls: [],
    tags: [],
    productType: null,
    currency: 'USD',
    variants,
  });
const updateOf = (out: PublishedProduct, i: number, o: Partial<VariantUpdate>): VariantUpdate => ({
  productExternalId: out.externalId,
  variantExternalId: out.variants[i]!.externalId,
  inventoryItemId: null,
  ...o,
});
const variation = (out: PublishedProduct, i: number) =>
  e.store.products.get(Number(out.externalId))!.variations.find((v) => String(v.id) === out.variants[i]!.externalId)!;
const batches = () => e.requests.filter((r) => r.path.endsWith('/variations/batch')).length;

describe('WooCommerce updateVariants', () => {
  it('sets stock and prices of variations in one batch; a price alone keeps the compare-at price', async () => {
    const out = await publish([variant('TOTE-S', 'S'), variant('TOTE-M', 'M'), variant('TOTE-L', 'L')]);
    const before = batches();
    await client.updateVariants([
      updateOf(out, 0, { quantity: 0, previousQuantity: 5 }),
      updateOf(out, 1, { price: 1100 }),
      updateOf(out, 2, { price: 1200, compareAtPrice: null, quantity: 9 }),
    ]);
    expect(batches()).toBe(before + 1);
    expect(variation(out, 0)).toMatchObject({
      manageStock: true,
      stockQuantity: 0,
      price: '10.00',
      regularPrice: '15.00',
    });
    expect(variation(out, 1)).toMatchObject({
      price: '11.00',
      regularPrice: '15.00',
      salePrice: '11.00',
      stockQuantity: 5,
    });
    expect(variation(out, 2)).toMatchObject({ price: '12.00', regularPrice: '12.00', salePrice: '', stockQuantity: 9 });
  });

  it('a simple product is updated as the product itself', async () => {
    const out = await publish([variant('TOTE-ONE', null)]);
    await client.updateVariants([updateOf(out, 0, { quantity: 2, price: 900, compareAtPrice: 1400 })]);
    expect(e.store.products.get(Number(out.externalId))).toMatchObject({
      stockQuantity: 2,
      regularPrice: '14.00',
      salePrice: '9.00',
    });
  });

  it('splits more than 100 variation changes into batches of 100', async () => {
    const out = await publish(Array.from({ length: 150 }, (_, i) => variant(`MANY-${i}`, `${i}`)));
    const before = batches();
    await client.updateVariants(out.variants.map((_, i) => updateOf(out, i, { quantity: 42 })));
    expect(batches()).toBe(before + 2);
    expect(e.store.products.get(Number(out.externalId))!.variations.every((v) => v.stockQuantity === 42)).toBe(true);
  });

  it('a variation the store no longer has is its own refusal', async () => {
    const out = await publish([variant('GONE-S', 'S')]);
    await expect(
      client.updateVariants([{ ...updateOf(out, 0, { quantity: 1 }), variantExternalId: '999999' }]),
    ).rejects.toMatchObject({ kind: 'invalid', detail: expect.stringContaining('Invalid ID.') });
  });
});
