import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * The operator changed a currency's rate to USD. Emitted in the edit's unit of work; this module
 * knows none of its listeners (store orders sold in that currency re-price after the commit:
 * their selling price in USD, so their margin, moved — issue 21).
 */
export interface RateChange {
  code: string;
  before: number;
  after: number;
}

export type RateChangeHandler = (uow: UnitOfWork, change: RateChange) => Promise<void>;

const handlers = new Subscribers<'rate', RateChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onRateChange(db: Db, name: string, handler: RateChangeHandler): void {
  handlers.add(db, 'rate', name, handler);
}

/** Runs every handler in registration order, inside the caller's unit of work. */
export async function runRateChange(uow: UnitOfWork, change: RateChange): Promise<void> {
  for (const handler of handlers.of(uow.root, 'rate')) await handler(uow, change);
}
