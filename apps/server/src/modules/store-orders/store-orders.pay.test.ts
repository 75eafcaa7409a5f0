import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ShippingWorld,
  balancesOf,
  countOf,
  ledgerTotal,
  shippingWorld,
  signedInUser,
  connectedDressShop,
  storeOrder,
  topUp,
} from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { rawRows } from '../../db/rows';

// Paying store orders in batches (issue 21, decision 0118), over HTTP as the page does, on PGlite
// or PostgreSQL (TEST_DATABASE_URL). The shipping world is the preferred-shipping tests' own: to
// JP, product a ships from PSA (cheapest PSA_SEA 3.00), product b from PSB (PSB_GROUND 7.00).
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

const headers = (token: string, key: string | null = crypto.randomUUID()) => ({
  authorization: `Bearer ${token}`,
  'accept-language': 'en-US',
  ...(key ? { 'idempotency-key': key } : {}),
});
const confirm = (o: Owner, ids: string[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/p/store-orders/pay/confirm',
    payload: { ids },
    headers: headers(o.token, null),
  });
const pay = (o: Owner, confirmToken: string, key?: string, method: 'wallet' | 'paypal' = 'wallet') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/p/store-orders/pay',
    payload: { confirmToken, method },
    headers: headers(o.token, key),
  });

/** A WooCommerce store of the owner's whose two variants are connected to products a and b. */
async function connectedShop(o: Owner) {
  const { store, storeId, productExternalId, variants } = await connectedDressShop(ctx.db, world, o.userId);
  /** A store order to JP of `a` red and `b` blue (0 leaves the line out), sold for `total` EUR cents. */
  const order = async (a: number, b: number, total = 5000) =>
    (
      await storeOrder(ctx.db, store, {
        total: { amount: total, currency: 'EUR' },
        shippingAddress: {
          name: 'Aiko Tanaka',
          company: '',
          line1: '1-2-3 Shibuya',
          line2: 'Apt 4',
          city: 'Tokyo',
          province: 'Tokyo',
          postcode: '150-0002',
          countryCode: 'JP',
          phone: '+81 3 1234',
        },
        lines: [
          ...(a ? [{ n: a, v: variants[0]!, sku: 'RED', price: 1500 }] : []),
          ...(b ? [{ n: b, v: variants[1]!, sku: 'BLUE', price: 2000 }] : []),
        ].map((l, i) => ({
          externalId: `l${i}`,
          productExternalId,
          variantExternalId: l.v,
          sku: l.sku,
          title: `Linen dress - ${l.sku}`,
          quantity: l.n,
          unitPrice: { amount: l.price, currency: 'EUR' },
        })),
      })
    ).id;
  return { storeId, order };
}

const paymentsOf = (userId: string) =>
  countOf(ctx.db, sql`select count(*) as n from order_payments where user_id = ${userId}`);
const ordersOf = async (userId: string) =>
  rawRows<{
    id: string;
    state: string;
    source: string;
    store_id: string;
    store_order_ref: string;
    store_shipment: string;
    total_minor: number;
    shipping_method_code: string;
  }>(
    await ctx.db.execute(sql`select id, state, source, store_id, store_order_ref, store_shipment, total_minor::int as total_minor,
      shipping_method_code from orders where user_id = ${userId} order by store_order_ref, store_shipment`),
  );

