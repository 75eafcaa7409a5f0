import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { ensureItem } from '../../src/modules/inventory/inventory.service';

/**
 * `units` of a SKU in the owner's private inventory at `warehouse`, bought and received: the
 * numbers and the two log lines that explain them (the ledger's discipline holds from the start).
 */
export async function heldUnits(
  db: Db,
  userId: string,
  sku: { prodId: number; skuId: number; skuCode: string; warehouse: string },
  units: number,
): Promise<string> {
  const itemId = await ensureItem(db, {
    userId,
    productId: sku.prodId,
    skuId: sku.skuId,
    skuCode: sku.skuCode,
    warehouse: sku.warehouse,
  });
  await db.execute(sql`update inventory_items set available = available + ${units} where id = ${itemId}`);
  await db.execute(sql`insert into inventory_log (item_id, reason, reference_type, reference_id, unreceived_delta)
    values (${itemId}, 'ordered', 'test', 'seed', ${units})`);
  await db.execute(sql`insert into inventory_log (item_id, reason, reference_type, reference_id, unreceived_delta, available_delta)
    values (${itemId}, 'received', 'test', 'seed', ${-units}, ${units})`);
  return itemId;
}
