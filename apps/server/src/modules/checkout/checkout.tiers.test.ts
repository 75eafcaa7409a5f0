import { SaveProductBody } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor, testConfig } from '../../../test/harness';
import { createProduct } from '../catalogue/catalogue.admin-products.service';
import { listAdminCategories } from '../catalogue/catalogue.categories.service';
import { newUser, orderInState } from '../../../test/factories';
import { verifyConfirmToken } from './checkout.service';

/** Bulk price tiers (decision 0090): the operator's list, the product page, and confirm's totals. */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let prodId: number;
let skuA: number; // 10.00
let skuB: number; // 12.00

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en-US' });
const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: headers(token) });
const put = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: headers(token) });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token) });

async function buyer() {
  const u = await newUser(ctx.db);
  const token = await sessionFor(ctx.db, u.email);
  for (const kind of ['consignee', 'billing']) {
    const res = await post(token, '/api/p/address', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'FR',
      company: 'AL Ltd',
      companyID: 'C-1',
      vatnumber: 'V-1',
      province: 'P',
      city: 'City',
      street: 'Street',
      houseNo: '1',
      address: 'Flat 2',
      phoneNumber: '+33 1 00 00 00 00',
      emails: 'ada@example.com',
      postCode: '75001',
      kind,
      isDefault: true,
    });
    expect(res.json().code).toBe('00000');
  }
  return { ...u, token };
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  const [category] = await listAdminCategories(ctx.db);
  const created = await createProduct(
    ctx.db,
    SaveProductBody.parse({
      categoryId: category!.categoryId,
      attribute: 'general',
      warehouse: 'CN',
      translations: { 'en-US': { title: 'Phone case', brief: '', description: '' } },
      skus: [
        {
          skuCode: 'TIER-A',
          price: 10,
          oriPrice: 12,
          stocks: 1000,
          weight: 0.02,
          length: 10,
          width: 6,
          height: 1,
          specs: [{ property: 'colour', value: 'red' }],
        },
        {
          skuCode: 'TIER-B',
          price: 12,
          oriPrice: 14,
          stocks: 1000,
          weight: 0.02,
          length: 10,
          width: 6,
          height: 1,
          specs: [{ property: 'colour', value: 'blue' }],
        },
      ],
    }),
  );
  prodId = created.prodId;
  [skuA, skuB] = created.skus.map((s) => s.skuId) as [number, number];
});
afterAll(() => ctx.app.close());

const TIERS = {
  tiers: [
    { minQuantity: 100, percentOff: 25 },
    { minQuantity: 50, unitPrice: 8 },
  ],
};

describe('the operator edits tiers; the product page shows them', () => {
  it('replaces the list, answers it smallest first with the MOQ, and checks each tier', async () => {
    const path = `/api/admin/catalogue/products/${prodId}/price-tiers`;
    const saved = await put(operator, path, TIERS);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      prodId,
      moq: 50,
      tiers: [
        { minQuantity: 50, unitPrice: 8, percentOff: null },
        { minQuantity: 100, unitPrice: null, percentOff: 25 },
      ],
    });
    const b = await buyer();
    expect((await get(b.token, `/api/prod/priceTiers?prodId=${prodId}`)).json().data.moq).toBe(50);
    expect((await put(b.token, path, TIERS)).statusCode).toBe(403);
    for (const bad of [
      { tiers: [{ minQuantity: 1, unitPrice: 5 }] },
      { tiers: [{ minQuantity: 10, unitPrice: 5, percentOff: 5 }] },
      { tiers: [{ minQuantity: 10, percentOff: 100 }] },
      {
        tiers: [
          { minQuantity: 10, unitPrice: 5 },
          { minQuantity: 10, unitPrice: 4 },
        ],
      },
    ]) {
      expect((await put(operator, path, bad)).statusCode).toBe(400);
    }
    expect((await put(operator, '/api/admin/catalogue/products/999999/price-tiers', TIERS)).statusCode).toBe(404);
    // The failed attempts left the list as it was.
    expect((await get(operator, path)).json().data.tiers).toHaveLength(2);
  });
});