describe('POST /api/p/store-orders/pay/confirm', () => {
  it('quotes each store order per shipment with the landed cost beside the selling price and the margin', async () => {
    const o = await signedInUser(ctx.db);
    const shop = await connectedShop(o);
    const one = await shop.order(2, 1);
    const res = await confirm(o, [one]);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().data;
    const [q] = quote.orders;
    // a ×2 from PSA by the cheapest method there, b ×1 from PSB: two shipments (decision 0107).
    expect(
      q.shipments.map((s: { warehouse: string; method: { code: string; source: string } }) => [
        s.warehouse,
        s.method.code,
        s.method.source,
      ]),
    ).toEqual([
      ['PSA', 'PSA_SEA', 'cheapest'],
      ['PSB', 'PSB_GROUND', 'cheapest'],
    ]);
    expect(q.shipments[0]).toMatchObject({ goods: 20, shipping: 3 });
    expect(q.shipments[0].lines[0]).toMatchObject({
      count: 2,
      unitPrice: 10,
      lineTotal: 20,
      storeUnitPrice: { amount: 15, currency: 'EUR' },
    });
    expect(q.shipments[1]).toMatchObject({ goods: 10, shipping: 7 });
    // Landed = goods + shipping + fee + tax; the selling price in EUR, the margin in USD at 0.92.
    const landed = q.landed;
    expect(landed.currency).toBe('USD');
    expect(landed.total).toBeCloseTo(landed.goods + landed.shipping + landed.serviceFee + landed.tax, 2);
    expect(landed.goods).toBe(30);
    expect(landed.selling).toEqual({ amount: 50, currency: 'EUR' });
    expect(landed.sellingUsd).toBe(54.35);
    expect(landed.margin).toBeCloseTo(54.35 - landed.total, 2);
    expect(quote.total).toBe(landed.total);
    expect(quote.confirmToken).toMatch(/^[\w-]+\.[\w-]+$/);

    // The store order's detail shows the same landed cost before anything is paid.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/p/store-orders/${one}`,
      headers: headers(o.token, null),
    });
    expect(detail.json().data).toMatchObject({ landed, landedNote: null });
  });

  it("another user's store order is not found; an unrelated or abnormal one is refused naming it", async () => {
    const o = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    const shop = await connectedShop(o);
    const mine = await shop.order(1, 0);
    expect((await confirm(other, [mine])).statusCode).toBe(404);
    expect((await confirm(o, ['not-a-uuid'])).statusCode).toBe(404);
    // An address missing: the ingest flags it abnormal; paying it is refused on that order.
    const store = { id: shop.storeId, userId: o.userId, platform: 'woocommerce' as const };
    const bad = (await storeOrder(ctx.db, store, { shippingAddress: null })).id;
    const res = await confirm(o, [mine, bad]);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'store-order-not-payable', storeOrderId: bad, why: 'abnormal' });
    expect(res.json().msg).toContain('has a problem to resolve first');
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/p/store-orders/${bad}`,
      headers: headers(o.token, null),
    });
    expect(detail.json().data).toMatchObject({
      landed: null,
      landedNote: expect.stringContaining('has a problem to resolve first'),
    });
  });

  it("a taken-down product is SPEC §8's message on the order it concerns", async () => {
    const o = await signedInUser(ctx.db);
    const shop = await connectedShop(o);
    const id = await shop.order(1, 1);
    await ctx.db.execute(sql`update products set status = 'off' where id = ${world.products.b.prodId}`);
    try {
      const res = await confirm(o, [id]);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('Sorry! some of the products you have selected have been taken down.');
      expect(res.json().data).toMatchObject({ storeOrderId: id });
    } finally {
      await ctx.db.execute(sql`update products set status = 'on' where id = ${world.products.b.prodId}`);
    }
  });
});

describe('POST /api/p/store-orders/pay', () => {
  it('pays two store orders together from the wallet: one payment, one order per shipment, linked; a replay pays nothing', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const shop = await connectedShop(o);
    const first = await shop.order(2, 1);
    const second = await shop.order(1, 0);
    const quote = (await confirm(o, [first, second])).json().data;
    const key = crypto.randomUUID();
    const res = await pay(o, quote.confirmToken, key);
    expect(res.statusCode, res.body).toBe(200);
    const { payment, storeOrders } = res.json().data;
    expect(payment).toMatchObject({ method: 'wallet', outcome: 'success', amount: quote.total });
    expect(payment.orders).toHaveLength(3);
    expect(payment.orders.every((x: { state: string }) => x.state === 'pending')).toBe(true);
    expect(storeOrders.map((s: { orderIds: string[] }) => s.orderIds.length)).toEqual([2, 1]);

    const orders = await ordersOf(o.userId);
    expect(orders).toHaveLength(3);
    expect(orders.every((x) => x.source === 'store' && x.store_id === shop.storeId)).toBe(true);
    expect(orders.map((x) => x.shipping_method_code).sort()).toEqual(['PSA_SEA', 'PSA_SEA', 'PSB_GROUND']);
    expect(orders.reduce((s, x) => s + x.total_minor, 0)).toBe(Math.round(quote.total * 100));
    const linked = rawRows<{ id: string; order_id: string }>(
      await ctx.db.execute(sql`select id, order_id from store_orders where id in (${first}, ${second})`),
    );
    expect(linked.every((l) => l.order_id)).toBe(true);
    // The store price each line was sold for, in USD at the rate (15.00 EUR / 0.92).
    const [line] = rawRows<{ store_price_minor: number }>(
      await ctx.db.execute(sql`select store_price_minor::int as store_price_minor from order_lines
        where order_id = ${storeOrders[1].orderIds[0]}`),
    );
    expect(line!.store_price_minor).toBe(1630);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000 - Math.round(quote.total * 100));
    expect(await ledgerTotal(ctx.db)).toBe(0);

    const again = await pay(o, quote.confirmToken, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.id).toBe(payment.id);
    expect(again.json().data.storeOrders).toHaveLength(2);
    expect(await paymentsOf(o.userId)).toBe(1);
    expect(await ordersOf(o.userId)).toHaveLength(3);
    // Paid now: quoting it again is refused.
    expect((await confirm(o, [first])).json().data).toMatchObject({ why: 'paid' });

    // The store invoices page: each paid store order with the invoices of its orders.
    const invoices = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/store-orders/invoices?current=1&size=10',
      headers: headers(o.token, null),
    });
    expect(invoices.statusCode, invoices.body).toBe(200);
    const page = invoices.json().data;
    expect(page.total).toBe(2);
    const byId = new Map(page.records.map((r: { storeOrderId: string }) => [r.storeOrderId, r]));
    expect((byId.get(first) as { invoices: unknown[] }).invoices).toHaveLength(2);
    expect((byId.get(second) as { invoices: Array<{ number: string; reference: string }> }).invoices).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
        reference: storeOrders[1].orderIds[0],
      }),
    ]);
    const stranger = await signedInUser(ctx.db);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/store-orders/invoices?current=1&size=10',
      headers: headers(stranger.token, null),
    });
    expect(none.json().data.total).toBe(0);
  });

  it('two tabs paying the same quote with their own keys: one payment, the other refused', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const shop = await connectedShop(o);
    const id = await shop.order(1, 1);
    const quote = (await confirm(o, [id])).json().data;
    const [a, b] = await Promise.all([pay(o, quote.confirmToken), pay(o, quote.confirmToken)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().data).toMatchObject({ why: 'paid' });
    expect(await paymentsOf(o.userId)).toBe(1);
    expect(await ordersOf(o.userId)).toHaveLength(2);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000 - Math.round(quote.total * 100));
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('insufficient balance: what is there is locked and the payment held; a top-up completes it', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 1_000);
    const shop = await connectedShop(o);
    const id = await shop.order(2, 1);
    const quote = (await confirm(o, [id])).json().data;
    const totalMinor = Math.round(quote.total * 100);
    const res = await pay(o, quote.confirmToken);
    expect(res.statusCode, res.body).toBe(200);
    const held = res.json().data.payment;
    expect(held).toMatchObject({ outcome: 'insufficient-balance', locked: 10, shortfall: quote.total - 10 });
    expect((await ordersOf(o.userId)).map((x) => x.state)).toEqual(['awaiting-payment', 'awaiting-payment']);
    expect(await balancesOf(ctx.db, o.userId)).toMatchObject({ available: 0, locked: 1_000 });

    await topUp(ctx.db, o.userId, totalMinor - 1_000);
    await ctx.app.jobs.drain();
    const now = (
      await ctx.app.inject({ method: 'GET', url: `/api/p/order/payments/${held.id}`, headers: headers(o.token, null) })
    ).json().data;
    expect(now.outcome).toBe('success');
    expect((await ordersOf(o.userId)).map((x) => x.state)).toEqual(['pending', 'pending']);
    expect(await balancesOf(ctx.db, o.userId)).toMatchObject({ available: 0, locked: 0 });
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('a price change since the quote is refused with the new figures; nothing is charged until confirmed again', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const shop = await connectedShop(o);
    const id = await shop.order(1, 0);
    const quote = (await confirm(o, [id])).json().data;
    await ctx.db.execute(sql`update skus set price_minor = 1100 where id = ${world.products.a.skuId}`);
    try {
      const res = await pay(o, quote.confirmToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(
        'Prices, stock or shipping changed since the quote: check the new figures and confirm again',
      );
      const fresh = res.json().data.quote;
      expect(fresh.orders[0].shipments[0].goods).toBe(11);
      expect(fresh.total).toBeGreaterThan(quote.total);
      expect(await paymentsOf(o.userId)).toBe(0);
      expect(await ordersOf(o.userId)).toHaveLength(0);
      expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);

      const ok = await pay(o, fresh.confirmToken);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.payment.amount).toBe(fresh.total);
    } finally {
      await ctx.db.execute(sql`update skus set price_minor = 1000 where id = ${world.products.a.skuId}`);
    }
  });

  it("a token is the signer's only: another user's or an altered one is SPEC §8's retry message", async () => {
    const o = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    const shop = await connectedShop(o);
    const quote = (await confirm(o, [await shop.order(1, 0)])).json().data;
    for (const [who, token] of [
      [other, quote.confirmToken],
      [o, `${quote.confirmToken}x`],
    ] as const) {
      const res = await pay(who, token);
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toBe('Order information check wrong, retry');
    }
    expect(await paymentsOf(o.userId)).toBe(0);
  });
});
