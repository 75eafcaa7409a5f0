import type { Config } from '../../config';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { OrderChange, OrderRow } from '../orders/orders.service';
import type { RechargeRow } from '../recharge/recharge.service';
import { cancelHeld, pay, refund, type Reference } from '../wallet/wallet.service';
import { allPayable, completePayment, failPayment, lockPaymentWithOrders } from './payments.complete';
import { type PaymentRow, lockOpenPaymentsOf, lockPayment, referenceOf, updatePayment } from './payments.queries';

/**
 * Pays a part of an order (the deposit of a two-part inventory order, decision 0140) from the
 * wallet its PayPal recharge has just credited, in that unit of work; false when the order no
 * longer takes it (then the money stays in the wallet). The inventory module's, wired in composition.ts.
 */
export type PartCredited = (uow: UnitOfWork, payment: PaymentRow, order: OrderRow) => Promise<boolean>;

/**
 * What the payments module does when something it waits for happens elsewhere (decision 0085),
 * each inside the unit of work of that other change. composition.ts subscribes them.
 */
export function paymentReactions(config: Config, depositCredited?: PartCredited) {
  return {
    heldCompleted: (uow: UnitOfWork, reference: Reference) => heldCompleted(uow, config, reference),
    rechargeCredited: (uow: UnitOfWork, recharge: RechargeRow) =>
      rechargeCredited(uow, config, recharge, depositCredited),
    rechargeClosed,
    orderGone,
  };
}

/**
 * A top-up covered a held payment: the wallet has just captured its money. The orders are paid;
 * if they no longer can be (an operator marked one abnormal meanwhile), the money goes straight
 * back to the wallet (a refund of the reference) and the payment fails: nothing is lost.
 */
async function heldCompleted(uow: UnitOfWork, config: Config, reference: Reference): Promise<void> {
  const { payment, orders } = await lockPaymentWithOrders(uow, reference.id);
  if (payment.state !== 'held') return;
  if (allPayable(orders)) {
    await completePayment(uow, config, payment, orders);
    return;
  }
  await refund(uow, referenceOf(payment), payment.amountMinor);
  await failPayment(uow, payment, 'failed', 'payments.orders-not-payable');
}

/**
 * The PayPal recharge of a payment was credited to the wallet: the orders are paid from it. A
 * payment no longer awaiting (cancelled, replaced, its orders gone) leaves the money in the
 * wallet, where the user sees it; so do orders that can no longer be paid.
 */
async function rechargeCredited(
  uow: UnitOfWork,
  config: Config,
  recharge: RechargeRow,
  depositCredited?: PartCredited,
): Promise<void> {
  const { payment, orders } = await lockPaymentWithOrders(uow, recharge.orderPaymentId!);
  if (payment.state !== 'awaiting') return;
  // A deposit (decision 0140): the inventory module pays it; payments only closes the payment.
  if (payment.part === 'deposit') {
    const paid = depositCredited && orders.length === 1 && (await depositCredited(uow, payment, orders[0]!));
    if (paid) await updatePayment(uow.tx, payment.id, { state: 'succeeded', completedAt: new Date() });
    else await failPayment(uow, payment, 'failed', 'payments.orders-not-payable');
    return;
  }
  if (!allPayable(orders)) {
    await failPayment(uow, payment, 'failed', 'payments.orders-not-payable');
    return;
  }
  await pay(uow, payment.userId, payment.amountMinor, referenceOf(payment));
  await completePayment(uow, config, payment, orders);
}

/** The recharge closed without money (expired, refused, cancelled at PayPal): the payment failed. */
async function rechargeClosed(uow: UnitOfWork, recharge: RechargeRow): Promise<void> {
  const payment = await lockPayment(uow.tx, recharge.orderPaymentId!);
  if (payment.state !== 'awaiting') return;
  const reason = recharge.closeReason === 'expired' ? 'payments.paypal-expired' : 'payments.paypal-failed';
  await failPayment(uow, payment, 'failed', reason);
}

/**
 * An order of an open payment went to the draft box (the user trashed it, or it expired unpaid):
 * the trash never holds money. A held payment releases its locks and is cancelled; a PayPal
 * payment fails (if PayPal still takes the money, it stays in the wallet, see rechargeCredited).
 */
async function orderGone(uow: UnitOfWork, change: OrderChange): Promise<void> {
  for (const payment of await lockOpenPaymentsOf(uow.tx, [change.after.id])) {
    if (payment.state === 'held') {
      await cancelHeld(uow, referenceOf(payment));
      await failPayment(uow, payment, 'cancelled', 'payments.order-gone');
    } else await failPayment(uow, payment, 'failed', 'payments.order-gone-paypal');
  }
}
