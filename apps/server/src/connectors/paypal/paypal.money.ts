import { PayPalError } from './paypal.errors.js';

/**
 * PayPal takes amounts as decimal strings; our interface is integer minor units. PayPal's
 * currency list marks HUF, JPY and TWD as having no decimals accepted; everything we use has two.
 */
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);

function decimalsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

export function minorToPayPalValue(amountMinor: number, currency: string): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('amountMinor must be a positive integer');
  const d = decimalsOf(currency);
  if (d === 0) return String(amountMinor);
  const s = String(amountMinor).padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
}

/** Parses PayPal's `value` exactly (string arithmetic, no floating point). */
export function payPalValueToMinor(value: unknown, currency: string): number {
  const d = decimalsOf(currency);
  const m = typeof value === 'string' ? /^(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!m || (m[2]?.length ?? 0) > d)
    throw new PayPalError('unexpected', `PayPal answered an unreadable amount for ${currency}`);
  const minor = Number(m[1] + (m[2] ?? '').padEnd(d, '0'));
  if (!Number.isSafeInteger(minor)) throw new PayPalError('unexpected', 'PayPal answered an amount out of range');
  return minor;
}
