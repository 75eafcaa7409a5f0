import { toMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import type { OrderChange } from '../orders/orders.service';
import { creditCommission, reverseCommission } from '../wallet/wallet.service';
import { commissionOf, getTerms } from './affiliates.terms';

/**
 * Commission on referred users' paid orders (issue 26, decision 0128): earned when the order is
 * paid (pending), available once the hold has passed, credited to the affiliate's wallet by the
 * release job; a refund lowers it (cancelled before it is paid, a reversing ledger line after).
 */
export const AFFILIATE_RELEASE_JOB = 'affiliates.release-due';
export const affiliatesSchedule: RecurringJob[] = [
  { key: AFFILIATE_RELEASE_JOB, type: AFFILIATE_RELEASE_JOB, everySeconds: 300 },
];

const reference = (c: { id: string; order_number: unknown }) => ({
  type: 'affiliate-commission',
  id: c.id,
  label: String(c.order_number),
});

/** Order paid → a pending commission, if its buyer was referred within the period by an active affiliate. */
export async function onOrderPaid(uow: UnitOfWork, change: OrderChange): Promise<void> {
  const order = change.after;
  const terms = await getTerms(uow.tx);
  if (!terms.enabled || terms.rateBasisPoints === 0) return;
  const paidAt = order.paidAt ?? new Date();
  const [ref] = rawRows(
    await uow.tx.execute(sql`
    select r.affiliate_id from affiliate_referrals r join affiliates a on a.id = r.affiliate_id
    where r.referred_user_id = ${order.userId} and a.state = 'active'
      and ${paidAt.toISOString()}::timestamptz < r.attributed_at + make_interval(months => ${terms.periodMonths})`),
  );
  if (!ref) return;
  // Goods only: never shipping, the service fee or tax.
  const amount = commissionOf(order.goodsMinor, terms.rateBasisPoints);
  if (amount === 0) return;
  await uow.tx.execute(sql`
    insert into affiliate_commissions (affiliate_id, referred_user_id, order_id, order_number, goods_minor,
      rate_basis_points, amount_minor, payout, order_paid_at, available_at)
    values (${ref.affiliate_id}, ${order.userId}, ${order.id}, ${order.number}, ${order.goodsMinor},
      ${terms.rateBasisPoints}, ${amount}, ${terms.payout}, ${paidAt.toISOString()}::timestamptz,
      ${paidAt.toISOString()}::timestamptz + make_interval(days => ${terms.holdDays}))
    on conflict (order_id) do nothing`);
}

/**
 * Order refunded (an after-sales refund, in its unit of work): the commission is recomputed on the
 * goods not refunded (a refund is counted against goods first). Not yet paid: lowered, cancelled
 * at zero. Paid: the difference is taken back by its own ledger entry (what the wallet still holds).
 */
export async function onOrderRefunded(uow: UnitOfWork, change: OrderChange): Promise<void> {
  const amount = change.data.details?.amount;
  if (typeof amount !== 'number' || amount <= 0) return;
  const [c] = rawRows(
    await uow.tx.execute(sql`
    select c.*, a.user_id as affiliate_user_id from affiliate_commissions c join affiliates a on a.id = c.affiliate_id
    where c.order_id = ${change.after.id} for update of c`),
  );
  if (!c) return;
  const id = String(c.id);
  const refunded = Number(c.refunded_minor) + toMinor(amount);
  const owed = commissionOf(Math.max(Number(c.goods_minor) - refunded, 0), Number(c.rate_basis_points));
  const state = String(c.state);
  if (state === 'pending' || state === 'available') {
    await uow.tx.execute(sql`
      update affiliate_commissions set refunded_minor = ${refunded}, amount_minor = ${owed},
        state = ${owed === 0 ? 'cancelled' : state}, note = ${owed === 0 ? 'refunded' : ''}
      where id = ${id}`);
    return;
  }
  if (state !== 'paid') {
    await uow.tx.execute(sql`update affiliate_commissions set refunded_minor = ${refunded} where id = ${id}`);
    return;
  }
  const back = Number(c.credited_minor) - owed;
  let taken = 0;
  if (back > 0) {
    const res = await reverseCommission(
      uow,
      String(c.affiliate_user_id),
      back,
      c.payout as 'cash' | 'bonus',
      reference({ id, order_number: c.order_number }),
      {
        uniqueKey: `affiliate-reversal:${id}:${refunded}`,
      },
    );
    taken = res.takenMinor;
  }
  const short = back - taken;
  await uow.tx.execute(sql`
    update affiliate_commissions set refunded_minor = ${refunded}, amount_minor = ${owed},
      credited_minor = credited_minor - ${taken}, state = ${owed === 0 ? 'reversed' : 'paid'},
      note = ${short > 0 ? `unrecovered ${short}` : ''}
    where id = ${id}`);
}

/**
 * The release job: commissions whose hold has passed become available, then each is credited to
 * its affiliate's wallet in its own transaction (one affiliate's failure holds up no one else).
 * Safe to run again: the state moves under the row lock and the ledger posts once per commission.
 */
export async function releaseDue(db: Db, now: Date = new Date()): Promise<number> {
  await db.execute(sql`
    update affiliate_commissions set state = 'available'
    where state = 'pending' and available_at <= ${now.toISOString()}::timestamptz`);
  const due = rawRows(
    await db.execute(sql`
    select c.id from affiliate_commissions c join affiliates a on a.id = c.affiliate_id
    where c.state = 'available' and a.state = 'active' order by c.available_at limit 500`),
  );
  let credited = 0;
  for (const { id } of due) if (await creditOne(db, String(id))) credited++;
  return credited;
}

async function creditOne(db: Db, id: string): Promise<boolean> {
  return inTransaction(db, async (uow) => {
    const [c] = rawRows(
      await uow.tx.execute(sql`
      select c.id, c.order_number, c.amount_minor, c.payout, c.state, a.user_id from affiliate_commissions c
      join affiliates a on a.id = c.affiliate_id where c.id = ${id} for update of c`),
    );
    if (!c || c.state !== 'available') return false;
    await creditCommission(
      uow,
      String(c.user_id),
      Number(c.amount_minor),
      c.payout as 'cash' | 'bonus',
      reference({ id, order_number: c.order_number }),
      {
        uniqueKey: `affiliate-commission:${id}`,
      },
    );
    await uow.tx.execute(sql`
      update affiliate_commissions set state = 'paid', credited_minor = amount_minor, credited_at = now() where id = ${id}`);
    return true;
  });
}

export const affiliatesJobHandlers: Record<string, JobHandler> = {
  [AFFILIATE_RELEASE_JOB]: async (_payload, { db }) => {
    // Runs until nothing is due, 500 at a time.
    while ((await releaseDue(db)) === 500);
  },
};
