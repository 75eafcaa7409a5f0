import type { Db } from '../../db/client';
import { skuIdsByCode } from '../catalogue/catalogue.service';
import { catalogueSkusOfStoreSkus } from '../connections/connections.service';
import { type ParsedSheet, withOrderRows } from './excel-imports.rows';
import type { MatchedOrder, RowError } from './excel-imports.types';

export type { MatchedOrder } from './excel-imports.types';

/**
 * Each line's SKU matched: first the owner's store SKU through a connection (the mutual SKU),
 * else a catalogue SKU code (compared without case). An order with an unknown SKU, or with any
 * row in error, is left out whole, every row of it in the errors.
 */
export async function matchSkus(db: Db, userId: string, parsed: ParsedSheet) {
  const codes = [...new Set(parsed.orders.flatMap((o) => o.lines.map((l) => l.sku.toUpperCase())))];
  const mutual = await catalogueSkusOfStoreSkus(db, userId, codes);
  const catalogue = await skuIdsByCode(
    db,
    codes.filter((c) => !mutual.has(c)),
  );
  const errors: RowError[] = [...parsed.errors.filter((e) => e.expected.key !== 'order-row')];
  const bad = new Set(parsed.errors.map((e) => e.row));
  const badNumbers = new Set(parsed.orders.filter((o) => o.rows.some((r) => bad.has(r))).map((o) => o.number));
  const valid: MatchedOrder[] = [];
  for (const o of parsed.orders) {
    const lines: MatchedOrder['lines'] = [];
    for (const l of o.lines) {
      const skuId = mutual.get(l.sku.toUpperCase()) ?? catalogue.get(l.sku.toUpperCase());
      if (skuId === undefined) {
        errors.push({ row: l.row, column: 'sku', value: l.sku, expected: { key: 'sku-unknown' } });
        badNumbers.add(o.number);
      } else lines.push({ ...l, skuId });
    }
    if (!badNumbers.has(o.number)) valid.push({ ...o, lines });
  }
  return {
    valid,
    failCount: badNumbers.size,
    errors: withOrderRows(errors, parsed.orders, badNumbers),
  };
}
