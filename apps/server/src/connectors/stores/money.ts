import type { StorePrice } from './store-platform.js';

/**
 * Decimals per currency code, worked out once each: an `Intl.NumberFormat` made for every price
 * cost a store-order import about 1 % of its CPU (decision 0146).
 */
const decimalsOf = new Map<string, number>();

/** Digits after the point in a currency (JPY 0, USD 2, BHD 3), from the runtime's ISO 4217 data. */
export function currencyDecimals(currency: string): number {
  const known = decimalsOf.get(currency);
  if (known !== undefined) return known;
  let decimals = 2;
  try {
    decimals =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    decimals = 2;
  }
  // Codes are few (ISO 4217); anything else is not kept, so odd input cannot grow the map.
  if (/^[A-Z]{3}$/.test(currency)) decimalsOf.set(currency, decimals);
  return decimals;
}

/**
 * "19.99" → 1999 by string arithmetic (no floating point); more decimals than the currency has
 * are rounded half up, as the store displays them. Blank or unreadable prices → null.
 */
export function decimalToMinor(value: string | null | undefined, currency: string | null): StorePrice | null {
  if (!currency || typeof value !== 'string') return null;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return null;
  const d = currencyDecimals(currency);
  const frac = m[2] ?? '';
  let minor = Number(m[1] + frac.slice(0, d).padEnd(d, '0'));
  if (frac.length > d && Number(frac[d]) >= 5) minor += 1;
  return Number.isSafeInteger(minor) ? { amount: minor, currency } : null;
}

/** 1999 → "19.99" in the currency's own decimals (JPY 1999 → "1999"), by string arithmetic. */
export function minorToDecimal(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not a price in minor units: ${minor}`);
  const d = currencyDecimals(currency);
  if (d === 0) return String(minor);
  const s = String(minor).padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
}
