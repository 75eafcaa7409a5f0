import { SaveProductBody } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shippingWorld, signedInUser } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';
import { inTransaction } from '../../platform/unit-of-work';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';

// What is listed keeps up with the catalogue (issue 22, decision 0133), through the real
// connector and the Shopify emulator: catalogue price changes within the store's tolerance reach
// the shop, larger ones wait for approval; lock price; a SKU taken down → 0 and marked.
const SECRET = 'follow-secret';
let emu: ShopifyEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let twoColours: { prodId: number; skuIds: number[] };

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'follow-app',
    apiSecret: SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 50_000 },
  });
  ctx = await createTestApp(
    {
      publicUrl: 'https://app.example',
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 5000 },
      },
      shopify: {
        apiKey: 'follow-app',
        apiSecret: SECRET,
        apiVersion: '2026-10',
        scopes: 'read_products,write_products,write_inventory,read_orders',
        shopUrlTemplate: emu.shopUrlTemplate,
      },
    },
    undefined,
    { jobOptions: { retryBaseMs: 1 } },
  );
  await shippingWorld(ctx); // PSA ships 0.4 kg to France by sea for 3.00
  // A product with two variants (10.00 and 12.00 USD, 0.4 kg: 3.00 to France by sea).
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${operator}` } });
  const categoryId = (await admin('GET', '/api/admin/catalogue/categories')).json().data[0].categoryId;
  await admin('POST', '/api/admin/catalogue/specs', {
    code: 'fcolour',
    names: { 'en-US': 'Colour' },
    values: [
      { code: 'fred', names: { 'en-US': 'Red' } },
      { code: 'fblue', names: { 'en-US': 'Blue' } },
    ],
  });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('shirt')]);
  const image = (
    await admin('POST', '/api/admin/catalogue/images', { contentType: 'image/png', data: png.toString('base64') })
  ).json().data.url as string;
  const sku = (code: string, price: number, colour: string) => ({
    skuCode: code,
    price,
    oriPrice: price,
    stocks: 20,
    weight: 0.4,
    length: 10,
    width: 10,
    height: 5,
    specs: [{ property: 'fcolour', value: colour }],
  });
  const created = await admin(
    'POST',
    '/api/admin/catalogue/products',
    SaveProductBody.parse({
      categoryId,
      warehouse: 'PSA',
      translations: { 'en-US': { title: 'Linen shirt', brief: '', description: '<p>Cool linen.</p>' } },
      imgs: [image],
      skus: [sku('FSHIRT-RED', 10, 'fred'), sku('FSHIRT-BLUE', 12, 'fblue')],
    }),
  );
  expect(created.statusCode, created.body).toBe(200);
  twoColours = {
    prodId: created.json().data.prodId,
    skuIds: created.json().data.skus.map((s: { skuId: number }) => s.skuId),
  };
});
afterAll(async () => {
  await emu.close();
  await ctx.app.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
const drain = async () => {
  for (let i = 0; i < 6; i++) await ctx.app.jobs.drain();
};
let shopNo = 0;

async function ownerWithShop() {
  const me = await signedInUser(ctx.db);
  const shop = `follow-${++shopNo}-${Date.now().toString(36)}.myshopify.com`;
  emu.createShop(shop, { name: `Listing shop ${shopNo}`, currency: 'USD', seed: false });
  const res = await call(me.token, 'POST', '/api/p/stores/shopify/install', { shop });
  const url = new URL(res.json().data.url);
  const back = emu.approve(shop, {
    clientId: url.searchParams.get('client_id')!,
    scope: url.searchParams.get('scope')!,
    redirectUri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
  });
  const cb = await call(me.token, 'POST', '/api/p/stores/shopify/callback', { query: back });
  expect(cb.statusCode, cb.body).toBe(200);
  await drain();
  const storeId = cb.json().data.id as string;
  const rule = await call(me.token, 'PUT', `/api/p/listings/rules/${storeId}`, {
    rule: { mode: 'multiple', multiple: 2.5 },
    currency: 'USD',
    market: 'FR',
  });
  expect(rule.statusCode, rule.body).toBe(200);
  return { ...me, shop, storeId };
}
const shopProducts = (shop: string) => [...emu.shop(shop).products.values()].filter((p) => p.byApp);
async function list(token: string, storeId: string) {
  const res = await call(token, 'POST', '/api/p/listings', {
    storeIds: [storeId],
    items: [{ prodId: twoColours.prodId, skuIds: twoColours.skuIds }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ids[0] as string;
}
const listing = async (token: string, id: string) => (await call(token, 'GET', `/api/p/listings/${id}`)).json().data;

const jobs = async (type: string) => {
  await inTransaction(ctx.db, (uow) => uow.enqueue({ type }));
  await drain();
};
const follow = () => jobs('listings.price-follow');
const setPlatformPrice = (i: number, usd: number) =>
  ctx.db.execute(sql`update skus set price_minor = ${Math.round(usd * 100)} where id = ${twoColours.skuIds[i]!}`);
const shopPrices = (shop: string) => shopProducts(shop)[0]!.variants.map((v) => v.price);
const waiting = async (token: string) => (await call(token, 'GET', '/api/p/listings/price-updates')).json().data.rows;

// Every test starts from the catalogue's 10.00 and 12.00.
beforeEach(async () => {
  await setPlatformPrice(0, 10);
  await setPlatformPrice(1, 12);
});

describe('catalogue price changes', () => {
  it('within the tolerance they reach the shop; beyond it they wait with old and new price and margin', async () => {
    const me = await ownerWithShop();
    const tolerance = await call(me.token, 'PUT', `/api/p/listings/rules/${me.storeId}`, {
      rule: { mode: 'multiple', multiple: 2.5 },
      currency: 'USD',
      market: 'FR',
      priceTolerancePercent: 10,
    });
    expect(tolerance.json().data.priceTolerancePercent).toBe(10);
    const id = await list(me.token, me.storeId);
    await drain();
    expect(shopPrices(me.shop)).toEqual(['28.00', '33.00']);

    // Red 10 → 10.80: 28.00 → 30.00 (+7.14 %) follows; blue 12 → 15: 33.00 → 40.50 (+22.73 %) waits.
    await setPlatformPrice(0, 10.8);
    await setPlatformPrice(1, 15);
    await follow();
    expect(shopPrices(me.shop)).toEqual(['30.00', '33.00']);
    const rows = await waiting(me.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      listingId: id,
      title: 'Linen shirt',
      skuName: 'Blue',
      currency: 'USD',
      oldPlatformPrice: 12,
      newPlatformPrice: 15,
      oldPrice: 33,
      newPrice: 40.5,
      changePercent: 22.73,
      margin: 22.5,
      marginPercent: 55.56,
      belowMargin: false,
    });
    expect((await listing(me.token, id)).priceUpdates).toBe(1);
    // Asked once: the next run does not ask again.
    await follow();
    expect(await waiting(me.token)).toHaveLength(1);

    // Rejected: the shop keeps 33.00 and the same catalogue price is not asked about again.
    const rejected = await call(me.token, 'POST', '/api/p/listings/price-updates/decide', {
      ids: [rows[0].id],
      approve: false,
    });
    expect(rejected.json().data).toEqual({ decided: 1, listings: 0 });
    await follow();
    expect(await waiting(me.token)).toHaveLength(0);
    expect(shopPrices(me.shop)).toEqual(['30.00', '33.00']);
    const again = await call(me.token, 'POST', '/api/p/listings/price-updates/decide', {
      ids: [rows[0].id],
      approve: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('already decided');

    // Blue 16: 43.00 (+30.30 %) waits; approved, the shop shows it.
    await setPlatformPrice(1, 16);
    await follow();
    const [next] = await waiting(me.token);
    expect([next.oldPrice, next.newPrice, next.changePercent]).toEqual([33, 43, 30.3]);
    const other = await signedInUser(ctx.db);
    const theirs = await call(other.token, 'POST', '/api/p/listings/price-updates/decide', {
      ids: [next.id],
      approve: true,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await waiting(other.token)).toHaveLength(0);
    const approved = await call(me.token, 'POST', '/api/p/listings/price-updates/decide', {
      ids: [next.id],
      approve: true,
    });
    expect(approved.json().data).toEqual({ decided: 1, listings: 1 });
    await drain();
    expect(shopPrices(me.shop)).toEqual(['30.00', '43.00']);
    expect((await listing(me.token, id)).variants.map((v: { price: number }) => v.price)).toEqual([30, 43]);
    expect((await listing(me.token, id)).priceUpdates).toBe(0);
  });

  it('tolerance 0: every change waits; a price under the minimum margin waits marked as such', async () => {
    const me = await ownerWithShop();
    await call(me.token, 'PUT', `/api/p/listings/rules/${me.storeId}`, {
      rule: { mode: 'own' },
      currency: 'USD',
      market: 'FR',
      priceTolerancePercent: 0,
    });
    const res = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [
        {
          prodId: twoColours.prodId,
          skuIds: twoColours.skuIds,
          prices: [
            { skuId: twoColours.skuIds[0], price: 20 },
            { skuId: twoColours.skuIds[1], price: 25 },
          ],
        },
      ],
      rule: { mode: 'own', minMarginPercent: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    expect(shopPrices(me.shop)).toEqual(['20.00', '25.00']);
    // Own price: the price stays 20.00, but at 12 + 3 = 15 its margin is 25 %, under the 30 % asked.
    await setPlatformPrice(0, 12);
    await follow();
    const rows = await waiting(me.token);
    expect(
      rows.map((r: { newPrice: number; marginPercent: number; belowMargin: boolean }) => [
        r.newPrice,
        r.marginPercent,
        r.belowMargin,
      ]),
    ).toEqual([[20, 25, true]]);
    const bad = await call(me.token, 'PUT', `/api/p/listings/rules/${me.storeId}`, {
      rule: { mode: 'own' },
      currency: 'USD',
      market: 'FR',
      priceTolerancePercent: 100.5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('at most 100');
  });

  it('lock price (PATCH): the listing is left out of catalogue changes and its waiting updates go', async () => {
    const me = await ownerWithShop();
    const id = await list(me.token, me.storeId);
    await drain();
    await setPlatformPrice(1, 20);
    await follow();
    expect(await waiting(me.token)).toHaveLength(1);
    const locked = await call(me.token, 'PATCH', `/api/p/listings/${id}`, { lockPrice: true });
    expect(locked.json().data).toMatchObject({ lockPrice: true, priceUpdates: 0 });
    expect(await waiting(me.token)).toHaveLength(0);
    await setPlatformPrice(0, 10.5);
    await follow();
    expect(shopPrices(me.shop)).toEqual(['28.00', '33.00']);
    expect(await waiting(me.token)).toHaveLength(0);
    const other = await signedInUser(ctx.db);
    expect((await call(other.token, 'PATCH', `/api/p/listings/${id}`, { lockPrice: false })).statusCode).toBe(404);
    // Unlocked, the next run catches up: red 10.50 → 29.25 (+4.46 %) follows, blue waits.
    await call(me.token, 'PATCH', `/api/p/listings/${id}`, { lockPrice: false });
    await follow();
    expect(shopPrices(me.shop)).toEqual(['29.25', '33.00']);
    expect(await waiting(me.token)).toHaveLength(1);
  });
});

describe('a SKU taken down in the catalogue', () => {
  it('inventory sync off: its stock in the shop goes to 0 and the listing is marked; back on sale, both undone', async () => {
    const me = await ownerWithShop();
    const id = await list(me.token, me.storeId);
    await drain();
    const stock = () => shopProducts(me.shop)[0]!.variants.map((v) => v.available);
    // Switch off: published without our stock (the shop does not track it).
    expect(shopProducts(me.shop)[0]!.variants.map((v) => v.tracked)).toEqual([false, false]);
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const status = (s: 'on' | 'off') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/catalogue/products/${twoColours.prodId}/status`,
        payload: { status: s },
        headers: { authorization: `Bearer ${operator}` },
      });
    expect((await status('off')).statusCode).toBe(200);
    await jobs('listings.inventory-sync');
    expect(stock()).toEqual([0, 0]);
    expect(shopProducts(me.shop)[0]!.variants.map((v) => v.tracked)).toEqual([true, true]);
    const marked = await listing(me.token, id);
    expect(marked.takenDown).toBe(2);
    expect(marked.variants.map((v: { takenDown: boolean }) => v.takenDown)).toEqual([true, true]);
    const page = (await call(me.token, 'GET', '/api/p/listings')).json().data.page.records;
    expect(page.find((l: { id: string }) => l.id === id).takenDown).toBe(2);
    // A price change of a SKU taken down is not followed (it is not sold).
    await setPlatformPrice(0, 11);
    await follow();
    expect(shopPrices(me.shop)).toEqual(['28.00', '33.00']);

    expect((await status('on')).statusCode).toBe(200);
    await jobs('listings.inventory-sync');
    expect(stock()).toEqual([20, 20]);
    expect((await listing(me.token, id)).takenDown).toBe(0);
    // Switch off: the store's stock is the owner's again; a catalogue stock change does not reach it.
    await ctx.db.execute(sql`update skus set stock = 5 where id = ${twoColours.skuIds[0]!}`);
    await jobs('listings.inventory-sync');
    expect(stock()).toEqual([20, 20]);
    await ctx.db.execute(sql`update skus set stock = 20 where id = ${twoColours.skuIds[0]!}`);
  });
});

