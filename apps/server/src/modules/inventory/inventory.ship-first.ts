import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { OrderChange } from '../orders/orders.service';
import { move } from './inventory.ledger';

/**
 * Orders that ship from the owner's private inventory first (issue 24, decision 0129). A quote
 * asks which of the owner's SKUs are held, switched on, in which warehouse and how many are
 * available (`shipFirstStock`); paying reserves them (available → frozen, one log line per item
 * with the order as reference) in the payment's unit of work; the order's ship takes the frozen
 * units out, its cancel gives them back. What an order holds is read from the log itself (the
 * sum of its lines' frozen deltas), so every reaction is safe to run again and there is no second
 * record to drift from the numbers.
 */

/** The reference every line about an order carries: the order, known to the owner by its number. */
const orderReference = (order: { id: string; number: string }) => ({
  type: 'order',
  id: order.id,
  label: order.number,
});

export interface HeldStock {
  itemId: string;
  available: number;
}

/** `${skuId}|${warehouse}` → the owner's item there, for the SKUs the owner ships from stock first. */
export async function shipFirstStock(
  db: Db,
  userId: string,
  skuIds: readonly number[],
): Promise<Map<string, HeldStock>> {
  const out = new Map<string, HeldStock>();
  if (!skuIds.length) return out;
  const rows = rawRows<{ id: string; sku_id: number; warehouse: string; available: number }>(
    await db.execute(sql`select id, sku_id, warehouse, available from inventory_items
      where user_id = ${userId} and ship_first and available > 0
        and sku_id in (${sql.join(
          [...new Set(skuIds)].map((id) => sql`${id}`),
          sql`, `,
        )})`),
  );
  for (const r of rows)
    out.set(stockKey(Number(r.sku_id), r.warehouse), { itemId: String(r.id), available: Number(r.available) });
  return out;
}

const stockKey = (skuId: number, warehouse: string) => `${skuId}|${warehouse}`;

/**
 * The item a line ships from when the owner holds all its units, switched on, in the warehouse
 * the shipment leaves from (so it reaches the destination); the units are then promised to it in
 * `taken` (units promised to earlier lines or orders of the same quote). A line the stock cannot
 * cover whole is bought whole (decision 0129). Store orders' quote and checkout's confirm both
 * decide with it, so a catalogue order and a store order choose the same way.
 */
export function takeHeld(
  held: ReadonlyMap<string, HeldStock>,
  taken: Map<string, number>,
  skuId: number,
  warehouse: string,
  count: number,
): string | null {
  const key = stockKey(skuId, warehouse);
  const item = held.get(key);
  if (!item || item.available - (taken.get(key) ?? 0) < count) return null;
  taken.set(key, (taken.get(key) ?? 0) + count);
  return item.itemId;
}

/**
 * Reserves `count` units of each item for the order: all or nothing. Items are taken in id order
 * so two orders reserving the same items queue instead of deadlocking. False when one is short
 * now (another order took the units since the quote): the caller rolls its unit of work back.
 */
export async function reserveForOrder(
  uow: UnitOfWork,
  order: { id: string; number: string },
  lines: ReadonlyArray<{ itemId: string; count: number }>,
): Promise<boolean> {
  for (const l of [...lines].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
    const moved = await move(
      uow.tx,
      l.itemId,
      { available: -l.count, frozen: l.count },
      'reserved',
      orderReference(order),
    );
    if (!moved) return false;
  }
  return true;
}

/** What the order holds frozen, per item: the sum of its lines' frozen deltas. */
async function heldByOrder(db: Db, orderId: string) {
  return rawRows<{ item_id: string; held: number }>(
    await db.execute(sql`select item_id, sum(frozen_delta)::int as held from inventory_log
      where reference_type = 'order' and reference_id = ${orderId}
      group by item_id having sum(frozen_delta) > 0 order by item_id`),
  ).map((r) => ({ itemId: String(r.item_id), held: Number(r.held) }));
}

async function settle(uow: UnitOfWork, order: { id: string; number: string }, how: 'shipped' | 'released') {
  for (const { itemId, held } of await heldByOrder(uow.tx, order.id)) {
    const deltas = how === 'shipped' ? { frozen: -held } : { frozen: -held, available: held };
    if (!(await move(uow.tx, itemId, deltas, how, orderReference(order))))
      throw new Error(`inventory ${itemId}: frozen would go below zero for order ${order.id}`);
  }
}

/**
 * The reactions composition.ts subscribes on the order state machine: shipped → the frozen units
 * leave; trashed, expired or cancelled for a refund → they are available again; restored from the
 * draft box → reserved again (refused, so nothing is restored, when the units are gone).
 */
export const shipFirstReactions = {
  orderShipped: (uow: UnitOfWork, { after }: OrderChange) => settle(uow, after, 'shipped'),
  orderCancelled: (uow: UnitOfWork, { after }: OrderChange) => settle(uow, after, 'released'),
  async orderRestored(uow: UnitOfWork, { after }: OrderChange) {
    // Every reservation of one order takes the same units: the first one says how many.
    const lines = rawRows<{ item_id: string; count: number }>(
      await uow.tx.execute(sql`select distinct on (item_id) item_id, frozen_delta as count from inventory_log
        where reference_type = 'order' and reference_id = ${after.id} and reason = 'reserved'
        order by item_id, id`),
    ).map((r) => ({ itemId: String(r.item_id), count: Number(r.count) }));
    if (lines.length && !(await reserveForOrder(uow, after, lines)))
      throw AppError.conflict('out-of-stock', 'inventory.ship-first-gone');
  },
};

/**
 * The owner's per-SKU switch: off, quotes buy this SKU as if the stock were not there (units
 * already reserved for paid orders stay reserved). Another user's item → 404, nothing written.
 */
export async function setShipFirst(db: Db, userId: string, itemId: string, on: boolean): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) throw AppError.notFound('inventory.not-found');
  const rows = rawRows<{ id: string }>(
    await db.execute(sql`update inventory_items set ship_first = ${on}, updated_at = now()
      where id = ${itemId} and user_id = ${userId} returning id`),
  );
  if (!rows.length) throw AppError.notFound('inventory.not-found');
}
