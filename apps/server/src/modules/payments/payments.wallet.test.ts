import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { transition } from '../orders/orders.service';
import {
  awaitingOrders,
  balancesOf,
  countOf,
  invoicesOf,
  ledgerTotal,
  ORDER_TOTAL_MINOR,
  orderStates,
  signedInUser,
  topUp,
} from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const headers = (token: string, key: string | null = crypto.randomUUID(), lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  ...(key ? { 'idempotency-key': key } : {}),
});
const pay = (token: string, orderIds: string[], key?: string | null, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/p/order/pay',
    payload: { orderIds, method: 'wallet' },
    headers: headers(token, key, lang),
  });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token, null) });
const paymentsOf = (userId: string) =>
  countOf(ctx.db, sql`select count(*) as n from order_payments where user_id = ${userId}`);

describe('POST /api/p/order/pay from the wallet', () => {
  it('pays one order: balance down by the total, order pending, one invoice, the ledger balances', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 10_000);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const res = await pay(b.token, [order!.id]);
    expect(res.statusCode).toBe(200);
    const payment = res.json().data;
    expect(payment).toMatchObject({
      method: 'wallet',
      outcome: 'success',
      amount: 49.99,
      locked: 0,
      shortfall: 0,
      approveUrl: null,
      reason: null,
    });
    expect(payment.number).toMatch(/^P\d{8}$/);
    expect(payment.orders).toEqual([{ id: order!.id, number: order!.number, state: 'pending', total: 49.99 }]);
    expect(payment.completedAt).toBeTruthy();
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(10_000 - ORDER_TOTAL_MINOR);
    const invoices = await invoicesOf(ctx.db, [order!.id]);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ method: 'wallet' });
    expect(invoices[0]!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(await ledgerTotal(ctx.db)).toBe(0);
    // The journal entry carries the payment's number (the wallet history shows it).
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from journal_entries where reference_type = 'order-payment' and reference_id = ${payment.id}`,
      ),
    ).toBe(1);
    expect((await get(b.token, `/api/p/order/payments/${payment.id}`)).json().data).toMatchObject({
      id: payment.id,
      outcome: 'success',
    });
  });

  it('pays several orders in one payment: one debit, each order its invoice with consecutive numbers', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 20_000);
    const orders = await awaitingOrders(ctx.db, b.userId, 3);
    const res = await pay(
      b.token,
      orders.map((o) => o.id),
    );
    expect(res.json().data).toMatchObject({ outcome: 'success', amount: 149.97 });
    expect(
      await orderStates(
        ctx.db,
        orders.map((o) => o.id),
      ),
    ).toEqual(['pending', 'pending', 'pending']);
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(20_000 - 3 * ORDER_TOTAL_MINOR);
    const invoices = await invoicesOf(
      ctx.db,
      orders.map((o) => o.id),
    );
    expect(invoices.map((i) => i.reference).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(invoices.map((i) => i.orderNumber).sort()).toEqual(orders.map((o) => o.number).sort());
    expect(invoices[1]!.sequence - invoices[0]!.sequence).toBe(1);
    expect(invoices[2]!.sequence - invoices[1]!.sequence).toBe(1);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('insufficient balance: what is there is locked, the payment held; a top-up completes it (orders pending, invoices)', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 3_000);
    const orders = await awaitingOrders(ctx.db, b.userId, 2);
    const res = await pay(
      b.token,
      orders.map((o) => o.id),
    );
    const payment = res.json().data;
    expect(payment).toMatchObject({
      outcome: 'insufficient-balance',
      amount: 99.98,
      locked: 30,
      shortfall: 69.98,
      reason: null,
      completedAt: null,
    });
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 0, locked: 3_000 });
    expect(
      await orderStates(
        ctx.db,
        orders.map((o) => o.id),
      ),
    ).toEqual(['awaiting-payment', 'awaiting-payment']);
    // Paying again while it is held: refused, nothing more locked.
    const again = await pay(b.token, [orders[0]!.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      msg: `A payment of these orders is already in progress (${payment.number}): complete or cancel it first`,
      data: { reason: 'payment-in-progress' },
    });

    await topUp(ctx.db, b.userId, 8_000);
    await ctx.app.jobs.drain();
    const done = (await get(b.token, `/api/p/order/payments/${payment.id}`)).json().data;
    expect(done).toMatchObject({ outcome: 'success', locked: 0, shortfall: 0 });
    expect(
      await orderStates(
        ctx.db,
        orders.map((o) => o.id),
      ),
    ).toEqual(['pending', 'pending']);
    expect(
      await invoicesOf(
        ctx.db,
        orders.map((o) => o.id),
      ),
    ).toHaveLength(2);
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 11_000 - 9_998, locked: 0 });
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('orders paid one by one from a short wallet: the wallet says how much a top-up must bring, and exactly that releases them all', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 1_000);
    const orders = await awaitingOrders(ctx.db, b.userId, 3);
    for (const o of orders) expect((await pay(b.token, [o.id])).json().data.outcome).toBe('insufficient-balance');
    // The first payment locked the 10.00 there was; the other two hold nothing.
    const wallet = (await get(b.token, '/api/p/wallet')).json().data;
    expect(wallet).toMatchObject({ balance: 0, locked: 10, heldPayments: 3, topUpToRelease: 139.97 });

    await topUp(ctx.db, b.userId, 13_996); // one cent short: the oldest two complete, the third waits
    await ctx.app.jobs.drain();
    expect((await get(b.token, '/api/p/wallet')).json().data).toMatchObject({ heldPayments: 1, topUpToRelease: 0.01 });
    await topUp(ctx.db, b.userId, 1);
    await ctx.app.jobs.drain();
    expect((await get(b.token, '/api/p/wallet')).json().data).toMatchObject({
      balance: 0,
      locked: 0,
      heldPayments: 0,
      topUpToRelease: 0,
    });
    expect(
      await orderStates(
        ctx.db,
        orders.map((o) => o.id),
      ),
    ).toEqual(['pending', 'pending', 'pending']);
  });

  it('trashing an order of a held payment cancels it and releases the lock', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 2_000);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const payment = (await pay(b.token, [order!.id])).json().data;
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 0, locked: 2_000 });
    await transition(ctx.db, order!.id, 'trash', { type: 'user', id: b.userId });
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 2_000, locked: 0 });
    const after = (await get(b.token, `/api/p/order/payments/${payment.id}`)).json().data;
    expect(after).toMatchObject({
      outcome: 'failed',
      reason: 'An order of this payment went to the draft box; any locked money is back in your wallet',
    });
    // A later top-up completes nothing and charges nothing.
    await topUp(ctx.db, b.userId, 10_000);
    await ctx.app.jobs.drain();
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 12_000, locked: 0 });
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(0);
  });

  it('an order that expires unpaid cancels its held payment too; the user may cancel one (reason in their language)', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 1_000);
    const [o1, o2] = await awaitingOrders(ctx.db, b.userId, 2);
    await pay(b.token, [o1!.id]);
    await transition(ctx.db, o1!.id, 'expire', { type: 'system', id: null });
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 1_000, locked: 0 });

    const held = (await pay(b.token, [o2!.id])).json().data;
    expect(held.outcome).toBe('insufficient-balance');
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/order/payments/${held.id}/cancel`,
      headers: headers(b.token, crypto.randomUUID(), 'fr-FR'),
    });
    expect(cancel.json().data).toMatchObject({
      outcome: 'failed',
      reason: "Vous avez annulé ce paiement ; l'argent bloqué est revenu dans votre portefeuille",
    });
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 1_000, locked: 0 });
    expect(await orderStates(ctx.db, [o2!.id])).toEqual(['awaiting-payment']);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/order/payments/${held.id}/cancel`,
      headers: headers(b.token),
    });
    expect(twice.statusCode).toBe(200);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });
});

describe('a held payment whose order can no longer be paid when the top-up comes', () => {
  it('an order marked abnormal meanwhile: the captured money goes back to the wallet, the payment fails', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 1_000);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const payment = (await pay(b.token, [order!.id])).json().data;
    await transition(
      ctx.db,
      order!.id,
      'mark-abnormal',
      { type: 'operator', id: null },
      { reason: 'SKU no longer sold' },
    );
    await topUp(ctx.db, b.userId, 9_000);
    await ctx.app.jobs.drain();
    expect((await get(b.token, `/api/p/order/payments/${payment.id}`)).json().data).toMatchObject({
      outcome: 'failed',
      reason: 'The orders could no longer be paid; the money is in your wallet',
    });
    expect(await balancesOf(ctx.db, b.userId)).toMatchObject({ available: 10_000, locked: 0 });
    expect(await orderStates(ctx.db, [order!.id])).toEqual(['awaiting-payment']);
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(0);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });
});

describe('paying twice never charges twice', () => {
  it('same key → the first answer replayed; another key after success → 409 naming the state; charged once', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 10_000);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const key = crypto.randomUUID();
    const first = await pay(b.token, [order!.id], key);
    const replay = await pay(b.token, [order!.id], key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
    const other = await pay(b.token, [order!.id]);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ data: { reason: 'order-transition-refused' } });
    expect(other.json().msg).toContain(order!.number);
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(10_000 - ORDER_TOTAL_MINOR);
    expect(await paymentsOf(b.userId)).toBe(1);
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(1);
  });

  it('20 concurrent pays of one order with different keys → one payment, charged once', async () => {
    const b = await signedInUser(ctx.db);
    await topUp(ctx.db, b.userId, 10_000);
    const [order] = await awaitingOrders(ctx.db, b.userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(b.token, [order!.id])));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await balancesOf(ctx.db, b.userId)).available).toBe(10_000 - ORDER_TOTAL_MINOR);
    expect(await paymentsOf(b.userId)).toBe(1);
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(1);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it("another user's order → 404, nothing changed; another user's payment → 404", async () => {
    const owner = await signedInUser(ctx.db);
    const thief = await signedInUser(ctx.db);
    await topUp(ctx.db, thief.userId, 10_000);
    const [order] = await awaitingOrders(ctx.db, owner.userId);
    const [own] = await awaitingOrders(ctx.db, thief.userId);
    const res = await pay(thief.token, [own!.id, order!.id]);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('This order does not exist');
    expect(await orderStates(ctx.db, [order!.id, own!.id])).toEqual(['awaiting-payment', 'awaiting-payment']);
    expect((await balancesOf(ctx.db, thief.userId)).available).toBe(10_000);
    expect(await paymentsOf(thief.userId)).toBe(0);

    await topUp(ctx.db, owner.userId, 10_000);
    const payment = (await pay(owner.token, [order!.id])).json().data;
    expect((await get(thief.token, `/api/p/order/payments/${payment.id}`)).statusCode).toBe(404);
    expect((await get(thief.token, '/api/p/order/payments/not-a-uuid')).json().msg).toBe('This payment does not exist');
  });

  it('an order discounted to 0.00 is paid at once by either method, no money moves, its invoice says 0', async () => {
    const b = await signedInUser(ctx.db);
    const [order] = await awaitingOrders(ctx.db, b.userId, 1, { free: true });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/order/pay',
      payload: { orderIds: [order!.id], method: 'paypal' },
      headers: headers(b.token),
    });
    expect(res.json().data).toMatchObject({ outcome: 'success', amount: 0, approveUrl: null });
    expect(await orderStates(ctx.db, [order!.id])).toEqual(['pending']);
    expect(await invoicesOf(ctx.db, [order!.id])).toHaveLength(1);
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from recharge_orders where order_payment_id = ${res.json().data.id}`,
      ),
    ).toBe(0);
  });

  it('an empty selection is refused in the caller’s language', async () => {
    const b = await signedInUser(ctx.db);
    const res = await pay(b.token, [], undefined, 'tr-TR');
    expect(res.statusCode).toBe(400);
  });
});
