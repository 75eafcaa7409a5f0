import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertValues, rawRows, rowMapper, setClause } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { orderEvents, orders } from './orders.tables';

/** The row helpers of the orders module; only this module reads or writes its tables. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof import('./orders.tables').orderLines.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not one of ours is simply "not found" (never a 500 from a uuid cast). */
export function assertOrderId(id: string): void {
  if (!UUID.test(id)) throw AppError.notFound('orders.not-found');
}

/** The order row locked FOR UPDATE; with `ownerId`, another user's order is "not found". */
export async function lockOrder(db: Db, id: string, ownerId?: string): Promise<OrderRow> {
  assertOrderId(id);
  // Plain SQL on the checkout and payment paths (decision 0102, db/rows.ts).
  const owner = ownerId === undefined ? sql`` : sql` and user_id = ${ownerId}`;
  const [row] = rawRows(await db.execute(sql`select * from orders where id = ${id}${owner} for update`));
  if (!row) throw AppError.notFound('orders.not-found');
  return toOrderRow(row);
}

/** A raw `orders` row (select *, returning *) as the builder would give it. */
export const toOrderRow = rowMapper(orders);

export async function updateOrder(db: Db, id: string, patch: Partial<OrderRow>): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: sql`now()` as unknown as Date })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

export async function appendEvent(db: Db, event: typeof orderEvents.$inferInsert): Promise<void> {
  await db.insert(orderEvents).values(event);
}

/**
 * A transition's write: the order's new state and its timeline event in one statement (one round
 * trip instead of two, decision 0102; the event goes in a CTE beside the update).
 */
export async function updateOrderWithEvent(
  db: Db,
  id: string,
  patch: Partial<OrderRow>,
  event: typeof orderEvents.$inferInsert,
): Promise<OrderRow> {
  const [row] = rawRows(
    await db.execute(sql`
      with logged as (insert into order_events ${insertValues(orderEvents, event)})
      update orders set ${setClause(orders, { ...patch, updatedAt: sql`now()` })} where id = ${id} returning *`),
  );
  return toOrderRow(row!);
}

/**
 * The next human order number, O followed by at least 8 digits (O00000042), as an SQL value for
 * the order's insert: the number is drawn by the insert, not by a round trip of its own.
 */
export const orderNumberSql = sql<string>`(select 'O' || lpad(n::text, greatest(8, length(n::text)), '0') from nextval('order_number_seq') as n)`;
