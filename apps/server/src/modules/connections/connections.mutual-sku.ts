import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';

/**
 * The "mutual SKU" (SPEC §5, issue 23): a code in the owner's own store — a store variant's SKU —
 * that stands for a catalogue SKU because the variant is connected to it. Answers, for each given
 * code (compared without case) that some connected variant of the owner's live stores carries,
 * the catalogue SKU's id; when two variants carry one code, the most recently connected wins.
 */
export async function catalogueSkusOfStoreSkus(
  db: Db,
  userId: string,
  codes: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!codes.length) return out;
  const upper = [...new Set(codes.map((c) => c.toUpperCase()))];
  const rows = rawRows<{ code: string; sku_id: number }>(
    await db.execute(sql`
      select distinct on (upper(v.sku)) upper(v.sku) as code, c.sku_id
      from variant_connections c
      join store_variants v on v.id = c.variant_id
      join store_products p on p.id = c.store_product_id
      join stores s on s.id = p.store_id
      where c.user_id = ${userId} and s.status <> 'disconnected' and v.removed_at is null
        and upper(v.sku) in (select unnest(${sql.param(upper)}::text[]))
      order by upper(v.sku), c.connected_at desc`),
  );
  for (const r of rows) out.set(r.code, Number(r.sku_id));
  return out;
}
