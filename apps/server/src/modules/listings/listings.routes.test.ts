import { SaveProductBody } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShippingWorld, connectedStore, shippingWorld, signedInUser } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';

// /api/p/listings without a store to publish to (the jobs are not run here): store rules,
// pricing on create, the SPEC §5 checks, idempotency, AliExpress refused, other users' rows.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...headers },
  });

async function ownerWithStore(platform: 'woocommerce' | 'aliexpress' = 'woocommerce') {
  const me = await signedInUser(ctx.db);
  const storeId = await connectedStore(ctx.db, ctx.config, {
    userId: me.userId,
    platform,
    address: `shop-${Math.random().toString(36).slice(2, 9)}.example.com`,
    credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
  });
  return { ...me, storeId };
}
const rule = (r: object = {}) => ({ mode: 'multiple', multiple: 2.5, ...r });
async function setRule(token: string, storeId: string, r: object = {}, market = 'FR') {
  const res = await call(token, 'PUT', `/api/p/listings/rules/${storeId}`, { rule: rule(r), currency: 'USD', market });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('store rules', () => {
  it('a store prices at 2× in USD to the US until its owner saves a rule; then the saved one', async () => {
    const me = await ownerWithStore();
    const fresh = (await call(me.token, 'GET', `/api/p/listings/rules/${me.storeId}`)).json().data;
    expect(fresh).toMatchObject({
      saved: false,
      currency: 'USD',
      market: 'US',
      rate: 1,
      rule: { mode: 'multiple', multiple: 2 },
    });
    const saved = await setRule(me.token, me.storeId, {
      centsEnding: 99,
      compareAtMultiple: 1.5,
      minMarginPercent: 20,
    });
    expect(saved).toMatchObject({
      saved: true,
      market: 'FR',
      rule: { mode: 'multiple', multiple: 2.5, centsEnding: 99, compareAtMultiple: 1.5, minMarginPercent: 20 },
    });
  });

  it('a multiple rule without its ratio is refused with SPEC §5’s words; another user’s store is 404', async () => {
    const me = await ownerWithStore();
    const res = await call(me.token, 'PUT', `/api/p/listings/rules/${me.storeId}`, {
      rule: { mode: 'multiple' },
      currency: 'USD',
      market: 'FR',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().data)).toContain('Price ratio is required');
    const other = await signedInUser(ctx.db);
    expect((await call(other.token, 'GET', `/api/p/listings/rules/${me.storeId}`)).statusCode).toBe(404);
  });
});

describe('listing products', () => {
  it('queues a listing priced by the store’s rule: 10.00 × 2.5 + 3.00 shipping to FR = 28.00; the list counts it', async () => {
    const me = await ownerWithStore();
    await setRule(me.token, me.storeId);
    // The dialog's preview first: the same price, with the cost and the conversion.
    const quote = await call(me.token, 'POST', '/api/p/listings/quote', {
      storeId: me.storeId,
      item: { prodId: world.products.a.prodId },
    });
    expect(quote.json().data).toEqual({
      currency: 'USD',
      rate: 1,
      market: 'FR',
      variants: [
        {
          skuId: world.products.a.skuId,
          skuCode: 'PS-A',
          name: 'Item PS-A',
          platformPrice: 10,
          shipping: 3,
          cost: 13,
          price: 28,
          compareAtPrice: null,
          marginPercent: 53.57,
        },
      ],
    });
    const res = await call(
      me.token,
      'POST',
      '/api/p/listings',
      { storeIds: [me.storeId], items: [{ prodId: world.products.a.prodId }] },
      { 'idempotency-key': `k-${me.userId}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [id] = res.json().data.ids;
    // The same key again answers the same listing and makes no second one.
    const again = await call(
      me.token,
      'POST',
      '/api/p/listings',
      { storeIds: [me.storeId], items: [{ prodId: world.products.a.prodId }] },
      { 'idempotency-key': `k-${me.userId}` },
    );
    expect(again.json().data.ids).toEqual([id]);
    const list = (await call(me.token, 'GET', '/api/p/listings')).json().data;
    expect(list.counts).toEqual({ all: 1, queued: 1, publishing: 0, listed: 0, failed: 0 });
    expect(list.progress).toEqual({ done: 0, total: 1 });
    expect(list.page.records[0]).toMatchObject({
      id,
      state: 'queued',
      currency: 'USD',
      price: 28,
      title: 'Item PS-A',
      variants: [{ skuCode: 'PS-A', price: 28, platformPrice: 10, shipping: 3, compareAtPrice: null }],
    });
    const other = await signedInUser(ctx.db);
    expect((await call(other.token, 'GET', `/api/p/listings/${id}`)).statusCode).toBe(404);
    expect((await call(other.token, 'POST', `/api/p/listings/${id}/rollback`)).statusCode).toBe(404);
    // A queued listing is not relisted: it is on its way.
    const relist = await call(me.token, 'POST', `/api/p/listings/${id}/relist`);
    expect(relist.statusCode).toBe(409);
    expect(relist.json().msg).toBe('This listing is queued to publish: it cannot be relisted');
  });

  it('several products into two stores at once (the wish list, a selection): one job each, a double click lists once', async () => {
    const me = await ownerWithStore();
    const second = await connectedStore(ctx.db, ctx.config, {
      userId: me.userId,
      platform: 'woocommerce',
      address: `shop-${Math.random().toString(36).slice(2, 9)}.example.com`,
      credentials: { consumerKey: 'ck', consumerSecret: 'cs' },
    });
    // Both sell to France (the market the shipping is priced to); the listing overrides the rule.
    await setRule(me.token, me.storeId);
    await setRule(me.token, second);
    const body = {
      storeIds: [me.storeId, second],
      items: [{ prodId: world.products.a.prodId }, { prodId: world.products.heavy.prodId }],
      rule: rule({ multiple: 3 }),
    };
    const key = { 'idempotency-key': `many-${me.userId}` };
    const [first, twice] = await Promise.all([
      call(me.token, 'POST', '/api/p/listings', body, key),
      call(me.token, 'POST', '/api/p/listings', body, key),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const ids = first.json().data.ids as string[];
    expect(ids).toHaveLength(4);
    // The second click answers the same listings, or is told the first is still on its way.
    if (twice.statusCode === 200) expect(twice.json().data.ids).toEqual(ids);
    else expect(twice.statusCode).toBe(409);
    const list = (await call(me.token, 'GET', '/api/p/listings')).json().data;
    expect(list.counts).toMatchObject({ all: 4, queued: 4 });
    expect(list.progress).toEqual({ done: 0, total: 4 });
    // The override priced them all: 10 × 3 + 3 shipping to FR = 33.00 for PS-A in both stores.
    const a = list.page.records.filter((r: { title: string }) => r.title === 'Item PS-A');
    expect(a.map((r: { price: number }) => r.price)).toEqual([33, 33]);
  });

  it('the template’s images are the product’s own, in the owner’s order; another picture is refused, nothing written', async () => {
    const me = await ownerWithStore();
    await setRule(me.token, me.storeId);
    const res = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId: world.products.a.prodId, template: { images: ['https://elsewhere.example/x.png'] } }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain("This picture is not one of the product's");
    expect((await call(me.token, 'GET', '/api/p/listings')).json().data.counts.all).toBe(0);
  });

  it('own price: positive with at most 2 decimals ("Price must be valid"), kept to the cent', async () => {
    const me = await ownerWithStore();
    await setRule(me.token, me.storeId);
    const body = (price: number) => ({
      storeIds: [me.storeId],
      rule: { mode: 'own' },
      items: [{ prodId: world.products.a.prodId, prices: [{ skuId: world.products.a.skuId, price }] }],
    });
    for (const bad of [19.999, 0, -5]) {
      const res = await call(me.token, 'POST', '/api/p/listings', body(bad));
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().data)).toContain('Price must be valid');
    }
    const missing = await call(me.token, 'POST', '/api/p/listings', {
      ...body(1),
      items: [{ prodId: world.products.a.prodId }],
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(JSON.stringify(missing.json().data)).toContain('Enter your own price for PS-A');
    const ok = await call(me.token, 'POST', '/api/p/listings', body(19.99));
    const listing = (await call(me.token, 'GET', `/api/p/listings/${ok.json().data.ids[0]}`)).json().data;
    expect(listing.variants[0].price).toBe(19.99);
  });

  it('a price under the minimum margin is refused with the figures, and nothing is written', async () => {
    const me = await ownerWithStore();
    await setRule(me.token, me.storeId, { multiple: 1.1, minMarginPercent: 50 });
    const res = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId: world.products.a.prodId }],
    });
    expect(res.statusCode).toBe(422);
    // 10.00 × 1.1 + 3.00 = 14.00 against a cost of 13.00: 7.14 %.
    expect(res.json().msg).toBe('PS-A: a price of 14.00 USD leaves a margin of 7.14 %, below your minimum of 50 %');
    expect((await call(me.token, 'GET', '/api/p/listings')).json().data.counts.all).toBe(0);
  });

  it('99 SKUs are listed; the 100th is refused with "No more than 99 SKUs", not cut off', async () => {
    const me = await ownerWithStore();
    await setRule(me.token, me.storeId);
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const categoryId = (await call(operator, 'GET', '/api/admin/catalogue/categories')).json().data[0].categoryId;
    const spec = await call(operator, 'POST', '/api/admin/catalogue/specs', {
      code: 'lsize',
      names: { 'en-US': 'Size' },
      values: Array.from({ length: 99 }, (_, i) => ({ code: `n${i}`, names: { 'en-US': `N${i}` } })),
    });
    expect(spec.statusCode, spec.body).toBe(200);
    const created = await call(
      operator,
      'POST',
      '/api/admin/catalogue/products',
      SaveProductBody.parse({
        categoryId,
        warehouse: 'PSA',
        translations: { 'en-US': { title: 'Many', brief: '', description: '' } },
        skus: Array.from({ length: 99 }, (_, i) => ({
          skuCode: `MANY-${i}`,
          price: 10,
          oriPrice: 10,
          stocks: 5,
          weight: 0.4,
          length: 10,
          width: 10,
          height: 5,
          specs: [{ property: 'lsize', value: `n${i}` }],
        })),
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { prodId, skus } = created.json().data as { prodId: number; skus: Array<{ skuId: number }> };
    const ids = skus.map((s) => s.skuId);
    const tooMany = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId, skuIds: [...ids, ids[0]] }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json().data)).toContain('No more than 99 SKUs');
    const none = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId, skuIds: [] }],
    });
    expect(JSON.stringify(none.json().data)).toContain('Select at least one variant');
    const all = await call(me.token, 'POST', '/api/p/listings', {
      storeIds: [me.storeId],
      items: [{ prodId, skuIds: ids }],
    });
    expect(all.statusCode, all.body).toBe(200);
    const listing = (await call(me.token, 'GET', `/api/p/listings/${all.json().data.ids[0]}`)).json().data;
    expect(listing.variants).toHaveLength(99);
  });

  it('an AliExpress store is refused: "not offered for AliExpress stores", in the caller’s language', async () => {
    const me = await ownerWithStore('aliexpress');
    const res = await call(
      me.token,
      'POST',
      '/api/p/listings',
      { storeIds: [me.storeId], items: [{ prodId: world.products.a.prodId }] },
      { 'accept-language': 'fr-FR' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.reason).toBe('listing-not-offered');
    expect(res.json().msg).toContain('n’est pas proposée pour les boutiques AliExpress');
  });
});
