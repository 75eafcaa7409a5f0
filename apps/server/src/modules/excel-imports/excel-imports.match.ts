import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { skus } from '../catalogue/catalogue.tables';
import { catalogueSkusOfStoreSkus } from '../connections/connections.service';
import { type ParsedOrder, type ParsedSheet, type RowError, withOrderRows } from './excel-imports.rows';

/** A valid order with each line's catalogue SKU, as it waits between preview and import. */
export interface MatchedOrder extends Omit<ParsedOrder, 'lines'> {
  lines: Array<ParsedOrder['lines'][number] & { skuId: number }>;
}

/**
 * Each line's SKU matched: first the owner's store SKU through a connection (the mutual SKU),
 * else a catalogue SKU code (compared without case). An order with an unknown SKU, or with any
 * row in error, is left out whole, every row of it in the errors.
 */
export async function matchSkus(db: Db, userId: string, parsed: ParsedSheet) {
  const codes = [...new Set(parsed.orders.flatMap((o) => o.lines.map((l) => l.sku.toUpperCase())))];
  const mutual = await catalogueSkusOfStoreSkus(db, userId, codes);
  const rest = codes.filter((c) => !mutual.has(c));
  const catalogue = new Map<string, number>();
  for (let i = 0; i < rest.length; i += 1000) {
    const chunk = rest.slice(i, i + 1000);
    const rows = await db
      .select({ id: skus.id, code: sql<string>`upper(${skus.skuCode})` })
      .from(skus)
      .where(inArray(sql`upper(${skus.skuCode})`, chunk));
    for (const r of rows) catalogue.set(r.code, r.id);
  }
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
