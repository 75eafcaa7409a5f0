import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { applyLocked, lockOrder, ordersOfStoreOrders } from '../orders/orders.service';
import { openRequestOf, refundableMinor } from '../after-sales/after-sales.service';
import { refundOrderToWallet } from '../payments/payments.service';
import { paidDifferencesOf, refundPaidDifference } from '../price-differences/price-differences.service';
import { lockOwn } from './store-orders.actions';
import { GIVEN_UP } from './store-orders.read';
import { storeOrders } from './store-orders.tables';

type Row = typeof storeOrders.$inferSelect;

const refused = (key: string, o: Row) =>
  AppError.conflict('store-order-not-refundable', `store-orders.${key}`, { number: o.number }, { id: o.id, why: key });

/**
 * "Refund to wallet" (issue 21, decision 0120): the store cancelled (or refunded) an order after
 * we were paid for it and before purchasing began. One unit of work, in the route's idempotent
 * request (Idempotency-Key), as named steps:
 *
 *   lock the store order (the owner's; another's → 404) → it is paid and flagged as given up by
 *   the store, else 409 → lock its marketplace orders (one per shipment) in id order → every one
 *   still `pending` (the operator's purchase takes the same lock: whichever commits first wins,
 *   and once purchasing began the refund is refused and after-sales is the way) → none has an
 *   after-sales request open (approving it later would pay twice) → each order's `cancel-refund`
 *   (draft box; its stock released by checkout's reaction) → what the user paid for it and has
 *   not had back, to the wallet through the ledger, fee-free, once per order (decision 0131): its
 *   total (goods + shipping + fee + tax) less what after-sales already refunded, through the
 *   payment that paid it, and each price difference paid on it, through its own payment → the
 *   store order to the trash with the store's reason, the flag cleared.
 */
export async function refundStoreOrder(uow: UnitOfWork, userId: string, id: string): Promise<void> {
  const [o] = await lockOwn(uow, userId, [id]);
  if (o!.state === 'trashed' && o!.orderId) throw refused('already-refunded', o!);
  // An imported order (no store, decision 0125) is never given up by a store: nothing to refund.
  if (!o!.orderId || !o!.storeId || !GIVEN_UP.has(o!.abnormalReason)) throw refused('not-refundable', o!);
  const found = await ordersOfStoreOrders(uow.tx, userId, [{ storeId: o!.storeId, ref: o!.externalId }]);
  const locked = [];
  for (const order of [...found].sort((a, b) => a.id.localeCompare(b.id)))
    locked.push(await lockOrder(uow.tx, order.id));
  if (!locked.length) throw refused('not-refundable', o!);
  if (locked.some((x) => x.state !== 'pending')) throw refused('refund-purchasing', o!);
  for (const order of locked) if (await openRequestOf(uow.tx, order.id)) throw refused('refund-after-sales-open', o!);

  const postAs = { type: 'store-order-refund', id: o!.id, label: o!.number };
  for (const order of locked) {
    // Read before the order leaves `pending`: what is still the user's on it.
    const left = await refundableMinor(uow.tx, order);
    const differences = await paidDifferencesOf(uow.tx, order.id);
    await applyLocked(uow, order, 'cancel-refund', { type: 'user', id: userId }, { reason: o!.abnormalReason! });
    await refundOrderToWallet(uow, order, left, postAs, `store-order-refund:${order.id}`);
    for (const d of differences) await refundPaidDifference(uow, d, postAs, `store-order-refund:pd:${d.id}`);
  }
  const now = new Date();
  await uow.tx
    .update(storeOrders)
    .set({
      state: 'trashed',
      trashReason: o!.abnormalReason === 'cancelled-after-payment' ? 'cancelled-in-store' : 'refunded-in-store',
      trashedAt: now,
      abnormalReason: null,
      abnormalAt: null,
      updatedAt: now,
    })
    .where(eq(storeOrders.id, o!.id));
}
