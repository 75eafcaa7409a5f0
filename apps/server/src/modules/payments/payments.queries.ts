import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type OrderPaymentState, orderPaymentOrders, orderPayments } from './payments.tables';

/** The row helpers of the payments module; only this module reads or writes its tables. */

export type PaymentRow = typeof orderPayments.$inferSelect;
export const OPEN_STATES: readonly OrderPaymentState[] = ['awaiting', 'held'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => AppError.notFound('payments.not-found');

/** The wallet reference of a payment: its locks, held payment and journal entries carry it. */
export const referenceOf = (p: Pick<PaymentRow, 'id' | 'number'>) => ({ type: 'order-payment', id: p.id, label: p.number });

/** P followed by at least 8 digits (P00000042), drawn by the insert itself. */
const paymentNumberSql = sql<string>`(select 'P' || lpad(n::text, greatest(8, length(n::text)), '0') from nextval('order_payment_number_seq') as n)`;

/**
 * The payment, its number and the orders it pays in one statement (one round trip, decision
 * 0102): the id is made here so the order rows can go in a CTE beside it; their foreign key is
 * checked at the end of the statement, when the payment row exists.
 */
export async function insertPayment(tx: Db, values: Omit<typeof orderPayments.$inferInsert, 'number' | 'id'>, lines: Array<{ orderId: string; amountMinor: number }>): Promise<PaymentRow> {
  const id = randomUUID();
  const paid = tx.$with('paid').as(tx.insert(orderPaymentOrders).values(lines.map((l) => ({ paymentId: id, ...l }))).returning({ orderId: orderPaymentOrders.orderId }));
  const [row] = await tx.with(paid).insert(orderPayments).values({ ...values, id, number: paymentNumberSql }).returning();
  return row!;
}

export async function updatePayment(tx: Db, id: string, patch: Partial<PaymentRow>): Promise<PaymentRow> {
  const [row] = await tx
    .update(orderPayments)
    .set({ ...patch, updatedAt: sql`now()` as unknown as Date })
    .where(eq(orderPayments.id, id))
    .returning();
  return row!;
}

/** The payment row locked FOR UPDATE; with `ownerId`, another user's payment is "not found". */
export async function lockPayment(tx: Db, id: string, ownerId?: string): Promise<PaymentRow> {
  if (!UUID.test(id)) throw notFound();
  const where = ownerId === undefined ? eq(orderPayments.id, id) : and(eq(orderPayments.id, id), eq(orderPayments.userId, ownerId));
  const [row] = await tx.select().from(orderPayments).where(where).for('update');
  if (!row) throw notFound();
  return row;
}

export async function ownPayment(db: Db, id: string, ownerId: string): Promise<PaymentRow> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.id, id), eq(orderPayments.userId, ownerId)));
  if (!row) throw notFound();
  return row;
}

/** The order ids a payment pays, sorted (the lock order everywhere). */
export async function orderIdsOf(db: Db, paymentId: string): Promise<string[]> {
  const rows = await db.select({ id: orderPaymentOrders.orderId }).from(orderPaymentOrders).where(eq(orderPaymentOrders.paymentId, paymentId)).orderBy(asc(orderPaymentOrders.orderId));
  return rows.map((r) => r.id);
}

/** Open payments (awaiting or held) that pay any of `orderIds`, locked FOR UPDATE. */
export async function lockOpenPaymentsOf(tx: Db, orderIds: readonly string[]): Promise<PaymentRow[]> {
  if (!orderIds.length) return [];
  const ids = tx.select({ id: orderPaymentOrders.paymentId }).from(orderPaymentOrders).where(inArray(orderPaymentOrders.orderId, [...orderIds]));
  return tx
    .select()
    .from(orderPayments)
    .where(and(inArray(orderPayments.id, ids), inArray(orderPayments.state, [...OPEN_STATES])))
    .orderBy(asc(orderPayments.id))
    .for('update');
}
