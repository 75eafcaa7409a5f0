import type { InventoryLogReason } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';

/**
 * The inventory's one writing function (decision 0126), the same discipline as the wallet's
 * ledger: a number changes only in the statement that appends its log line, so the numbers are
 * always the sums of the log; a move that would take a number below zero changes nothing and
 * says so (the table's checks refuse it too). Concurrent moves of one item queue on its row:
 * PostgreSQL re-checks the guard on the row as the earlier move left it, so 50 reservations
 * racing for 10 units reserve exactly 10.
 */

export interface ItemKey {
  userId: string;
  productId: number;
  skuId: number;
  skuCode: string;
  warehouse: string;
}

export interface Deltas {
  available?: number;
  frozen?: number;
  unreceived?: number;
}

export interface Reference {
  type: string;
  id: string;
  label?: string;
}

export interface Moved {
  itemId: string;
  available: number;
  frozen: number;
  unreceived: number;
}

/** The item's id, created with zeros the first time the owner stocks that SKU in that warehouse. */
export async function ensureItem(db: Db, key: ItemKey): Promise<string> {
  const [row] = rawRows<{ id: string }>(
    await db.execute(sql`
      with made as (
        insert into inventory_items (user_id, product_id, sku_id, sku_code, warehouse)
        values (${key.userId}, ${key.productId}, ${key.skuId}, ${key.skuCode}, ${key.warehouse})
        on conflict (user_id, sku_id, warehouse) do nothing returning id)
      select id from made
      union all
      select id from inventory_items where user_id = ${key.userId} and sku_id = ${key.skuId} and warehouse = ${key.warehouse}
      limit 1`),
  );
  if (row) return String(row.id);
  // Another transaction made it after this statement's snapshot: it is committed now.
  const [again] = rawRows<{ id: string }>(
    await db.execute(sql`select id from inventory_items
      where user_id = ${key.userId} and sku_id = ${key.skuId} and warehouse = ${key.warehouse}`),
  );
  return String(again!.id);
}

/**
 * Moves the item's numbers by `deltas` and appends the line, in one statement; null (and nothing
 * written) when a number would go below zero.
 */
export async function move(
  db: Db,
  itemId: string,
  deltas: Deltas,
  reason: InventoryLogReason,
  reference: Reference,
  opts: { note?: string; actorId?: string | null } = {},
): Promise<Moved | null> {
  const a = deltas.available ?? 0;
  const f = deltas.frozen ?? 0;
  const u = deltas.unreceived ?? 0;
  if (a === 0 && f === 0 && u === 0) throw new Error('inventory move without a change');
  const [row] = rawRows<{ id: string; available: number; frozen: number; unreceived: number }>(
    await db.execute(sql`
      with moved as (
        update inventory_items set available = available + ${a}, frozen = frozen + ${f},
          unreceived = unreceived + ${u}, updated_at = now()
        where id = ${itemId} and available + ${a} >= 0 and frozen + ${f} >= 0 and unreceived + ${u} >= 0
        returning id, available, frozen, unreceived),
      line as (
        insert into inventory_log (item_id, reason, reference_type, reference_id, reference_label, note,
          available_delta, frozen_delta, unreceived_delta, actor_id)
        select id, ${reason}, ${reference.type}, ${reference.id}, ${reference.label ?? ''}, ${opts.note ?? ''},
          ${a}, ${f}, ${u}, ${opts.actorId ?? null} from moved)
      select * from moved`),
  );
  if (!row) return null;
  return {
    itemId: String(row.id),
    available: Number(row.available),
    frozen: Number(row.frozen),
    unreceived: Number(row.unreceived),
  };
}

/** available → frozen for a store order: all of `quantity` or nothing (false). */
export async function reserve(db: Db, itemId: string, quantity: number, reference: Reference): Promise<boolean> {
  return (await move(db, itemId, { available: -quantity, frozen: quantity }, 'reserved', reference)) !== null;
}

/** frozen → available: the store order was cancelled. */
export async function release(db: Db, itemId: string, quantity: number, reference: Reference): Promise<boolean> {
  return (await move(db, itemId, { available: quantity, frozen: -quantity }, 'released', reference)) !== null;
}

/** − frozen: the reserved units left the warehouse with the store order. */
export async function shipOut(db: Db, itemId: string, quantity: number, reference: Reference): Promise<boolean> {
  return (await move(db, itemId, { frozen: -quantity }, 'shipped', reference)) !== null;
}

/** Items whose numbers differ from the sums of their log lines (none, unless something bypassed `move`). */
export async function unreconciledItems(db: Db, userId?: string): Promise<string[]> {
  const rows = rawRows<{ id: string }>(
    await db.execute(sql`
      select i.id from inventory_items i
      left join (select item_id, sum(available_delta) a, sum(frozen_delta) f, sum(unreceived_delta) u
        from inventory_log group by item_id) s on s.item_id = i.id
      where (${userId ?? null}::uuid is null or i.user_id = ${userId ?? null}::uuid)
        and (i.available <> coalesce(s.a, 0) or i.frozen <> coalesce(s.f, 0) or i.unreceived <> coalesce(s.u, 0))`),
  );
  return rows.map((r) => String(r.id));
}
