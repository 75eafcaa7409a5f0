import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { OrderRow } from './orders.queries';
import type { Actor, TransitionData, TransitionEvent } from './orders.types';

/**
 * What other modules do when an order changes state, inside the same unit of work as the change
 * (decision 0081): checkout releases reserved stock when an unpaid order is trashed or expires and
 * reserves it again on restore; payments give up a held wallet payment. The orders module knows
 * none of them; composition.ts subscribes them on the app's database.
 *
 * A handler that throws rolls the whole transition back: the state change and its side effects
 * land together or not at all.
 */
export interface OrderChange {
  event: TransitionEvent;
  before: OrderRow;
  after: OrderRow;
  actor: Actor;
  data: TransitionData;
}

export type OrderChangeHandler = (uow: UnitOfWork, change: OrderChange) => Promise<void>;

const handlers = new Subscribers<TransitionEvent, OrderChangeHandler>();

/** Subscribes `handler` to `event` on the database `db` under `name` (again under one name: replaces). */
export function onOrderChange(db: Db, event: TransitionEvent, name: string, handler: OrderChangeHandler): void {
  handlers.add(db, event, name, handler);
}

/** Runs the handlers of `change.event` in subscription order (called by the state machine). */
export async function runOrderChangeHandlers(uow: UnitOfWork, change: OrderChange): Promise<void> {
  for (const handler of handlers.of(uow.root, change.event)) await handler(uow, change);
}
