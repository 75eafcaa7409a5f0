import type { ShipmentType, ShippingAttribute } from '@dsm/contract';

/**
 * The shipping-fee rules, free of the database so the worked examples test them directly.
 * Everything is integers: grams, hundredths of a centimetre, USD minor units (0030).
 */

export interface Parcel {
  type: ShipmentType;
  /** ISO alpha-2 destination. */
  to: string;
  weightG: number;
  /** Sides in hundredths of a centimetre (0 for a document without sizes). */
  lengthHcm: number;
  widthHcm: number;
  heightHcm: number;
  attribute: ShippingAttribute;
}

export interface RateRow {
  maxWeightG: number | null;
  firstWeightG: number;
  firstPriceMinor: number;
  stepWeightG: number;
  stepPriceMinor: number;
}

export interface ZoneForQuote {
  countries: string[];
  rates: RateRow[];
}

export interface MethodForQuote {
  id: number;
  code: string;
  name: string;
  volumetricDivisor: number;
  minDays: number;
  maxDays: number;
  refusedAttributes: string[];
  /** The country of the warehouse it ships from: '*' never means that country. */
  warehouseCountry: string;
  zones: ZoneForQuote[];
}

export interface PricedOption {
  method: MethodForQuote;
  priceMinor: number;
  chargeableWeightG: number;
}

export type Exclusion =
  | { method: MethodForQuote; reason: 'destination' }
  | { method: MethodForQuote; reason: 'attribute'; attribute: ShippingAttribute }
  | { method: MethodForQuote; reason: 'weight'; maxWeightG: number; chargeableWeightG: number };

export interface Quote {
  options: PricedOption[];
  excluded: Exclusion[];
}

/** kg with at most two decimals → grams. */
export function kgToGrams(kg: number): number {
  return Math.round(kg * 1000);
}

/** cm with at most two decimals → hundredths of a cm. */
export function cmToHundredths(cm: number): number {
  return Math.round(cm * 100);
}

/**
 * Volumetric weight in grams: L×W×H (cm³) / divisor (cm³ per kg), rounded up to the gram as
 * carriers round up. BigInt because 1000 cm sides in hundredths overflow a double's integers.
 */
export function volumetricGrams(p: Pick<Parcel, 'lengthHcm' | 'widthHcm' | 'heightHcm'>, divisor: number): number {
  const volume = BigInt(p.lengthHcm) * BigInt(p.widthHcm) * BigInt(p.heightHcm); // (0.01 cm)³
  // grams = volume / 1e6 (→ cm³) / divisor (→ kg) × 1000 (→ g) = volume / (1000 × divisor)
  const denominator = 1000n * BigInt(divisor);
  return Number((volume + denominator - 1n) / denominator);
}

/** The weight a carrier charges: the larger of actual and volumetric; a document by actual only. */
export function chargeableGrams(p: Parcel, divisor: number): number {
  if (p.type === 'document') return p.weightG;
  return Math.max(p.weightG, volumetricGrams(p, divisor));
}

/** first price + every started step beyond the first weight × step price; integers, no rounding. */
export function rateMinor(rate: RateRow, grams: number): number {
  const beyond = Math.max(0, grams - rate.firstWeightG);
  const steps = Math.ceil(beyond / rate.stepWeightG);
  return rate.firstPriceMinor + steps * rate.stepPriceMinor;
}

/** The band that holds the weight: the smallest max weight ≥ grams; an open band comes last. */
export function pickRate(rates: RateRow[], grams: number): RateRow | undefined {
  const sorted = [...rates].sort((a, b) => (a.maxWeightG ?? Infinity) - (b.maxWeightG ?? Infinity));
  return sorted.find((r) => r.maxWeightG === null || grams <= r.maxWeightG);
}

/** The largest weight a zone takes, or null when one band has no limit. */
export function zoneMaxGrams(zone: ZoneForQuote): number | null {
  if (zone.rates.some((r) => r.maxWeightG === null)) return null;
  return Math.max(...zone.rates.map((r) => r.maxWeightG ?? 0));
}

/**
 * The zone serving a country: one that lists it by name wins; else the '*' zone, which is the
 * rest of the world abroad and so never the warehouse's own country.
 */
export function pickZone(method: MethodForQuote, country: string): ZoneForQuote | undefined {
  const named = method.zones.find((z) => z.countries.includes(country));
  if (named) return named;
  if (country === method.warehouseCountry) return undefined;
  return method.zones.find((z) => z.countries.includes('*'));
}

/** Prices one method, or says why it cannot carry the parcel (destination, attribute, weight). */
export function quoteMethod(method: MethodForQuote, parcel: Parcel): PricedOption | Exclusion {
  const zone = pickZone(method, parcel.to);
  if (!zone || zone.rates.length === 0) return { method, reason: 'destination' };
  if (method.refusedAttributes.includes(parcel.attribute)) {
    return { method, reason: 'attribute', attribute: parcel.attribute };
  }
  const grams = chargeableGrams(parcel, method.volumetricDivisor);
  const rate = pickRate(zone.rates, grams);
  if (!rate) return { method, reason: 'weight', maxWeightG: zoneMaxGrams(zone) ?? 0, chargeableWeightG: grams };
  return { method, priceMinor: rateMinor(rate, grams), chargeableWeightG: grams };
}

/** Every method's answer: the options cheapest first (then fastest), the exclusions in method order. */
export function quote(methods: MethodForQuote[], parcel: Parcel): Quote {
  const options: PricedOption[] = [];
  const excluded: Exclusion[] = [];
  for (const method of methods) {
    const result = quoteMethod(method, parcel);
    if ('reason' in result) excluded.push(result);
    else options.push(result);
  }
  options.sort(
    (a, b) =>
      a.priceMinor - b.priceMinor || a.method.maxDays - b.method.maxDays || a.method.code.localeCompare(b.method.code),
  );
  return { options, excluded };
}
