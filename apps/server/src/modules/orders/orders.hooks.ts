import type { UnitOfWork } from '../../platform/unit-of-work';
import type { OrderRow } from './orders.queries';
import type { Actor, TransitionData, TransitionEvent } from './orders.states';

/**
 * What other modules do when an order changes state, inside the same unit of work as the change
 * (decision 0081): checkout releases reserved stock when an unpaid order is trashed or expires and
 * reserves it again on restore; payments give up a held wallet payment. The orders module knows
 * none of them; they register here at start-up (their routes' plugin), once per process.
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

const handlers = new Map<TransitionEvent, Map<string, OrderChangeHandler>>();

/**
 * Registers `handler` for `event` under `name` (a second registration under the same name replaces
 * the first, so building several apps in one test process does not run a handler twice).
 */
export function onOrderChange(event: TransitionEvent, name: string, handler: OrderChangeHandler): void {
  let forEvent = handlers.get(event);
  if (!forEvent) handlers.set(event, (forEvent = new Map()));
  forEvent.set(name, handler);
}

/** Runs the handlers of `change.event` in registration order (called by the state machine). */
export async function runOrderChangeHandlers(uow: UnitOfWork, change: OrderChange): Promise<void> {
  for (const handler of handlers.get(change.event)?.values() ?? []) await handler(uow, change);
}
