import { SaveProductBody } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { address, post, rows, signedInUser, submit, topUp } from '../../../test/factories';

/**
 * Shipments per warehouse (decision 0107), through the routes, on warehouses and methods of the
 * test's own (so a change of the demo rates cannot change these figures):
 *   SHA (CN) — SHA_AIR to JP/CA 5.00 the first kg + 1.00 a kg; SHA_EXP to JP 12.00 flat.
 *   SHB (US) — SHB_GROUND to JP/CA 7.00, at most 1 kg.
 *   SHC (DE) — SHC_POST to JP 9.00, refuses batteries.
 * Japan is taxed 10 % here, the service fee is the default 2 %.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let operator: string;
type Line = { prodId: number; skuId: number };
const p: Record<string, Line> = {};

const admin = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${operator}` } });
  expect(res.json().code, JSON.stringify(res.json())).toBe('00000');
  return res.json().data;
};

const rate = (firstPrice: number, maxWeight: number | null = null, stepPrice = 0) => ({
  maxWeight,
  firstWeight: 1,
  firstPrice,
  stepWeight: 1,
  stepPrice,
});

async function method(code: string, warehouse: string, zones: Array<[string[], object]>, refused: string[] = []) {
  const created = await admin('POST', '/api/admin/logistics/methods', {
    code,
    warehouse,
    names: { 'en-US': `${code} line`, 'fr-FR': `Ligne ${code}` },
    volumetricDivisor: 5000,
    minDays: 5,
    maxDays: 9,
    refusedAttributes: refused,
  });
  for (const [countries, r] of zones)
    await admin('POST', `/api/admin/logistics/methods/${created.methodId}/zones`, {
      name: countries.join(' '),
      countries,
      rates: [r],
    });
}

async function productIn(warehouse: string, code: string, price: number, weight: number, attribute = 'general') {
  const categories = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/catalogue/categories',
    headers: { authorization: `Bearer ${operator}` },
  });
  const categoryId = (categories.json().data as Array<{ categoryId: number }>)[0]!.categoryId;
  const created = await admin(
    'POST',
    '/api/admin/catalogue/products',
    SaveProductBody.parse({
      categoryId,
      attribute,
      warehouse,
      translations: { 'en-US': { title: `Item ${code}`, brief: '', description: '' } },
      skus: [{ skuCode: code, price, oriPrice: price, stocks: 50, weight, length: 10, width: 10, height: 5 }],
    }),
  );
  return { prodId: created.prodId as number, skuId: created.skus[0].skuId as number };
}

/** A buyer whose default consignee is in `country` (billing in GB). */
async function buyerIn(country: string) {
  const user = await signedInUser(ctx.db);
  for (const [kind, c] of [
    ['consignee', country],
    ['billing', 'GB'],
  ])
    expect((await post(ctx, user.token, '/api/p/address', address(kind!, c!))).json().code).toBe('00000');
  return user;
}

const basket = (token: string, lines: Array<[Line, number]>, extra: object = {}, lang = 'en-US') =>
  post(
    ctx,
    token,
    '/api/p/order/basket/confirm',
    { lines: lines.map(([l, count]) => ({ ...l, count })), ...extra },
    { 'accept-language': lang },
  );

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  for (const [code, country] of [
    ['SHA', 'CN'],
    ['SHB', 'US'],
    ['SHC', 'DE'],
  ])
    await admin('POST', '/api/admin/logistics/warehouses', {
      code,
      country,
      names: { 'en-US': `Warehouse ${code}`, 'fr-FR': `Entrepôt ${code}` },
    });
  await method('SHA_AIR', 'SHA', [[['JP', 'CA'], rate(5, null, 1)]]);
  await method('SHA_EXP', 'SHA', [[['JP'], rate(12)]]);
  await method('SHB_GROUND', 'SHB', [[['JP', 'CA'], rate(7, 1)]]);
  await method('SHC_POST', 'SHC', [[['JP'], rate(9)]], ['battery']);
  await admin('PUT', '/api/admin/tax-rates/JP', { rate: 10 });
  p.a = await productIn('SHA', 'SH-A', 19.99, 0.4);
  p.b = await productIn('SHB', 'SH-B', 30, 0.5);
  p.c = await productIn('SHC', 'SH-C', 10, 0.3);
  p.heavy = await productIn('SHB', 'SH-HEAVY', 15, 2);
  p.battery = await productIn('SHC', 'SH-BATT', 8, 0.2, 'battery');
});
afterAll(() => ctx.app.close());

