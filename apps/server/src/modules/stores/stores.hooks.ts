import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * What other modules do when a store changes (issue 21, decision 0120), inside the unit of work of
 * the change; composition.ts subscribes them, the stores module knows none of them:
 *
 * - `connected`: a store was connected, reconnected or reauthorized (every platform) → the
 *   store-orders module queues its order import at once instead of waiting for the due check;
 * - `margin-guard`: the owner changed the store's margin guard → store-orders re-evaluates the
 *   store's unpaid orders against it.
 */
export type StoreChangeKind = 'connected' | 'margin-guard';

export interface StoreChange {
  kind: StoreChangeKind;
  storeId: string;
}

export type StoreChangeHandler = (uow: UnitOfWork, change: StoreChange) => Promise<void>;

const handlers = new Subscribers<StoreChangeKind, StoreChangeHandler>();

/** Subscribes `handler` to `kind` on the database `db` under `name` (again under one name: replaces). */
export function onStoreChange(db: Db, kind: StoreChangeKind, name: string, handler: StoreChangeHandler): void {
  handlers.add(db, kind, name, handler);
}

/** Runs the handlers of `change.kind` in subscription order. */
export async function runStoreChange(uow: UnitOfWork, change: StoreChange): Promise<void> {
  for (const handler of handlers.of(uow.root, change.kind)) await handler(uow, change);
}
