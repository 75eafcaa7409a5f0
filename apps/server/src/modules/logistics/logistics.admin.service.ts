import {
  type AdminShippingMethod,
  type AdminShippingZone,
  type AdminWarehouse,
  type CreateShippingMethodBody,
  type CreateWarehouseBody,
  LOCALES,
  isLocale,
  type LocalizedNames,
  type ShippingAttribute,
  type ShippingZoneBody,
  type UpdateShippingMethodBody,
  type UpdateWarehouseBody,
  fromMinor,
  toMinor,
} from '@dsm/contract';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { isKnownCountry } from './countries';
import { kgToGrams } from './logistics.pricing';
import { invalidateLogistics } from './logistics.cache';
import { runShippingChange } from './logistics.hooks';
import type { CatalogueReads } from './logistics.service';
import { type ZoneWithRates, findWarehouse, methodNames, warehouseNames, zonesOf } from './logistics.queries';
import {
  shippingMethodTranslations,
  shippingMethods,
  shippingRates,
  shippingZones,
  warehouseTranslations,
  warehouses,
} from './logistics.tables';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

/** The operator's side of logistics: warehouses, shipping methods, their zones and rate rows. */

type FieldProblem = { field: string; messageKey: string; params?: Record<string, unknown> };

function namesDto(rows: Array<{ locale: string; name: string }>): LocalizedNames {
  const names: LocalizedNames = {};
  for (const r of rows) if (isLocale(r.locale)) names[r.locale] = r.name;
  return names;
}

/** Rows for a translations table: blank optional languages are left out (they fall back). */
function nameRows(names: LocalizedNames) {
  return LOCALES.flatMap((locale) => {
    const name = names[locale]?.trim();
    return name ? [{ locale, name }] : [];
  });
}

// --- warehouses -------------------------------------------------------------------------------

export async function listAdminWarehouses(db: Db): Promise<AdminWarehouse[]> {
  const rows = await db.select().from(warehouses).orderBy(asc(warehouses.position), asc(warehouses.code));
  const names = await warehouseNames(
    db,
    rows.map((r) => r.code),
  );
  return rows.map((w) => ({
    code: w.code,
    country: w.country,
    names: namesDto(names.get(w.code) ?? []),
    active: w.active,
    position: w.position,
  }));
}

async function adminWarehouse(db: Db, code: string): Promise<AdminWarehouse> {
  const found = (await listAdminWarehouses(db)).find((w) => w.code === code);
  if (!found) throw AppError.notFound('logistics.warehouse-not-found');
  return found;
}

function checkCountry(country: string) {
  if (!isKnownCountry(country))
    throw AppError.invalid([{ field: 'country', messageKey: 'logistics.unknown-country', params: { code: country } }]);
}

export async function createWarehouse(db: DbOrUow, body: CreateWarehouseBody): Promise<AdminWarehouse> {
  checkCountry(body.country);
  await inTransaction(db, async ({ tx }) => {
    const [created] = await tx
      .insert(warehouses)
      .values({ code: body.code, country: body.country, active: body.active, position: body.position })
      .onConflictDoNothing()
      .returning({ code: warehouses.code });
    if (!created) throw AppError.conflict('warehouse-code-taken', 'logistics.warehouse-exists', { code: body.code });
    await tx
      .insert(warehouseTranslations)
      .values(nameRows(body.names).map((r) => ({ ...r, warehouseCode: body.code })));
  });
  invalidateLogistics(db);
  return adminWarehouse(handleOf(db), body.code);
}

export async function updateWarehouse(db: DbOrUow, code: string, body: UpdateWarehouseBody): Promise<AdminWarehouse> {
  checkCountry(body.country);
  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    const [row] = await tx
      .update(warehouses)
      .set({ country: body.country, active: body.active, position: body.position, updatedAt: new Date() })
      .where(eq(warehouses.code, code))
      .returning({ code: warehouses.code });
    if (!row) throw AppError.notFound('logistics.warehouse-not-found');
    await tx.delete(warehouseTranslations).where(eq(warehouseTranslations.warehouseCode, code));
    await tx.insert(warehouseTranslations).values(nameRows(body.names).map((r) => ({ ...r, warehouseCode: code })));
    await runShippingChange(uow, null); // turned on or off: every method leaving it
  });
  invalidateLogistics(db);
  return adminWarehouse(handleOf(db), code);
}

/**
 * Deletes a warehouse nothing uses. One that products ship from or shipping methods leave from is
 * refused with a message saying how many (the operator turns it off instead); the foreign keys
 * (ON DELETE RESTRICT) refuse it too should a product arrive in between.
 */