describe('confirm: one shipment per warehouse', () => {
  it('prices a two-warehouse cart as two shipments, each by its own methods, totals summed (worked example)', async () => {
    const ada = await buyerIn('JP');
    const res = await basket(ada.token, [
      [p.a!, 2],
      [p.b!, 1],
    ]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // SHA: 39.98 goods, SHA_AIR 5.00 (0.8 kg), fee 0.7996 → 0.80, tax 3.998 → 4.00 = 49.78.
    // SHB: 30.00 goods, SHB_GROUND 7.00, fee 0.60, tax 3.00 = 40.60.
    expect(data.shipments).toEqual([
      expect.objectContaining({
        key: 'SHA',
        warehouse: { code: 'SHA', name: 'Warehouse SHA', country: 'CN' },
        skuIds: [p.a!.skuId],
        goodsTotal: 39.98,
        shipping: 5,
        serviceFee: 0.8,
        tax: 4,
        total: 49.78,
      }),
      expect.objectContaining({
        key: 'SHB',
        skuIds: [p.b!.skuId],
        goodsTotal: 30,
        shipping: 7,
        serviceFee: 0.6,
        tax: 3,
        total: 40.6,
      }),
    ]);
    expect(
      data.shipments[0].shippingOptions.map((o: { code: string; selected: boolean }) => [o.code, o.selected]),
    ).toEqual([
      ['SHA_AIR', true],
      ['SHA_EXP', false],
    ]);
    expect(data.shipments[0].shippingOptions[0].days).toEqual({ min: 5, max: 9 });
    expect(data.shipments[1].shippingOptions.map((o: { code: string }) => o.code)).toEqual(['SHB_GROUND']);
    expect(data).toMatchObject({ goodsTotal: 69.98, shipping: 12, serviceFee: 1.4, tax: 7, total: 90.38 });
    expect(data.lines.map((l: { shipment: string; cannotShip: unknown }) => [l.shipment, l.cannotShip])).toEqual([
      ['SHA', null],
      ['SHB', null],
    ]);
  });

  it('three warehouses: three shipments; a method chosen per shipment changes only that one', async () => {
    const ada = await buyerIn('JP');
    const lines: Array<[Line, number]> = [
      [p.a!, 2],
      [p.b!, 1],
      [p.c!, 1],
    ];
    const first = (await basket(ada.token, lines)).json().data;
    expect(first.shipments.map((s: { key: string }) => s.key)).toEqual(['SHA', 'SHB', 'SHC']);
    // SHC: 10.00 + 9.00 + fee 0.20 + tax 1.00 = 20.20; with the two above, 110.58.
    expect(first.shipments[2]).toMatchObject({ shipping: 9, serviceFee: 0.2, tax: 1, total: 20.2 });
    expect(first.total).toBe(110.58);

    const express = (await basket(ada.token, lines, { shippingMethods: { SHA: 'SHA_EXP', SHB: 'NOT_OFFERED' } })).json()
      .data;
    expect(express.shipments[0]).toMatchObject({ shipping: 12, total: 56.78 });
    expect(express.shipments[0].shippingOptions.find((o: { selected: boolean }) => o.selected).code).toBe('SHA_EXP');
    // A code the shipment does not offer falls back to its cheapest.
    expect(express.shipments[1]).toMatchObject({ shipping: 7, total: 40.6 });
    expect(express).toMatchObject({ shipping: 28, total: 117.58 });
  });

  it('a line that cannot ship says why on the line and is left out; the rest checks out', async () => {
    const ada = await buyerIn('JP');
    const res = await basket(
      ada.token,
      [
        [p.a!, 1],
        [p.heavy!, 1],
        [p.battery!, 1],
      ],
      {},
      'fr-FR',
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.shipments.map((s: { key: string }) => s.key)).toEqual(['SHA']);
    const [, heavy, battery] = data.lines;
    expect(heavy).toMatchObject({
      shipment: null,
      cannotShip: {
        reason: 'Aucun mode de livraison vers Japon au départ de : Entrepôt SHB ne peut transporter ce produit.',
        methods: [{ name: 'Ligne SHB_GROUND', reason: expect.stringContaining('1 kg') }],
      },
    });
    expect(battery.cannotShip.methods).toEqual([{ name: 'Ligne SHC_POST', reason: expect.any(String) }]);
    // Only the shippable line is priced: 19.99 + 5.00 + 0.40 + 2.00.
    expect(data).toMatchObject({ goodsTotal: 19.99, shipping: 5, total: 27.39 });
  });

  it('a warehouse that does not reach the country: the destination reason', async () => {
    const bea = await buyerIn('CA');
    const data = (
      await basket(bea.token, [
        [p.a!, 1],
        [p.c!, 1],
      ])
    ).json().data;
    expect(data.lines[1].cannotShip.reason).toBe('Nothing ships from Warehouse SHC to Canada.');
    expect(data.shipments).toHaveLength(1);
  });

  it('nothing can ship: "Shipping information not found", with each line\'s reason and the consignees', async () => {
    const bea = await buyerIn('CA');
    const res = await basket(bea.token, [[p.c!, 1]]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      msg: 'Shipping information not found',
      data: {
        reason: 'no-shipping-method',
        lines: [{ ...p.c, title: 'Item SH-C', reason: 'Nothing ships from Warehouse SHC to Canada.' }],
        consignee: { country: 'CA' },
      },
    });
    expect(res.json().data.consignees).toHaveLength(1);
  });
});