describe('confirm applies the tier the quantity reaches (worked examples, FR: 2 % fee, 20 % VAT)', () => {
  const confirmBasket = (token: string, lines: Array<[number, number]>, extra: object = {}) =>
    post(token, '/api/p/order/basket/confirm', {
      lines: lines.map(([skuId, count]) => ({ prodId, skuId, count })),
      ...extra,
    });

  it.each([
    // count, unit price, goods, fee, tax, type
    [1, 10, 10, 0.2, 2, 'dropshipping'],
    [49, 10, 490, 9.8, 98, 'dropshipping'], // MOQ − 1
    [50, 8, 400, 8, 80, 'bulk'], // MOQ: the 50+ fixed price
    [99, 8, 792, 15.84, 158.4, 'bulk'],
    [100, 7.5, 750, 15, 150, 'bulk'], // next tier: 25 % off 10.00
  ] as const)(
    '%i pieces of the 10.00 variant: unit %d, goods %d, fee %d, tax %d, %s',
    async (count, unit, goods, fee, tax, type) => {
      await put(operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, TIERS);
      const b = await buyer();
      const res = await confirmBasket(b.token, [[skuA, count]]);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.lines[0]).toMatchObject({ count, unitPrice: unit, lineTotal: goods });
      expect(data.lines[0].tier).toEqual(
        type === 'bulk' ? { minQuantity: count >= 100 ? 100 : 50, basePrice: 10 } : null,
      );
      expect(data).toMatchObject({ goodsTotal: goods, serviceFee: fee, tax, purchaseType: type });
      expect(data.total).toBeCloseTo(goods + data.shipping + fee + tax, 6);
      // The token vouches for the tier price and the purchase type (submit re-uses them).
      const claims = verifyConfirmToken(testConfig().secretKey, data.confirmToken, b.userId);
      expect(claims.l[0]![3]).toBe(Math.round(unit * 100));
      expect(claims.p).toBe(type === 'bulk' ? 'bulk' : undefined);
    },
  );

  it('the product quantity counts its variants together; a percentage rounds half-up per piece', async () => {
    await put(operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, TIERS);
    const b = await buyer();
    // 30 + 30 = 60 ≥ 50: both at 8.00 (the fixed tier price, never above a variant's own price).
    const sixty = (
      await confirmBasket(b.token, [
        [skuA, 30],
        [skuB, 30],
      ])
    ).json().data;
    expect(sixty.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([8, 8]);
    expect(sixty.goodsTotal).toBe(480);
    // 60 + 45 = 105 ≥ 100: 25 % off 10.00 → 7.50 and off 12.00 → 9.00.
    const more = (
      await confirmBasket(b.token, [
        [skuA, 60],
        [skuB, 45],
      ])
    ).json().data;
    expect(more.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([7.5, 9]);
    expect(more.goodsTotal).toBe(450 + 405);
  });

  it('the buyer may choose bulk below the MOQ: the order is bulk, the price is the single price', async () => {
    const b = await buyer();
    const data = (await confirmBasket(b.token, [[skuA, 2]], { purchaseType: 'bulk' })).json().data;
    expect(data).toMatchObject({ goodsTotal: 20, purchaseType: 'bulk' });
  });

  it('submitting a tier-priced confirm places a bulk order at the tier price', async () => {
    await put(operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, TIERS);
    const b = await buyer();
    const confirmed = (await confirmBasket(b.token, [[skuA, 50]])).json().data;
    const res = await post(b.token, '/api/p/order/submit', { confirmToken: confirmed.confirmToken });
    expect(res.json().code).toBe('00000');
    const order = (await get(b.token, `/api/p/orders/${res.json().data.orders[0].id}`)).json().data;
    expect(order).toMatchObject({ purchaseType: 'bulk', goods: 400, total: confirmed.total });
    expect(order.lines[0]).toMatchObject({ unitPrice: 8, quantity: 50 });
  });

  it('without tiers nothing changes', async () => {
    await put(operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, { tiers: [] });
    const b = await buyer();
    const data = (await confirmBasket(b.token, [[skuA, 100]])).json().data;
    expect(data).toMatchObject({ goodsTotal: 1000, purchaseType: 'dropshipping' });
    expect((await get(b.token, `/api/prod/priceTiers?prodId=${prodId}`)).json().data).toEqual({
      prodId,
      moq: null,
      tiers: [],
    });
  });
});

describe('orders record the purchase type; the bulk orders page filters by it', () => {
  it('lists and counts only bulk orders with type=bulk', async () => {
    const b = await buyer();
    const bulk = await orderInState(ctx.db, b.userId, 'awaiting-payment', 'bulk');
    await orderInState(ctx.db, b.userId, 'awaiting-payment');
    const rows = (
      (await ctx.db.execute(sql`select purchase_type from orders where id = ${bulk.id}`)) as unknown as {
        rows: Array<{ purchase_type: string }>;
      }
    ).rows;
    expect(rows[0]!.purchase_type).toBe('bulk');
    const list = (await get(b.token, '/api/p/orders?type=bulk')).json().data;
    expect(list.records.map((r: { id: string; purchaseType: string }) => [r.id, r.purchaseType])).toEqual([
      [bulk.id, 'bulk'],
    ]);
    expect((await get(b.token, '/api/p/orders/counts?type=bulk')).json().data).toMatchObject({
      all: 1,
      'awaiting-payment': 1,
    });
    expect((await get(b.token, '/api/p/orders/counts')).json().data).toMatchObject({ all: 2 });
  });
});
