import { SaveProductBody } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingWorld, signedInUser } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';
import { rawRows } from '../../db/rows';
import { inTransaction } from '../../platform/unit-of-work';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';

// Listing into a Shopify shop (issue 22) through the real connector and the Shopify emulator:
// published → listed and connected; re-price preview = what is pushed; roll back; failures.
const SECRET = 'listing-secret';
let emu: ShopifyEmulator;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let twoColours: { prodId: number; skuIds: number[] };
let imageUrl: string;
let backImageUrl: string;

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'listing-app',
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
        apiKey: 'listing-app',
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
    code: 'lcolour',
    names: { 'en-US': 'Colour' },
    values: [
      { code: 'lred', names: { 'en-US': 'Red' } },
      { code: 'lblue', names: { 'en-US': 'Blue' } },
    ],
  });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('shirt')]);
  const image = (
    await admin('POST', '/api/admin/catalogue/images', { contentType: 'image/png', data: png.toString('base64') })
  ).json().data.url as string;
  imageUrl = image;
  backImageUrl = (
    await admin('POST', '/api/admin/catalogue/images', {
      contentType: 'image/png',
      data: Buffer.concat([png, Buffer.from('back')]).toString('base64'),
    })
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
    specs: [{ property: 'lcolour', value: colour }],
  });
  const created = await admin(
    'POST',
    '/api/admin/catalogue/products',
    SaveProductBody.parse({
      categoryId,
      warehouse: 'PSA',
      translations: { 'en-US': { title: 'Linen shirt', brief: '', description: '<p>Cool linen.</p>' } },
      imgs: [image, backImageUrl],
      skus: [sku('SHIRT-RED', 10, 'lred'), sku('SHIRT-BLUE', 12, 'lblue')],
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

type Method = 'GET' | 'POST' | 'PUT';
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
  const shop = `listing-${++shopNo}-${Date.now().toString(36)}.myshopify.com`;
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

describe('listing into a Shopify shop', () => {
  it('publishes at 2.5× + shipping, connects each variant to its SKU, re-prices by preview, rolls back', async () => {
    const me = await ownerWithShop();
    const id = await list(me.token, me.storeId);
    await drain();
    const listed = await listing(me.token, id);
    expect(listed).toMatchObject({ state: 'listed', reason: null, price: 28 });
    // The shop shows it: 10 × 2.5 + 3 = 28.00 and 12 × 2.5 + 3 = 33.00, our SKU codes, our image URL.
    const [product] = shopProducts(me.shop);
    expect(product).toMatchObject({ title: 'Linen shirt', descriptionHtml: '<p>Cool linen.</p>' });
    expect(product!.images[0]).toBe(`https://app.example${imageUrl}`);
    expect(product!.variants.map((v) => [v.sku, v.price, v.options])).toEqual([
      ['SHIRT-RED', '28.00', [{ name: 'Colour', value: 'Red' }]],
      ['SHIRT-BLUE', '33.00', [{ name: 'Colour', value: 'Blue' }]],
    ]);
    expect(listed.externalId).toBe(`gid://shopify/Product/${product!.id}`);
    // Each variant is connected to its catalogue SKU at once (the connections module's own record).
    const connected = (await call(me.token, 'GET', '/api/p/store-products?filter=connected')).json().data.records;
    const sp = connected.find((p: { externalId: string }) => p.externalId === listed.externalId);
    expect(sp.variants.map((v: { connection: { sku: { skuId: string } } }) => Number(v.connection.sku.skuId))).toEqual(
      twoColours.skuIds,
    );

    // Re-price at 3×: the preview, then approving exactly it pushes exactly it.
    const preview = (
      await call(me.token, 'POST', `/api/p/listings/rules/${me.storeId}/preview`, {
        rule: { mode: 'multiple', multiple: 3 },
      })
    ).json().data;
    expect(
      preview.rows.map((r: { oldPrice: number; newPrice: number; marginPercent: number }) => [
        r.oldPrice,
        r.newPrice,
        r.marginPercent,
      ]),
    ).toEqual([
      [28, 33, 60.61],
      [33, 39, 61.54],
    ]);
    const rows = preview.rows.map((r: { variantId: string; newPrice: number; compareAtPrice: number | null }) => ({
      variantId: r.variantId,
      newPrice: r.newPrice,
      compareAtPrice: r.compareAtPrice,
    }));
    const stale = await call(me.token, 'POST', `/api/p/listings/rules/${me.storeId}/approve`, {
      rule: { mode: 'multiple', multiple: 3 },
      rows: [{ ...rows[0], newPrice: 32.99 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('Prices changed since the preview: preview again, then approve');
    const approved = await call(me.token, 'POST', `/api/p/listings/rules/${me.storeId}/approve`, {
      rule: { mode: 'multiple', multiple: 3 },
      rows,
    });
    expect(approved.json().data).toEqual({ approved: 2, listings: 1 });
    await drain();
    expect(shopProducts(me.shop)[0]!.variants.map((v) => v.price)).toEqual(
      preview.rows.map((r: { newPrice: number }) => r.newPrice.toFixed(2)),
    );
    expect((await listing(me.token, id)).variants.map((v: { price: number }) => v.price)).toEqual([33, 39]);
    expect((await call(me.token, 'GET', `/api/p/listings/rules/${me.storeId}`)).json().data.rule.multiple).toBe(3);

    // Roll back: gone from the shop, the connections removed and recorded in the history.
    const back = await call(me.token, 'POST', `/api/p/listings/${id}/rollback`);
    expect(back.json().data.state).toBe('rolling-back');
    await drain();
    expect(shopProducts(me.shop)).toHaveLength(0);
    expect((await listing(me.token, id)).state).toBe('rolled-back');
    const history = (await call(me.token, 'GET', `/api/p/store-products/${sp.id}/history`)).json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['disconnect', 'connect']);
    const counts = (await call(me.token, 'GET', '/api/p/listings')).json().data.counts;
    expect(counts).toMatchObject({ all: 0, listed: 0 });
  });

  it('a product the shop refuses is failed with the shop’s own words; relist publishes it', async () => {
    const me = await ownerWithShop();
    emu.fault(me.shop, { userErrors: 1, userErrorMessage: 'Title is too spicy' });
    const id = await list(me.token, me.storeId);
    await drain();
    const failed = await listing(me.token, id);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain('Title is too spicy');
    expect((await call(me.token, 'GET', '/api/p/listings?state=failed')).json().data.counts.failed).toBe(1);
    const again = await call(me.token, 'POST', `/api/p/listings/${id}/relist`);
    expect(again.json().data.state).toBe('queued');
    await drain();
    expect((await listing(me.token, id)).state).toBe('listed');
    expect(shopProducts(me.shop)).toHaveLength(1);
  });

  it('a create whose answer was lost is found again by its handle on relist: exactly one product in the shop', async () => {
    const me = await ownerWithShop();
    // The shop makes the product, then the connection drops before its answer.
    emu.fault(me.shop, { loseAnswers: 1 });
    const id = await list(me.token, me.storeId);
    await drain();
    const failed = await listing(me.token, id);
    expect(failed.state).toBe('failed');
    expect(shopProducts(me.shop)).toHaveLength(1);
    const again = await call(me.token, 'POST', `/api/p/listings/${id}/relist`);
    expect(again.json().data.state).toBe('queued');
    await drain();
    const listed = await listing(me.token, id);
    expect(listed.state).toBe('listed');
    const products = shopProducts(me.shop);
    expect(products).toHaveLength(1);
    expect(listed.externalId).toBe(`gid://shopify/Product/${products[0]!.id}`);
    expect(products[0]!.handle).toMatch(/^linen-shirt-[0-9a-f]{12}$/);
    expect(products[0]!.variants.map((v) => [v.sku, v.price])).toEqual([
      ['SHIRT-RED', '28.00'],
      ['SHIRT-BLUE', '33.00'],
    ]);
  });

  it('the template’s image order is the shop’s media order; a picture left out is not sent', async () => {
    const me = await ownerWithShop();
    const both = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId: twoColours.prodId, template: { images: [backImageUrl, imageUrl] } }],
    });
    expect(both.statusCode, both.body).toBe(200);
    await drain();
    expect(shopProducts(me.shop)[0]!.images).toEqual([
      `https://app.example${backImageUrl}`,
      `https://app.example${imageUrl}`,
    ]);
    const one = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId: twoColours.prodId, template: { title: 'Back only', images: [backImageUrl] } }],
    });
    expect(one.statusCode, one.body).toBe(200);
    await drain();
    const backOnly = shopProducts(me.shop).find((p) => p.title === 'Back only')!;
    expect(backOnly.images).toEqual([`https://app.example${backImageUrl}`]);
  });

  it('a shop that keeps answering 429 leaves it failed with "slow down"; another user sees none of it', async () => {
    const me = await ownerWithShop();
    emu.fault(me.shop, { throttle: 50, retryAfterSeconds: 0 });
    const id = await list(me.token, me.storeId);
    await drain();
    const failed = await listing(me.token, id);
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain('slow down');
    emu.fault(me.shop, { throttle: 0 });
    const other = await signedInUser(ctx.db);
    expect((await call(other.token, 'POST', `/api/p/listings/${id}/relist`)).statusCode).toBe(404);
    expect((await call(other.token, 'GET', `/api/p/listings/rules/${me.storeId}`)).statusCode).toBe(404);
    expect(
      (
        await call(other.token, 'POST', `/api/p/listings/rules/${me.storeId}/preview`, {
          rule: { mode: 'multiple', multiple: 3 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('publishes at most 2 listings of one store at a time; the others wait their turn and are listed too', async () => {
    const me = await ownerWithShop();
    const items = Array.from({ length: 5 }, () => ({ prodId: twoColours.prodId, skuIds: twoColours.skuIds }));
    const res = await call(me.token, 'POST', '/api/p/listings', { storeIds: [me.storeId], items });
    expect(res.json().data.ids).toHaveLength(5);
    const count = async (state: string) =>
      Number(
        rawRows(
          await ctx.db.execute(
            sql`select count(*)::int as n from listings where store_id = ${me.storeId} and state = ${state}`,
          ),
        )[0]!.n,
      );
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await count('publishing'));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const until = Date.now() + 30_000;
    while ((await count('listed')) < 5 && Date.now() < until) {
      await ctx.app.jobs.drain();
      await new Promise((r) => setTimeout(r, 300));
    }
    sampling = false;
    await sampler;
    expect(await count('listed')).toBe(5);
    // The job runtime works 4 jobs at once here: without the slots all 5 could be in the shop's hands.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(shopProducts(me.shop)).toHaveLength(5);
  });

  it('inventory sync on: the catalogue’s stock reaches the shop within the minute’s job, batched; taken down → 0', async () => {
    const me = await ownerWithShop();
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/p/stores/${me.storeId}`,
      payload: { inventorySync: true },
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(on.statusCode, on.body).toBe(200);
    await list(me.token, me.storeId);
    await drain();
    const stock = () => shopProducts(me.shop)[0]!.variants.map((v) => [v.sku, v.tracked, v.available]);
    expect(stock()).toEqual([
      ['SHIRT-RED', true, 20],
      ['SHIRT-BLUE', true, 20],
    ]);
    const sync = async () => {
      await inTransaction(ctx.db, (uow) => uow.enqueue({ type: 'listings.inventory-sync' }));
      await drain();
    };
    // Orders took 13 red shirts: the next run sets 7 (the blue one, unchanged, is not sent).
    await ctx.db.execute(sql`update skus set stock = 7 where id = ${twoColours.skuIds[0]!}`);
    await sync();
    expect(stock()).toEqual([
      ['SHIRT-RED', true, 7],
      ['SHIRT-BLUE', true, 20],
    ]);
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const status = (s: 'on' | 'off') =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/catalogue/products/${twoColours.prodId}/status`,
        payload: { status: s },
        headers: { authorization: `Bearer ${operator}` },
      });
    expect((await status('off')).statusCode).toBe(200);
    await sync();
    await status('on');
    await ctx.db.execute(sql`update skus set stock = 20 where id = ${twoColours.skuIds[0]!}`);
    expect(stock()).toEqual([
      ['SHIRT-RED', true, 0],
      ['SHIRT-BLUE', true, 0],
    ]);
  });
});
