import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { awaitingOrders, orderStates, rowsOfQuery, signedInUser } from '../../../test/factories';

// PayPal configured but unreachable (port 9, discard): the payment answers `error`, nothing charged.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({
    paypal: { clientId: 'id', clientSecret: 'secret', baseUrl: 'http://127.0.0.1:9', webhookId: 'WH-1' },
  });
});
afterAll(() => ctx.app.close());

describe('paying by PayPal when PayPal cannot be reached', () => {
  it('answers outcome error in the caller’s language; the recharge is closed, the order may be paid again', async () => {
    const b = await signedInUser(ctx.db);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/order/pay',
      headers: {
        authorization: `Bearer ${b.token}`,
        'idempotency-key': crypto.randomUUID(),
        'accept-language': 'zh-CN',
      },
      payload: { orderIds: [order!.id], method: 'paypal' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      outcome: 'error',
      approveUrl: null,
      reason: '无法连接 PayPal；未扣任何款项，请重试',
    });
    const [recharge] = await rowsOfQuery(
      ctx.db,
      sql`select state, close_reason from recharge_orders where order_payment_id = ${res.json().data.id}`,
    );
    expect(recharge).toMatchObject({ state: 'closed', close_reason: 'cancelled' });
    expect(await orderStates(ctx.db, [order!.id])).toEqual(['awaiting-payment']);
  });
});
