import {
  type CalculateShippingBody,
  type Locale,
  type ProdShippingPriceBody,
  SHIPPING_ATTRIBUTE,
  type ShippingAttribute,
  type ShippingQuote,
  type WarehouseOption,
  fromMinor,
  translate,
} from '@dsm/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { DbOrUow } from '../../platform/unit-of-work';
import { pickLocalized } from '../../platform/localized';
import { countryName, isKnownCountry } from './countries';

/** Country codes and names in the four languages, for modules that take a country (checkout's tax rates). */
export { countryName, isKnownCountry };
import { type Parcel, type Quote, cmToHundredths, kgToGrams, pickZone, quote } from './logistics.pricing';
import { type LogisticsSnapshot, logisticsSnapshot } from './logistics.cache';
import { type WarehouseRow, activeWarehouse, findWarehouse, methodsForQuote } from './logistics.queries';

export { invalidateLogistics } from './logistics.cache';
export { onShippingChange, type ShippingChange } from './logistics.hooks';

/**
 * What logistics needs to price shipping for one catalogue SKU, in wire units (kg, cm). The
 * catalogue gives it (its `getSkuShippingFacts`): the catalogue depends on logistics (products ship
 * from its warehouses), never the other way, so callers hand logistics the catalogue's functions.
 */
export interface SkuShippingFacts {
  prodId: number;
  skuId: number;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  attribute: ShippingAttribute;
  /** A row of the operator's warehouses, by code. */
  warehouse: string;
  /** 'off' means taken down: the caller decides whether a quote is still allowed. */
  status: 'on' | 'off';
}

/** The catalogue's reads logistics uses (app.ts passes the catalogue's own functions). */
export interface CatalogueReads {
  skuShippingFacts(db: Db, prodId: string | number, skuId: string | number): Promise<SkuShippingFacts | null>;
  productsInWarehouse(db: Db, code: string): Promise<number>;
}

/** GET /api/logistics/warehouse: the active warehouses, names in the caller's language. */
/** Whether a warehouse (active or not) exists: products may name any of the operator's rows. */
export async function warehouseExists(db: Db, code: string): Promise<boolean> {
  return Boolean(await findWarehouse(db, code, false));
}

/** A shipping method's name in the caller's language (the code when it has none), as an order records it. */
export async function shippingMethodName(db: Db, code: string, locale: Locale): Promise<string> {
  const snapshot = await logisticsSnapshot(db);
  const method = snapshot.methodsByCode.get(code);
  return (method && pickLocalized(snapshot.methodNames.get(method.id) ?? [], locale)?.name) ?? code;
}

