import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition } from '../orders/orders.service';
import {
  awaitingOrders,
  balancesOf,
  invoicesOf,
  ledgerTotal,
  ORDER_TOTAL_MINOR,
  orderStates,
  paypalTestApp,
  PUBLIC,
  rowsOfQuery,
  signedInUser,
  systemBalance,
} from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof paypalTestApp>>;
beforeAll(async () => {
  ctx = await paypalTestApp();
});
afterAll(() => ctx.close());

const headers = (token: string, lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': crypto.randomUUID(),
});
const post = (token: string, url: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const get = async (token: string, id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/p/order/payments/${id}`, headers: headers(token) })).json().data;
const rechargeOf = async (paymentId: string) =>
  (
    await rowsOfQuery(
      ctx.db,
      sql`select id, state, close_reason, amount_minor, fee_minor from recharge_orders where order_payment_id = ${paymentId}`,
    )
  )[0]!;

/** Pays the orders by PayPal and approves on the emulator's page: where PayPal sends the payer back. */
async function approvedPayment(token: string, orderIds: string[], key?: string) {
  const res = await post(token, '/api/p/order/pay', { orderIds, method: 'paypal' }, key);
  expect(res.statusCode).toBe(200);
  const payment = res.json().data;
  const back = await fetch(payment.approveUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  return { payment, location: new URL(back.headers.get('location')!) };
}

describe('POST /api/p/order/pay by PayPal (through a recharge of the wallet)', () => {
  it('pending with the approve link → approve → capture → the orders are paid from the wallet, invoices say paypal', async () => {
    const b = await signedInUser(ctx.db);
    const orders = await awaitingOrders(ctx.db, b.userId, 2);
    const feesBefore = await systemBalance(ctx.db, 'fees');
    const key = crypto.randomUUID();
    const { payment, location } = await approvedPayment(
      b.token,
      orders.map((o) => o.id),
      key,
    );
    expect(payment).toMatchObject({
      method: 'paypal',
      outcome: 'pending',
      amount: 99.98,
      locked: 0,
      shortfall: 0,
      reason: null,
    });
    expect(payment.approveUrl).toContain(ctx.pp.baseUrl.replace(/\/$/, '').split('/').slice(0, 3).join('/'));
    // A repeat with the key: the same payment and the same approve link (one PayPal order).
    const replay = (
      await post(b.token, '/api/p/order/pay', { orderIds: orders.map((o) => o.id), method: 'paypal' }, key)
    ).json().data;
    expect(replay).toMatchObject({ id: payment.id, approveUrl: payment.approveUrl });

    const recharge = await rechargeOf(payment.id);
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC}/user/paystate`);
    expect(location.searchParams.get('payment')).toBe(payment.id);
    expect(location.searchParams.get('recharge')).toBe(recharge.id);
    // The recharge's fee rule applies (PayPal: what the payer pays on top), frozen on the recharge.
    expect(Number(recharge.amount_minor)).toBe(2 * ORDER_TOTAL_MINOR);
    expect(Number(recharge.fee_minor)).toBeGreaterThan(0);

    const captured = await post(b.token, `/api/p/recharges/${recharge.id}/paypal/capture`);
    expect(captured.json().data.state).toBe('paid');
    await ctx.app.jobs.drain();
    const done = await get(b.token, payment.id);
    expect(done).toMatchObject({ outcome: 'success', approveUrl: null });
    expect(done.orders.map((o: { state: string }) => o.state)).toEqual(['pending', 'pending']);
    const invoices = await invoicesOf(
      ctx.db,
      orders.map((o) => o.id),
    );
    expect(invoices.map((i) => i.method)).toEqual(['paypal', 'paypal']);
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(0);
    expect((await systemBalance(ctx.db, 'fees')) - feesBefore).toBe(Number(recharge.fee_minor));
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('an order that expires before the capture: the payment fails, the money PayPal took stays in the wallet', async () => {
    const b = await signedInUser(ctx.db);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const { payment } = await approvedPayment(b.token, [order!.id]);
    await transition(ctx.db, order!.id, 'expire', { type: 'system', id: null });
    expect(await get(b.token, payment.id)).toMatchObject({ outcome: 'failed', approveUrl: null });
    const recharge = await rechargeOf(payment.id);
    expect((await post(b.token, `/api/p/recharges/${recharge.id}/paypal/capture`)).json().data.state).toBe('paid');
    await ctx.app.jobs.drain();
    const after = await get(b.token, payment.id);
    expect(after).toMatchObject({
      outcome: 'failed',
      reason: 'An order of this payment went to the draft box; if PayPal still takes the money, it goes to your wallet',
    });
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(ORDER_TOTAL_MINOR);
    expect(await orderStates(ctx.db, [order!.id])).toEqual(['trashed']);
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(0);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('paying again by PayPal before approving replaces the first payment; cancel closes the recharge', async () => {
    const b = await signedInUser(ctx.db);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const first = (await post(b.token, '/api/p/order/pay', { orderIds: [order!.id], method: 'paypal' })).json().data;
    const second = (await post(b.token, '/api/p/order/pay', { orderIds: [order!.id], method: 'paypal' })).json().data;
    expect(second.id).not.toBe(first.id);
    expect(await get(b.token, first.id)).toMatchObject({
      outcome: 'failed',
      reason: 'Replaced by a newer payment of the same orders',
    });
    expect(await rechargeOf(first.id)).toMatchObject({ state: 'closed', close_reason: 'cancelled' });

    const cancelled = (await post(b.token, `/api/p/order/payments/${second.id}/cancel`)).json().data;
    expect(cancelled).toMatchObject({ outcome: 'failed', approveUrl: null });
    expect(await rechargeOf(second.id)).toMatchObject({ state: 'closed', close_reason: 'cancelled' });
    expect(await orderStates(ctx.db, [order!.id])).toEqual(['awaiting-payment']);
  });

  it('the recharge expires unpaid: the payment fails ("not completed in time")', async () => {
    const b = await signedInUser(ctx.db);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const payment = (await post(b.token, '/api/p/order/pay', { orderIds: [order!.id], method: 'paypal' })).json().data;
    const recharge = await rechargeOf(payment.id);
    await ctx.db.execute(
      sql`update recharge_orders set expires_at = now() - interval '1 second' where id = ${recharge.id}`,
    );
    await ctx.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where type = 'recharge.expire' and payload->>'id' = ${recharge.id}`,
    );
    await ctx.app.jobs.drain();
    expect(await get(b.token, payment.id)).toMatchObject({
      outcome: 'failed',
      reason: 'The PayPal payment was not completed in time',
    });
    // The order may be paid again.
    expect(
      (await post(b.token, '/api/p/order/pay', { orderIds: [order!.id], method: 'paypal' })).json().data.outcome,
    ).toBe('pending');
  });
});
