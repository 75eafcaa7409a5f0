import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { lockOrder } from './orders.queries';
import { type Actor, applyLocked } from './orders.states';

/**
 * What other modules may use of orders (checkout, payments, stores, after-sales): create an order
 * in their unit of work, fire a transition, split, read. Nothing else of this module is public.
 */
export { createOrder, validateNewOrder, type NewOrder, type NewOrderLine } from './orders.create';
export { transition, applyLocked, allowedEvents, TRANSITIONS, SYSTEM, type Actor, type TransitionData, type TransitionEvent } from './orders.states';
export { splitOrder, resetSplit, shareByWeight, type SplitGroups } from './orders.split';
export { getOrder, listOrders, countOrders, listAdminOrders, ordersWithLines } from './orders.read';
export type { OrderRow } from './orders.queries';
/** Locks an order FOR UPDATE (another user's → 404 with `ownerId`), for use cases that read it before an event. */
export { lockOrder } from './orders.queries';
export { onOrderChange, type OrderChange, type OrderChangeHandler } from './orders.hooks';

/**
 * Restores orders from the draft box, singly or in batch (SPEC §4 "restored singly or in batch"):
 * all or nothing, in one unit of work, rows locked in id order so two batches cannot deadlock.
 */
export async function restoreOrders(dbOrUow: DbOrUow, ids: readonly string[], actor: Actor, { ownerId }: { ownerId?: string } = {}): Promise<string[]> {
  const unique = [...new Set(ids)].sort();
  return inTransaction(dbOrUow, async (uow) => {
    for (const id of unique) await applyLocked(uow, await lockOrder(uow.tx, id, ownerId), 'restore', actor);
    return unique;
  });
}
