import { bigint } from 'drizzle-orm/pg-core';

/**
 * A money column in integer minor units (cents, kuruş) that may hold a sum: ledger entries,
 * wallet balances, order totals, payouts. `bigint` in the database, so a sum never overflows
 * PostgreSQL's 32-bit `integer` (21.4 million dollars); a JS number in code (mode 'number'),
 * exact up to 2^53 minor units (90 trillion dollars), so arithmetic stays plain integer maths.
 * Name it `<what>_minor` (STYLE: money columns end in `_minor`); the currency goes in a column
 * beside it. Per-item prices (a SKU's price, a shipping rate) may stay `integer`: see
 * docs/decisions/0066-conventions.md.
 */
export function moneyMinor<N extends `${string}_minor`>(name: N) {
  return bigint(name, { mode: 'number' });
}
