import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * The operator set, changed or deleted a destination's tax rate (decision 0142). Emitted in the
 * edit's unit of work, only when the rate moved; this module knows none of its listeners (unpaid
 * store orders to that country re-quote after the commit: their tax, so their landed cost and
 * margin, moved — issue 21).
 */
export interface TaxRateChange {
  country: string;
  /** Basis points before and after; 0 for a country without a row. */
  beforeBps: number;
  afterBps: number;
}

export type TaxRateChangeHandler = (uow: UnitOfWork, change: TaxRateChange) => Promise<void>;

const handlers = new Subscribers<'tax-rate', TaxRateChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onTaxRateChange(db: Db, name: string, handler: TaxRateChangeHandler): void {
  handlers.add(db, 'tax-rate', name, handler);
}

/** Runs every handler in registration order, inside the caller's unit of work. */
export async function runTaxRateChange(uow: UnitOfWork, change: TaxRateChange): Promise<void> {
  for (const handler of handlers.of(uow.root, 'tax-rate')) await handler(uow, change);
}
