import { type PayOrdersBody, fromMinor } from '@dsm/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { type Actor, type OrderRow, assertAllowed, lockOrder } from '../orders/orders.service';
import {
  type Logger,
  type PaymentProviders,
  cancelAwaitingRecharge,
  createRecharge,
  saveReference,
  startCheckout,
} from '../recharge/recharge.service';
import { type LockedWallet, lockWallet, payOrHold } from '../wallet/wallet.service';
import { completePayment, failPayment } from './payments.complete';
import {
  type PaymentRow,
  insertPayment,
  lockOpenPaymentsOf,
  lockPayment,
  ownPayment,
  referenceOf,
  updatePayment,
} from './payments.queries';

/** What the pay request answers: the payment as it is now, with its orders when this call just wrote them. */
export interface PayOutcome {
  payment: PaymentRow;
  orders?: OrderRow[];
}

/**
 * POST /api/p/order/pay as a whole: `payOrders` in the unit of work `inUnit` runs (the route's
 * idempotent one: a repeat with the same key replays the payment's id and pays nothing), then,
 * after it committed and outside any transaction, PayPal's start (keyed by the recharge id, so a
 * replay gets the same approve link). A wallet payment just made is answered from what its unit
 * of work committed (no read after it, decision 0102); a replay, or PayPal's start having written
 * to the payment, reads it again.
 */
export async function payOrdersAndStartPayPal(
  db: Db,
  { config, providers, log }: { config: Config; providers: PaymentProviders; log: Logger },
  { userId, body, locale, origin }: { userId: string; body: PayOrdersBody; locale?: string | null; origin: string },
  inUnit: (work: (uow: UnitOfWork) => Promise<{ id: string }>) => Promise<{ id: string }>,
): Promise<PayOutcome> {
  // Set only when this call ran the unit of work (not on a replay).
  const fresh: { made?: PaidOrders } = {};
  const { id } = await inUnit(async (uow) => {
    fresh.made = await payOrders(uow, config, userId, body, locale);
    return { id: fresh.made.payment.id };
  });
  if (fresh.made && fresh.made.payment.method !== 'paypal') return fresh.made;
  const payment = fresh.made?.payment ?? (await ownPayment(db, id, userId));
  await startPayPalCheckout(db, providers, payment, origin, log);
  return { payment: payment.method === 'paypal' ? await ownPayment(db, id, userId) : payment };
}

/**
 * POST /api/p/order/pay (decision 0085), one unit of work (the route's idempotent one):
 *
 *   lockWallet → lockOrders → giveUpUnstartedPayPal → createPayment → (0.00: completePayment)
 *                                                      → wallet: payOrHold → paid: completePayment
 *                                                                           held: hold
 *                                                      → paypal: a recharge for the total (pending)
 *
 * PayPal's own call (creating its order, the approve link) happens after this commits, outside
 * any transaction (startPayPalCheckout). Returns the payment and its orders as they are at the
 * commit, so the answer needs no read after it. `locale`: the payer's saved language (the
 * session has it), in which the invoices are written.
 */
export async function payOrders(
  uow: UnitOfWork,
  config: Config,
  userId: string,
  body: PayOrdersBody,
  locale?: string | null,
): Promise<PaidOrders> {
  // The wallet first, as a top-up's completion of a held payment locks it (decision 0085).
  const wallet = await lockWallet(uow, userId);
  const orders = await lockOrders(uow, userId, body.orderIds);
  await giveUpUnstartedPayPal(uow, orders);
  const payment = await createPayment(uow, userId, body.method, orders);
  const payer = { type: 'user', id: userId } as const;
  // Orders discounted to nothing: paid at once, no money moves (the wallet refuses 0 amounts).
  if (payment.amountMinor === 0) return completePayment(uow, config, payment, orders, payer, locale);
  if (body.method === 'wallet') return payFromWallet(uow, config, payment, orders, wallet, payer, locale);
  return { payment: await startPayPal(uow, config, payment), orders };
}

export interface PaidOrders {
  payment: PaymentRow;
  orders: OrderRow[];
}

/**
 * The caller's orders, locked FOR UPDATE in id order (two payments of overlapping orders queue,
 * never deadlock): another user's id → 404; an order that may not be paid now (already paid,
 * trashed, abnormal) → the state machine's 409 naming its state.
 */
async function lockOrders(uow: UnitOfWork, userId: string, ids: readonly string[]): Promise<OrderRow[]> {
  const orders: OrderRow[] = [];
  for (const id of [...new Set(ids)].sort()) orders.push(await lockOrder(uow.tx, id, userId));
  for (const order of orders) assertAllowed(order, 'pay');
  return orders;
}

/**
 * An order is in at most one open payment. A wallet payment held for a top-up has money locked:
 * paying again is refused ("payment already in progress"; cancel it first). A PayPal payment
 * whose recharge still awaits payment took nothing yet: the new payment replaces it (the user
 * left PayPal's page and came back). One whose capture is under way → refused as well.
 */
