import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * What other modules do when a seller connects, disconnects or undoes variants (issue 21,
 * decision 0120), inside the same unit of work: store-orders judges and quotes again the unpaid
 * store orders with lines of those variants (a related order gets its landed cost at once).
 * composition.ts subscribes; this module knows none of the subscribers.
 */
export interface ConnectionChange {
  storeProductId: string;
  variantIds: string[];
}

export type ConnectionChangeHandler = (uow: UnitOfWork, change: ConnectionChange) => Promise<void>;

const handlers = new Subscribers<'change', ConnectionChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onConnectionChange(db: Db, name: string, handler: ConnectionChangeHandler): void {
  handlers.add(db, 'change', name, handler);
}

/** Runs every handler in subscription order; nothing to do when no variant changed. */
export async function runConnectionChange(uow: UnitOfWork, change: ConnectionChange): Promise<void> {
  if (!change.variantIds.length) return;
  for (const handler of handlers.of(uow.root, 'change')) await handler(uow, change);
}
