import type { Db } from '../../db/client';
import { SEED_METHODS, SEED_WAREHOUSES } from './logistics.seed-data';
import {
  shippingMethodTranslations,
  shippingMethods,
  shippingRates,
  shippingZones,
  warehouseTranslations,
  warehouses,
} from './logistics.tables';
import { invalidateLogistics } from './logistics.cache';

/**
 * Demo warehouses and shipping methods. Idempotent: rows are keyed by code and only a method
 * inserted by this run gets its zones and rates, so the operator's edits survive restarts.
 */
export async function seedLogistics(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const w of SEED_WAREHOUSES) {
      await tx
        .insert(warehouses)
        .values({ code: w.code, country: w.country, position: w.position })
        .onConflictDoNothing();
      await tx
        .insert(warehouseTranslations)
        .values(Object.entries(w.names).map(([locale, name]) => ({ warehouseCode: w.code, locale, name })))
        .onConflictDoNothing();
    }
    for (const m of SEED_METHODS) {
      const [created] = await tx
        .insert(shippingMethods)
        .values({
          code: m.code,
          warehouseCode: m.warehouse,
          volumetricDivisor: m.volumetricDivisor,
          minDays: m.minDays,
          maxDays: m.maxDays,
          refusedAttributes: m.refusedAttributes,
          position: m.position,
        })
        .onConflictDoNothing()
        .returning({ id: shippingMethods.id });
      if (!created) continue;
      await tx
        .insert(shippingMethodTranslations)
        .values(Object.entries(m.names).map(([locale, name]) => ({ methodId: created.id, locale, name })));
      for (const z of m.zones) {
        const [zone] = await tx
          .insert(shippingZones)
          .values({ methodId: created.id, name: z.name, countries: z.countries })
          .returning({ id: shippingZones.id });
        await tx.insert(shippingRates).values(z.rates.map((r) => ({ ...r, zoneId: zone!.id })));
      }
    }
  });
  // A process that quoted before the seed (tests) must not keep the empty reference data.
  invalidateLogistics(db);
}
