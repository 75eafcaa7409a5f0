import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * The operator changed what shipping costs or where it goes: a method edited (turned on or off,
 * its warehouse, days or refused attributes), a zone's countries or rate table added, replaced or
 * deleted, a warehouse turned on or off. Emitted in the edit's unit of work; this module knows
 * none of its listeners (store orders not yet paid re-price after the commit — issue 21).
 *
 * `countries`: the destinations whose price or choice may have changed (a zone's countries before
 * and after); null when any may have (a method or warehouse edit, or a zone with `*`).
 */
export interface ShippingChange {
  countries: string[] | null;
}

export type ShippingChangeHandler = (uow: UnitOfWork, change: ShippingChange) => Promise<void>;

const handlers = new Subscribers<'shipping', ShippingChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onShippingChange(db: Db, name: string, handler: ShippingChangeHandler): void {
  handlers.add(db, 'shipping', name, handler);
}

/** Runs every handler in registration order, inside the caller's unit of work. */
export async function runShippingChange(uow: UnitOfWork, countries: readonly string[] | null): Promise<void> {
  const change = { countries: countries === null || countries.includes('*') ? null : [...new Set(countries)] };
  if (change.countries?.length === 0) return;
  for (const handler of handlers.of(uow.root, 'shipping')) await handler(uow, change);
}
