import { type AnyColumn, type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows, rowMapper } from '../../db/rows';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { lockOrder } from './orders.queries';
import { type Actor, applyLocked } from './orders.states';
import { orderLines, orders } from './orders.tables';

/**
 * What other modules may use of orders (checkout, payments, stores, after-sales): create an order
 * in their unit of work, fire a transition, split, read. Nothing else of this module is public.
 */
export { createOrder, validateNewOrder, type NewOrder, type NewOrderLine } from './orders.create';
export {
  transition,
  applyLocked,
  allowedEvents,
  TRANSITIONS,
  SYSTEM,
  type Actor,
  type TransitionData,
  type TransitionEvent,
} from './orders.states';
export { splitOrder, resetSplit, shareByWeight, type SplitGroups } from './orders.split';
export {
  getOrder,
  listOrders,
  countOrders,
  listAdminOrders,
  findOrderByNumber,
  ordersWithLines,
  listOrdersOfUser,
} from './orders.read';
/** Order line names for their reader (decision 0111): after-sales names the lines of its requests. */
export { catalogueNamesOfLines, readerTitle, type ReaderTitle } from './orders.titles';
export type { OrderRow } from './orders.queries';
export { onOrderChange, type OrderChange, type OrderChangeHandler } from './orders.hooks';
/**
 * Locks an order FOR UPDATE (another user's → 404 with `ownerId`): payments and after-sales lock
 * the orders they act on (id order), check and fire events on the locked rows.
 */
export { lockOrder } from './orders.queries';
export { assertAllowed } from './orders.states';

/**
 * The number of the user's orders awaiting payment, as a scalar subquery another module's
 * statement can embed (checkout's hold cap, decision 0106): it reads the orders_user_state_idx
 * index and costs no round trip of its own.
 */
export function unpaidOrderCountSql(userId: string): SQL {
  return sql`(select count(*) from orders where user_id = ${userId} and state = 'awaiting-payment')`;
}

/**
 * The state and the number of the order `orderId` names, as scalar subqueries another module's
 * statement can embed (store orders once paid follow their order's states, issue 21).
 */
export function orderStateSql(orderId: SQL | AnyColumn): SQL {
  return sql`(select state from orders where id = ${orderId})`;
}
export function orderNumberSql(orderId: SQL | AnyColumn): SQL {
  return sql`(select number from orders where id = ${orderId})`;
}

/** Order rows by id, as they are now (payments shows its orders' states). */
export async function ordersByIds(db: Db, ids: readonly string[]) {
  return ids.length
    ? db
        .select()
        .from(orders)
        .where(inArray(orders.id, [...ids]))
        .orderBy(asc(orders.id))
    : [];
}

/**
 * The caller's orders of store orders, by (store, the store's order id): one per shipment
 * (decision 0118). Store-orders links its rows to them for the store invoices page.
 */
export async function ordersOfStoreOrders(
  db: Db,
  userId: string,
  refs: ReadonlyArray<{ storeId: string | null; ref: string }>,
) {
  if (!refs.length) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(
          orders.storeOrderRef,
          refs.map((r) => r.ref),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt));
  // A store order imported from a spreadsheet has no store (null on both sides).
  const wanted = new Set(refs.map((r) => `${r.storeId ?? ''}|${r.ref}`));
  return rows.filter((o) => wanted.has(`${o.storeId ?? ''}|${o.storeOrderRef}`));
}

/** An order's lines in their order (payments copies them onto the invoice). */
export async function linesOfOrder(db: Db, orderId: string) {
  // Plain SQL: every payment reads them (decision 0102, db/rows.ts).
  return rawRows(await db.execute(sql`select * from order_lines where order_id = ${orderId} order by position`)).map(
    toLine,
  );
}
const toLine = rowMapper(orderLines);

/**
 * Restores orders from the draft box, singly or in batch (SPEC §4 "restored singly or in batch"):
 * all or nothing, in one unit of work, rows locked in id order so two batches cannot deadlock.
 */
export async function restoreOrders(
  db: DbOrUow,
  ids: readonly string[],
  actor: Actor,
  { ownerId }: { ownerId?: string } = {},
): Promise<string[]> {
  const unique = [...new Set(ids)].sort();
  return inTransaction(db, async (uow) => {
    for (const id of unique) await applyLocked(uow, await lockOrder(uow.tx, id, ownerId), 'restore', actor);
    return unique;
  });
}
