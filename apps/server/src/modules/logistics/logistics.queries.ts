import type { Locale } from '@dsm/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupBy, pickLocalized } from '../../platform/localized';
import type { MethodForQuote, RateRow } from './logistics.pricing';
import {
  shippingMethodTranslations,
  shippingMethods,
  shippingRates,
  shippingZones,
  warehouseTranslations,
  warehouses,
} from './logistics.tables';

/** Reads shared by the calculator and the operator screens. */

export type WarehouseRow = typeof warehouses.$inferSelect;
export type MethodRow = typeof shippingMethods.$inferSelect;

export async function findWarehouse(db: Db, code: string, activeOnly = true): Promise<WarehouseRow | undefined> {
  const [row] = await db
    .select()
    .from(warehouses)
    .where(activeOnly ? and(eq(warehouses.code, code), eq(warehouses.active, true)) : eq(warehouses.code, code))
    .limit(1);
  return row;
}

export async function warehouseNames(db: Db, codes: string[]) {
  if (codes.length === 0) return new Map<string, Array<{ warehouseCode: string; locale: string; name: string }>>();
  const rows = await db.select().from(warehouseTranslations).where(inArray(warehouseTranslations.warehouseCode, codes));
  return groupBy(rows, (r) => r.warehouseCode);
}

export async function methodNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Array<{ methodId: number; locale: string; name: string }>>();
  const rows = await db
    .select()
    .from(shippingMethodTranslations)
    .where(inArray(shippingMethodTranslations.methodId, ids));
  return groupBy(rows, (r) => r.methodId);
}

/** The reference data as logistics.cache.ts keeps it in memory (here, beside the rows it holds). */
export interface LogisticsSnapshot {
  warehouses: Map<string, WarehouseRow>;
  warehouseNames: Map<string, Array<{ warehouseCode: string; locale: string; name: string }>>;
  /** Every method (active or not) by code, and the methods of each warehouse in screen order. */
  methodsByCode: Map<string, MethodRow>;
  methodsByWarehouse: Map<string, MethodRow[]>;
  methodNames: Map<number, Array<{ methodId: number; locale: string; name: string }>>;
  zones: Map<number, ZoneWithRates[]>;
}

export interface ZoneWithRates {
  id: number;
  methodId: number;
  name: string;
  countries: string[];
  rates: Array<RateRow & { id: number }>;
}

/** The zones of some methods, each with its rate rows (lightest band first). */
export async function zonesOf(db: Db, methodIds: number[]): Promise<Map<number, ZoneWithRates[]>> {
  if (methodIds.length === 0) return new Map();
  const zones = await db
    .select()
    .from(shippingZones)
    .where(inArray(shippingZones.methodId, methodIds))
    .orderBy(asc(shippingZones.id));
  const rates = zones.length
    ? await db
        .select()
        .from(shippingRates)
        .where(
          inArray(
            shippingRates.zoneId,
            zones.map((z) => z.id),
          ),
        )
        .orderBy(asc(shippingRates.id))
    : [];
  return groupBy(withRates(zones, rates), (z) => z.methodId);
}

/** Zone rows with their rate rows attached (lightest band first); zones keep their order. */
export function withRates(
  zones: Array<typeof shippingZones.$inferSelect>,
  rates: Array<typeof shippingRates.$inferSelect>,
): ZoneWithRates[] {
  const ratesByZone = groupBy(rates, (r) => r.zoneId);
  return zones.map((z) => ({
    id: z.id,
    methodId: z.methodId,
    name: z.name,
    countries: z.countries,
    rates: (ratesByZone.get(z.id) ?? [])
      .map((r) => ({
        id: r.id,
        maxWeightG: r.maxWeightG,
        firstWeightG: r.firstWeightG,
        firstPriceMinor: r.firstPriceMinor,
        stepWeightG: r.stepWeightG,
        stepPriceMinor: r.stepPriceMinor,
      }))
      .sort((a, b) => (a.maxWeightG ?? Infinity) - (b.maxWeightG ?? Infinity)),
  }));
}

/**
 * The active methods shipping from a warehouse, ready for pricing, names in the caller's language,
 * from the cached reference data (logistics.cache.ts): no query.
 */
export function methodsForQuote(
  snapshot: LogisticsSnapshot,
  warehouse: WarehouseRow,
  locale: Locale,
): MethodForQuote[] {
  const methods = (snapshot.methodsByWarehouse.get(warehouse.code) ?? []).filter((m) => m.active);
  return methods.map((m) => ({
    id: m.id,
    code: m.code,
    name: pickLocalized(snapshot.methodNames.get(m.id) ?? [], locale)?.name ?? m.code,
    volumetricDivisor: m.volumetricDivisor,
    minDays: m.minDays,
    maxDays: m.maxDays,
    refusedAttributes: m.refusedAttributes,
    warehouseCountry: warehouse.country,
    zones: snapshot.zones.get(m.id) ?? [],
  }));
}

/** An active warehouse from the cached reference data. */
export function activeWarehouse(snapshot: LogisticsSnapshot, code: string): WarehouseRow | undefined {
  const row = snapshot.warehouses.get(code);
  return row?.active ? row : undefined;
}
