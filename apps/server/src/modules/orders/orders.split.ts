import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { createOrder } from './orders.create';
import { type OrderLineRow, type OrderRow, lockOrder } from './orders.queries';
import { type Actor, applyLocked, assertAllowed } from './orders.states';
import { orderLines, orders } from './orders.tables';

/**
 * Splitting an unpaid order into child orders, and merging them back (decision 0081).
 *
 * Money rule: each child's goods is the sum of its lines (unit price × quantity, exact). Shipping,
 * service fee, tax and discount are each shared in proportion to the children's goods, rounded
 * down to the minor unit, and the last child takes what is left, so every amount of the children
 * sums to the parent's exactly. Tax is a rate on goods, so its share is the true one up to the
 * rounding; shipping is priced by weight and destination, so its share is an apportionment of
 * what the user was quoted, not a new quote (the user pays the same in total).
 */

/** `amount` shared by `weights` (integers ≥ 0): floor of each share, the remainder on the last. */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + BigInt(w), 0n);
  const out: number[] = [];
  let given = 0;
  weights.forEach((w, i) => {
    if (i === weights.length - 1) out.push(amount - given);
    else {
      // BigInt: amount × weight may pass 2^53 for large orders.
      const part = total === 0n ? 0 : Number((BigInt(amount) * BigInt(w)) / total);
      out.push(part);
      given += part;
    }
  });
  return out;
}

/** by-sku: one child per SKU; items: the listed groups plus one child for whatever is left. */
export type SplitGroups =
  | { mode: 'by-sku' }
  | { mode: 'items'; groups: Array<Array<{ lineId: string; quantity: number }>> };

type Piece = { line: OrderLineRow; quantity: number };

function piecesOf(lines: OrderLineRow[], split: SplitGroups): Piece[][] {
  if (split.mode === 'by-sku') {
    const bySku = new Map<number, Piece[]>();
    for (const line of lines)
      bySku.set(line.skuId, [...(bySku.get(line.skuId) ?? []), { line, quantity: line.quantity }]);
    return [...bySku.values()];
  }
  const byId = new Map(lines.map((l) => [l.id, l]));
  const left = new Map(lines.map((l) => [l.id, l.quantity]));
  const groups: Piece[][] = split.groups.map((group, g) => {
    const taken = new Map<string, number>();
    group.forEach((item, i) => {
      if (!byId.has(item.lineId))
        throw AppError.invalid([{ field: `groups.${g}.${i}.lineId`, messageKey: 'orders.split-line-unknown' }]);
      const rest = left.get(item.lineId)! - item.quantity;
      if (!(item.quantity > 0) || rest < 0)
        throw AppError.invalid([{ field: `groups.${g}.${i}.quantity`, messageKey: 'orders.split-quantity-exceeds' }]);
      left.set(item.lineId, rest);
      taken.set(item.lineId, (taken.get(item.lineId) ?? 0) + item.quantity);
    });
    return [...taken].map(([id, quantity]) => ({ line: byId.get(id)!, quantity }));
  });
  const remainder = lines.filter((l) => left.get(l.id)! > 0).map((line) => ({ line, quantity: left.get(line.id)! }));
  if (remainder.length) groups.push(remainder);
  return groups;
}

async function linesOf(db: Db, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/**
 * Splits an order awaiting payment into child orders (each awaiting payment, with the parent's
 * addresses and shipping method); the parent moves to `split` and its event lists the children.
 * Returns the children in order.
 */
export async function splitOrder(
  db: DbOrUow,
  orderId: string,
  split: SplitGroups,
  actor: Actor,
  { ownerId }: { ownerId?: string } = {},
): Promise<OrderRow[]> {
  return inTransaction(db, async (uow) => {
    const parent = await lockOrder(uow.tx, orderId, ownerId);
    assertAllowed(parent, 'split');
    const lines = await linesOf(uow.tx, parent.id);
    // The owner's inventory units are reserved under this order's reference (decisions 0129,
    // 0139): its children would ship or be trashed without moving them, so it stays whole.
    if (lines.some((l) => l.fromInventory))
      throw AppError.conflict('order-transition-refused', 'orders.split-from-inventory', {}, { event: 'split' });
    const groups = piecesOf(lines, split);
    if (groups.length < 2) throw AppError.invalid([{ field: 'groups', messageKey: 'orders.split-needs-two' }]);
    const goods = groups.map((g) => g.reduce((s, p) => s + p.line.unitPriceMinor * p.quantity, 0));
    const [shipping, fee, tax, discount] = [
      parent.shippingMinor,
      parent.serviceFeeMinor,
      parent.taxMinor,
      parent.discountMinor,
    ].map((a) => shareByWeight(a, goods));
    const children: OrderRow[] = [];
    for (const [i, group] of groups.entries()) {
      const child = await createOrder(
        uow,
        {
          userId: parent.userId,
          source: parent.source,
          storeId: parent.storeId,
          storeOrderRef: null,
          parentOrderId: parent.id,
          purchaseType: parent.purchaseType,
          lines: group.map(({ line, quantity }) => ({
            productId: line.productId,
            skuId: line.skuId,
            skuCode: line.skuCode,
            title: line.title,
            specs: line.specs,
            image: line.image,
            unitPriceMinor: line.unitPriceMinor,
            quantity,
            lineTotalMinor: line.unitPriceMinor * quantity,
            storePriceMinor: line.storePriceMinor,
            fromInventory: line.fromInventory,
          })),
          goodsMinor: goods[i]!,
          shippingMinor: shipping![i]!,
          serviceFeeMinor: fee![i]!,
          taxMinor: tax![i]!,
          discountMinor: discount![i]!,
          totalMinor: goods[i]! + shipping![i]! + fee![i]! + tax![i]! - discount![i]!,
          consignee: parent.consignee,
          billing: parent.billing,
          shippingMethodCode: parent.shippingMethodCode,
          shippingMethodName: parent.shippingMethodName,
          remark: parent.remark,
        },
        actor,
        `split from ${parent.number}`,
      );
      children.push(child);
    }
    await applyLocked(uow, parent, 'split', actor, {
      details: { mode: split.mode, children: children.map((c) => c.number) },
    });
    return children;
  });
}

/**
 * Merges a split back: only while every child still awaits payment and is not abnormal (nothing
 * paid, nothing trashed). The children are deleted with their lines and events (they never held
 * money; the parent's event keeps their numbers) and the parent awaits payment again.
 */
export async function resetSplit(
  db: DbOrUow,
  orderId: string,
  actor: Actor,
  { ownerId }: { ownerId?: string } = {},
): Promise<OrderRow> {
  return inTransaction(db, async (uow) => {
    const parent = await lockOrder(uow.tx, orderId, ownerId);
    assertAllowed(parent, 'reset-split');
    const children = await uow.tx
      .select()
      .from(orders)
      .where(eq(orders.parentOrderId, parent.id))
      .orderBy(asc(orders.createdAt), asc(orders.number))
      .for('update');
    for (const child of children) {
      if (child.state !== 'awaiting-payment' || child.abnormalReason !== null) {
        throw AppError.conflict(
          'order-transition-refused',
          child.abnormalReason !== null ? 'orders.abnormal-blocks' : 'orders.transition-refused',
          { number: child.number, state: `orders.states.${child.state}` },
          { state: child.state, abnormal: child.abnormalReason !== null, event: 'reset-split', orderId: child.id },
        );
      }
    }
    await uow.tx.delete(orders).where(eq(orders.parentOrderId, parent.id));
    return applyLocked(uow, parent, 'reset-split', actor, { details: { children: children.map((c) => c.number) } });
  });
}
