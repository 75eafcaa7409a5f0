import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { buyer, ledgerTotal, product, topUp } from '../../../test/factories';

/**
 * Catalogue bulk orders in two parts over the API (decision 0145): a bulk order from the
 * operator's amount on may be paid 30 % now (the buyer's choice); the operator's purchase charges
 * the balance (held on a short wallet, completed by a top-up); shipping waits for it and then
 * moves the bulk deposit to revenue; a cancel before purchase gives the deposit back through the
 * ledger; a bulk order under the amount pays in full as before; a replayed key pays once; another
 * user's order → 404. The ledger sums to zero and the reconciliation finds nothing after each.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let line: { prodId: number; skuId: number };
let key = 0;

const call = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object, idem?: string) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'accept-language': 'en-US',
      'idempotency-key': idem ?? `bd-${++key}-${Date.now()}`,
    },
  });

/** Buy-now of `count` pieces priced from the tiers (50+ at 10.00: a bulk order), submitted unpaid. */
async function place(token: string, count: number) {
  const confirmed = await call('POST', token, '/api/p/order/prod/confirm', { ...line, count, purchaseType: 'bulk' });
  expect(confirmed.json(), confirmed.body).toMatchObject({ code: '00000', data: { purchaseType: 'bulk' } });
  const submitted = await call('POST', token, '/api/p/order/submit', {
    confirmToken: confirmed.json().data.confirmToken,
  });
  expect(submitted.json(), submitted.body).toMatchObject({ code: '00000' });
  const [order] = submitted.json().data.orders as Array<{ id: string }>;
  return (await call('GET', token, `/api/p/orders/${order!.id}`)).json().data as {
    id: string;
    number: string;
    total: number;
    goods: number;
  };
}

const twoParts = async (token: string, id: string) => (await call('GET', token, `/api/p/order/${id}/two-parts`)).json();
const payDeposit = (token: string, id: string, percent = 30, idem?: string) =>
  call('POST', token, `/api/p/order/${id}/deposit`, { method: 'wallet', percent }, idem);
const wallet = async (token: string) => (await call('GET', token, '/api/p/wallet')).json().data;
const lines = async (token: string) => (await call('GET', token, '/api/p/wallet/lines?size=50')).json().data.records;
const orderState = async (token: string, id: string) =>
  (await call('GET', token, `/api/p/orders/${id}`)).json().data.state as string;
const ship = (id: string) =>
  call('POST', operator, `/api/admin/orders/${id}/ship`, { carrier: 'DHL', trackingNumber: 'JD0001234567' });
const cents = (amount: number) => Math.round(amount * 100);

async function invoiceOf(token: string, orderId: string) {
  const list = (await call('GET', token, `/api/p/invoices?reference=${orderId}`)).json().data.records;
  expect(list).toHaveLength(1);
  return (await call('GET', token, `/api/p/invoices/${list[0].id}`)).json().data;
}

async function expectReconciled() {
  expect(await ledgerTotal(ctx.db)).toBe(0);
  const run = await call('POST', operator, '/api/admin/wallet/reconciliation');
  expect(run.json().data.findings).toEqual([]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  line = await product(ctx, 'BULK-DEP', 5000);
  const tiers = await call('PUT', operator, `/api/admin/catalogue/products/${line.prodId}/price-tiers`, {
    tiers: [{ minQuantity: 50, unitPrice: 10 }],
  });
  expect(tiers.json().code).toBe('00000');
  const saved = await call('PUT', operator, '/api/admin/inventory/settings', {
    handlingFeePerUnit: 0.25,
    depositFrom: 400,
    depositPercent: 30,
  });
  expect(saved.json().code).toBe('00000');
});
afterAll(async () => {
  await ctx?.app.close();
});

