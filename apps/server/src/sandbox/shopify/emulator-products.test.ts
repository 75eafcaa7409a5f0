import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopifyEmulator, startShopifyEmulator } from './emulator';

// The emulator's product writes spoken raw (issue 22): the mutations our connector does not use
// (productCreate + productVariantsBulkCreate), Shopify's limits, and the inventory rules per version.
const SHOP = 'raw-products.myshopify.com';
let emu: ShopifyEmulator;
let accessToken: string;

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'k',
    apiSecret: 's',
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  emu.createShop(SHOP);
  const back = emu.approve(SHOP, {
    clientId: 'k',
    scope: 'write_products',
    redirectUri: 'https://app.example/cb',
    state: 'x',
  });
  const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'k', client_secret: 's', code: back.code }),
  });
  accessToken = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await emu.close();
});

async function gql(query: string, variables: Record<string, unknown> = {}, version = '2026-10') {
  const res = await fetch(`${emu.baseUrl}/${SHOP}/admin/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw GraphQL answers, read by shape in each test
  return (await res.json()) as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> };
}

const CREATE = `mutation($p: ProductCreateInput!) { productCreate(product: $p) {
  product { id variants(first: 5) { nodes { id title } } } userErrors { code field message } } }`;
const BULK = `mutation($id: ID!, $v: [ProductVariantsBulkInput!]!) {
  productVariantsBulkCreate(productId: $id, variants: $v, strategy: REMOVE_STANDALONE_VARIANT) {
    productVariants { id title sku price inventoryItem { id } } userErrors { code field message } } }`;
const SET = `mutation($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) { inventoryAdjustmentGroup { id } userErrors { code field message } } }`;

describe('Shopify emulator: productCreate, then productVariantsBulkCreate', () => {
  it('creates only the first variant, then the bulk create replaces the standalone one with the rest', async () => {
    const created = await gql(CREATE, {
      p: { title: 'Raw Tee', productOptions: [{ name: 'Size', values: [{ name: 'S' }, { name: 'M' }] }] },
    });
    const product = created.data.productCreate.product;
    expect(product.variants.nodes).toHaveLength(1);
    const v = (size: string, sku: string) => ({
      optionValues: [{ optionName: 'Size', name: size }],
      price: '12.50',
      inventoryItem: { sku, tracked: true },
    });
    const bulk = await gql(BULK, { id: product.id, v: [v('S', 'RAW-S'), v('M', 'RAW-M')] });
    expect(bulk.data.productVariantsBulkCreate.userErrors).toEqual([]);
    expect(bulk.data.productVariantsBulkCreate.productVariants.map((x: { sku: string }) => x.sku)).toEqual([
      'RAW-S',
      'RAW-M',
    ]);
    const p = emu.shop(SHOP).products.get(Number(product.id.split('/').pop()))!;
    expect(p.variants.map((x) => `${x.title}:${x.price}`)).toEqual(['S:12.50', 'M:12.50']);
    // The same options again are Shopify's user error, not a second variant.
    const again = await gql(BULK, { id: product.id, v: [v('S', 'RAW-S2')] });
    expect(again.data.productVariantsBulkCreate.userErrors[0]).toMatchObject({ code: 'VARIANT_ALREADY_EXISTS' });
  });

  it('numbers the handle of a repeated title, as Shopify keeps handles unique', async () => {
    const a = await gql(CREATE, { p: { title: 'Same Title' } });
    const b = await gql(CREATE, { p: { title: 'Same Title' } });
    const handle = (r: typeof a) =>
      emu.shop(SHOP).products.get(Number(r.data.productCreate.product.id.split('/').pop()))!.handle;
    expect([handle(a), handle(b)]).toEqual(['same-title', 'same-title-1']);
  });

  it('refuses 4 options as a user error, and 251 items in an input array as a GraphQL error', async () => {
    const four = await gql(CREATE, {
      p: { title: 'Four', productOptions: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: [{ name: '1' }] })) },
    });
    expect(four.data.productCreate.userErrors[0]).toMatchObject({ code: 'OPTIONS_OVER_LIMIT' });
    const big = await gql(
      `mutation($input: ProductSetInput!) { productSet(input: $input) { product { id } userErrors { message } } }`,
      {
        input: {
          title: 'Too many',
          productOptions: [{ name: 'N', values: [{ name: '0' }] }],
          variants: Array.from({ length: 251 }, (_, i) => ({ optionValues: [{ optionName: 'N', name: `${i}` }] })),
        },
      },
    );
    expect(big.errors?.[0]?.extensions.code).toBe('MAX_INPUT_SIZE_EXCEEDED');
  });
});

describe('Shopify emulator: inventorySetQuantities', () => {
  async function stocked() {
    const out = await gql(
      `mutation($input: ProductSetInput!) { productSet(input: $input, synchronous: true) {
        product { variants(first: 1) { nodes { inventoryItem { id } } } } userErrors { message } } }`,
      {
        input: {
          title: 'Stocked',
          productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
          variants: [
            { optionValues: [{ optionName: 'Title', name: 'Default Title' }], inventoryItem: { tracked: true } },
          ],
        },
      },
    );
    const item = out.data.productSet.product.variants.nodes[0].inventoryItem.id as string;
    const location = `gid://shopify/Location/${emu.shop(SHOP).locationId}`;
    return { item, location };
  }
  const input = (item: string, location: string, q: Record<string, unknown>) => ({
    name: 'available',
    reason: 'correction',
    quantities: [{ inventoryItemId: item, locationId: location, ...q }],
  });

  it('from 2026-04 a quantity without changeFromQuantity is refused, and the idempotency key is required', async () => {
    const { item, location } = await stocked();
    const missing = await gql(SET, { input: input(item, location, { quantity: 3 }), key: 'k-1' });
    expect(missing.data.inventorySetQuantities.userErrors[0].field).toContain('changeFromQuantity');
    const noKey = await gql(
      `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { code } } }`,
      { input: input(item, location, { quantity: 3, changeFromQuantity: null }) },
    );
    expect(noKey.errors?.[0]?.extensions.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('a key used again answers as before without acting again; a stale changeFromQuantity is refused', async () => {
    const { item, location } = await stocked();
    const first = await gql(SET, { input: input(item, location, { quantity: 3, changeFromQuantity: 0 }), key: 'k-2' });
    expect(first.data.inventorySetQuantities.userErrors).toEqual([]);
    const replay = await gql(SET, { input: input(item, location, { quantity: 3, changeFromQuantity: 0 }), key: 'k-2' });
    expect(replay.data).toEqual(first.data);
    const stale = await gql(SET, { input: input(item, location, { quantity: 8, changeFromQuantity: 0 }), key: 'k-3' });
    expect(stale.data.inventorySetQuantities.userErrors[0]).toMatchObject({ code: 'CHANGE_FROM_QUANTITY_STALE' });
    const v = [...emu.shop(SHOP).products.values()]
      .flatMap((p) => p.variants)
      .find((x) => item.endsWith(`/${x.inventoryItemId}`));
    expect(v?.available).toBe(3);
  });
});
