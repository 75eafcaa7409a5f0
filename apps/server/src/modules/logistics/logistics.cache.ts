import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupBy } from '../../platform/localized';
import { TtlCache } from '../../platform/ttl-cache';
import { type DbOrUow, currentUnit, handleOf, rootOf } from '../../platform/unit-of-work';
import { type LogisticsSnapshot, withRates } from './logistics.queries';

export type { LogisticsSnapshot } from './logistics.queries';
import {
  shippingMethodTranslations,
  shippingMethods,
  shippingRates,
  shippingZones,
  warehouseTranslations,
  warehouses,
} from './logistics.tables';

/**
 * The logistics reference data (warehouses, methods, their names, zones, rates) as one in-memory
 * snapshot (decision 0092). A quote read it in six queries per request; the tables are small (the
 * demo data: 3 warehouses, 11 methods, 30 zones, 37 rates) and change only when the operator
 * edits them, so the whole set is loaded at once (six queries side by side) and kept:
 * - every operator write in logistics.admin.service.ts clears it on its node after commit
 *   (`invalidateLogistics`), so the operator's next quote already uses the new rates;
 * - another node sees the change within the TTL below (5 s fresh, then served stale at most
 *   until 15 s while one reload runs: TtlCache's rule, the catalogue's pattern of decision 0024).
 *   A short TTL rather than the catalogue's 30 s because these are prices; a confirm token keeps
 *   the price it was quoted, as it does whenever the operator edits between confirm and submit.
 * Operator screens and the integrity checks (delete, exists) keep reading the tables directly.
 */
const TTL_MS = 5_000;
const byDb = new WeakMap<object, TtlCache<LogisticsSnapshot>>();

function cacheFor(db: DbOrUow): TtlCache<LogisticsSnapshot> {
  const root = rootOf(db);
  let cache = byDb.get(root);
  if (!cache) {
    cache = new TtlCache<LogisticsSnapshot>(TTL_MS, 1);
    byDb.set(root, cache);
  }
  return cache;
}

async function load(db: Db, inUnit: boolean): Promise<LogisticsSnapshot> {
  const reads = [
    () => db.select().from(warehouses),
    () => db.select().from(warehouseTranslations),
    () => db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
    () => db.select().from(shippingMethodTranslations),
    () => db.select().from(shippingZones).orderBy(asc(shippingZones.id)),
    () => db.select().from(shippingRates).orderBy(asc(shippingRates.id)),
  ] as const;
  // On the pool side by side; a unit of work's one connection takes one query at a time.
  const run = async <T>(read: () => PromiseLike<T>) => read();
  const [whs, whNames, methods, names, zones, rates] = inUnit
    ? [
        await run(reads[0]),
        await run(reads[1]),
        await run(reads[2]),
        await run(reads[3]),
        await run(reads[4]),
        await run(reads[5]),
      ]
    : await Promise.all([run(reads[0]), run(reads[1]), run(reads[2]), run(reads[3]), run(reads[4]), run(reads[5])]);
  return {
    warehouses: new Map(whs.map((w) => [w.code, w])),
    warehouseNames: groupBy(whNames, (r) => r.warehouseCode),
    methodsByCode: new Map(methods.map((m) => [m.code, m])),
    methodsByWarehouse: groupBy(methods, (m) => m.warehouseCode),
    methodNames: groupBy(names, (r) => r.methodId),
    zones: groupBy(withRates(zones, rates), (z) => z.methodId),
  };
}

/** The snapshot, loaded with the caller's handle (inside a transaction, with that transaction). */
export function logisticsSnapshot(db: DbOrUow): Promise<LogisticsSnapshot> {
  return cacheFor(db).get('all', () => load(handleOf(db), currentUnit(db) !== undefined));
}

/** Every operator write calls this: after the commit of its unit of work, or at once outside one. */
export function invalidateLogistics(db: DbOrUow): void {
  const cache = cacheFor(db);
  const unit = currentUnit(db);
  if (unit) unit.afterCommit(() => cache.clear());
  else cache.clear();
}
