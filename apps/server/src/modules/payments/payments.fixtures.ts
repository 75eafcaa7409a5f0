import { sql } from 'drizzle-orm';
import { sessionFor } from '../../../test/harness';
import type { Db } from '../../db/client';
import { newUser, placeOrder } from '../orders/orders.fixtures';
import { recordRecharge } from '../wallet/wallet.service';

/** Test helpers: a buyer with a session, orders awaiting payment (49.99 each), wallet money. */
export async function buyer(db: Db): Promise<{ userId: string; token: string }> {
  const u = await newUser(db);
  return { userId: u.userId, token: await sessionFor(db, u.email) };
}

/** The fixtures' default order: goods 34.99 + shipping 7 + service fee 1 + tax 7 = 49.99. */
export const ORDER_TOTAL_MINOR = 4999;

export async function awaitingOrders(db: Db, userId: string, count = 1) {
  const orders = [];
  for (let i = 0; i < count; i++) orders.push(await placeOrder(db, userId));
  return orders;
}

let n = 0;
/** Money into the wallet as a recharge would bring it (enqueues the held-payment settle job). */
export async function topUp(db: Db, userId: string, amountMinor: number) {
  return recordRecharge(db, userId, amountMinor, 0, 'bank', { type: 'recharge', id: `test-${++n}-${Date.now()}` });
}

const rowsOf = (res: unknown) => (res as { rows: Array<Record<string, unknown>> }).rows;
export async function rowsOfQuery(db: Db, q: ReturnType<typeof sql>) {
  return rowsOf(await db.execute(q));
}

export async function invoicesOf(db: Db, orderIds: readonly string[]) {
  const out: Array<{ reference: string; number: string; sequence: number; method: string }> = [];
  for (const id of orderIds) {
    for (const r of await rowsOfQuery(db, sql`select reference, number, sequence, payment_method from invoices where reference = ${id}`)) {
      out.push({ reference: String(r.reference), number: String(r.number), sequence: Number(r.sequence), method: String(r.payment_method) });
    }
  }
  return out.sort((a, b) => a.sequence - b.sequence);
}

export async function orderStates(db: Db, orderIds: readonly string[]) {
  const out: string[] = [];
  for (const id of orderIds) out.push(String((await rowsOfQuery(db, sql`select state from orders where id = ${id}`))[0]!.state));
  return out;
}
