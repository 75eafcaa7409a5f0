import type { InventoryOrder, InventoryOrderState } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { type OrderChange, type OrderRow, applyLocked, lockOrder } from '../orders/orders.service';
import { paidWith } from '../payments/payments.service';
import { refund } from '../wallet/wallet.service';
import {
  assertBalancePaid,
  chargeBalance,
  lockWalletOfDepositOrder,
  returnDepositOnCancel,
  settleReceived,
} from './inventory.deposit';
import { ensureItem, move } from './inventory.ledger';
import { CANCELLABLE, inventoryOrderById } from './inventory.read';

interface LineRow {
  position: number;
  product_id: number;
  sku_id: number;
  sku_code: string;
  warehouse: string;
  quantity: number;
  received: number;
}

/** The inventory order of `orderId` locked FOR UPDATE (after its order: the lock order), with its lines. */
async function lockInventoryOrder(db: Db, orderId: string) {
  const [head] = rawRows<{ user_id: string; state: InventoryOrderState }>(
    await db.execute(sql`select user_id, state from inventory_orders where order_id = ${orderId} for update`),
  );
  if (!head) throw AppError.notFound('inventory.not-found');
  const lines = rawRows<LineRow>(
    await db.execute(sql`select * from inventory_order_lines where order_id = ${orderId} order by position`),
  );
  return { userId: String(head.user_id), state: head.state, lines };
}

async function setState(db: Db, orderId: string, state: InventoryOrderState) {
  await db.execute(sql`update inventory_orders set state = ${state}, updated_at = now() where order_id = ${orderId}`);
}

const referenceOf = (order: Pick<OrderRow, 'id' | 'number'>) => ({
  type: 'inventory-order',
  id: order.id,
  label: order.number,
});

/** Each line's pieces as unreceived stock (paid) or back out of it (cancelled before purchase). */
async function moveUnreceived(uow: UnitOfWork, order: OrderRow, lines: LineRow[], sign: 1 | -1) {
  for (const l of lines) {
    const itemId = await ensureItem(uow.tx, {
      userId: order.userId,
      productId: Number(l.product_id),
      skuId: Number(l.sku_id),
      skuCode: l.sku_code,
      warehouse: l.warehouse,
    });
    const reason = sign > 0 ? 'ordered' : 'order-cancelled';
    const moved = await move(uow.tx, itemId, { unreceived: sign * Number(l.quantity) }, reason, referenceOf(order));
    if (!moved) throw new Error(`inventory ${itemId}: unreceived would go below zero`);
  }
}

/**
 * Reactions to the orders module (composition.ts subscribes them): an inventory order paid (by
 * the wallet, a top-up of a held payment or PayPal) becomes "to be purchased" and its pieces show
 * as unreceived; one trashed or expired unpaid is cancelled. Other orders are not ours.
 */
export const inventoryReactions = {
  async orderPaid(uow: UnitOfWork, change: OrderChange): Promise<void> {
    if (change.after.source !== 'inventory') return;
    const io = await lockInventoryOrder(uow.tx, change.after.id);
    if (io.state !== 'awaiting-payment') return;
    await moveUnreceived(uow, change.after, io.lines, 1);
    await setState(uow.tx, change.after.id, 'to-be-purchased');
  },
  async orderGone(uow: UnitOfWork, change: OrderChange): Promise<void> {
    if (change.after.source !== 'inventory') return;
    const io = await lockInventoryOrder(uow.tx, change.after.id);
    if (io.state === 'awaiting-payment') await setState(uow.tx, change.after.id, 'cancelled');
  },
  /** Restored from the draft box: it awaits payment again. */
  async orderRestored(uow: UnitOfWork, change: OrderChange): Promise<void> {
    if (change.after.source !== 'inventory') return;
    const io = await lockInventoryOrder(uow.tx, change.after.id);
    if (io.state === 'cancelled') await setState(uow.tx, change.after.id, 'awaiting-payment');
  },
};

/**
 * PUT /api/p/private-inventory-order/cancel/{id}, as named steps in one unit of work: lock the
 * owner's order (another's → 404) → lock its inventory order → unpaid: trash the order (payments
 * gives up a held payment; the reaction above cancels) → paid, not yet purchased: the whole
 * amount back to the wallet through the ledger, fee-free, once → the unreceived pieces out →
 * "cancelled". Once the operator has bought the goods → 409, nothing written.
 */