describe('a catalogue bulk order paid in two parts', () => {
  it('deposit now, balance held at purchase and completed by a top-up, ship refused until then', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 60);
    expect(order.goods).toBe(600);
    const offered = await twoParts(a.token, order.id);
    const depositMinor = Math.floor((cents(order.total) * 30 + 50) / 100);
    const balanceMinor = cents(order.total) - depositMinor;
    expect(offered.data).toEqual({
      orderId: order.id,
      offer: { percent: 30, deposit: depositMinor / 100, balance: balanceMinor / 100 },
      state: null,
      percent: null,
      deposit: 0,
      balance: 0,
      paid: 0,
      due: 0,
    });

    // Short for the deposit: refused, nothing written.
    const short = await payDeposit(a.token, order.id);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'A00010' });
    expect(await orderState(a.token, order.id)).toBe('awaiting-payment');

    // A percentage other than the operator's (the page was stale): 409 naming the new one.
    await topUp(ctx.db, a.userId, depositMinor);
    const stale = await payDeposit(a.token, order.id, 25);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toContain('30 %');

    const idem = `bd-replay-${Date.now()}`;
    const paid = await payDeposit(a.token, order.id, 30, idem);
    expect(paid.json(), paid.body).toMatchObject({
      code: '00000',
      data: { state: 'deposit-paid', offer: null, paid: depositMinor / 100, due: balanceMinor / 100 },
    });
    // The same key again: charged once.
    const replay = await payDeposit(a.token, order.id, 30, idem);
    expect(replay.json().data).toEqual(paid.json().data);
    expect(await orderState(a.token, order.id)).toBe('pending');
    expect(await wallet(a.token)).toMatchObject({ balance: 0, locked: 0, deposit: depositMinor / 100 });
    expect((await lines(a.token))[0]).toMatchObject({
      kind: 'bulk-deposit',
      type: 'consume',
      amount: depositMinor / 100,
    });
    // A new key once paid: refused, nothing more taken; paying in full is refused too (already paid).
    expect((await payDeposit(a.token, order.id)).statusCode).toBe(409);
    // The invoice: the whole order, the deposit paid, the balance due.
    expect(await invoiceOf(a.token, order.id)).toMatchObject({
      payable: order.total,
      due: balanceMinor / 100,
      parts: [
        { part: 'deposit', amount: depositMinor / 100 },
        { part: 'balance', amount: balanceMinor / 100, paidAt: null },
      ],
    });

    // The operator buys the goods; the wallet is empty: the balance is held.
    const bought = await call('POST', operator, `/api/admin/orders/${order.id}/purchase`);
    expect(bought.json(), bought.body).toMatchObject({ code: '00000', data: { state: 'purchasing' } });
    expect((await call('GET', operator, `/api/admin/orders/${order.id}/two-parts`)).json().data).toMatchObject({
      state: 'balance-held',
      due: balanceMinor / 100,
    });
    expect(await wallet(a.token)).toMatchObject({ heldPayments: 1, topUpToRelease: balanceMinor / 100 });
    const early = await ship(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toContain('balance is not paid');
    expect(await orderState(a.token, order.id)).toBe('purchasing');

    await topUp(ctx.db, a.userId, balanceMinor);
    await ctx.app.jobs.drain();
    expect((await twoParts(a.token, order.id)).data).toMatchObject({ state: 'balance-paid', due: 0 });
    expect(await wallet(a.token)).toMatchObject({ balance: 0, heldPayments: 0, deposit: order.total });
    expect(await invoiceOf(a.token, order.id)).toMatchObject({ due: 0 });

    // Shipped: the goods left, the bulk deposit empties into revenue.
    const shipped = await ship(order.id);
    expect(shipped.json(), shipped.body).toMatchObject({ code: '00000', data: { state: 'shipped' } });
    expect(await wallet(a.token)).toMatchObject({ balance: 0, deposit: 0 });
    expect((await twoParts(a.token, order.id)).data).toMatchObject({ state: 'settled', paid: order.total, due: 0 });
    const kinds = (await lines(a.token)).map((l: { kind: string }) => l.kind);
    expect(kinds.filter((k: string) => k.startsWith('bulk'))).toEqual(['bulk-balance', 'bulk-deposit']);
    await expectReconciled();
  });

  it('charges the balance at once at purchase when the wallet covers it', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 60);
    await topUp(ctx.db, a.userId, cents(order.total) + 1_000);
    expect((await payDeposit(a.token, order.id)).json().code).toBe('00000');
    await call('POST', operator, `/api/admin/orders/${order.id}/purchase`);
    expect((await twoParts(a.token, order.id)).data).toMatchObject({ state: 'balance-paid', due: 0 });
    expect(await wallet(a.token)).toMatchObject({ balance: 10, deposit: order.total, heldPayments: 0 });
    expect((await ship(order.id)).json().code).toBe('00000');
    expect(await wallet(a.token)).toMatchObject({ balance: 10, deposit: 0 });
    await expectReconciled();
  });

  it('cancel before purchase gives the deposit back, fee-free; after purchase it is refused', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 60);
    await topUp(ctx.db, a.userId, 50_000);
    await payDeposit(a.token, order.id);
    const before = await wallet(a.token);
    const cancelled = await call('POST', a.token, `/api/p/order/${order.id}/deposit/cancel`);
    expect(cancelled.json(), cancelled.body).toMatchObject({ code: '00000', data: { state: 'returned', due: 0 } });
    expect(await wallet(a.token)).toMatchObject({ balance: 500, deposit: 0 });
    expect(before.balance).toBeLessThan(500);
    expect((await lines(a.token))[0]).toMatchObject({ kind: 'bulk-deposit-returned', type: 'income' });
    expect(await orderState(a.token, order.id)).toBe('trashed');
    expect((await invoiceOf(a.token, order.id)).parts[0].returnedAt).toEqual(expect.any(String));
    // Twice: refused, nothing more given back.
    expect((await call('POST', a.token, `/api/p/order/${order.id}/deposit/cancel`)).statusCode).toBe(409);

    const b = await place(a.token, 60);
    await payDeposit(a.token, b.id);
    await call('POST', operator, `/api/admin/orders/${b.id}/purchase`);
    const late = await call('POST', a.token, `/api/p/order/${b.id}/deposit/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('purchased');
    await expectReconciled();
  });
});

describe('orders not offered two parts, and other users', () => {
  it('a bulk order under the amount pays in full as before', async () => {
    const a = await buyer(ctx);
    const order = await place(a.token, 30); // below the tier: 30 × 19.99 = 599.70, but chosen bulk
    expect(order.goods).toBeGreaterThanOrEqual(400);
    await call('PUT', operator, '/api/admin/inventory/settings', {
      handlingFeePerUnit: 0.25,
      depositFrom: 1000,
      depositPercent: 30,
    });
    try {
      expect((await twoParts(a.token, order.id)).data).toMatchObject({ offer: null, state: null });
      await topUp(ctx.db, a.userId, cents(order.total));
      expect((await payDeposit(a.token, order.id)).statusCode).toBe(409);
      const paid = await call('POST', a.token, '/api/p/order/pay', { orderIds: [order.id], method: 'wallet' });
      expect(paid.json(), paid.body).toMatchObject({ code: '00000', data: { outcome: 'success' } });
      expect(await wallet(a.token)).toMatchObject({ balance: 0, deposit: 0 });
      // Its purchase and shipping move no more money.
      await call('POST', operator, `/api/admin/orders/${order.id}/purchase`);
      expect((await ship(order.id)).json().code).toBe('00000');
      expect(await wallet(a.token)).toMatchObject({ balance: 0, deposit: 0, heldPayments: 0 });
    } finally {
      await call('PUT', operator, '/api/admin/inventory/settings', {
        handlingFeePerUnit: 0.25,
        depositFrom: 400,
        depositPercent: 30,
      });
    }
    await expectReconciled();
  });

  it("another user's order → 404, and nobody is charged", async () => {
    const a = await buyer(ctx);
    const b = await buyer(ctx);
    const order = await place(a.token, 60);
    await topUp(ctx.db, b.userId, 50_000);
    for (const res of [
      await call('GET', b.token, `/api/p/order/${order.id}/two-parts`),
      await payDeposit(b.token, order.id),
      await call('POST', b.token, `/api/p/order/${order.id}/deposit/cancel`),
      await payDeposit(b.token, 'not-an-id'),
    ])
      expect(res.statusCode).toBe(404);
    expect(await wallet(b.token)).toMatchObject({ balance: 500, deposit: 0 });
    expect(await orderState(a.token, order.id)).toBe('awaiting-payment');
  });
});
