import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertValues, rawRows, rowMapper, setClause } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type OrderPaymentState, orderPaymentOrders, orderPayments } from './payments.tables';

/** The row helpers of the payments module; only this module reads or writes its tables. */

export type PaymentRow = typeof orderPayments.$inferSelect;
export const OPEN_STATES: readonly OrderPaymentState[] = ['awaiting', 'held'];
const openStates = sql.raw(OPEN_STATES.map((s) => `'${s}'`).join(', '));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => AppError.notFound('payments.not-found');

/** The wallet reference of a payment: its locks, held payment and journal entries carry it. */
export const referenceOf = (p: Pick<PaymentRow, 'id' | 'number'>) => ({
  type: 'order-payment',
  id: p.id,
  label: p.number,
});

/** P followed by at least 8 digits (P00000042), drawn by the insert itself. */
const paymentNumberSql = sql<string>`(select 'P' || lpad(n::text, greatest(8, length(n::text)), '0') from nextval('order_payment_number_seq') as n)`;

/**
 * The payment, its number and the orders it pays in one statement (one round trip, decision
 * 0102): the id is made here so the order rows can go in a CTE beside it; their foreign key is
 * checked at the end of the statement, when the payment row exists.
 */
export async function insertPayment(
  db: Db,
  values: Omit<typeof orderPayments.$inferInsert, 'number' | 'id'>,
  lines: Array<{ orderId: string; amountMinor: number }>,
): Promise<PaymentRow> {
  const id = randomUUID();
  // Plain SQL on the payment path (decision 0102, db/rows.ts).
  const [row] = rawRows(
    await db.execute(sql`
      with paid as (insert into order_payment_orders ${insertValues(
        orderPaymentOrders,
        lines.map((l) => ({ paymentId: id, ...l })),
      )})
      insert into order_payments ${insertValues(orderPayments, { ...values, id, number: paymentNumberSql })} returning *`),
  );
  return toPaymentRow(row!);
}

const toPaymentRow = rowMapper(orderPayments);

export async function updatePayment(db: Db, id: string, patch: Partial<PaymentRow>): Promise<PaymentRow> {
  const [row] = rawRows(
    await db.execute(
      sql`update order_payments set ${setClause(orderPayments, { ...patch, updatedAt: sql`now()` })} where id = ${id} returning *`,
    ),
  );
  return toPaymentRow(row!);
}

/** The payment row locked FOR UPDATE; with `ownerId`, another user's payment is "not found". */
export async function lockPayment(db: Db, id: string, ownerId?: string): Promise<PaymentRow> {
  if (!UUID.test(id)) throw notFound();
  const where =
    ownerId === undefined ? eq(orderPayments.id, id) : and(eq(orderPayments.id, id), eq(orderPayments.userId, ownerId));
  const [row] = await db.select().from(orderPayments).where(where).for('update');
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
  const rows = await db
    .select({ id: orderPaymentOrders.orderId })
    .from(orderPaymentOrders)
    .where(eq(orderPaymentOrders.paymentId, paymentId))
    .orderBy(asc(orderPaymentOrders.orderId));
  return rows.map((r) => r.id);
}

/** Open payments (awaiting or held) that pay any of `orderIds`, locked FOR UPDATE. */
export async function lockOpenPaymentsOf(db: Db, orderIds: readonly string[]): Promise<PaymentRow[]> {
  if (!orderIds.length) return [];
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rawRows(
    await db.execute(sql`
      select * from order_payments
      where id in (select payment_id from order_payment_orders where order_id in (${ids})) and state in (${openStates})
      order by id for update`),
  );
  return rows.map(toPaymentRow);
}
