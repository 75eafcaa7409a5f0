import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { recordRecharge, reverseRecharge } from '../wallet/wallet.service';
import { runRechargeHooks } from './recharge.hooks';
import { type RechargeRow, lockOrder } from './recharge.queries';
import { rechargeOrders } from './recharge.tables';

/**
 * The state changes of a recharge order (decision 0074), each on the row locked FOR UPDATE in
 * the caller's unit of work, each a no-op when the order is already past it: the return page,
 * the webhook, the expiry job and a retried request may all arrive, in any order, any number of
 * times, and the wallet is credited once.
 */

export const RECHARGE_CREDIT_JOB = 'recharge.credit';
export const RECHARGE_EXPIRE_JOB = 'recharge.expire';

type Patch = Partial<typeof rechargeOrders.$inferInsert>;

async function update(db: Db, id: string, patch: Patch): Promise<RechargeRow> {
  const [row] = await db
    .update(rechargeOrders)
    .set({ ...patch, updatedAt: sql`now()` as unknown as Date })
    .where(eq(rechargeOrders.id, id))
    .returning();
  return row!;
}

const appendNote = (old: string, line: string) => (old ? `${old}\n${line}` : line).slice(-2000);

/**
 * The provider (or the operator) confirmed the money: → paid, and the credit job is enqueued in
 * the same unit of work. An order already paid or completed is left alone. A closed order is
 * paid too — money the provider took is never ignored — with a note for the operator.
 * `amountMinor`, when given, must equal the order's total; otherwise the order waits as pending
 * with a note for the operator and nothing is credited.
 */
export async function markPaid(
  db: DbOrUow,
  id: string,
  opts: { captureId?: string; amountMinor?: number; decidedBy?: string; via: string },
): Promise<RechargeRow> {
  return inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, id);
    if (order.state === 'paid' || order.state === 'completed') return order;
    const total = order.amountMinor + order.feeMinor;
    if (opts.amountMinor !== undefined && opts.amountMinor !== total) {
      return update(uow.tx, id, {
        state: 'pending',
        providerCaptureId: opts.captureId ?? order.providerCaptureId,
        operatorNote: appendNote(
          order.operatorNote,
          `${opts.via}: the provider reports ${opts.amountMinor} minor units, the order's total is ${total}; not credited, check at the provider`,
        ),
      });
    }
    const patch: Patch = {
      state: 'paid',
      paidAt: new Date(),
      providerCaptureId: opts.captureId ?? order.providerCaptureId,
      decidedBy: opts.decidedBy ?? order.decidedBy,
    };
    if (order.state === 'closed') {
      patch.operatorNote = appendNote(
        order.operatorNote,
        `${opts.via}: paid after the order closed (${order.closeReason}); credited`,
      );
      patch.closeReason = null;
      patch.closedAt = null;
    }
    const paid = await update(uow.tx, id, patch);
    await uow.enqueue({ type: RECHARGE_CREDIT_JOB, payload: { id }, maxAttempts: 12 });
    return paid;
  });
}

/** The `recharge.credit` job: posts the credit once (unique key `recharge:<id>`) → completed. */
export async function creditPaid(db: DbOrUow, id: string): Promise<void> {
  await inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, id);
    if (order.state !== 'paid') return;
    await recordRecharge(
      uow,
      order.userId,
      order.amountMinor,
      order.feeMinor,
      order.method,
      { type: 'recharge', id, label: order.number },
      { uniqueKey: `recharge:${id}` },
    );
    const completed = await update(uow.tx, id, { state: 'completed', completedAt: new Date() });
    // A recharge that pays orders pays them now, with the credit (decision 0085).
    await runRechargeHooks(uow, 'credited', completed);
  });
}

/** Payment under way but not final (a PayPal capture held PENDING, a delayed card payment, a slip). */
export async function markPending(db: DbOrUow, id: string, patch: Patch = {}): Promise<RechargeRow> {
  return inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, id);
    if (order.state !== 'awaiting-payment' && order.state !== 'pending') return order;
    return update(uow.tx, id, { ...patch, state: 'pending' });
  });
}

/**
 * Closes an order that was never credited. `from` lists the states it may close from (user
 * cancel: awaiting-payment only); an order in another state is returned unchanged.
 */
export async function close(
  db: DbOrUow,
  id: string,
  reason: 'expired' | 'cancelled' | 'rejected' | 'failed',
  opts: { from: Array<RechargeRow['state']>; note?: string; decidedBy?: string },
): Promise<RechargeRow> {
  return inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, id);
    if (!opts.from.includes(order.state)) return order;
    const closed = await update(uow.tx, id, {
      state: 'closed',
      closeReason: reason,
      closedAt: new Date(),
      note: opts.note ?? order.note,
      decidedBy: opts.decidedBy ?? order.decidedBy,
    });
    await runRechargeHooks(uow, 'closed', closed);
    return closed;
  });
}

/**
 * The provider refunded `totalRefundedMinor` of the order's payment so far (Stripe reports the
 * running total, PayPal one refund per event). The new part is recorded; on a completed order it
 * is reversed from the wallet when the user's cash covers it, else left to the operator.
 */
export async function recordProviderRefund(
  db: DbOrUow,
  id: string,
  refund: { newMinor?: number; runningTotalMinor?: number; key: string },
  log: (msg: string, fields: Record<string, unknown>) => void,
): Promise<void> {
  await inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, id);
    const total = order.amountMinor + order.feeMinor;
    const reported =
      refund.runningTotalMinor !== undefined ? refund.runningTotalMinor - order.refundedMinor : (refund.newMinor ?? 0);
    const delta = Math.min(reported, total - order.refundedMinor);
    if (delta <= 0) return;
    // The refund takes back the amount first, then the fee, in proportion to nothing: simple.
    const amount = Math.min(delta, order.amountMinor - Math.min(order.refundedMinor, order.amountMinor));
    const fee = delta - amount;
    let note = '';
    if (order.state === 'completed' && amount > 0) {
      const done = await reverseRecharge(
        uow,
        order.userId,
        amount,
        fee,
        order.method,
        { type: 'recharge', id, label: order.number },
        { uniqueKey: `recharge-refund:${refund.key}` },
      );
      if (!done.reversed) {
        note = `refunded ${delta} minor units at the provider; the wallet's cash did not cover it, nothing reversed: settle by hand`;
        log('recharge refund not reversed: wallet cash short', { rechargeId: id, refundMinor: delta });
      }
    } else if (order.state !== 'completed') {
      note = `refunded ${delta} minor units at the provider while the order was ${order.state}: check by hand`;
      log('recharge refund on an order not completed', { rechargeId: id, state: order.state });
    }
    await update(uow.tx, id, {
      refundedMinor: order.refundedMinor + delta,
      ...(note ? { operatorNote: appendNote(order.operatorNote, note) } : {}),
    });
  });
}
