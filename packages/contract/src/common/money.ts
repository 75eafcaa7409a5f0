/**
 * Money is integer minor units (cents) plus an ISO currency code, everywhere inside the system.
 * Amounts on the wire are decimal numbers with at most two places. Round once, where a rule says.
 */

/** 12.345 → 1235 (half-up, away from zero for negatives). Rejects non-finite input. */
export function toMinor(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  // Work on the decimal string so 1.005 is 1.005, not 1.00499999…
  const sign = amount < 0 ? -1 : 1;
  const [whole = '0', frac = ''] = Math.abs(amount).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  const roundUp = Number(frac[2] ?? '0') >= 5 ? 1 : 0;
  return sign * (cents + roundUp);
}

/** 1235 → 12.35 */
export function fromMinor(minor: number): number {
  return Math.round(minor) / 100;
}

/** True when a wire amount has at most two decimal places. */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/** Integer division of a/b rounded half-up (b > 0). */
export function divRoundHalfUp(a: number, b: number): number {
  const q = Math.floor(a / b);
  const r = a - q * b;
  return r * 2 >= b ? q + 1 : q;
}

/** Converts a USD minor amount into another currency with a rate (units per USD), half-up. */
export function convertMinor(usdMinor: number, rate: number): number {
  // rate carries up to 8 decimals; scale to integers to round once.
  const scaled = Math.round(rate * 1e8);
  return divRoundHalfUp(usdMinor * scaled, 1e8);
}
