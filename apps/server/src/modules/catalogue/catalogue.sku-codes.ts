import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { skus } from './catalogue.tables';

/**
 * Catalogue SKU ids by code, compared without case (the Excel import matches a row's SKU this way
 * when it is not one of the owner's connected store SKUs). Codes not found are absent.
 */
export async function skuIdsByCode(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))];
  for (let i = 0; i < upper.length; i += 1000) {
    const rows = await db
      .select({ id: skus.id, code: sql<string>`upper(${skus.skuCode})` })
      .from(skus)
      .where(inArray(sql`upper(${skus.skuCode})`, upper.slice(i, i + 1000)));
    for (const r of rows) out.set(r.code, r.id);
  }
  return out;
}
