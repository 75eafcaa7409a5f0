import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { adjust } from '../wallet/wallet.service';
import { availableOf, ledgerTotal, newUser, orderInState, systemBalance } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

let keys = 0;
const headers = (token: string, lang = 'en-US', key?: string) => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': key ?? `pd-${++keys}-${Math.random()}`,
});
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token) });
const post = (token: string, url: string, payload: unknown = {}, lang = 'en-US', key?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: headers(token, lang, key) });

async function buyer() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}

const events = async (orderId: string) =>
  (
    (await ctx.db.execute(
      sql`select event, actor_type, reason from order_events where order_id = ${orderId} order by at, id`,
    )) as unknown as {
      rows: Array<{ event: string; actor_type: string; reason: string | null }>;
    }
  ).rows;

async function raised(state: 'pending' | 'purchasing' = 'pending', amount = 12.5) {
  const b = await buyer();
  const order = await orderInState(ctx.db, b.userId, state);
  const res = await post(operator, `/api/admin/orders/${order.id}/price-difference`, {
    amount,
    reason: 'Supplier price rose',
  });
  expect(res.statusCode).toBe(200);
  return { b, order, diff: res.json().data as { id: string; state: string; amount: number; orderNumber: string } };
}

describe('price differences: raise → held → pay → goes on', () => {
  it('holds the order, refuses purchase with a clear message, the user pays exactly the amount, then purchase is allowed', async () => {
    const { b, order, diff } = await raised('pending', 12.5);
    expect(diff).toMatchObject({ state: 'due', amount: 12.5, orderNumber: order.number });

    // The order is held: purchase refused, in the caller's language, naming the order.
    const refused = await post(operator, `/api/admin/orders/${order.id}/purchase`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(`Order ${order.number} is held: the user must pay its price difference first`);
    const fr = await post(operator, `/api/admin/orders/${order.id}/purchase`, {}, 'fr-FR');
    expect(fr.json().msg).toContain('complément de prix');
    // The user's order shows what is due; a second difference while one is due is refused.
    const detail = (await get(b.token, `/api/p/orders/${order.id}`)).json().data;
    expect(detail).toMatchObject({ priceDifferenceDue: 12.5, purchaseType: 'dropshipping' });
    expect(
      (await post(operator, `/api/admin/orders/${order.id}/price-difference`, { amount: 1, reason: 'again' }))
        .statusCode,
    ).toBe(409);

    // Not enough money: 422 insufficient balance with a recharge hint; nothing changes.
    const poor = await post(b.token, `/api/p/price-differences/${diff.id}/pay`);
    expect(poor.statusCode).toBe(422);
    expect(poor.json()).toMatchObject({
      code: 'A00010',
      data: { reason: 'insufficient-balance', link: '/user/recharge' },
    });
    expect(poor.json().msg).toContain('Recharge your wallet');

    await adjust(ctx.db, b.userId, 2000, 'test credit');
    const revenueBefore = await systemBalance(ctx.db, 'revenue');
    const paid = await post(b.token, `/api/p/price-differences/${diff.id}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ state: 'paid', paidAt: expect.any(String) });
    expect(await availableOf(ctx.db, b.userId)).toBe(2000 - 1250);
    expect((await systemBalance(ctx.db, 'revenue')) - revenueBefore).toBe(1250);
    expect(await ledgerTotal(ctx.db)).toBe(0);

    // Paying again (another key, a double click) charges nothing.
    const again = await post(b.token, `/api/p/price-differences/${diff.id}/pay`);
    expect(again.statusCode).toBe(200);
    expect(await availableOf(ctx.db, b.userId)).toBe(750);

    // The order goes on.
    expect((await post(operator, `/api/admin/orders/${order.id}/purchase`)).statusCode).toBe(200);
    expect((await events(order.id)).map((e) => [e.event, e.actor_type, e.reason])).toEqual([
      ['create', 'user', null],
      ['pay', 'system', null],
      ['raise-price-difference', 'operator', 'Supplier price rose'],
      ['pay-price-difference', 'user', null],
      ['purchase', 'operator', null],
    ]);
  });

  it('two payments at once charge once', async () => {
    const { b, diff } = await raised('purchasing', 3);
    await adjust(ctx.db, b.userId, 1000, 'test credit');
    const results = await Promise.all([1, 2, 3].map(() => post(b.token, `/api/p/price-differences/${diff.id}/pay`)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await availableOf(ctx.db, b.userId)).toBe(700);
  });

  it('the same idempotency key replays the answer', async () => {
    const { b, diff } = await raised('pending', 1);
    await adjust(ctx.db, b.userId, 500, 'test credit');
    const first = await post(b.token, `/api/p/price-differences/${diff.id}/pay`, {}, 'en-US', 'same-key-pd');
    const second = await post(b.token, `/api/p/price-differences/${diff.id}/pay`, {}, 'en-US', 'same-key-pd');
    expect(second.json()).toEqual(first.json());
    expect(await availableOf(ctx.db, b.userId)).toBe(400);
  });
});

describe('price differences: cancel, ownership, states', () => {
  it('the operator cancels a due difference: the order goes on, paying it is then refused', async () => {
    const { b, order, diff } = await raised('purchasing');
    const cancelled = await post(operator, `/api/admin/price-differences/${diff.id}/cancel`, {
      reason: 'Supplier kept the old price',
    });
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cancelReason: 'Supplier kept the old price' });
    const pay = await post(b.token, `/api/p/price-differences/${diff.id}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('This price difference is cancelled: it can no longer be paid or cancelled');
    expect(
      (await post(operator, `/api/admin/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: 'T1' })).statusCode,
    ).toBe(200);
    expect((await events(order.id)).map((e) => e.event)).toContain('cancel-price-difference');
    // Cancelling twice is harmless (the reason is optional).
    expect((await post(operator, `/api/admin/price-differences/${diff.id}/cancel`, {})).json().data.state).toBe(
      'cancelled',
    );
  });

  it("another user's difference is not found and stays unpaid; lists show only one's own", async () => {
    const { b, diff } = await raised();
    const other = await buyer();
    await adjust(ctx.db, other.userId, 5000, 'test credit');
    expect((await post(other.token, `/api/p/price-differences/${diff.id}/pay`)).statusCode).toBe(404);
    expect((await post(other.token, `/api/p/price-differences/not-a-uuid/pay`)).statusCode).toBe(404);
    expect(await availableOf(ctx.db, other.userId)).toBe(5000);
    expect((await get(other.token, '/api/p/price-differences')).json().data.total).toBe(0);
    const mine = (await get(b.token, '/api/p/price-differences?state=due')).json().data;
    expect(mine.records.map((r: { id: string }) => r.id)).toEqual([diff.id]);
    // A user cannot use the operator's routes.
    expect((await get(b.token, '/api/admin/price-differences')).statusCode).toBe(403);
  });

  it('only a paid, not yet shipped order takes a difference; amount and reason are checked', async () => {
    const b = await buyer();
    const unpaid = await orderInState(ctx.db, b.userId, 'awaiting-payment');
    const shipped = await orderInState(ctx.db, b.userId, 'shipped');
    for (const o of [unpaid, shipped]) {
      const res = await post(operator, `/api/admin/orders/${o.id}/price-difference`, { amount: 5, reason: 'x' });
      expect(res.statusCode).toBe(409);
    }
    const pending = await orderInState(ctx.db, b.userId, 'pending');
    const bad = await post(operator, `/api/admin/orders/${pending.id}/price-difference`, { amount: 0, reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect((await get(b.token, '/api/p/price-differences')).json().data.total).toBe(0);
  });

  it('the operator raises by order number and lists with the user email', async () => {
    const b = await buyer();
    const order = await orderInState(ctx.db, b.userId, 'pending');
    const res = await post(operator, '/api/admin/price-differences', {
      orderNumber: order.number.toLowerCase(),
      amount: 4.2,
      reason: 'Freight rose',
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await post(operator, '/api/admin/price-differences', { orderNumber: 'O99999999', amount: 1, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const list = (await get(operator, `/api/admin/price-differences?orderNumber=${order.number}`)).json().data;
    expect(list.records).toEqual([
      expect.objectContaining({ orderNumber: order.number, amount: 4.2, userEmail: b.email, state: 'due' }),
    ]);
  });
});
