import { type ConfirmClaims, translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/harness';
import { setProductStatus } from '../catalogue/catalogue.admin-products.service';
import { signConfirmToken } from './checkout.service';
import {
  buyer,
  confirmBuyNow,
  post,
  product,
  rows,
  shownStock,
  stockOf,
  submit,
  type Ctx,
} from '../../../test/factories';

let ctx: Ctx;
const SECRET = testConfig().secretKey;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as ConfirmClaims;
const ordersOf = async (userId: string) =>
  rows(ctx, sql`select * from orders where user_id = ${userId} order by created_at`);

describe('POST /api/p/order/submit', () => {
  it('buy-now: one order awaiting payment with the confirm figures, stock reserved, fresh on the product page, mail queued', async () => {
    const ada = await buyer(ctx, 'fr-FR');
    const lamp = await product(ctx, 'SB-BUY', 5);
    expect(await shownStock(ctx, lamp.prodId)).toEqual({ total: 5, sku: 5 }); // now cached
    const confirmed = await confirmBuyNow(ctx, ada.token, lamp, 3);
    const res = await submit(ctx, ada.token, { confirmToken: confirmed.confirmToken, remark: 'ring twice' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(confirmed.total);
    expect(data.orders).toHaveLength(1);
    const placed = data.orders[0];
    expect(placed).toMatchObject({ state: 'awaiting-payment', total: confirmed.total });
    expect(placed.number).toMatch(/^O\d{8}$/);
    const payIn = new Date(placed.payBy).getTime() - Date.now();
    expect(payIn).toBeGreaterThan(29 * 60_000);
    expect(payIn).toBeLessThanOrEqual(30 * 60_000);

    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/p/orders/${placed.id}`,
        headers: { authorization: `Bearer ${ada.token}` },
      })
    ).json().data;
    expect(detail).toMatchObject({
      goods: confirmed.goodsTotal,
      shipping: confirmed.shipping,
      serviceFee: confirmed.serviceFee,
      tax: confirmed.tax,
      total: confirmed.total,
      remark: 'ring twice',
      shippingMethodCode: 'CN_POST_AIR',
      consignee: expect.objectContaining({ country: 'FR', firstName: 'Ada' }),
      billing: expect.objectContaining({ country: 'GB' }),
    });
    expect(detail.shippingMethodName).not.toBe('');
    expect(detail.lines).toEqual([
      expect.objectContaining({
        productId: lamp.prodId,
        skuId: lamp.skuId,
        skuCode: 'SB-BUY',
        quantity: 3,
        unitPrice: 19.99,
        lineTotal: 59.97,
      }),
    ]);

    expect(await stockOf(ctx, lamp)).toEqual({ sku: 2, product: 2 });
    expect(await shownStock(ctx, lamp.prodId)).toEqual({ total: 2, sku: 2 });

    const [mail] = await rows(ctx, sql`select subject, locale from mail_outbox where "to" = ${ada.email}`);
    expect(mail).toMatchObject({
      subject: translate('fr-FR', 'checkout.mail.placed.subject', { number: placed.number }),
      locale: 'fr-FR',
    });
    const [job] = await rows(
      ctx,
      sql`select run_at from jobs where type = 'order.expire' and payload->>'orderId' = ${placed.id}`,
    );
    expect(new Date(String(job!.run_at)).toISOString()).toBe(placed.payBy);
  });

  it('from the cart: the ordered lines leave the cart, the others stay', async () => {
    const bo = await buyer(ctx);
    const a = await product(ctx, 'SB-CART-A', 10);
    const b = await product(ctx, 'SB-CART-B', 10);
    for (const line of [a, b])
      expect((await post(ctx, bo.token, '/api/p/shopCart', { ...line, count: 2 })).json().code).toBe('00000');
    const res = await post(ctx, bo.token, '/api/p/order/basket/confirm', { lines: [{ ...a, count: 2 }] });
    const confirmed = res.json().data;
    const placed = await submit(ctx, bo.token, { confirmToken: confirmed.confirmToken, fromCart: true });
    expect(placed.json().code).toBe('00000');
    const cart = await rows(ctx, sql`select sku_id from cart_lines where user_id = ${bo.userId}`);
    expect(cart.map((r) => Number(r.sku_id))).toEqual([b.skuId]);
    expect(await stockOf(ctx, a)).toEqual({ sku: 8, product: 8 });
  });

  it("the order line keeps the variant's specs as ordered", async () => {
    const jo = await buyer(ctx);
    const [sku] = await rows(
      ctx,
      sql`
      select s.id, s.product_id from skus s join products p on p.id = s.product_id
      where s.stock >= 5 and p.status = 'on' and exists (select 1 from sku_property_values v where v.sku_id = s.id)
      order by s.id limit 1`,
    );
    const line = { prodId: Number(sku!.product_id), skuId: Number(sku!.id) };
    const { confirmToken } = await confirmBuyNow(ctx, jo.token, line, 1);
    const id = (await submit(ctx, jo.token, { confirmToken })).json().data.orders[0].id;
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/p/orders/${id}`,
        headers: { authorization: `Bearer ${jo.token}` },
      })
    ).json().data;
    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/prod/prodInfo?prodId=${line.prodId}` })).json()
      .data;
    const properties = shown.skuList.find((x: { skuId: number }) => x.skuId === line.skuId).properties as string;
    expect(
      Object.entries(detail.lines[0].specs)
        .map(([k, v]) => `${k}:${v}`)
        .join(';'),
    ).toBe(properties);
    expect(properties).not.toBe('');
  });

  it('buy-now leaves the cart alone', async () => {
    const cy = await buyer(ctx);
    const lamp = await product(ctx, 'SB-KEEP', 10);
    await post(ctx, cy.token, '/api/p/shopCart', { ...lamp, count: 1 });
    const confirmed = await confirmBuyNow(ctx, cy.token, lamp, 1);
    expect((await submit(ctx, cy.token, { confirmToken: confirmed.confirmToken })).json().code).toBe('00000');
    expect(await rows(ctx, sql`select 1 from cart_lines where user_id = ${cy.userId}`)).toHaveLength(1);
  });

  it('an expired, tampered or another user\'s token is "Order information check wrong, retry"; nothing written', async () => {
    const di = await buyer(ctx);
    const eve = await buyer(ctx);
    const lamp = await product(ctx, 'SB-TOKEN', 5);
    const { confirmToken } = await confirmBuyNow(ctx, di.token, lamp, 1);
    const expired = signConfirmToken(SECRET, { ...claimsOf(confirmToken), e: Math.floor(Date.now() / 1000) - 1 });
    const cheaper = claimsOf(confirmToken);
    cheaper.l[0]![3] = 1;
    const [payload, signature] = confirmToken.split('.');
    const tampered = `${Buffer.from(JSON.stringify(cheaper)).toString('base64url')}.${signature}`;
    for (const [who, token] of [
      [di, expired],
      [di, tampered],
      [di, `${payload}.${signature!.slice(0, -2)}xx`],
      [eve, confirmToken],
    ] as const) {
      const res = await submit(ctx, who.token, { confirmToken: token }, { 'accept-language': 'tr-TR' });
      expect(res.json()).toMatchObject({
        code: 'A00001',
        success: false,
        msg: translate('tr-TR', 'checkout.confirm-invalid'),
      });
    }
    expect(await ordersOf(di.userId)).toHaveLength(0);
    expect(await ordersOf(eve.userId)).toHaveLength(0);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 5, product: 5 });
  });

  it('a product taken down since confirm is refused with the SPEC message', async () => {
    const fa = await buyer(ctx);
    const lamp = await product(ctx, 'SB-DOWN', 5);
    const { confirmToken } = await confirmBuyNow(ctx, fa.token, lamp, 1);
    await setProductStatus(ctx.db, lamp.prodId, 'off');
    const res = await submit(ctx, fa.token, { confirmToken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msg: 'Sorry! some of the products you have selected have been taken down.',
      data: { reason: 'taken-down' },
    });
    expect(await ordersOf(fa.userId)).toHaveLength(0);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 5, product: 5 });
  });

  it("stock sold since confirm: 409 naming the product in the caller's language, nothing written", async () => {
    const [gil, hal] = [await buyer(ctx), await buyer(ctx)];
    const lamp = await product(ctx, 'SB-SHORT', 4);
    const first = await confirmBuyNow(ctx, gil.token, lamp, 3);
    const second = await confirmBuyNow(ctx, hal.token, lamp, 2);
    await post(ctx, hal.token, '/api/p/shopCart', { ...lamp, count: 2 });
    expect((await submit(ctx, gil.token, { confirmToken: first.confirmToken })).json().code).toBe('00000');
    const res = await submit(
      ctx,
      hal.token,
      { confirmToken: second.confirmToken, fromCart: true },
      { 'accept-language': 'fr-FR' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msg: translate('fr-FR', 'catalogue.stock-short', { title: 'Lampe SB-SHORT', available: 1 }),
      data: { reason: 'out-of-stock', available: 1 },
    });
    expect(res.json().msg).toContain('Lampe SB-SHORT');
    expect(await ordersOf(hal.userId)).toHaveLength(0);
    expect(await rows(ctx, sql`select 1 from cart_lines where user_id = ${hal.userId}`)).toHaveLength(1);
    expect(
      await rows(ctx, sql`select 1 from mail_outbox where "to" = (select email from users where id = ${hal.userId})`),
    ).toHaveLength(0);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 1, product: 1 });
  });

  it('20 concurrent submits with one Idempotency-Key make one order, every answer the same', async () => {
    const ivy = await buyer(ctx);
    const lamp = await product(ctx, 'SB-IDEM', 50);
    const { confirmToken } = await confirmBuyNow(ctx, ivy.token, lamp, 2);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => submit(ctx, ivy.token, { confirmToken }, { 'idempotency-key': key })),
    );
    const ids = new Set(answers.map((a) => a.json().data?.orders?.[0]?.id));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await ordersOf(ivy.userId)).toHaveLength(1);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 48, product: 48 });
  });
});
