import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp } from '../harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../src/sandbox/paypal/emulator';
import type { Db } from '../../src/db/client';
import { recordRecharge } from '../../src/modules/wallet/wallet.service';
import { placeOrder } from './orders';
import { rowsOfQuery } from './reads';
import { PUBLIC } from './recharge';

/**
 * Test helpers: orders awaiting payment (placeOrder's, 49.99 each, or free), wallet money, the
 * invoices and states payments leave.
 */

/** Goods 34.99 + shipping 7 + service fee 1 + tax 7 = 49.99. */
export const ORDER_TOTAL_MINOR = 4999;

export async function awaitingOrders(db: Db, userId: string, count = 1, { free = false }: { free?: boolean } = {}) {
  const orders = [];
  for (let i = 0; i < count; i++)
    orders.push(await placeOrder(db, userId, { discountMinor: free ? ORDER_TOTAL_MINOR : 0 }));
  return orders;
}

let n = 0;
/** Money into the wallet as a recharge brings it (enqueues the held-payment settle job). */
export async function topUp(db: Db, userId: string, amountMinor: number) {
  return recordRecharge(db, userId, amountMinor, 0, 'bank', { type: 'recharge', id: `test-${++n}-${Date.now()}` });
}

export async function invoicesOf(db: Db, orderIds: readonly string[]) {
  const out: Array<{ reference: string; orderNumber: string; number: string; sequence: number; method: string }> = [];
  for (const id of orderIds) {
    for (const r of await rowsOfQuery(
      db,
      sql`select reference, order_number, number, sequence, payment_method from invoices where reference = ${id}`,
    )) {
      out.push({
        reference: String(r.reference),
        orderNumber: String(r.order_number),
        number: String(r.number),
        sequence: Number(r.sequence),
        method: String(r.payment_method),
      });
    }
  }
  return out.sort((a, b) => a.sequence - b.sequence);
}

export async function orderStates(db: Db, orderIds: readonly string[]) {
  const out: string[] = [];
  for (const id of orderIds)
    out.push(String((await rowsOfQuery(db, sql`select state from orders where id = ${id}`))[0]!.state));
  return out;
}

/** A test app wired to the PayPal emulator over real HTTP (as recharge's PayPal tests are). */
export async function paypalTestApp() {
  const pp: PayPalEmulator = await startPayPalEmulator({ webhookId: 'WH-PAYMENTS-TEST' });
  const ctx = await createTestApp({
    publicUrl: PUBLIC,
    paypal: {
      clientId: pp.clientId,
      clientSecret: pp.clientSecret,
      baseUrl: pp.baseUrl,
      webhookId: 'WH-PAYMENTS-TEST',
    },
  });
  return {
    ...ctx,
    pp,
    async close() {
      await ctx.app.close();
      await pp.close();
    },
  };
}

/** The recharge that brings a PayPal payment's money into the wallet. */
export async function rechargeOfPayment(db: Db, paymentId: string) {
  return (
    await rowsOfQuery(
      db,
      sql`select id, state, amount_minor from recharge_orders where order_payment_id = ${paymentId}`,
    )
  )[0]!;
}

/**
 * Approves a PayPal payment on the emulator's page and captures it, as the payer's return to
 * /user/paystate does, then works the jobs that follow.
 */
export async function approveAndCapture(
  ctx: Awaited<ReturnType<typeof paypalTestApp>>,
  token: string,
  approveUrl: string,
  paymentId: string,
) {
  const back = await fetch(approveUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const recharge = await rechargeOfPayment(ctx.db, paymentId);
  const captured = await ctx.app.inject({
    method: 'POST',
    url: `/api/p/recharges/${recharge.id}/paypal/capture`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
  });
  expect(captured.json().data.state).toBe('paid');
  await ctx.app.jobs.drain();
}