export async function listWarehouses(db: Db, locale: Locale): Promise<WarehouseOption[]> {
  const snapshot = await logisticsSnapshot(db);
  const rows = [...snapshot.warehouses.values()]
    .filter((w) => w.active)
    .sort((a, b) => a.position - b.position || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return rows.map((w) => warehouseOption(snapshot, w, locale));
}

/** A warehouse as the caller reads it: its name in the caller's language, else its code. */
function warehouseOption(snapshot: LogisticsSnapshot, w: WarehouseRow, locale: Locale): WarehouseOption {
  return {
    code: w.code,
    name: pickLocalized(snapshot.warehouseNames.get(w.code) ?? [], locale)?.name ?? w.code,
    country: w.country,
  };
}

/** Every warehouse, active or not, by code, named in the caller's language: what checkout says a line ships from. */
export async function allWarehouses(db: Db, locale: Locale): Promise<Map<string, WarehouseOption>> {
  const snapshot = await logisticsSnapshot(db);
  return new Map([...snapshot.warehouses.values()].map((w) => [w.code, warehouseOption(snapshot, w, locale)]));
}

/**
 * The active warehouses from which at least one active method has a zone (with rates) for the
 * country, by the calculator's own zone rule: a '*' zone never means the warehouse's own country.
 * Weight and attribute limits are left out: they are per SKU (decision 0110). From the snapshot,
 * so no query; the catalogue's goods list filters on it (`shipsTo`).
 */
export async function warehousesShippingTo(db: DbOrUow, country: string): Promise<string[]> {
  const snapshot = await logisticsSnapshot(db);
  const codes: string[] = [];
  for (const warehouse of snapshot.warehouses.values()) {
    if (!warehouse.active) continue;
    // Names are not needed to find a zone: the locale only picks them.
    const reaches = methodsForQuote(snapshot, warehouse, 'en-US').some((m) => {
      const zone = pickZone(m, country);
      return zone !== undefined && zone.rates.length > 0;
    });
    if (reaches) codes.push(warehouse.code);
  }
  return codes.sort();
}

/** An active method as a store owner chooses among them (preferred shipping, decision 0116). */
export interface MethodToCountry {
  methodId: number;
  code: string;
  name: string;
  warehouse: WarehouseOption;
  minDays: number;
  maxDays: number;
  /** Whether a zone with rates serves the country, by the calculator's rule; null when no country was asked. */
  reaches: boolean | null;
  /** The lightest band's first price in that zone: the least a parcel costs there. */
  fromPriceMinor: number | null;
  /** Why it does not reach the country, in the caller's language (the calculator's 'destination' reason). */
  reason: string | null;
}

/**
 * Every active method of every active warehouse (warehouse order, then the operator's), and for a
 * country whether it reaches it and from what price. From the snapshot: no query.
 */
export async function shippingMethodsTo(
  db: DbOrUow,
  country: string | null,
  locale: Locale,
): Promise<MethodToCountry[]> {
  const snapshot = await logisticsSnapshot(db);
  const warehouses = [...snapshot.warehouses.values()]
    .filter((w) => w.active)
    .sort((a, b) => a.position - b.position || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return warehouses.flatMap((w) =>
    methodsForQuote(snapshot, w, locale).map((m) => {
      const zone = country === null ? undefined : pickZone(m, country);
      const reaches = country === null ? null : zone !== undefined && zone.rates.length > 0;
      return {
        methodId: m.id,
        code: m.code,
        name: m.name,
        warehouse: warehouseOption(snapshot, w, locale),
        minDays: m.minDays,
        maxDays: m.maxDays,
        reaches,
        fromPriceMinor: reaches && zone ? Math.min(...zone.rates.map((r) => r.firstPriceMinor)) : null,
        reason:
          reaches === false
            ? translate(locale, 'logistics.excluded.destination', { country: countryName(country!, locale) })
            : null,
      };
    }),
  );
}

/** One method by id, active or not (a rule keeps naming a method the operator turned off). */
export async function describeShippingMethod(
  db: DbOrUow,
  methodId: number,
  locale: Locale,
): Promise<(Omit<MethodToCountry, 'reaches' | 'fromPriceMinor' | 'reason'> & { active: boolean }) | null> {
  const snapshot = await logisticsSnapshot(db);
  const method = [...snapshot.methodsByCode.values()].find((m) => m.id === methodId);
  const warehouse = method && snapshot.warehouses.get(method.warehouseCode);
  if (!method || !warehouse) return null;
  return {
    methodId: method.id,
    code: method.code,
    name: pickLocalized(snapshot.methodNames.get(method.id) ?? [], locale)?.name ?? method.code,
    warehouse: warehouseOption(snapshot, warehouse, locale),
    minDays: method.minDays,
    maxDays: method.maxDays,
    active: method.active && warehouse.active,
  };
}

export function listAttributes(locale: Locale): Array<{ code: ShippingAttribute; name: string }> {
  return SHIPPING_ATTRIBUTE.map((code) => ({ code, name: translate(locale, `logistics.attributes.${code}`) }));
}

/** Words a quote in the caller's language, options and excluded methods alike. */
function present(result: Quote, to: string, locale: Locale): ShippingQuote {
  const dto: ShippingQuote = {
    options: result.options.map((o) => ({
      methodId: o.method.id,
      code: o.method.code,
      name: o.method.name,
      price: fromMinor(o.priceMinor),
      days: { min: o.method.minDays, max: o.method.maxDays },
      chargeableWeight: o.chargeableWeightG / 1000,
    })),
    excluded: result.excluded.map((e) => {
      const base = { methodId: e.method.id, code: e.method.code, name: e.method.name, reasonCode: e.reason };
      switch (e.reason) {
        case 'destination':
          return {
            ...base,
            reason: translate(locale, 'logistics.excluded.destination', { country: countryName(to, locale) }),
          };
        case 'attribute':
          return {
            ...base,
            reason: translate(locale, 'logistics.excluded.attribute', { goods: `logistics.goods.${e.attribute}` }),
          };
        case 'weight':
          return { ...base, reason: translate(locale, 'logistics.excluded.weight', { max: e.maxWeightG / 1000 }) };
      }
    }),
  };
  return dto;
}

function quoteFrom(
  snapshot: LogisticsSnapshot,
  warehouse: WarehouseRow,
  parcel: Parcel,
  locale: Locale,
): ShippingQuote {
  const methods = methodsForQuote(snapshot, warehouse, locale);
  return present(quote(methods, parcel), parcel.to, locale);
}

/** The calculator's "no option at all": the business error of SPEC §8, still carrying the reasons (0031). */
function requireOption(dto: ShippingQuote): ShippingQuote {
  if (dto.options.length === 0) throw AppError.business('no-shipping-method', 'logistics.not-found', {}, dto);
  return dto;
}

/** POST /api/logistics/calculate */
export async function calculateShipping(db: Db, body: CalculateShippingBody, locale: Locale): Promise<ShippingQuote> {
  const snapshot = await logisticsSnapshot(db);
  const warehouse = activeWarehouse(snapshot, body.from);
  const problems: Array<{ field: string; messageKey: string; params?: Record<string, unknown> }> = [];
  if (!warehouse)
    problems.push({ field: 'from', messageKey: 'logistics.unknown-warehouse', params: { code: body.from } });
  if (!isKnownCountry(body.to))
    problems.push({ field: 'to', messageKey: 'logistics.unknown-country', params: { code: body.to } });
  if (!warehouse || problems.length) throw AppError.invalid(problems);
  const document = body.type === 'document';
  const parcel: Parcel = {
    type: body.type,
    to: body.to,
    weightG: kgToGrams(body.weight),
    // A document is priced by actual weight: its sizes, if sent, do not matter.
    lengthHcm: document ? 0 : cmToHundredths(body.length ?? 0),
    widthHcm: document ? 0 : cmToHundredths(body.width ?? 0),
    heightHcm: document ? 0 : cmToHundredths(body.height ?? 0),
    attribute: body.attribute,
  };
  return requireOption(quoteFrom(snapshot, warehouse, parcel, locale));
}

/**
 * POST /api/logistics/prod/price: `count` units of a catalogue SKU from its product's warehouse.
 * Weight is unit weight × count; the units are stacked in one box (height × count), so the
 * volume grows with the count as well (decision 0032).
 */
export async function quoteProductShipping(
  db: Db,
  body: ProdShippingPriceBody,
  locale: Locale,
  skuShippingFacts: CatalogueReads['skuShippingFacts'],
): Promise<ShippingQuote> {
  if (!isKnownCountry(body.countryCode)) {
    throw AppError.invalid([
      { field: 'countryCode', messageKey: 'logistics.unknown-country', params: { code: body.countryCode } },
    ]);
  }
  const [facts, snapshot] = await Promise.all([skuShippingFacts(db, body.prodId, body.skuId), logisticsSnapshot(db)]);
  if (!facts || facts.status !== 'on') throw AppError.notFound('catalogue.product-not-found');
  const warehouse = activeWarehouse(snapshot, facts.warehouse);
  // A product page asks while the visitor browses: no method for that country is an answer
  // (empty options, the reasons in `excluded`), not an error (decision 0031).
  if (!warehouse) return { options: [], excluded: [] };
  const parcel: Parcel = {
    type: 'parcel',
    to: body.countryCode,
    weightG: kgToGrams(facts.weightKg) * body.count,
    lengthHcm: cmToHundredths(facts.lengthCm),
    widthHcm: cmToHundredths(facts.widthCm),
    heightHcm: cmToHundredths(facts.heightCm) * body.count,
    attribute: facts.attribute,
  };
  return quoteFrom(snapshot, warehouse, parcel, locale);
}
