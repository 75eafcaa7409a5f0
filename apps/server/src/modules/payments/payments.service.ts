import { type Locale, type OrderPayment, type PaymentOutcome, fromMinor, translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { type OrderRow, ordersByIds } from '../orders/orders.service';
import { cancelAwaitingRecharge, rechargeById } from '../recharge/recharge.service';
import { cancelHeld, creditRefund, refund } from '../wallet/wallet.service';
import { failPayment } from './payments.complete';
import {
  type PaymentRow,
  lockOpenPaymentsOf,
  lockPayment,
  orderIdsOf,
  ownPayment,
  referenceOf,
} from './payments.queries';

/**
 * Paying orders (decision 0085): the public face of the payments module. `payOrdersAndStartPayPal`
 * is the use case (payments.pay.ts); the hooks (payments.hooks.ts) finish payments that wait for money.
 */
export {
  type PaidOrders,
  type PayOutcome,
  payOrders,
  payOrdersAndStartPayPal,
  startDepositPayPal,
  startPayPalCheckout,
} from './payments.pay';
export { type PartCredited, paymentReactions } from './payments.hooks';
export { issueTwoPartInvoice } from './payments.complete';
export {
  type DepositRule,
  type DepositRuleOf,
  ORDER_BALANCE_REFERENCE_TYPE,
  type TwoPartKind,
  cancelOrderDeposit,
  giveDepositBack,
  lockWalletOfTwoPartOrder,
  orderBalanceCompleted,
  orderDepositCredited,
  payOrderDeposit,
  startOrderDepositPayPal,
  takeBalance,
  takeDeposit,
  twoPartNames,
  twoPartReactions,
  twoPartsOf,
} from './payments.deposit';
export type { PaymentRow } from './payments.queries';

/** Failures on our or the provider's side: shown as the `error` outcome (nothing was charged). */
const ERROR_REASONS = new Set(['payments.provider-unavailable']);

/** The owner gives up an open payment: held money goes back, an unpaid PayPal recharge closes. */
export async function cancelPayment(uow: UnitOfWork, userId: string, id: string): Promise<PaymentRow> {
  const payment = await lockPayment(uow.tx, id, userId);
  if (payment.state === 'cancelled') return payment;
  if (payment.state === 'held') await cancelHeld(uow, referenceOf(payment));
  else if (payment.state === 'awaiting' && payment.rechargeOrderId) {
    const recharge = await cancelAwaitingRecharge(uow, payment.rechargeOrderId);
    // PayPal has the money already (capture under way): it completes, it cannot be cancelled.
    if (recharge.state !== 'closed')
      throw AppError.conflict('payment-not-cancellable', 'payments.not-cancellable', { number: payment.number });
  } else throw AppError.conflict('payment-not-cancellable', 'payments.not-cancellable', { number: payment.number });
  return failPayment(uow, await lockPayment(uow.tx, id), 'cancelled', 'payments.cancelled');
}

function outcomeOf(p: PaymentRow): PaymentOutcome {
  switch (p.state) {
    case 'succeeded':
      return 'success';
    case 'held':
      return 'insufficient-balance';
    case 'awaiting':
      return 'pending';
    default:
      return p.failureReason && ERROR_REASONS.has(p.failureReason) ? 'error' : 'failed';
  }
}

/**
 * The payment as the contract shows it, `reason` in the caller's language. `paid`: its orders
 * when the caller has them already (the pay use case just locked and wrote them).
 */
export async function toOrderPayment(
  db: Db,
  p: PaymentRow,
  locale: Locale,
  paid?: ReadonlyArray<OrderRow>,
): Promise<OrderPayment> {
  const orders = paid
    ? [...paid].sort((a, b) => (a.id < b.id ? -1 : 1))
    : await ordersByIds(db, await orderIdsOf(db, p.id));
  // The approve link only while PayPal still waits for the payer.
  const recharge =
    p.state === 'awaiting' && p.rechargeOrderId && p.approveUrl ? await rechargeById(db, p.rechargeOrderId) : null;
  const outcome = outcomeOf(p);
  return {
    id: p.id,
    number: p.number,
    method: p.method,
    outcome,
    amount: fromMinor(p.amountMinor),
    locked: p.state === 'held' ? fromMinor(p.lockedMinor) : 0,
    shortfall: p.state === 'held' ? fromMinor(p.shortfallMinor) : 0,
    approveUrl: recharge?.state === 'awaiting-payment' ? p.approveUrl : null,
    reason:
      (outcome === 'failed' || outcome === 'error') && p.failureReason
        ? translate(locale, p.failureReason, { number: p.number })
        : null,
    orders: orders.map((o) => ({ id: o.id, number: o.number, state: o.state, total: fromMinor(o.totalMinor) })),
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt ? p.completedAt.toISOString() : null,
  };
}

export { ownPayment };

/**
 * Refuses another way of paying `orderId` (a bulk deposit, decision 0130) while one of its
 * payments is open (held for a top-up, or PayPal under way): 409 naming that payment, as paying
 * twice is refused here. The caller holds the order's lock (orders first, then payments).
 */
export async function assertNoOpenPayment(db: Db, orderId: string): Promise<void> {
  const [open] = await lockOpenPaymentsOf(db, [orderId]);
  if (open) throw AppError.conflict('payment-in-progress', 'payments.in-progress', { number: open.number });
}

/**
 * The wallet reference of the payment that paid `orderId` (after-sales refunds it, so bonus spent
 * on the order comes back as bonus), or null when the order was paid some other way.
 */
export async function paidWith(db: Db, orderId: string): Promise<{ type: string; id: string; label: string } | null> {
  const rows = (await db.execute(sql`
    select p.id, p.number from order_payments p join order_payment_orders po on po.payment_id = p.id
    where po.order_id = ${orderId} and p.state = 'succeeded' limit 1`)) as unknown as {
    rows: Array<{ id: string; number: string }>;
  };
  const row = rows.rows[0];
  return row ? referenceOf({ id: String(row.id), number: String(row.number) }) : null;
}

/**
 * Gives `amountMinor` of an order's payment back to the wallet, fee-free (issue 21: a store order
 * cancelled in the store before purchasing, decisions 0120 and 0131): through the wallet payment
 * that paid it (bonus back as bonus, capped by what that payment took), posted under `postAs`;
 * once per `uniqueKey`. The caller holds the order's lock, has already moved it out of the paid
 * states and says how much is still to give back (the total less what after-sales returned).
 */
export async function refundOrderToWallet(
  uow: UnitOfWork,
  order: Pick<OrderRow, 'id' | 'userId'>,
  amountMinor: number,
  postAs: { type: string; id: string; label: string },
  uniqueKey: string,
): Promise<void> {
  if (amountMinor <= 0) return;
  const payment = await paidWith(uow.tx, order.id);
  if (payment) await refund(uow, payment, amountMinor, { postAs, uniqueKey });
  else await creditRefund(uow, order.userId, amountMinor, postAs, { uniqueKey });
}
