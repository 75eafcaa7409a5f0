import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness';
import {
  awaitingOrders,
  balancesOf,
  ORDER_TOTAL_MINOR,
  rushLastUnits,
  signedInUser,
  stockOf,
  topUp,
} from '../test/factories';
import { HOLDS, storedInvariants } from './invariants';
import { rowsOfQuery } from '../test/factories/reads';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The three races of decision 0097 through the whole API (routes, idempotency, unit of work, row
 * locks) on one database: PGlite (`serverUrl` '') or a scratch database made on a PostgreSQL server
 * and dropped afterwards. After each race, and at the end, the stored invariants must hold.
 */
export function describeRaces(label: string, serverUrl: string) {
  let ctx: Ctx;
  beforeAll(async () => {
    // 20 connections on PostgreSQL so the requests really overlap in the database.
    ctx = await createTestApp(
      { fileStore: serverUrl ? 'database' : 'disk' },
      undefined,
      {},
      { serverUrl, connections: 20 },
    );
  });
  afterAll(async () => {
    expect(await storedInvariants(ctx.db)).toEqual(HOLDS);
    await ctx.app.close();
  });
  const pay = (token: string, orderId: string, key: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/p/order/pay',
      payload: { orderIds: [orderId], method: 'wallet' },
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    });
  const timed = (what: string, started: number) =>
    console.log(`reliability ${label}: ${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  describe(`races on ${label}`, () => {
    it('200 concurrent wallet payments for one wallet that covers 150: 150 paid, 50 told the balance is short, nothing locked, never below zero', async () => {
      const b = await signedInUser(ctx.db);
      await topUp(ctx.db, b.userId, 150 * ORDER_TOTAL_MINOR);
      const orders = await awaitingOrders(ctx.db, b.userId, 200);
      const started = Date.now();
      const answers = await Promise.all(orders.map((o) => pay(b.token, o.id, crypto.randomUUID())));
      timed('200 concurrent wallet payments', started);
      const outcomes = answers.map((a) =>
        a.statusCode === 200 ? (a.json().data.outcome as string) : `${a.statusCode} ${a.json().code}`,
      );
      // Every payment is one order's total and the balance a multiple of it: a payment finds the
      // whole total or nothing, so none holds part of the money another one then misses.
      expect(outcomes.filter((o) => o === 'success')).toHaveLength(150);
      expect(new Set(outcomes.filter((o) => o !== 'success'))).toEqual(new Set(['insufficient-balance']));
      expect(await balancesOf(ctx.db, b.userId)).toEqual({ available: 0, locked: 0, bonus: 0 });
      // Never below zero at any moment: the running balance, line by line in written order.
      const [running] = await rowsOfQuery(
        ctx.db,
        sql`
        select min(balance) as lowest from (select sum(l.amount_minor) over (order by l.id) as balance from journal_lines l
        join ledger_accounts a on a.id = l.account_id where a.user_id = ${b.userId} and a.kind = 'available') r`,
      );
      expect(Number(running!.lowest)).toBe(0);
      const [paid] = await rowsOfQuery(
        ctx.db,
        sql`select count(*) as n from orders where user_id = ${b.userId} and state <> 'awaiting-payment'`,
      );
      expect(Number(paid!.n)).toBe(150);
      expect(await storedInvariants(ctx.db)).toEqual(HOLDS);
    });

    it('500 buyers for the last 10 units: exactly 10 sold, stock 0, 490 told it is sold out', async () => {
      const { lamp, answers, seconds } = await rushLastUnits(ctx, `REL-${label}`, 500, 10);
      console.log(`reliability ${label}: 500 concurrent submits for 10 units in ${seconds.toFixed(1)} s`);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.statusCode === 409 && a.json().data?.reason === 'out-of-stock')).toHaveLength(490);
      const [sold] = await rowsOfQuery(
        ctx.db,
        sql`select coalesce(sum(quantity), 0) as n from order_lines where sku_id = ${lamp.skuId}`,
      );
      expect(Number(sold!.n)).toBe(10);
      expect(await stockOf(ctx, lamp)).toEqual({ sku: 0, product: 0 });
      expect(await storedInvariants(ctx.db)).toEqual(HOLDS);
    });

    it('one Idempotency-Key sent 20 times at once: one payment, charged once, no other answer than that payment or "in progress"', async () => {
      const b = await signedInUser(ctx.db);
      await topUp(ctx.db, b.userId, 10 * ORDER_TOTAL_MINOR);
      const [order] = await awaitingOrders(ctx.db, b.userId);
      const key = crypto.randomUUID();
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(b.token, order!.id, key)));
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((a) => a.json().data.id)).size).toBe(1);
      // The rest: the replayed answer or the platform's "same request still in progress" (409).
      for (const a of answers.filter((x) => x.statusCode !== 200))
        expect([a.statusCode, a.json().data?.reason]).toEqual([409, 'idempotency-in-progress']);
      const [payments] = await rowsOfQuery(
        ctx.db,
        sql`select count(*) as n from order_payments where user_id = ${b.userId}`,
      );
      expect(Number(payments!.n)).toBe(1);
      expect((await balancesOf(ctx.db, b.userId)).available).toBe(9 * ORDER_TOTAL_MINOR);
      expect(await storedInvariants(ctx.db)).toEqual(HOLDS);
    });
  });
}
