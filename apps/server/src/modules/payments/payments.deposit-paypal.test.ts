import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../../test/harness';
import {
  approveAndCapture,
  buyer,
  ledgerTotal,
  paypalTestApp,
  product,
  rechargeOfPayment,
  rowsOfQuery,
} from '../../../test/factories';
import { transition } from '../orders/orders.service';

/**
 * The deposit of a catalogue bulk order by PayPal (decision 0145), against the PayPal emulator
 * over real HTTP: a payment of the deposit only, its money into the wallet by a PayPal recharge,
 * then from the wallet into the bulk deposit once, as the wallet way does; a replayed key gets the
 * same approve link; an order gone before the capture leaves PayPal's money in the wallet; another
 * user's order → 404. The ledger balances after each.
 */

let ctx: Awaited<ReturnType<typeof paypalTestApp>>;
let operator: string;
let line: { prodId: number; skuId: number };

const call = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object, key?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key ?? crypto.randomUUID() },
  });

async function place(token: string, count: number) {
  const confirmed = await call('POST', token, '/api/p/order/prod/confirm', { ...line, count, purchaseType: 'bulk' });
  const submitted = await call('POST', token, '/api/p/order/submit', {
    confirmToken: confirmed.json().data.confirmToken,
  });
  expect(submitted.json(), submitted.body).toMatchObject({ code: '00000' });
  const id = submitted.json().data.orders[0].id as string;
  return (await call('GET', token, `/api/p/orders/${id}`)).json().data as { id: string; total: number };
}

const byPayPal = (token: string, id: string, key?: string) =>
  call('POST', token, `/api/p/order/${id}/deposit/paypal`, { percent: 30 }, key);
const wallet = async (token: string) => (await call('GET', token, '/api/p/wallet')).json().data;
const payment = async (token: string, id: string) =>
  (await call('GET', token, `/api/p/order/payments/${id}`)).json().data;
const twoParts = async (token: string, id: string) =>
  (await call('GET', token, `/api/p/order/${id}/two-parts`)).json().data;
async function expectReconciled() {
  expect(await ledgerTotal(ctx.db)).toBe(0);
  const run = await call('POST', operator, '/api/admin/wallet/reconciliation');
  expect(run.json().data.findings).toEqual([]);
}

beforeAll(async () => {
  ctx = await paypalTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  line = await product(ctx, 'BULK-PP', 5000);
  await call('PUT', operator, `/api/admin/catalogue/products/${line.prodId}/price-tiers`, {
    tiers: [{ minQuantity: 50, unitPrice: 10 }],
  });
  await call('PUT', operator, '/api/admin/inventory/settings', {
    handlingFeePerUnit: 0.25,
    depositFrom: 400,
    depositPercent: 30,
  });
});
afterAll(() => ctx?.close());

describe('POST /api/p/order/{id}/deposit/paypal', () => {
  it('pending with the approve link → capture → the deposit from the wallet into the bulk deposit, once', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 60);
    const offer = (await twoParts(a.token, order.id)).offer;
    expect(offer).toMatchObject({ percent: 30 });
    const key = crypto.randomUUID();
    const started = await byPayPal(a.token, order.id, key);
    expect(started.json(), started.body).toMatchObject({
      code: '00000',
      data: { method: 'paypal', outcome: 'pending', amount: offer.deposit },
    });
    const pay = started.json().data;
    expect(pay.approveUrl).toEqual(expect.any(String));
    // A replay with the key: the same payment and link (one PayPal order).
    expect((await byPayPal(a.token, order.id, key)).json().data).toMatchObject({
      id: pay.id,
      approveUrl: pay.approveUrl,
    });
    expect(Number((await rechargeOfPayment(ctx.db, pay.id)).amount_minor)).toBe(Math.round(offer.deposit * 100));
    // Nothing moved before PayPal's money arrives; the wallet deposit is refused meanwhile.
    expect((await twoParts(a.token, order.id)).state).toBeNull();
    const wallet409 = await call('POST', a.token, `/api/p/order/${order.id}/deposit`, {
      method: 'wallet',
      percent: 30,
    });
    expect(wallet409.statusCode).toBe(409);

    await approveAndCapture(ctx, a.token, pay.approveUrl, pay.id);
    expect(await payment(a.token, pay.id)).toMatchObject({ outcome: 'success' });
    expect(await twoParts(a.token, order.id)).toMatchObject({
      state: 'deposit-paid',
      paid: offer.deposit,
      due: offer.balance,
    });
    expect((await call('GET', a.token, `/api/p/orders/${order.id}`)).json().data.state).toBe('pending');
    expect(await wallet(a.token)).toMatchObject({ balance: 0, locked: 0, deposit: offer.deposit });
    const list = (await call('GET', a.token, `/api/p/invoices?reference=${order.id}`)).json().data.records;
    const invoice = (await call('GET', a.token, `/api/p/invoices/${list[0].id}`)).json().data;
    expect(invoice).toMatchObject({ paymentMethod: 'paypal', payable: order.total, due: offer.balance });
    // Paying again (a new key): refused, nothing more taken.
    expect((await byPayPal(a.token, order.id)).statusCode).toBe(409);
    await expectReconciled();
  });

  it('an order gone before the capture: the payment fails and the money PayPal took stays in the wallet', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 60);
    const pay = (await byPayPal(a.token, order.id)).json().data;
    await transition(ctx.db, order.id, 'expire', { type: 'system', id: null });
    await approveAndCapture(ctx, a.token, pay.approveUrl, pay.id);
    expect(await payment(a.token, pay.id)).toMatchObject({ outcome: 'failed' });
    expect(await wallet(a.token)).toMatchObject({ balance: pay.amount, deposit: 0 });
    expect((await twoParts(a.token, order.id)).state).toBeNull();
    await expectReconciled();
  });

  it("another user's order → 404, an order not offered two parts → 409; no payment is made", async () => {
    const a = await buyer(ctx);
    const b = await buyer(ctx);
    const order = await place(a.token, 60);
    expect((await byPayPal(b.token, order.id)).statusCode).toBe(404);
    expect((await byPayPal(b.token, 'not-an-id')).statusCode).toBe(404);
    const small = await place(a.token, 10);
    expect((await byPayPal(a.token, small.id)).statusCode).toBe(409);
    const made = await rowsOfQuery(
      ctx.db,
      sql`select count(*)::int as n from order_payments where user_id in (${a.userId}, ${b.userId})`,
    );
    expect(made[0]!.n).toBe(0);
  });
});