export async function cancelInventoryOrder(uow: UnitOfWork, userId: string, orderId: string): Promise<InventoryOrder> {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw AppError.notFound('inventory.not-found');
  const order = await lockOrder(uow.tx, orderId, userId).catch(() => {
    throw AppError.notFound('inventory.not-found');
  });
  const io = await lockInventoryOrder(uow.tx, orderId);
  if (!CANCELLABLE.includes(io.state))
    throw AppError.conflict('inventory-transition-refused', 'inventory.not-cancellable', { number: order.number });
  const actor = { type: 'user' as const, id: userId };
  if (io.state === 'awaiting-payment') {
    await applyLocked(uow, order, 'trash', actor);
  } else {
    // A deposit order (decision 0130) gives back its deposit; one paid in full, its payment.
    const payment = (await returnDepositOnCancel(uow, order)) ? null : await paidWith(uow.tx, orderId);
    if (payment && order.totalMinor > 0)
      await refund(uow, payment, order.totalMinor, {
        postAs: referenceOf(order),
        uniqueKey: `inventory-cancel:${orderId}`,
      });
    await moveUnreceived(uow, order, io.lines, -1);
    await applyLocked(uow, order, 'refunded', actor, { reason: 'inventory order cancelled before purchase' });
    await setState(uow.tx, orderId, 'cancelled');
  }
  return (await inventoryOrderById(uow.tx, orderId, userId))!;
}

/**
 * The operator bought the goods: "to be purchased" → "ready to stock" (the order → purchasing);
 * a deposit order's balance is charged now (decision 0130), or held until a top-up.
 */
export async function purchaseInventoryOrder(uow: UnitOfWork, operatorId: string | null, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw AppError.notFound('inventory.not-found');
  await lockWalletOfDepositOrder(uow, orderId);
  const order = await lockOrder(uow.tx, orderId);
  const io = await lockInventoryOrder(uow.tx, orderId);
  if (io.state !== 'to-be-purchased')
    throw AppError.conflict('inventory-transition-refused', 'inventory.not-purchasable', { number: order.number });
  await applyLocked(uow, order, 'purchase', { type: 'operator', id: operatorId });
  await setState(uow.tx, orderId, 'ready-to-stock');
  await chargeBalance(uow, order);
  return (await inventoryOrderById(uow.tx, orderId))!;
}

/**
 * The warehouse received (part of) the goods: for each SKU, at most what is still to come moves
 * from unreceived to available with a "received" line; the order is "in stock" from the first
 * receipt on (the lines say how much of each has arrived).
 */
export async function receiveInventoryOrder(
  uow: UnitOfWork,
  operatorId: string | null,
  orderId: string,
  receipts: ReadonlyArray<{ skuId: number; quantity: number }>,
) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw AppError.notFound('inventory.not-found');
  const order = await lockOrder(uow.tx, orderId);
  const io = await lockInventoryOrder(uow.tx, orderId);
  if (io.state !== 'ready-to-stock' && io.state !== 'in-stock')
    throw AppError.conflict('inventory-transition-refused', 'inventory.not-receivable', { number: order.number });
  await assertBalancePaid(uow.tx, order);
  for (const [i, r] of receipts.entries()) {
    const line = io.lines.find((l) => Number(l.sku_id) === r.skuId && l.quantity - l.received > 0);
    const anyLine = io.lines.find((l) => Number(l.sku_id) === r.skuId);
    if (!anyLine)
      throw AppError.invalid([
        { field: `lines.${i}`, messageKey: 'inventory.receive-unknown-sku', params: { sku: r.skuId } },
      ]);
    const left = line ? line.quantity - line.received : 0;
    if (!line || r.quantity > left)
      throw AppError.invalid([
        { field: `lines.${i}`, messageKey: 'inventory.receive-too-many', params: { sku: anyLine.sku_code, left } },
      ]);
    line.received += r.quantity;
    await uow.tx.execute(sql`update inventory_order_lines set received = received + ${r.quantity}
      where order_id = ${orderId} and position = ${line.position}`);
    const itemId = await ensureItem(uow.tx, {
      userId: order.userId,
      productId: Number(line.product_id),
      skuId: Number(line.sku_id),
      skuCode: line.sku_code,
      warehouse: line.warehouse,
    });
    const moved = await move(
      uow.tx,
      itemId,
      { unreceived: -r.quantity, available: r.quantity },
      'received',
      referenceOf(order),
      { actorId: operatorId },
    );
    if (!moved) throw new Error(`inventory ${itemId}: received more than was unreceived`);
  }
  await setState(uow.tx, orderId, 'in-stock');
  const pieces = (key: 'quantity' | 'received') => io.lines.reduce((sum, l) => sum + Number(l[key]), 0);
  await settleReceived(uow, order, pieces('received'), pieces('quantity'));
  return (await inventoryOrderById(uow.tx, orderId))!;
}

/** The operator's correction of an item's available pieces, with the reason the owner reads. */
export async function adjustItem(
  uow: UnitOfWork,
  operatorId: string | null,
  itemId: string,
  delta: number,
  reason: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) throw AppError.notFound('inventory.not-found');
  const [item] = rawRows<{ available: number }>(
    await uow.tx.execute(sql`select available from inventory_items where id = ${itemId}`),
  );
  if (!item) throw AppError.notFound('inventory.not-found');
  const moved = await move(
    uow.tx,
    itemId,
    { available: delta },
    'adjusted',
    { type: 'adjustment', id: itemId },
    {
      note: reason,
      actorId: operatorId,
    },
  );
  if (!moved)
    throw AppError.conflict('inventory-short', 'inventory.adjust-below-zero', { available: Number(item.available) });
  return moved;
}
