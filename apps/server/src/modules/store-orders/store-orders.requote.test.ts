import { SaveProductBody, type StoreOrderQuote, type StoreOrderRow } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ShippingWorld,
  shippingWorld,
  signedInUser,
  connectedDressShop,
  storeOrder,
  topUp,
} from '../../../test/factories';
import { createTestApp, sessionFor, testConfig } from '../../../test/harness';
import { buildApp } from '../../app';
import { rawRows } from '../../db/rows';
import { insertJob } from '../../platform/jobs/jobs.queue';
import { QUOTE_BATCH, STORE_ORDERS_FEE_CHECK_JOB } from './store-orders.quote.queue';

// "Changing it re-prices orders not yet paid" (issue 21, decisions 0131, 0142): a change of a
// product's price or tiers, a shipping rate, a currency's rate, the owner's preferred shipping, a
// destination's tax rate or the configured service fee re-quotes
// the unpaid store orders it touches, by a job after the commit, and no other. Read over HTTP as
// the list page reads it. The shipping world is the preferred-shipping tests' own (to JP: product
// a from PSA at 10.00 + PSA_SEA 3.00 (cheapest); PSA_AIR 5.00; product b from PSB at 10.00 +
// PSB_GROUND 7.00; EUR at 0.92).
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;
type Row = Omit<StoreOrderRow, 'quote'> & { quote: StoreOrderQuote & { landed: number; sellingUsd: number } };
const send = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }),
    },
  });
  expect(res.json().code, `${method} ${url}: ${res.body}`).toBe('00000');
  return res.json().data;
};
const rowOf = async (o: Owner, id: string) =>
  ((await send(o.token, 'GET', '/api/p/store-orders?tab=all&size=50')).records as Row[]).find((r) => r.id === id)!;
/** What the detail quotes afresh: the kept quote must come back to it. */
const freshLanded = async (o: Owner, id: string) =>
  (await send(o.token, 'GET', `/api/p/store-orders/${id}`)).landed.total as number;
const drain = async () => {
  while ((await ctx.app.jobs.drain()) > 0);
};

const JP = {
  name: 'Aiko Tanaka',
  company: '',
  line1: '1-2-3 Shibuya',
  line2: '',
  city: 'Tokyo',
  province: 'Tokyo',
  postcode: '150-0002',
  countryCode: 'JP',
  phone: '+81 3 1234',
};

/** A WooCommerce store of a new owner whose two variants are connected to products a and b. */
async function connectedShop() {
  const o = await signedInUser(ctx.db);
  const { store, productExternalId, variants } = await connectedDressShop(ctx.db, world, o.userId);
  /** An order of `a` × product a and `b` × product b, sold in `currency`. */
  const order = async (a: number, b: number, currency = 'EUR') =>
    (
      await storeOrder(ctx.db, store, {
        total: { amount: 5000, currency },
        shippingAddress: JP,
        lines: [
          ...(a ? [{ n: a, v: variants[0]!, sku: 'DRESS-RED' }] : []),
          ...(b ? [{ n: b, v: variants[1]!, sku: 'DRESS-BLUE' }] : []),
        ].map((l, i) => ({
          externalId: `l${i}`,
          productExternalId,
          variantExternalId: l.v,
          sku: l.sku,
          title: `Linen dress - ${l.sku}`,
          quantity: l.n,
          unitPrice: { amount: 2500, currency },
        })),
      })
    ).id;
  /** Pays these orders from the owner's wallet (topped up first), as the batch-payment page does. */
  const payAll = async (ids: string[]) => {
    await topUp(ctx.db, o.userId, 100_000);
    const quote = await send(o.token, 'POST', '/api/p/store-orders/pay/confirm', { ids });
    await send(o.token, 'POST', '/api/p/store-orders/pay', { confirmToken: quote.confirmToken, method: 'wallet' });
  };
  return { o, order, payAll };
}

