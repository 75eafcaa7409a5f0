import type { DepositState, InventoryOrder } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { type OrderRow, SYSTEM, allowedEvents, assertAllowed, lockOrder } from '../orders/orders.service';
import { recordInvoicePart } from '../invoices/invoices.service';
import {
  type PaymentRow,
  assertNoOpenPayment,
  giveDepositBack,
  startDepositPayPal,
  takeBalance,
  takeDeposit,
  twoPartNames,
} from '../payments/payments.service';
import { type Reference, lockWallet, settleDeposit } from '../wallet/wallet.service';
import { inventoryOrderById } from './inventory.read';

/**
 * Paying a large inventory order in two parts (decision 0130). The money goes into the owner's
 * own `deposit` account (the wallet's "bulk deposit"), not to revenue: the deposit when the order
 * is placed, the balance when the operator has bought the goods, both leaving it for revenue as
 * the warehouse receives the goods. Wallet only; the references keep the two parts apart:
 * `inventory-deposit` and `inventory-balance`, both with the order's id and number.
 */

export const BALANCE_REFERENCE_TYPE = twoPartNames('inventory', { id: '', number: '' }).balance.type;

export interface DepositRow {
  userId: string;
  depositState: DepositState | null;
  depositMinor: number;
  balanceMinor: number;
  settledMinor: number;
}

/** The order's two-part terms, read under the inventory order's row lock the caller holds. */
export async function depositOf(db: Db, orderId: string): Promise<DepositRow> {
  const [row] = rawRows(
    await db.execute(sql`
      select user_id, deposit_state, deposit_minor, balance_minor, settled_minor from inventory_orders
      where order_id = ${orderId}`),
  );
  if (!row) throw AppError.notFound('inventory.not-found');
  return {
    userId: String(row.user_id),
    depositState: (row.deposit_state as DepositState | null) ?? null,
    depositMinor: Number(row.deposit_minor ?? 0),
    balanceMinor: Number(row.balance_minor ?? 0),
    settledMinor: Number(row.settled_minor),
  };
}

async function setDepositState(db: Db, orderId: string, state: DepositState) {
  await db.execute(
    sql`update inventory_orders set deposit_state = ${state}, updated_at = now() where order_id = ${orderId}`,
  );
}

/**
 * POST /api/p/private-inventory-order/deposit/{id}, named steps in the route's idempotent unit of
 * work: lock the caller's wallet (the lock order every payment keeps) → lock the owner's order
 * (another's → 404) → lock its inventory row → it is unpaid and was offered two parts → no other
 * payment of it is open → the deposit from the wallet into the bulk deposit (once per order;
 * short → insufficient balance, nothing written) → the order is paid (`pay`: the inventory
 * reaction makes it "to be purchased") → the order's invoice, the deposit paid and the balance due
 * (decision 0140).
 */
/**
 * The steps both ways of paying a deposit start with: lock the caller's wallet → lock the owner's
 * order (another's or a malformed id → 404) → lock its inventory row → it is unpaid and offered two
 * parts (else 409).
 */
async function lockOfferedDeposit(uow: UnitOfWork, userId: string, orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) throw AppError.notFound('inventory.not-found');
  await lockWallet(uow, userId);
  const order = await lockOrder(uow.tx, orderId, userId).catch(() => {
    throw AppError.notFound('inventory.not-found');
  });
  await uow.tx.execute(sql`select 1 from inventory_orders where order_id = ${orderId} for update`);
  const terms = await depositOf(uow.tx, orderId);
  if (terms.depositState !== 'offered')
    throw AppError.conflict('deposit-not-offered', 'inventory.deposit-not-offered', { number: order.number });
  assertAllowed(order, 'pay');
  return { order, terms };
}

export async function payInventoryDeposit(
  uow: UnitOfWork,
  config: Config,
  userId: string,
  orderId: string,
): Promise<InventoryOrder> {
  const { order, terms } = await lockOfferedDeposit(uow, userId, orderId);
  await assertNoOpenPayment(uow.tx, orderId);
  await setDepositState(uow.tx, orderId, 'deposit-paid');
  await takeDeposit(uow, config, 'inventory', order, terms, 'wallet', { type: 'user', id: userId });
  return (await inventoryOrderById(uow.tx, orderId, userId))!;
}

/**
 * POST /api/p/private-inventory-order/deposit/{id}/paypal (decision 0140), in the route's
 * idempotent unit of work: lock the caller's wallet → lock the owner's order (another's → 404) →
 * lock its inventory row → it is unpaid and offered two parts → a PayPal payment of the deposit
 * (payments: a recharge of that amount; an unstarted one of the order is replaced, one under way
 * → 409). PayPal's order and approve link are made after the commit by the route.
 */
export async function startInventoryDepositPayPal(
  uow: UnitOfWork,
  config: Config,
  userId: string,
  orderId: string,
): Promise<PaymentRow> {
  const { order, terms } = await lockOfferedDeposit(uow, userId, orderId);
  return startDepositPayPal(uow, config, order, terms.depositMinor);
}