describe('submit: one order per shipment, paid together', () => {
  it('places one order per shipment with its lines, method and amounts; unshippable cart lines stay in the cart', async () => {
    const ada = await buyerIn('JP');
    for (const [l, count] of [
      [p.a!, 2],
      [p.b!, 1],
      [p.c!, 1],
      [p.heavy!, 1],
    ] as const)
      expect((await post(ctx, ada.token, '/api/p/shopCart', { ...l, count })).json().code).toBe('00000');
    const confirmed = (
      await basket(ada.token, [
        [p.a!, 2],
        [p.b!, 1],
        [p.c!, 1],
        [p.heavy!, 1],
      ])
    ).json().data;
    const res = await submit(ctx, ada.token, { confirmToken: confirmed.confirmToken, fromCart: true });
    expect(res.json().code, JSON.stringify(res.json())).toBe('00000');
    const { orders, total } = res.json().data;
    expect(orders.map((o: { total: number; state: string }) => [o.total, o.state])).toEqual([
      [49.78, 'awaiting-payment'],
      [40.6, 'awaiting-payment'],
      [20.2, 'awaiting-payment'],
    ]);
    expect(total).toBe(110.58);

    const placed = await rows(
      ctx,
      sql`select o.id, o.shipping_method_code as method, o.shipping_minor, o.total_minor,
        array_agg(l.sku_code order by l.sku_code) as skus
        from orders o join order_lines l on l.order_id = o.id where o.user_id = ${ada.userId}
        group by o.id order by o.number`,
    );
    expect(placed.map((o) => [o.method, Number(o.shipping_minor), Number(o.total_minor), o.skus])).toEqual([
      ['SHA_AIR', 500, 4978, ['SH-A']],
      ['SHB_GROUND', 700, 4060, ['SH-B']],
      ['SHC_POST', 900, 2020, ['SH-C']],
    ]);
    const cart = (
      await ctx.app.inject({ method: 'GET', url: '/api/p/shopCart', headers: { authorization: `Bearer ${ada.token}` } })
    ).json().data;
    expect(cart.lines.map((l: { skuId: number }) => l.skuId)).toEqual([p.heavy!.skuId]);

    // Each order names the others of its checkout; the user's detail shows them.
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/p/orders/${orders[1].id}`,
        headers: { authorization: `Bearer ${ada.token}` },
      })
    ).json().data;
    expect(detail.placedWith.map((o: { id: string }) => o.id)).toEqual([orders[0].id, orders[2].id]);

    // The token placed its checkout: submitting it again places nothing.
    const again = await submit(ctx, ada.token, { confirmToken: confirmed.confirmToken });
    expect(again.json().data).toMatchObject({ reason: 'confirm-used' });
  });

  it('pays both orders from the wallet in one payment; the operator ships them apart, each with its carrier', async () => {
    const ada = await buyerIn('JP');
    const confirmed = (
      await basket(ada.token, [
        [p.a!, 1],
        [p.b!, 1],
      ])
    ).json().data;
    const { orders } = (await submit(ctx, ada.token, { confirmToken: confirmed.confirmToken })).json().data;
    await topUp(ctx.db, ada.userId, 100_00);
    const paid = await post(
      ctx,
      ada.token,
      '/api/p/order/pay',
      { orderIds: orders.map((o: { id: string }) => o.id), method: 'wallet' },
      { 'idempotency-key': `pay-${ada.userId}` },
    );
    expect(paid.json().code, JSON.stringify(paid.json())).toBe('00000');

    const step = (id: string, action: string, payload: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/${action}`,
        payload,
        headers: { authorization: `Bearer ${operator}`, 'idempotency-key': `${action}-${id}` },
      });
    const [first, second] = orders as Array<{ id: string }>;
    for (const o of [first!, second!]) expect((await step(o.id, 'purchase')).json().code).toBe('00000');
    expect((await step(first!.id, 'ship', { carrier: 'SHA Air', trackingNumber: 'SHA123' })).json().code).toBe('00000');
    const states = async () =>
      (
        await rows(
          ctx,
          sql`select state, carrier, tracking_number from orders where user_id = ${ada.userId} order by number`,
        )
      ).map((r) => [r.state, r.carrier, r.tracking_number]);
    expect(await states()).toEqual([
      ['shipped', 'SHA Air', 'SHA123'],
      ['purchasing', null, null],
    ]);
    expect((await step(second!.id, 'ship', { carrier: 'SHB Ground', trackingNumber: 'SHB456' })).json().code).toBe(
      '00000',
    );
    expect((await step(first!.id, 'deliver')).json().code).toBe('00000');
    expect(await states()).toEqual([
      ['delivered', 'SHA Air', 'SHA123'],
      ['shipped', 'SHB Ground', 'SHB456'],
    ]);

    // After-sales on one shipment's order: a refund of part of it, the other order untouched.
    const refund = await post(
      ctx,
      ada.token,
      '/api/p/after-sales',
      { orderId: first!.id, kind: 'refund', reason: 'Arrived scratched', amount: 5 },
      { 'idempotency-key': `as-${first!.id}` },
    );
    expect(refund.json().code, JSON.stringify(refund.json())).toBe('00000');
  });

  it('a shipment with two lines splits by SKU like any order; its sibling stays as it was', async () => {
    const ada = await buyerIn('JP');
    const confirmed = (
      await basket(ada.token, [
        [p.a!, 1],
        [p.heavy!, 1], // cannot ship: left out
        [p.b!, 1],
      ])
    ).json().data;
    expect(confirmed.shipments).toHaveLength(2);
    const extra = await productIn('SHA', `SH-A2-${Date.now()}`, 5, 0.1);
    const both = (
      await basket(ada.token, [
        [p.a!, 1],
        [extra, 2],
        [p.b!, 1],
      ])
    ).json().data;
    expect(both.shipments[0].skuIds).toEqual([p.a!.skuId, extra.skuId]);
    const { orders } = (await submit(ctx, ada.token, { confirmToken: both.confirmToken })).json().data;
    const split = await post(
      ctx,
      ada.token,
      `/api/p/orders/${orders[0].id}/split`,
      { mode: 'by-sku' },
      {
        'idempotency-key': `split-${orders[0].id}`,
      },
    );
    expect(split.json().code, JSON.stringify(split.json())).toBe('00000');
    expect(split.json().data.children).toHaveLength(2);
    const sibling = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/p/orders/${orders[1].id}`,
        headers: { authorization: `Bearer ${ada.token}` },
      })
    ).json().data;
    expect(sibling).toMatchObject({ state: 'awaiting-payment', total: 40.6 });
    expect(sibling.placedWith.map((o: { id: string }) => o.id)).toEqual([orders[0].id]);
  });
});
