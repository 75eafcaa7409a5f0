import { type OrderDepositState, type OrderTwoParts, depositSplitMinor, fromMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { recordInvoicePart } from '../invoices/invoices.service';
import { type Actor, type OrderChange, type OrderRow, SYSTEM, applyLocked, lockOrder } from '../orders/orders.service';
import {
  type Reference,
  lockWallet,
  payIntoDeposit,
  payIntoDepositOrHold,
  returnDeposit,
  settleDeposit,
} from '../wallet/wallet.service';
import { issueTwoPartInvoice } from './payments.complete';
import { startDepositPayPal } from './payments.pay';
import { type PaymentRow, lockOpenPaymentsOf } from './payments.queries';

/**
 * Two-part payments (decisions 0130, 0140, 0145): one rule for every order paid in two parts,
 * inventory orders (whose terms live on `inventory_orders`) and catalogue bulk orders (whose terms
 * live on `order_deposits`). The deposit goes from the wallet into the owner's own `deposit`
 * account (the wallet's "bulk deposit") when the order is paid, the balance when the operator has
 * bought the goods (held when short, SPEC §4), and the whole leaves for revenue as the goods
 * arrive (received into inventory, or shipped). A cancel before purchase gives the deposit back,
 * fee-free. The steps below are the shared part; each kind keeps its own state.
 */

export type TwoPartKind = 'inventory' | 'order';

/** The ledger's names of one two-part order's money: its references and once-only keys. */
export function twoPartNames(kind: TwoPartKind, order: Pick<OrderRow, 'id' | 'number'>) {
  const ref = (type: string): Reference => ({ type, id: order.id, label: order.number });
  return {
    deposit: ref(`${kind}-deposit`),
    balance: ref(`${kind}-balance`),
    depositKey: `${kind}-deposit:${order.id}`,
    balanceKey: `${kind}-balance:${order.id}`,
    // Inventory's key predates this file (decision 0130); kept so its ledger stays one history.
    returnKey: kind === 'inventory' ? `inventory-cancel:${order.id}` : `order-deposit-return:${order.id}`,
    postAs: ref(kind === 'inventory' ? 'inventory-order' : 'order'),
  };
}

/** Where a held balance's completion is announced (composition.ts subscribes each kind's handler). */
export const ORDER_BALANCE_REFERENCE_TYPE = 'order-balance';

/**
 * The deposit from the wallet into the bulk deposit (once per order; short → insufficient
 * balance, nothing written) → the order is paid (`pay`) → its invoice, the deposit paid and the
 * balance due (decision 0140). The caller locked the wallet, then the order, and checked the offer.
 */
export async function takeDeposit(
  uow: UnitOfWork,
  config: Config,
  kind: TwoPartKind,
  order: OrderRow,
  terms: { depositMinor: number; balanceMinor: number },
  method: 'wallet' | 'paypal',
  actor: Actor,
): Promise<OrderRow> {
  const names = twoPartNames(kind, order);
  await payIntoDeposit(uow, order.userId, terms.depositMinor, names.deposit, {
    kind: 'bulk-deposit',
    uniqueKey: names.depositKey,
  });
  const paid = await applyLocked(uow, order, 'pay', actor);
  await issueTwoPartInvoice(uow, config, paid, method, terms);
  return paid;
}

/**
 * The goods are bought: the balance from the wallet into the bulk deposit, or what is there
 * locked and the rest held until a top-up (SPEC §4; the held payment's reference type tells the
 * settle job whose handler completes it). The caller locked the owner's wallet before the order.
 */
export async function takeBalance(
  uow: UnitOfWork,
  kind: TwoPartKind,
  order: Pick<OrderRow, 'id' | 'number' | 'userId'>,
  balanceMinor: number,
): Promise<'paid' | 'held'> {
  const names = twoPartNames(kind, order);
  const result = await payIntoDepositOrHold(uow, order.userId, balanceMinor, names.balance, {
    uniqueKey: names.balanceKey,
  });
  if (result.outcome === 'paid') await recordInvoicePart(uow, order.id, 'balance', 'paid');
  return result.outcome;
}

/** Cancelled before purchase: what the deposit took back where it came from, fee-free, once. */
export async function giveDepositBack(
  uow: UnitOfWork,
  kind: TwoPartKind,
  order: Pick<OrderRow, 'id' | 'number'>,
): Promise<void> {
  const names = twoPartNames(kind, order);
  await returnDeposit(uow, names.deposit, { postAs: names.postAs, uniqueKey: names.returnKey });
  await recordInvoicePart(uow, order.id, 'deposit', 'returned');
}

// ── Catalogue bulk orders (decision 0145) ─────────────────────────────────────────────────────

/** The operator's two-part rule (inventory's settings tab: from this amount on, at this percentage). */
export interface DepositRule {
  fromMinor: number;
  percent: number;
}
export type DepositRuleOf = (db: Db) => Promise<DepositRule>;

interface OrderDepositRow {
  state: OrderDepositState;
  percent: number;
  depositMinor: number;
  balanceMinor: number;
}

async function orderDepositOf(db: Db, orderId: string, lock = false): Promise<OrderDepositRow | null> {
  const [row] = rawRows(
    await db.execute(sql`select state, percent, deposit_minor, balance_minor from order_deposits
      where order_id = ${orderId} ${lock ? sql`for update` : sql``}`),
  );
  if (!row) return null;
  return {
    state: row.state as OrderDepositState,
    percent: Number(row.percent),
    depositMinor: Number(row.deposit_minor),
    balanceMinor: Number(row.balance_minor),
  };
}

async function setOrderDepositState(db: Db, orderId: string, state: OrderDepositState) {
  await db.execute(sql`update order_deposits set state = ${state}, updated_at = now() where order_id = ${orderId}`);
}

/**
 * The two parts an unpaid order may be paid in, or null: a catalogue order priced from the bulk
 * page (`purchase_type = 'bulk'`), awaiting payment, not abnormal, whose goods total is at least
 * the operator's amount (0 = off), with both parts at least a cent (decision 0140 point 5).
 */
export function offerFor(
  order: Pick<OrderRow, 'source' | 'purchaseType' | 'state' | 'abnormalReason' | 'goodsMinor' | 'totalMinor'>,
  rule: DepositRule,
): { percent: number; depositMinor: number; balanceMinor: number } | null {
  if (order.source !== 'catalogue' || order.purchaseType !== 'bulk') return null;
  if (order.state !== 'awaiting-payment' || order.abnormalReason) return null;
  if (rule.fromMinor <= 0 || order.goodsMinor < rule.fromMinor) return null;
  const split = depositSplitMinor(order.totalMinor, rule.percent);
  if (split.depositMinor < 1 || split.balanceMinor < 1) return null;
  return { percent: rule.percent, ...split };
}

const notFound = () => AppError.notFound('payments.order-not-found');
const isId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** GET /api/p/order/{id}/two-parts (owner only, another's → 404) and the operator's. */
export async function twoPartsOf(db: Db, rule: DepositRule, orderId: string, userId?: string): Promise<OrderTwoParts> {
  if (!isId(orderId)) throw notFound();
  const [row] = rawRows(
    await db.execute(sql`select id, user_id, source, purchase_type, state, abnormal_reason, goods_minor, total_minor
      from orders where id = ${orderId}`),
  );
  if (!row || (userId && String(row.user_id) !== userId)) throw notFound();
  const terms = await orderDepositOf(db, orderId);
  const offer = terms
    ? null
    : offerFor(
        {
          source: row.source as OrderRow['source'],
          purchaseType: row.purchase_type as OrderRow['purchaseType'],
          state: row.state as OrderRow['state'],
          abnormalReason: (row.abnormal_reason as string | null) ?? null,
          goodsMinor: Number(row.goods_minor),
          totalMinor: Number(row.total_minor),
        },
        rule,
      );
  const paidMinor = !terms
    ? 0
    : terms.state === 'deposit-paid' || terms.state === 'balance-held'
      ? terms.depositMinor
      : terms.state === 'returned'
        ? 0
        : terms.depositMinor + terms.balanceMinor;
  const dueMinor = !terms || terms.state === 'returned' ? 0 : terms.depositMinor + terms.balanceMinor - paidMinor;
  return {
    orderId,
    offer: offer
      ? { percent: offer.percent, deposit: fromMinor(offer.depositMinor), balance: fromMinor(offer.balanceMinor) }
      : null,
    state: terms?.state ?? null,
    percent: terms?.percent ?? null,
    deposit: fromMinor(terms?.depositMinor ?? 0),
    balance: fromMinor(terms?.balanceMinor ?? 0),
    paid: fromMinor(paidMinor),
    due: fromMinor(dueMinor),
  };
}

/**
 * The steps both ways of paying a catalogue order's deposit start with: lock the caller's wallet
 * → lock the owner's order (another's or a malformed id → 404) → it is offered two parts and has
 * no terms yet (else 409) at the percentage the page showed (else 409 naming the new one).
 */
async function lockOffered(uow: UnitOfWork, rule: DepositRule, userId: string, orderId: string, percent: number) {
  if (!isId(orderId)) throw notFound();
  await lockWallet(uow, userId);
  const order = await lockOrder(uow.tx, orderId, userId).catch(() => {
    throw notFound();
  });
  const offer = offerFor(order, rule);
  if (!offer || (await orderDepositOf(uow.tx, orderId)))
    throw AppError.conflict('deposit-not-offered', 'payments.deposit-not-offered', { number: order.number });
  if (offer.percent !== percent)
    throw AppError.conflict('deposit-terms-changed', 'payments.deposit-terms-changed', {
      number: order.number,
      percent: offer.percent,
    });
  return { order, offer };
}

/** The terms stored, then the deposit into the bulk deposit, the order paid, its invoice. */
async function depositPaid(
  uow: UnitOfWork,
  config: Config,
  order: OrderRow,
  offer: { percent: number; depositMinor: number; balanceMinor: number },
  method: 'wallet' | 'paypal',
  actor: Actor,
) {
  await uow.tx.execute(sql`insert into order_deposits (order_id, user_id, state, percent, deposit_minor, balance_minor)
    values (${order.id}, ${order.userId}, 'deposit-paid', ${offer.percent}, ${offer.depositMinor}, ${offer.balanceMinor})`);
  await takeDeposit(uow, config, 'order', order, offer, method, actor);
}

/**
 * POST /api/p/order/{id}/deposit, in the route's idempotent unit of work: `lockOffered` → no other
 * payment of it is open (409) → the terms stored → the deposit paid from the wallet (short →
 * insufficient balance, nothing written), the order paid, its invoice.
 */
export async function payOrderDeposit(
  uow: UnitOfWork,
  config: Config,
  rule: DepositRule,
  userId: string,
  orderId: string,
  percent: number,
): Promise<void> {
  const { order, offer } = await lockOffered(uow, rule, userId, orderId, percent);
  const [open] = await lockOpenPaymentsOf(uow.tx, [orderId]);
  if (open) throw AppError.conflict('payment-in-progress', 'payments.in-progress', { number: open.number });
  await depositPaid(uow, config, order, offer, 'wallet', { type: 'user', id: userId });
}

/**
 * POST /api/p/order/{id}/deposit/paypal: `lockOffered` → a PayPal payment of the deposit only
 * (`part = 'deposit'`, as inventory's, decision 0140), its money brought into the wallet by a
 * recharge; PayPal's order and approve link follow the commit. `orderDepositCredited` finishes it.
 */
export async function startOrderDepositPayPal(
  uow: UnitOfWork,
  config: Config,
  rule: DepositRule,
  userId: string,
  orderId: string,
  percent: number,
): Promise<PaymentRow> {
  const { order, offer } = await lockOffered(uow, rule, userId, orderId, percent);
  return startDepositPayPal(uow, config, order, offer.depositMinor);
}

/**
 * The PayPal recharge of a catalogue order's deposit was credited to the wallet (payments'
 * `rechargeCredited`, in its unit of work, wallet and order locked): the deposit is paid from the
 * wallet as the wallet way pays it. An order no longer offered that deposit (paid in full,
 * trashed, the percentage changed meanwhile) → false: PayPal's money stays in the wallet.
 */
export async function orderDepositCredited(
  uow: UnitOfWork,
  config: Config,
  rule: DepositRule,
  payment: PaymentRow,
  order: OrderRow,
): Promise<boolean> {
  const offer = offerFor(order, rule);
  if (!offer || offer.depositMinor !== payment.amountMinor || (await orderDepositOf(uow.tx, order.id))) return false;
  await depositPaid(uow, config, order, offer, 'paypal', SYSTEM);
  return true;
}

/**
 * POST /api/p/order/{id}/deposit/cancel: lock the wallet → lock the owner's order (another's →
 * 404) → its deposit is paid and the goods not yet bought (else 409, nothing written) → the order
 * is cancelled (`cancel-refund`: checkout gives its stock back) → the deposit back, fee-free.
 */
export async function cancelOrderDeposit(uow: UnitOfWork, userId: string, orderId: string): Promise<void> {
  if (!isId(orderId)) throw notFound();
  await lockWallet(uow, userId);
  const order = await lockOrder(uow.tx, orderId, userId).catch(() => {
    throw notFound();
  });
  const terms = await orderDepositOf(uow.tx, orderId, true);
  if (!terms) throw notFound();
  if (terms.state !== 'deposit-paid' || order.state !== 'pending')
    throw AppError.conflict('deposit-not-cancellable', 'payments.deposit-not-cancellable', { number: order.number });
  await applyLocked(
    uow,
    order,
    'cancel-refund',
    { type: 'user', id: userId },
    {
      reason: 'bulk order cancelled before purchase',
    },
  );
  await giveDepositBack(uow, 'order', order);
  await setOrderDepositState(uow.tx, orderId, 'returned');
}

/**
 * For the operator's events that may move the owner's money (purchase): the owner's wallet is
 * locked before the order, as payments and the settle job lock them. app.ts hands it to orders.
 */
export async function lockWalletOfTwoPartOrder(uow: UnitOfWork, orderId: string): Promise<void> {
  if (!isId(orderId)) return;
  const [row] = rawRows(
    await uow.tx.execute(
      sql`select user_id from order_deposits where order_id = ${orderId} and state = 'deposit-paid'`,
    ),
  );
  if (row) await lockWallet(uow, String(row.user_id));
}

/**
 * Reactions to the orders module (composition.ts subscribes them) for catalogue orders paid in two
 * parts: `purchase` charges the balance (or holds it); `ship` is refused while the balance is
 * unpaid, then the whole order leaves the bulk deposit for revenue (the goods are on their way).
 */
export const twoPartReactions = {
  async purchased(uow: UnitOfWork, change: OrderChange): Promise<void> {
    const terms = await orderDepositOf(uow.tx, change.after.id, true);
    if (terms?.state !== 'deposit-paid') return;
    const outcome = await takeBalance(uow, 'order', change.after, terms.balanceMinor);
    await setOrderDepositState(uow.tx, change.after.id, outcome === 'paid' ? 'balance-paid' : 'balance-held');
  },
  async shipped(uow: UnitOfWork, change: OrderChange): Promise<void> {
    const terms = await orderDepositOf(uow.tx, change.after.id, true);
    if (!terms) return;
    if (terms.state === 'deposit-paid' || terms.state === 'balance-held')
      throw AppError.conflict('balance-unpaid', 'payments.balance-unpaid', { number: change.after.number });
    if (terms.state !== 'balance-paid') return;
    await settleDeposit(
      uow,
      change.after.userId,
      terms.depositMinor + terms.balanceMinor,
      twoPartNames('order', change.after).postAs,
      {
        uniqueKey: `order-settle:${change.after.id}`,
      },
    );
    await setOrderDepositState(uow.tx, change.after.id, 'settled');
  },
};

/** A top-up completed a held balance (the wallet's settle job, in its unit of work): the order may ship. */
export async function orderBalanceCompleted(uow: UnitOfWork, reference: Reference): Promise<void> {
  const completed = rawRows(
    await uow.tx.execute(sql`
      update order_deposits set state = 'balance-paid', updated_at = now()
      where order_id = ${reference.id} and state = 'balance-held' returning order_id`),
  );
  if (completed.length) await recordInvoicePart(uow, reference.id, 'balance', 'paid');
}