describe('changes made in the store by hand', () => {
  it('are shown after the next sync, and a catalogue change does not overwrite a price set there', async () => {
    const me = await ownerWithShop();
    const id = await list(me.token, me.storeId);
    await drain();
    expect(await listing(me.token, id)).toMatchObject({ storeTitle: null });
    // The owner renames the product and sets the red one to 31.00 in the shop's admin.
    const product = shopProducts(me.shop)[0]!;
    product.title = 'Linen shirt — summer';
    product.variants[0]!.price = '31.00';
    product.updatedAt = new Date(Date.now() + 1000).toISOString();
    const sync = await call(me.token, 'POST', `/api/p/stores/${me.storeId}/sync`);
    expect(sync.statusCode, sync.body).toBe(200);
    await drain();
    const seen = await listing(me.token, id);
    expect(seen.storeTitle).toBe('Linen shirt — summer');
    expect(seen.title).toBe('Linen shirt');
    expect(seen.variants.map((v: { price: number; storePrice: number | null }) => [v.price, v.storePrice])).toEqual([
      [28, 31],
      [33, null],
    ]);
    // Red 10 → 10.20: 28.50 is within 10 % of ours, but the shop's 31.00 was set by hand: it waits.
    await setPlatformPrice(0, 10.2);
    await follow();
    expect(shopPrices(me.shop)).toEqual(['31.00', '33.00']);
    const rows = await waiting(me.token);
    expect(rows.map((r: { oldPrice: number; newPrice: number }) => [r.oldPrice, r.newPrice])).toEqual([[28, 28.5]]);
    // Approved, ours goes over it: the owner chose so.
    await call(me.token, 'POST', '/api/p/listings/price-updates/decide', { ids: [rows[0].id], approve: true });
    await drain();
    expect(shopPrices(me.shop)).toEqual(['28.50', '33.00']);
  });
});