export async function deleteWarehouse(
  db: Db,
  code: string,
  productsInWarehouse: CatalogueReads['productsInWarehouse'],
): Promise<void> {
  if (!(await findWarehouse(db, code, false))) throw AppError.notFound('logistics.warehouse-not-found');
  const inUse = async () => {
    const [products, [methods]] = await Promise.all([
      productsInWarehouse(db, code),
      db.select({ n: count() }).from(shippingMethods).where(eq(shippingMethods.warehouseCode, code)),
    ]);
    const n = methods?.n ?? 0;
    return products > 0 || n > 0
      ? AppError.conflict('warehouse-in-use', 'logistics.warehouse-in-use', { code, products, methods: n })
      : null;
  };
  const refusal = await inUse();
  if (refusal) throw refusal;
  try {
    await db.delete(warehouses).where(eq(warehouses.code, code));
    invalidateLogistics(db);
  } catch (err) {
    const pgCode = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (pgCode === '23503') throw (await inUse()) ?? err;
    throw err;
  }
}

// --- shipping methods -------------------------------------------------------------------------

function zoneDto(z: ZoneWithRates): AdminShippingZone {
  return {
    zoneId: z.id,
    name: z.name,
    countries: z.countries,
    rates: z.rates.map((r) => ({
      maxWeight: r.maxWeightG === null ? null : r.maxWeightG / 1000,
      firstWeight: r.firstWeightG / 1000,
      firstPrice: fromMinor(r.firstPriceMinor),
      stepWeight: r.stepWeightG / 1000,
      stepPrice: fromMinor(r.stepPriceMinor),
    })),
  };
}

async function methodsDto(db: Db, rows: Array<typeof shippingMethods.$inferSelect>): Promise<AdminShippingMethod[]> {
  const ids = rows.map((m) => m.id);
  const [names, zones] = await Promise.all([methodNames(db, ids), zonesOf(db, ids)]);
  return rows.map((m) => ({
    methodId: m.id,
    code: m.code,
    warehouse: m.warehouseCode,
    names: namesDto(names.get(m.id) ?? []),
    volumetricDivisor: m.volumetricDivisor,
    minDays: m.minDays,
    maxDays: m.maxDays,
    refusedAttributes: m.refusedAttributes as ShippingAttribute[],
    active: m.active,
    position: m.position,
    zones: (zones.get(m.id) ?? []).map(zoneDto),
  }));
}

export async function listAdminMethods(db: Db): Promise<AdminShippingMethod[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.warehouseCode), asc(shippingMethods.position), asc(shippingMethods.id));
  return methodsDto(db, rows);
}

export async function getAdminMethod(db: Db, methodId: number): Promise<AdminShippingMethod> {
  const rows = await db.select().from(shippingMethods).where(eq(shippingMethods.id, methodId));
  if (rows.length === 0) throw AppError.notFound('logistics.method-not-found');
  return (await methodsDto(db, rows))[0]!;
}

async function checkWarehouse(db: Db, code: string) {
  if (!(await findWarehouse(db, code, false))) {
    throw AppError.invalid([{ field: 'warehouse', messageKey: 'logistics.unknown-warehouse', params: { code } }]);
  }
}

function methodColumns(body: UpdateShippingMethodBody) {
  return {
    warehouseCode: body.warehouse,
    volumetricDivisor: body.volumetricDivisor,
    minDays: body.minDays,
    maxDays: body.maxDays,
    refusedAttributes: [...new Set(body.refusedAttributes)],
    active: body.active,
    position: body.position,
  };
}

export async function createMethod(db: DbOrUow, body: CreateShippingMethodBody): Promise<AdminShippingMethod> {
  await checkWarehouse(handleOf(db), body.warehouse);
  const id = await inTransaction(db, async ({ tx }) => {
    const [created] = await tx
      .insert(shippingMethods)
      .values({ code: body.code, ...methodColumns(body) })
      .onConflictDoNothing()
      .returning({ id: shippingMethods.id });
    if (!created) throw AppError.conflict('method-code-taken', 'logistics.method-exists', { code: body.code });
    await tx
      .insert(shippingMethodTranslations)
      .values(nameRows(body.names).map((r) => ({ ...r, methodId: created.id })));
    return created.id;
  });
  invalidateLogistics(db);
  return getAdminMethod(handleOf(db), id);
}

export async function updateMethod(
  db: DbOrUow,
  methodId: number,
  body: UpdateShippingMethodBody,
): Promise<AdminShippingMethod> {
  await checkWarehouse(handleOf(db), body.warehouse);
  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    const [row] = await tx
      .update(shippingMethods)
      .set({ ...methodColumns(body), updatedAt: new Date() })
      .where(eq(shippingMethods.id, methodId))
      .returning({ id: shippingMethods.id });
    if (!row) throw AppError.notFound('logistics.method-not-found');
    await tx.delete(shippingMethodTranslations).where(eq(shippingMethodTranslations.methodId, methodId));
    await tx.insert(shippingMethodTranslations).values(nameRows(body.names).map((r) => ({ ...r, methodId })));
    await runShippingChange(uow, null);
  });
  invalidateLogistics(db);
  return getAdminMethod(handleOf(db), methodId);
}

