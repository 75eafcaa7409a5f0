import { translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { setProductStatus } from '../catalogue/catalogue.admin-products.service';
import { SYSTEM, transition } from '../orders/orders.service';
import { expireUnpaidOrder } from './checkout.expiry';
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

beforeAll(async () => {
  // A configured pay-by time (ORDER_PAY_MINUTES) instead of the default 30 minutes.
  ctx = await createTestApp({ checkout: { serviceFeeBps: 200, confirmMinutes: 15, payMinutes: 5 } });
});
afterAll(() => ctx.app.close());

type Buyer = Awaited<ReturnType<typeof buyer>>;
const get = (who: Buyer, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

async function place(who: Buyer, line: { prodId: number; skuId: number }, count: number): Promise<string> {
  const { confirmToken } = await confirmBuyNow(ctx, who.token, line, count);
  const res = await submit(ctx, who.token, { confirmToken });
  expect(res.json().code).toBe('00000');
  return res.json().data.orders[0].id;
}

const stateOf = async (id: string) =>
  String((await rows(ctx, sql`select state from orders where id = ${id}`))[0]!.state);

/** Makes the orders' pay-by time and expiry jobs due now, then works the due jobs. */
async function passPayBy(ids: string[]) {
  for (const id of ids) {
    await ctx.db.execute(sql`update order_pay_by set pay_by = now() - interval '1 second' where order_id = ${id}`);
    await ctx.db.execute(
      sql`update jobs set run_at = now() where type = 'order.expire' and payload->>'orderId' = ${id} and state = 'queued'`,
    );
  }
  await ctx.app.jobs.drain();
}

describe('trash, restore and expiry move the reserved stock', () => {
  it('trash gives the stock back; restore takes it again with a new pay-by time', async () => {
    const ann = await buyer(ctx);
    const lamp = await product(ctx, 'EX-TRASH', 5);
    const id = await place(ann, lamp, 2);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 3, product: 3 });
    const [placed] = await rows(ctx, sql`select pay_by from order_pay_by where order_id = ${id}`);
    const payIn = new Date(String(placed!.pay_by)).getTime() - Date.now();
    expect(payIn).toBeGreaterThan(4 * 60_000);
    expect(payIn).toBeLessThanOrEqual(5 * 60_000);
    expect((await post(ctx, ann.token, `/api/p/orders/${id}/trash`, {})).json().code).toBe('00000');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 5, product: 5 });
    expect(await shownStock(ctx, lamp.prodId)).toEqual({ total: 5, sku: 5 });

    const [before] = await rows(ctx, sql`select pay_by from order_pay_by where order_id = ${id}`);
    const restored = await post(ctx, ann.token, '/api/p/orders/restore', { ids: [id] });
    expect(restored.json().code).toBe('00000');
    expect(await stateOf(id)).toBe('awaiting-payment');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 3, product: 3 });
    const [after] = await rows(ctx, sql`select pay_by from order_pay_by where order_id = ${id}`);
    expect(new Date(String(after!.pay_by)).getTime()).toBeGreaterThanOrEqual(
      new Date(String(before!.pay_by)).getTime(),
    );
    expect(
      await rows(ctx, sql`select 1 from jobs where type = 'order.expire' and payload->>'orderId' = ${id}`),
    ).toHaveLength(2);
  });

  it('restore when the stock is gone is refused (409, named product) and the order stays in the draft box', async () => {
    const [bea, cal] = [await buyer(ctx), await buyer(ctx)];
    const lamp = await product(ctx, 'EX-GONE', 3);
    const id = await place(bea, lamp, 2);
    await post(ctx, bea.token, `/api/p/orders/${id}/trash`, {});
    await place(cal, lamp, 2);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/orders/restore',
      payload: { ids: [id] },
      headers: { authorization: `Bearer ${bea.token}`, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msg: translate('zh-CN', 'catalogue.stock-short', { title: 'Lamp EX-GONE', available: 1 }),
      data: { reason: 'out-of-stock' },
    });
    expect(await stateOf(id)).toBe('trashed');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 1, product: 1 });
  });

  it('restore of an order whose product was taken down since is refused with the SPEC message', async () => {
    const gus = await buyer(ctx);
    const lamp = await product(ctx, 'EX-DOWN', 5);
    const id = await place(gus, lamp, 1);
    await post(ctx, gus.token, `/api/p/orders/${id}/trash`, {});
    await setProductStatus(ctx.db, lamp.prodId, 'off');
    const res = await post(ctx, gus.token, '/api/p/orders/restore', { ids: [id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      msg: 'Sorry! some of the products you have selected have been taken down.',
      data: { reason: 'taken-down' },
    });
    expect(await stateOf(id)).toBe('trashed');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 5, product: 5 });
  });

  it('the expire job sends an unpaid order to the draft box and frees its stock; a paid order is left alone', async () => {
    const dan = await buyer(ctx);
    const lamp = await product(ctx, 'EX-JOB', 10);
    const unpaid = await place(dan, lamp, 3);
    const paid = await place(dan, lamp, 4);
    await transition(ctx.db, paid, 'pay', SYSTEM);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 3, product: 3 });
    await passPayBy([unpaid, paid]);
    expect(await stateOf(unpaid)).toBe('trashed');
    expect(await stateOf(paid)).toBe('pending');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 6, product: 6 });
    const detail = (await get(dan, `/api/p/orders/${unpaid}`)).json().data;
    expect(detail.events.at(-1)).toMatchObject({ event: 'expire', actorType: 'system', toState: 'trashed' });
    // Run again (at least once delivery): nothing more moves.
    await expireUnpaidOrder(ctx.db, unpaid);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 6, product: 6 });
  });

  it('an expiry job older than a restore does nothing', async () => {
    const eli = await buyer(ctx);
    const lamp = await product(ctx, 'EX-OLD', 5);
    const id = await place(eli, lamp, 1);
    await post(ctx, eli.token, `/api/p/orders/${id}/trash`, {});
    await post(ctx, eli.token, '/api/p/orders/restore', { ids: [id] });
    await expireUnpaidOrder(ctx.db, id); // the first job, run late: the new pay-by is ahead
    expect(await stateOf(id)).toBe('awaiting-payment');
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 4, product: 4 });
  });

  it("split orders: a trashed child frees its own lines; the parent's expiry expires the unpaid children", async () => {
    const fay = await buyer(ctx);
    const [a, b] = [await product(ctx, 'EX-SPLIT-A', 10), await product(ctx, 'EX-SPLIT-B', 10)];
    const confirmed = (
      await post(ctx, fay.token, '/api/p/order/basket/confirm', {
        lines: [
          { ...a, count: 2 },
          { ...b, count: 3 },
        ],
      })
    ).json().data;
    const parent = (await submit(ctx, fay.token, { confirmToken: confirmed.confirmToken })).json().data.orders[0].id;
    const split = await post(ctx, fay.token, `/api/p/orders/${parent}/split`, { mode: 'by-sku' });
    expect(split.json().code).toBe('00000');
    const children = await rows(
      ctx,
      sql`select o.id, l.sku_id from orders o join order_lines l on l.order_id = o.id where o.parent_order_id = ${parent}`,
    );
    const childOf = (skuId: number) => String(children.find((c) => Number(c.sku_id) === skuId)!.id);
    expect((await post(ctx, fay.token, `/api/p/orders/${childOf(a.skuId)}/trash`, {})).json().code).toBe('00000');
    expect(await stockOf(ctx, a)).toEqual({ sku: 10, product: 10 });
    expect(await stockOf(ctx, b)).toEqual({ sku: 7, product: 7 });

    await passPayBy([parent]);
    expect(await stateOf(parent)).toBe('split');
    expect(await stateOf(childOf(b.skuId))).toBe('trashed');
    expect(await stockOf(ctx, b)).toEqual({ sku: 10, product: 10 });
    expect(await stockOf(ctx, a)).toEqual({ sku: 10, product: 10 });
  });
});