async function giveUpUnstartedPayPal(uow: UnitOfWork, orders: readonly OrderRow[]): Promise<void> {
  for (const open of await lockOpenPaymentsOf(
    uow.tx,
    orders.map((o) => o.id),
  )) {
    const recharge =
      open.state === 'awaiting' && open.rechargeOrderId
        ? await cancelAwaitingRecharge(uow, open.rechargeOrderId)
        : null;
    if (!recharge || recharge.state !== 'closed')
      throw AppError.conflict('payment-in-progress', 'payments.in-progress', { number: open.number });
    await failPayment(uow, open, 'cancelled', 'payments.replaced');
  }
}

async function createPayment(
  uow: UnitOfWork,
  userId: string,
  method: PayOrdersBody['method'],
  orders: readonly OrderRow[],
): Promise<PaymentRow> {
  const amountMinor = orders.reduce((sum, o) => sum + o.totalMinor, 0);
  return insertPayment(
    uow.tx,
    { userId, method, state: 'awaiting', amountMinor },
    orders.map((o) => ({ orderId: o.id, amountMinor: o.totalMinor })),
  );
}

/**
 * SPEC §4: paid at once, or what is there is locked and the payment held until a top-up. The
 * wallet rows locked first are still current: nothing since has moved this wallet's money.
 */
async function payFromWallet(
  uow: UnitOfWork,
  config: Config,
  payment: PaymentRow,
  orders: OrderRow[],
  wallet: LockedWallet,
  payer: Actor,
  locale: string | null | undefined,
): Promise<PaidOrders> {
  const result = await payOrHold(uow, payment.userId, payment.amountMinor, referenceOf(payment), wallet);
  if (result.outcome === 'paid') return completePayment(uow, config, payment, orders, payer, locale);
  return {
    payment: await updatePayment(uow.tx, payment.id, {
      state: 'held',
      lockedMinor: result.lockedMinor,
      shortfallMinor: result.shortfallMinor,
    }),
    orders,
  };
}

/**
 * The deposit of a two-part inventory order by PayPal (decision 0140): a payment of that part
 * only (`part = 'deposit'`), its money brought into the wallet by a PayPal recharge as any order's
 * is. When the recharge is credited, the inventory module's `depositCredited` (composition.ts)
 * pays the deposit from the wallet. The caller locked the wallet, then the order, and checked
 * that the deposit is offered; an unstarted PayPal payment of the order is replaced, as here.
 * PayPal's own call follows the commit (`startPayPalCheckout`).
 */
export async function startDepositPayPal(
  uow: UnitOfWork,
  config: Config,
  order: OrderRow,
  amountMinor: number,
): Promise<PaymentRow> {
  await giveUpUnstartedPayPal(uow, [order]);
  const payment = await insertPayment(
    uow.tx,
    { userId: order.userId, method: 'paypal', state: 'awaiting', amountMinor, part: 'deposit' },
    [{ orderId: order.id, amountMinor }],
  );
  return startPayPal(uow, config, payment);
}

/** The money comes into the wallet as a PayPal recharge of the total (its fee rule applies). */
async function startPayPal(uow: UnitOfWork, config: Config, payment: PaymentRow): Promise<PaymentRow> {
  const expiryMinutes = config.recharge?.expiryMinutes ?? 60;
  const recharge = await createRecharge(
    uow,
    payment.userId,
    { amount: fromMinor(payment.amountMinor), method: 'paypal' },
    expiryMinutes,
    { orderPaymentId: payment.id },
  );
  return updatePayment(uow.tx, payment.id, { rechargeOrderId: recharge.id });
}

/**
 * PayPal, after the pay unit of work committed: creates (or, on a repeat, finds) PayPal's order
 * for the payment's recharge, outside any transaction and keyed by the recharge id, then keeps
 * the approve link. PayPal unreachable → the payment fails as an `error`; nothing was charged.
 */
export async function startPayPalCheckout(
  db: Db,
  providers: PaymentProviders,
  payment: PaymentRow,
  origin: string,
  log: Logger,
): Promise<void> {
  if (payment.method !== 'paypal' || payment.state !== 'awaiting' || !payment.rechargeOrderId || payment.approveUrl)
    return;
  const rechargeId = payment.rechargeOrderId;
  let started: { redirectUrl: string; reference: string };
  try {
    started = await startCheckout(db, providers, payment.userId, rechargeId, origin, log);
  } catch (err) {
    if (!(err instanceof AppError) || err.reason !== 'provider-unavailable') throw err;
    await inTransaction(db, async (uow) => {
      const current = await lockPayment(uow.tx, payment.id);
      if (current.state !== 'awaiting') return;
      await cancelAwaitingRecharge(uow, rechargeId);
      await failPayment(uow, current, 'failed', 'payments.provider-unavailable');
    });
    return;
  }
  await inTransaction(db, async (uow) => {
    await saveReference(uow, rechargeId, started.reference);
    await updatePayment(uow.tx, payment.id, { approveUrl: started.redirectUrl });
  });
}
