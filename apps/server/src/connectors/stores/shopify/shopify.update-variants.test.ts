import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopifyEmulator, startShopifyEmulator } from '../../../sandbox/shopify/emulator';
import type { PublishedProduct, VariantUpdate } from '../store-platform';
import { VARIANTS_BULK_UPDATE_MUTATION } from './shopify.publish';
import { connect, grid, sent, teeProduct, variant } from './shopify.publish.fixtures';
import type { ShopifyClient } from './index';

// Keeping listed variants true (issue 22): prices by productVariantsBulkUpdate, stock by
// inventorySetQuantities with compare-and-set, batched at 250, as the pinned API version asks.
const SHOP = 'stock-test.myshopify.com';
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

const variantOf = (out: PublishedProduct, sku: string) => {
  const p = emu.shop(SHOP).products.get(Number(out.externalId.split('/').pop()))!;
  return p.variants.find((v) => v.sku === sku)!;
};
const updateOf = (out: PublishedProduct, i: number, o: Partial<VariantUpdate>): VariantUpdate => ({
  productExternalId: out.externalId,
  variantExternalId: out.variants[i]!.externalId,
  inventoryItemId: out.variants[i]!.inventoryItemId,
  ...o,
});
const inventoryCalls = () => sent.filter((s) => s.query.includes('inventorySetQuantities'));

describe('Shopify updateVariants', () => {
  it('sets prices and compare-at prices, and stock from the quantity we believe the shop holds', async () => {
    const out = await client.publishProduct(teeProduct(grid(2)));
    sent.length = 0;
    await client.updateVariants([
      updateOf(out, 0, { price: 3199, compareAtPrice: 3999 }),
      updateOf(out, 1, { price: 3299, compareAtPrice: null }),
      updateOf(out, 2, { quantity: 2, previousQuantity: 5 }),
      updateOf(out, 3, { quantity: 0, previousQuantity: null }),
    ]);
    expect(variantOf(out, 'TEE-Grey-1')).toMatchObject({ price: '31.99', compareAtPrice: '39.99', available: 5 });
    expect(variantOf(out, 'TEE-Grey-2')).toMatchObject({ price: '32.99', compareAtPrice: null });
    expect(variantOf(out, 'TEE-Black-1')).toMatchObject({ price: '25.00', available: 2 });
    expect(variantOf(out, 'TEE-Black-2')).toMatchObject({ available: 0 });
    // One price call for the product, one stock call, as 2026-10 wants it: changeFromQuantity on
    // every quantity (null opts out) and an idempotency key.
    expect(sent.filter((s) => s.query === VARIANTS_BULK_UPDATE_MUTATION)).toHaveLength(1);
    const [stock] = inventoryCalls();
    expect(stock!.query).toContain('@idempotent(key: $key)');
    expect(stock!.variables.key).toEqual(expect.any(String));
    expect((stock!.variables.input as { quantities: unknown[] }).quantities).toEqual([
      expect.objectContaining({ quantity: 2, changeFromQuantity: 5 }),
      expect.objectContaining({ quantity: 0, changeFromQuantity: null }),
    ]);
  });

  it('a stale quantity refuses the whole call with CHANGE_FROM_QUANTITY_STALE and changes nothing', async () => {
    const out = await client.publishProduct(
      teeProduct(['CAS-1', 'CAS-2'].map((sku, i) => variant(sku, { options: [{ name: 'N', value: `${i}` }] }))),
    );
    // The merchant sold one by hand: the shop holds 4, we still believe 5.
    variantOf(out, 'CAS-2').available = 4;
    const error = await client
      .updateVariants([
        updateOf(out, 0, { quantity: 9, previousQuantity: 5 }),
        updateOf(out, 1, { quantity: 9, previousQuantity: 5 }),
      ])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid', detail: expect.stringContaining('CHANGE_FROM_QUANTITY_STALE') });
    expect(variantOf(out, 'CAS-1').available).toBe(5);
    expect(variantOf(out, 'CAS-2').available).toBe(4);
  });

  it('splits more than 250 stock changes into calls of 250', async () => {
    const products = [];
    for (let i = 0; i < 3; i++)
      products.push(
        await client.publishProduct(
          teeProduct(
            Array.from({ length: 99 }, (_, j) =>
              variant(`BULK-${i}-${j}`, { options: [{ name: 'N', value: `${j}` }] }),
            ),
          ),
        ),
      );
    sent.length = 0;
    await client.updateVariants(
      products.flatMap((out) => out.variants.map((_, j) => updateOf(out, j, { quantity: 42, previousQuantity: 5 }))),
    );
    expect(inventoryCalls().map((c) => (c.variables.input as { quantities: unknown[] }).quantities.length)).toEqual([
      250, 47,
    ]);
    expect(products.every((out) => out.variants.every((v) => variantOf(out, v.sku).available === 42))).toBe(true);
  });

  it('before 2026-04 it compares with compareQuantity, and ignores the check when a previous quantity is unknown', async () => {
    const older = await connect(emu, SHOP, '2026-01');
    const out = await older.publishProduct(teeProduct([variant('OLD-1')]));
    sent.length = 0;
    await older.updateVariants([updateOf(out, 0, { quantity: 3, previousQuantity: 5 })]);
    await older.updateVariants([updateOf(out, 0, { quantity: 1, previousQuantity: null })]);
    const [known, unknown] = inventoryCalls().map((c) => c.variables.input as Record<string, unknown>);
    expect(known).toMatchObject({
      ignoreCompareQuantity: false,
      quantities: [expect.objectContaining({ compareQuantity: 5 })],
    });
    expect(unknown).toMatchObject({ ignoreCompareQuantity: true });
    expect(JSON.stringify(known)).not.toContain('changeFromQuantity');
    expect(variantOf(out, 'OLD-1').available).toBe(1);
  });

  it('a price for a variant the shop no longer has is the shop’s user error', async () => {
    const out = await client.publishProduct(teeProduct([variant('P-1')]));
    await expect(
      client.updateVariants([
        { ...updateOf(out, 0, { price: 100 }), variantExternalId: 'gid://shopify/ProductVariant/1' },
      ]),
    ).rejects.toMatchObject({ kind: 'invalid', detail: expect.stringContaining('Product variant does not exist') });
  });
});