/** The operator edits product a (PSA, 0.4 kg) with a new price, keeping its SKU. */
async function priceProductA(price: number) {
  const categoryId = (
    (await send(operator, 'GET', '/api/admin/catalogue/categories')) as Array<{ categoryId: number }>
  )[0]!.categoryId;
  await send(
    operator,
    'PUT',
    `/api/admin/catalogue/products/${world.products.a.prodId}`,
    SaveProductBody.parse({
      categoryId,
      attribute: 'general',
      warehouse: 'PSA',
      translations: {
        'en-US': { title: 'Item PS-A', brief: '', description: '' },
        'fr-FR': { title: 'Article PS-A', brief: '', description: '' },
      },
      skus: [
        {
          skuId: world.products.a.skuId,
          skuCode: 'PS-A',
          price,
          oriPrice: price,
          stocks: 50,
          weight: 0.4,
          length: 10,
          width: 10,
          height: 5,
        },
      ],
    }),
  );
}

describe('a change re-prices the unpaid orders it touches, after the commit', () => {
  it('a product’s new price: its orders move, another product’s orders are not re-quoted', async () => {
    const shop = await connectedShop();
    const ofA = await shop.order(2, 0);
    const ofB = await shop.order(0, 1);
    await drain();
    const before = await rowOf(shop.o, ofA);
    const otherBefore = await rowOf(shop.o, ofB);

    await priceProductA(12);
    // Nothing quoted in the operator's request: the job runs after the commit.
    expect((await rowOf(shop.o, ofA)).quote.landed).toBe(before.quote.landed);
    await drain();
    const after = await rowOf(shop.o, ofA);
    // Two pieces at 12.00 instead of 10.00: the goods are 4.00 dearer (the fee and tax follow them).
    expect(after.quote.landed).toBeGreaterThanOrEqual(before.quote.landed + 4);
    expect(after.quote.landed).toBe(await freshLanded(shop.o, ofA));
    expect(Date.parse(after.quote.quotedAt)).toBeGreaterThan(Date.parse(before.quote.quotedAt));
    expect((await rowOf(shop.o, ofB)).quote.quotedAt).toBe(otherBefore.quote.quotedAt);
    await priceProductA(10);
    await drain();
    expect((await rowOf(shop.o, ofA)).quote.landed).toBe(before.quote.landed);
  });

  it('bulk tiers replaced: an order reaching the tier gets its price', async () => {
    const shop = await connectedShop();
    const id = await shop.order(5, 0);
    await drain();
    const before = await rowOf(shop.o, id);
    const path = `/api/admin/catalogue/products/${world.products.a.prodId}/price-tiers`;
    await send(operator, 'PUT', path, { tiers: [{ minQuantity: 5, unitPrice: 8 }] });
    await drain();
    const tiered = await rowOf(shop.o, id);
    expect(tiered.quote.landed).toBeLessThanOrEqual(before.quote.landed - 10); // 5 × 2.00 off the goods
    expect(tiered.quote.landed).toBe(await freshLanded(shop.o, id));
    await send(operator, 'PUT', path, { tiers: [] });
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
  });

  it('a shipping zone’s rates: the orders to its countries move', async () => {
    const shop = await connectedShop();
    const id = await shop.order(1, 0); // ships PSA_SEA, the cheapest to JP
    await drain();
    const before = await rowOf(shop.o, id);
    const method = await send(operator, 'GET', `/api/admin/logistics/methods/${world.methods.PSA_SEA}`);
    const zone = method.zones[0];
    const rates = (price: number) => [
      { maxWeight: null, firstWeight: 1, firstPrice: price, stepWeight: 1, stepPrice: 0 },
    ];
    await send(operator, 'PUT', `/api/admin/logistics/zones/${zone.zoneId}`, {
      ...zone,
      zoneId: undefined,
      rates: rates(4),
    });
    await drain();
    const dearer = await rowOf(shop.o, id);
    expect(dearer.quote.landed).toBeGreaterThanOrEqual(before.quote.landed + 1);
    expect(dearer.quote.landed).toBe(await freshLanded(shop.o, id));
    await send(operator, 'PUT', `/api/admin/logistics/zones/${zone.zoneId}`, {
      ...zone,
      zoneId: undefined,
      rates: rates(3),
    });
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
  });

  it('a shipping method turned off: its orders fall back to the next method', async () => {
    const shop = await connectedShop();
    const id = await shop.order(1, 0);
    await drain();
    const before = await rowOf(shop.o, id);
    await world.setActive('PSA_SEA', false);
    await drain();
    const air = await rowOf(shop.o, id); // PSA_AIR: 5.00 + 1.00 a kg over the first
    expect(air.quote.landed).toBeGreaterThanOrEqual(before.quote.landed + 2);
    expect(air.quote.landed).toBe(await freshLanded(shop.o, id));
    await world.setActive('PSA_SEA', true);
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
  });

  it('a currency’s rate: the orders sold in it get their selling price in USD again, the others stay', async () => {
    const shop = await connectedShop();
    const eur = await shop.order(1, 0, 'EUR');
    const gbp = await shop.order(1, 0, 'GBP');
    await drain();
    expect((await rowOf(shop.o, eur)).quote.sellingUsd).toBe(54.35); // 50.00 EUR at 0.92
    const gbpBefore = await rowOf(shop.o, gbp);
    await send(operator, 'PUT', '/api/admin/currency/EUR', { rate: 0.8 });
    await drain();
    expect((await rowOf(shop.o, eur)).quote.sellingUsd).toBe(62.5);
    expect((await rowOf(shop.o, gbp)).quote.quotedAt).toBe(gbpBefore.quote.quotedAt);
    await send(operator, 'PUT', '/api/admin/currency/EUR', { rate: 0.92 });
    await drain();
    expect((await rowOf(shop.o, eur)).quote.sellingUsd).toBe(54.35);
  });

  it('the owner’s preferred shipping: saved and removed, their orders follow; another owner’s do not', async () => {
    const shop = await connectedShop();
    const other = await connectedShop();
    const id = await shop.order(1, 0);
    const theirs = await other.order(1, 0);
    await drain();
    const before = await rowOf(shop.o, id);
    const theirsBefore = await rowOf(other.o, theirs);
    const rule = await send(shop.o.token, 'POST', '/api/p/preferred-shipping', {
      prodId: world.products.a.prodId,
      country: 'JP',
      methodId: world.methods.PSA_AIR,
    });
    await drain();
    const air = await rowOf(shop.o, id);
    expect(air.quote.landed).toBeGreaterThanOrEqual(before.quote.landed + 2);
    expect(air.quote.landed).toBe(await freshLanded(shop.o, id));
    expect((await rowOf(other.o, theirs)).quote.quotedAt).toBe(theirsBefore.quote.quotedAt);
    await send(shop.o.token, 'DELETE', `/api/p/preferred-shipping/${rule.id}`);
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
  });

  it('a destination’s tax rate set, changed and deleted: its unpaid orders follow, a paid one and another country’s stay', async () => {
    const shop = await connectedShop();
    const id = await shop.order(2, 0); // to JP, which the demo rates leave untaxed
    const paid = await shop.order(1, 0);
    await drain();
    await shop.payAll([paid]);
    const before = await rowOf(shop.o, id);
    const paidBefore = await rowOf(shop.o, paid);
    expect(before.quote.landed).toBe(await freshLanded(shop.o, id));

    await send(operator, 'PUT', '/api/admin/tax-rates/JP', { rate: 10 });
    // Nothing quoted in the operator's request: the job runs after the commit.
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
    await drain();
    const taxed = await rowOf(shop.o, id);
    // 10 % of two pieces at 10.00 (the goods; decision 0083 taxes the goods total).
    expect(taxed.quote.landed).toBe(Math.round((before.quote.landed! + 2) * 100) / 100);
    expect(taxed.quote.landed).toBe(await freshLanded(shop.o, id));
    expect(taxed.quote.margin).toBe(Math.round((before.quote.margin! - 2) * 100) / 100);
    const paidAfter = await rowOf(shop.o, paid);
    expect(paidAfter.quote).toEqual(paidBefore.quote);

    await send(operator, 'PUT', '/api/admin/tax-rates/JP', { rate: 5 });
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(Math.round((before.quote.landed! + 1) * 100) / 100);
    // The same rate again moves nothing: no quote is queued.
    const quotedAt = (await rowOf(shop.o, id)).quote.quotedAt;
    await send(operator, 'PUT', '/api/admin/tax-rates/JP', { rate: 5 });
    await drain();
    expect((await rowOf(shop.o, id)).quote.quotedAt).toBe(quotedAt);
    // Another country's rate: not this order's.
    await send(operator, 'PUT', '/api/admin/tax-rates/FR', { rate: 21 });
    await drain();
    expect((await rowOf(shop.o, id)).quote.quotedAt).toBe(quotedAt);
    await send(operator, 'PUT', '/api/admin/tax-rates/FR', { rate: 20 });

    await send(operator, 'DELETE', '/api/admin/tax-rates/JP');
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
    expect((await rowOf(shop.o, paid)).quote).toEqual(paidBefore.quote);
  });

  it('a new service fee (a restart with another CHECKOUT_SERVICE_FEE_BPS): the check re-quotes the unpaid orders, not a paid one', async () => {
    const shop = await connectedShop();
    const id = await shop.order(2, 0);
    const paid = await shop.order(1, 0);
    await drain();
    await shop.payAll([paid]);
    const before = await rowOf(shop.o, id);
    const paidBefore = await rowOf(shop.o, paid);
    // The same check at the fee it was quoted with: nothing to do.
    await insertJob(ctx.db, { type: STORE_ORDERS_FEE_CHECK_JOB, payload: {} });
    await drain();
    expect((await rowOf(shop.o, id)).quote.quotedAt).toBe(before.quote.quotedAt);

    // Another process on the same database, configured with a 5 % fee instead of 2 %: its check
    // finds the orders quoted at 2 % and its quote jobs quote them at 5 %.
    const restarted = await buildApp({
      config: testConfig({ checkout: { serviceFeeBps: 500, confirmMinutes: 15 } }),
      database: { ...ctx.database, close: async () => undefined },
    });
    try {
      await restarted.ready();
      await insertJob(ctx.db, { type: STORE_ORDERS_FEE_CHECK_JOB, payload: {} });
      while ((await restarted.jobs.drain()) > 0);
      const dearer = await rowOf(shop.o, id);
      // 3 % more of the goods (two pieces at 10.00); tax, if any, is on the goods only.
      expect(dearer.quote.landed).toBe(Math.round((before.quote.landed! + 0.6) * 100) / 100);
      expect(dearer.quote.margin).toBe(Math.round((before.quote.margin! - 0.6) * 100) / 100);
      expect((await rowOf(shop.o, paid)).quote).toEqual(paidBefore.quote);
    } finally {
      await restarted.close();
    }
    // Back on the 2 % process: its check puts them back.
    await insertJob(ctx.db, { type: STORE_ORDERS_FEE_CHECK_JOB, payload: {} });
    await drain();
    expect((await rowOf(shop.o, id)).quote.landed).toBe(before.quote.landed);
  });

  it('a change touching many orders queues their quotes in batches', async () => {
    const shop = await connectedShop();
    const ids: string[] = [];
    for (let i = 0; i < QUOTE_BATCH + 1; i++) ids.push(await shop.order(1, 0, 'TRY'));
    // Their first quotes (queued by their arrival) are not this test's: only the rate's jobs count.
    await ctx.db.execute(sql`delete from jobs where type = 'store-orders.quote' and state = 'queued'`);
    await send(operator, 'PUT', '/api/admin/currency/TRY', { rate: 25 });
    const queued = rawRows<{ n: number }>(
      await ctx.db.execute(
        sql`select jsonb_array_length(payload->'ids')::int as n from jobs where type = 'store-orders.quote' and state = 'queued'`,
      ),
    ).map((r) => Number(r.n));
    expect(queued.sort((x, y) => x - y)).toEqual([1, QUOTE_BATCH]);
    await drain();
    const sellingUsd = new Set<number>();
    for (let page = 1; page <= 5; page++) {
      const records = (await send(shop.o.token, 'GET', `/api/p/store-orders?tab=all&size=50&current=${page}`))
        .records as Row[];
      for (const r of records) if (ids.includes(r.id)) sellingUsd.add(r.quote.sellingUsd);
    }
    expect([...sellingUsd]).toEqual([2]); // 50.00 TRY at 25 to the dollar, every one of them
  }, 120_000);
});
