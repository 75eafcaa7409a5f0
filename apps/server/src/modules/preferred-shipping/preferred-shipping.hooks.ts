import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * A store owner's preference changed, so their store orders not yet paid may want another price
 * (issue 21: "Changing it re-prices orders not yet paid"). The store-orders module subscribes
 * in composition.ts; this module knows none of its listeners. Emitted inside the write's unit of
 * work, so a re-pricing that fails rolls the change back with it.
 *
 * `before` is what the rule covered before (null for a new rule), `after` what it covers now
 * (null when removed): a listener re-prices the orders either one matches. `prodId` / `country`
 * null means all products / all countries.
 */
export interface PreferenceScope {
  prodId: number | null;
  country: string | null;
}

export interface PreferenceChange {
  userId: string;
  ruleId: string;
  kind: 'saved' | 'removed';
  before: (PreferenceScope & { methodId: number }) | null;
  after: (PreferenceScope & { methodId: number }) | null;
}

export type PreferenceChangeHandler = (uow: UnitOfWork, change: PreferenceChange) => Promise<void>;

const handlers = new Subscribers<'change', PreferenceChangeHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onPreferenceChange(db: Db, name: string, handler: PreferenceChangeHandler): void {
  handlers.add(db, 'change', name, handler);
}

/** Runs every handler in registration order, inside the caller's unit of work. */
export async function runPreferenceChange(uow: UnitOfWork, change: PreferenceChange): Promise<void> {
  for (const handler of handlers.of(uow.root, 'change')) await handler(uow, change);
}