/**
 * The PayPal recharge of a deposit payment was credited to the wallet (payments calls this in the
 * recharge's unit of work, which locked the wallet, then the order and the payment): the same
 * steps as the wallet deposit from "the deposit into the bulk deposit" on. An order no longer
 * offered two parts (paid in full meanwhile, cancelled, expired) → false: the money stays in the
 * wallet, where the user sees it.
 */
export async function depositCredited(
  uow: UnitOfWork,
  config: Config,
  payment: PaymentRow,
  order: OrderRow,
): Promise<boolean> {
  await uow.tx.execute(sql`select 1 from inventory_orders where order_id = ${order.id} for update`);
  const terms = await depositOf(uow.tx, order.id).catch(() => null);
  if (terms?.depositState !== 'offered' || terms.depositMinor !== payment.amountMinor) return false;
  if (!allowedEvents(order, 'system').includes('pay')) return false;
  await setDepositState(uow.tx, order.id, 'deposit-paid');
  await takeDeposit(uow, config, 'inventory', order, terms, 'paypal', SYSTEM);
  return true;
}

/**
 * The operator bought the goods of a deposit order: its balance from the wallet into the bulk
 * deposit, or held (SPEC §4) until a top-up covers it. The caller locked the owner's wallet before
 * the order (`lockWalletOfDepositOrder`) and holds the inventory row.
 */
export async function chargeBalance(uow: UnitOfWork, order: OrderRow): Promise<void> {
  const terms = await depositOf(uow.tx, order.id);
  if (terms.depositState !== 'deposit-paid') return;
  const outcome = await takeBalance(uow, 'inventory', order, terms.balanceMinor);
  await setDepositState(uow.tx, order.id, outcome === 'paid' ? 'balance-paid' : 'balance-held');
}

/**
 * For the operator's calls that may move the owner's money (purchase): the owner's wallet is
 * locked before the order, as the settle job (wallet, then the order's rows) and payments do.
 */
export async function lockWalletOfDepositOrder(uow: UnitOfWork, orderId: string): Promise<void> {
  const [row] = rawRows(
    await uow.tx.execute(sql`select user_id, deposit_state from inventory_orders where order_id = ${orderId}`),
  );
  if (row?.deposit_state === 'deposit-paid') await lockWallet(uow, String(row.user_id));
}

/** Goods may be stocked only once the whole order is paid: 409 while the balance is not. */
export async function assertBalancePaid(db: Db, order: Pick<OrderRow, 'id' | 'number'>): Promise<void> {
  const { depositState } = await depositOf(db, order.id);
  if (depositState === 'deposit-paid' || depositState === 'balance-held')
    throw AppError.conflict('balance-unpaid', 'inventory.balance-unpaid', { number: order.number });
}

/**
 * After a receipt: the part of the order's money matching the pieces received so far leaves the
 * bulk deposit for revenue (floor of total × received / ordered; the last receipt takes the rest,
 * so the parts add up to the total exactly). Once per receipt state.
 */
export async function settleReceived(
  uow: UnitOfWork,
  order: Pick<OrderRow, 'id' | 'number' | 'userId'>,
  receivedPieces: number,
  orderedPieces: number,
): Promise<void> {
  const terms = await depositOf(uow.tx, order.id);
  if (terms.depositState !== 'balance-paid') return;
  const totalMinor = terms.depositMinor + terms.balanceMinor;
  const due = receivedPieces >= orderedPieces ? totalMinor : Math.floor((totalMinor * receivedPieces) / orderedPieces);
  const amount = due - terms.settledMinor;
  if (amount <= 0) return;
  await settleDeposit(
    uow,
    order.userId,
    amount,
    { type: 'inventory-order', id: order.id, label: order.number },
    { uniqueKey: `inventory-settle:${order.id}:${receivedPieces}` },
  );
  await uow.tx.execute(sql`update inventory_orders set settled_minor = ${due} where order_id = ${order.id}`);
}

/** Cancelled before purchase: the deposit back where it came from, fee-free, once. True if it was a deposit order. */
export async function returnDepositOnCancel(uow: UnitOfWork, order: Pick<OrderRow, 'id' | 'number'>): Promise<boolean> {
  const { depositState } = await depositOf(uow.tx, order.id);
  if (depositState !== 'deposit-paid') return false;
  await giveDepositBack(uow, 'inventory', order);
  await setDepositState(uow.tx, order.id, 'returned');
  return true;
}

/**
 * A top-up completed a held balance (the wallet's settle job, in its unit of work, after it moved
 * the money into the bulk deposit): the order may now be stocked. composition.ts subscribes it.
 */
export async function balanceCompleted(uow: UnitOfWork, reference: Reference): Promise<void> {
  const completed = rawRows(
    await uow.tx.execute(sql`
      update inventory_orders set deposit_state = 'balance-paid', updated_at = now()
      where order_id = ${reference.id} and deposit_state = 'balance-held' returning order_id`),
  );
  if (completed.length) await recordInvoicePart(uow, reference.id, 'balance', 'paid');
}