// --- zones and rate rows ----------------------------------------------------------------------

/**
 * A zone's countries must be real, and a country may sit in only one zone of a method (else the
 * price would depend on which zone is read first). Weight bands must be distinct.
 */
async function checkZone(db: Db, methodId: number, body: ShippingZoneBody, exceptZoneId?: number): Promise<string[]> {
  const problems: FieldProblem[] = [];
  const countries = [...new Set(body.countries)];
  const unknown = countries.filter((c) => c !== '*' && !isKnownCountry(c));
  if (unknown.length)
    problems.push({
      field: 'countries',
      messageKey: 'logistics.unknown-country',
      params: { code: unknown.join(', ') },
    });
  const others = await db
    .select({ name: shippingZones.name, countries: shippingZones.countries })
    .from(shippingZones)
    .where(
      exceptZoneId
        ? and(eq(shippingZones.methodId, methodId), ne(shippingZones.id, exceptZoneId))
        : eq(shippingZones.methodId, methodId),
    );
  for (const other of others) {
    const shared = countries.find((c) => other.countries.includes(c));
    if (shared) {
      problems.push({
        field: 'countries',
        messageKey: 'logistics.country-in-other-zone',
        params: { country: shared, zone: other.name },
      });
      break;
    }
  }
  const limits = body.rates.map((r) => r.maxWeight);
  if (new Set(limits).size !== limits.length) problems.push({ field: 'rates', messageKey: 'logistics.rates-overlap' });
  if (problems.length) throw AppError.invalid(problems);
  return countries;
}

function rateRows(zoneId: number, body: ShippingZoneBody) {
  return body.rates.map((r) => ({
    zoneId,
    maxWeightG: r.maxWeight === null ? null : kgToGrams(r.maxWeight),
    firstWeightG: kgToGrams(r.firstWeight),
    firstPriceMinor: toMinor(r.firstPrice),
    stepWeightG: kgToGrams(r.stepWeight),
    stepPriceMinor: toMinor(r.stepPrice),
  }));
}

/** Locks the method so two operators cannot add overlapping zones at once. */
async function lockMethod(db: Db, methodId: number) {
  const [row] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.id, methodId))
    .for('update');
  if (!row) throw AppError.notFound('logistics.method-not-found');
}

export async function addZone(db: DbOrUow, methodId: number, body: ShippingZoneBody): Promise<AdminShippingMethod> {
  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    await lockMethod(tx, methodId);
    const countries = await checkZone(tx, methodId, body);
    const [zone] = await tx
      .insert(shippingZones)
      .values({ methodId, name: body.name, countries })
      .returning({ id: shippingZones.id });
    await tx.insert(shippingRates).values(rateRows(zone!.id, body));
    await runShippingChange(uow, countries);
  });
  invalidateLogistics(db);
  return getAdminMethod(handleOf(db), methodId);
}

/** The zone's method and the countries it covers now. */
async function zoneOf(db: Db, zoneId: number): Promise<{ methodId: number; countries: string[] }> {
  const [zone] = await db
    .select({ methodId: shippingZones.methodId, countries: shippingZones.countries })
    .from(shippingZones)
    .where(eq(shippingZones.id, zoneId));
  if (!zone) throw AppError.notFound('logistics.zone-not-found');
  return zone;
}

/** Replaces a zone's name, countries and whole rate table; the next quote uses the new prices. */
export async function updateZone(db: DbOrUow, zoneId: number, body: ShippingZoneBody): Promise<AdminShippingMethod> {
  const methodId = await inTransaction(db, async (uow) => {
    const { tx } = uow;
    const { methodId, countries: before } = await zoneOf(tx, zoneId);
    await lockMethod(tx, methodId);
    const countries = await checkZone(tx, methodId, body, zoneId);
    await tx.update(shippingZones).set({ name: body.name, countries }).where(eq(shippingZones.id, zoneId));
    await tx.delete(shippingRates).where(eq(shippingRates.zoneId, zoneId));
    await tx.insert(shippingRates).values(rateRows(zoneId, body));
    await runShippingChange(uow, [...before, ...countries]);
    return methodId;
  });
  invalidateLogistics(db);
  return getAdminMethod(handleOf(db), methodId);
}

export async function deleteZone(db: DbOrUow, zoneId: number): Promise<AdminShippingMethod> {
  const methodId = await inTransaction(db, async (uow) => {
    const { tx } = uow;
    const { methodId, countries } = await zoneOf(tx, zoneId);
    await lockMethod(tx, methodId);
    await tx.delete(shippingZones).where(eq(shippingZones.id, zoneId));
    await runShippingChange(uow, countries);
    return methodId;
  });
  invalidateLogistics(db);
  return getAdminMethod(handleOf(db), methodId);
}
