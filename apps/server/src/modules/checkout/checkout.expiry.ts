import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { releaseStock, reserveStock } from '../catalogue/catalogue.service';
import { type OrderChange, SYSTEM, getOrder, transition, unpaidOrderCountSql } from '../orders/orders.service';
import { orderPayBy } from './checkout.tables';

/**
 * What happens to a placed order's stock afterwards (decision 0084):
 * - `order.expire` runs at the order's pay-by time and, if it still awaits payment, fires the
 *   system `expire` event (→ draft box). A split parent hands the expiry to its children.
 * - trash / expire give the order's lines back to stock; restore takes them again (refused with
 *   the out-of-stock 409 when they are gone, so nothing is restored) and sets a new pay-by time.
 * The stock moves inside the transition's unit of work (orders.hooks.ts): never one without the other.
 */
export const ORDER_EXPIRE_JOB = 'order.expire';

/**
 * What a submitted order's pay-by row also records (decision 0106): the confirm token's signature
 * (unique: a second order of the same token fails `order_pay_by_confirm_sig`) and, when a cap is
 * set, whether the user's unpaid orders are still within it (else `order_pay_by_hold_cap` fails).
 */
export interface PlacedBy {
  confirmSig: string;
  userId: string;
  /** CHECKOUT_MAX_UNPAID_ORDERS; 0 = no cap. */
  maxUnpaid: number;
}

/** Sets (or moves) the order's pay-by time and schedules its expiry job for then. */
export async function schedulePayBy(uow: UnitOfWork, orderId: string, payBy: Date, placed?: PlacedBy): Promise<void> {
  const at = sql`${payBy.toISOString()}::timestamptz`;
  const saved = placed
    ? sql`insert into order_pay_by (order_id, pay_by, confirm_sig, within_hold_cap) values (${orderId}, ${at}, ${placed.confirmSig}, ${
        placed.maxUnpaid > 0
          ? // A token that already placed its order is told so (the unique signature), not the cap.
            sql`${unpaidOrderCountSql(placed.userId)} <= ${placed.maxUnpaid} or exists (select 1 from order_pay_by where confirm_sig = ${placed.confirmSig})`
          : sql`true`
      })`
    : sql`insert into order_pay_by (order_id, pay_by) values (${orderId}, ${at})
    on conflict (order_id) do update set pay_by = excluded.pay_by`;
  await uow.enqueue({ type: ORDER_EXPIRE_JOB, payload: { orderId }, runAt: payBy, alongside: saved });
}

async function payByOf(db: Db, orderId: string): Promise<Date | null> {
  const [row] = await db.select({ payBy: orderPayBy.payBy }).from(orderPayBy).where(eq(orderPayBy.orderId, orderId));
  return row?.payBy ?? null;
}

const isRefused = (err: unknown) => err instanceof AppError && err.reason === 'order-transition-refused';

/** Expires one order if it still awaits payment; paid, trashed or already expired → nothing. */
async function expireOne(db: Db, orderId: string): Promise<void> {
  try {
    await transition(db, orderId, 'expire', SYSTEM, { reason: 'not paid in time' });
  } catch (err) {
    // Paid (or trashed) while the job waited: the state machine refused, nothing was written.
    if (!isRefused(err)) throw err;
  }
}

/**
 * The job: safe to run again (decision 0061). An order restored since has a later pay-by time
 * and its own newer job, so this one leaves it alone.
 */
export async function expireUnpaidOrder(db: Db, orderId: string, now = new Date()): Promise<void> {
  const payBy = await payByOf(db, orderId);
  if (payBy && payBy.getTime() > now.getTime()) return;
  let order;
  try {
    order = await getOrder(db, orderId, { actor: 'operator' });
  } catch (err) {
    if (err instanceof AppError && err.kind === 'NOT_FOUND') return; // deleted (a reset split's child)
    throw err;
  }
  if (order.state === 'awaiting-payment') return expireOne(db, orderId);
  if (order.state !== 'split') return;
  // The children carry the parent's lines and its pay-by time (unless restored since: their own).
  for (const child of order.children) {
    if (child.state !== 'awaiting-payment') continue;
    const own = await payByOf(db, child.id);
    if (own && own.getTime() > now.getTime()) continue;
    await expireOne(db, child.id);
  }
}

export const checkoutJobHandlers: Record<string, JobHandler> = {
  [ORDER_EXPIRE_JOB]: async (payload, { db }) => expireUnpaidOrder(db, String(payload.orderId)),
};

/**
 * The order's lines as stock lines (read in the transition's unit of work); a line shipped from
 * the owner's private inventory took none of the supplier's stock (decision 0129).
 */
async function stockLinesOf(uow: UnitOfWork, orderId: string) {
  const order = await getOrder(uow.tx, orderId, { actor: 'operator' });
  return order.lines
    .filter((l) => !l.fromInventory)
    .map((l) => ({ prodId: l.productId, skuId: l.skuId, count: l.quantity }));
}

/**
 * The stock handlers on the order state machine (composition.ts subscribes them). Only
 * awaiting-payment orders are trashed or expire, so every order that reaches `releaseStock` still
 * holds its reservation; a split parent is never trashed (its children are).
 */
export function stockReactions({ payMinutes }: { payMinutes: number }) {
  return {
    releaseStock: async (uow: UnitOfWork, { after }: OrderChange) =>
      releaseStock(uow, await stockLinesOf(uow, after.id)),
    reserveStockAgain: async (uow: UnitOfWork, { after }: OrderChange) => {
      await reserveStock(uow, await stockLinesOf(uow, after.id), 'en-US');
      await schedulePayBy(uow, after.id, new Date(Date.now() + payMinutes * 60_000));
    },
  };
}
