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

export async function insertPayment(tx: Db, values: Omit<typeof orderPayments.$inferInsert, 'number'>, lines: Array<{ orderId: string; amountMinor: number }>): Promise<PaymentRow> {
  const res = (await tx.execute(sql`select nextval('order_payment_number_seq') as n`)) as unknown as { rows: Array<{ n: string | number }> };
  const number = `P${String(res.rows[0]!.n).padStart(8, '0')}`;
  const [row] = await tx.insert(orderPayments).values({ ...values, number }).returning();
  await tx.insert(orderPaymentOrders).values(lines.map((l) => ({ paymentId: row!.id, ...l })));
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
