import { createHash, randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { UserRegistered } from '../accounts/accounts.service';
import { adjust } from '../wallet/wallet.service';
import {
  affiliateAdjustments,
  affiliateClicks,
  affiliateCommissions,
  affiliateReferrals,
  affiliates,
} from './affiliates.tables';
import { getTerms } from './affiliates.terms';

export type AffiliateRow = typeof affiliates.$inferSelect;

/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function affiliateOfUser(db: Db, userId: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}

/** A user turns the programme on: once; joining again answers the same code. */
export async function join(uow: UnitOfWork, userId: string): Promise<AffiliateRow> {
  const existing = await affiliateOfUser(uow.tx, userId);
  if (existing) return existing;
  if (!(await getTerms(uow.tx)).enabled) throw AppError.business('programme-closed', 'affiliates.programme-closed');
  // A clash of random codes is rare (31^8); the unique index decides, and the next try wins.
  for (let attempt = 0; ; attempt++) {
    const [row] = await uow.tx.insert(affiliates).values({ userId, code: newCode() }).onConflictDoNothing().returning();
    if (row) return row;
    const again = await affiliateOfUser(uow.tx, userId);
    if (again) return again;
    if (attempt > 5) throw new Error('affiliates: no free code');
  }
}

/** Lower case, no `+tag`, and Gmail's dots ignored: the one mailbox behind several spellings. */
function mailbox(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const base = local.split('+')[0]!;
  return `${['gmail.com', 'googlemail.com'].includes(domain) ? base.replace(/\./g, '') : base}@${domain}`;
}

/**
 * Registration with a code: the new account is attributed to the code's affiliate, once (the
 * referral's primary key is the referred user: never re-attributed). Refused with a field error,
 * so the form can say so: an unknown code, a suspended affiliate, and a self-referral (the same
 * mailbox as the affiliate's own account, Gmail dots and `+tags` aside) or a cycle.
 */
export async function attributeRegistration(uow: UnitOfWork, user: UserRegistered): Promise<void> {
  if (!user.ref) return;
  const refuse = (key: string) => AppError.invalid([{ field: 'ref', messageKey: key }]);
  const [aff] = rawRows(
    await uow.tx.execute(sql`
    select a.id, a.user_id, a.state, u.email from affiliates a join users u on u.id = a.user_id
    where a.code = ${user.ref}`),
  );
  if (!aff) throw refuse('affiliates.code-unknown');
  if (aff.state !== 'active') throw refuse('affiliates.suspended');
  if (aff.user_id === user.userId || mailbox(String(aff.email)) === mailbox(user.email))
    throw refuse('affiliates.self-referral');
  if (await referredBy(uow.tx, String(aff.user_id), user.userId)) throw refuse('affiliates.self-referral');
  await uow.tx
    .insert(affiliateReferrals)
    .values({ referredUserId: user.userId, affiliateId: String(aff.id) })
    .onConflictDoNothing();
}

/** Whether `userId` was brought, directly or down a chain, by `ancestorUserId` (a cycle). */
async function referredBy(db: Db, userId: string, ancestorUserId: string): Promise<boolean> {
  const [row] = rawRows(
    await db.execute(sql`
    with recursive chain(user_id, depth) as (
      select ${userId}::uuid, 0
      union all
      select a.user_id, c.depth + 1 from chain c
      join affiliate_referrals r on r.referred_user_id = c.user_id
      join affiliates a on a.id = r.affiliate_id
      where c.depth < 50)
    select 1 as hit from chain where user_id = ${ancestorUserId}::uuid and depth > 0 limit 1`),
  );
  return Boolean(row);
}

/** A visit through a link: counted once per visitor per UTC day; an unknown code counts nothing. */
export async function countClick(db: Db, code: string, visitor: string): Promise<boolean> {
  const [aff] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(and(eq(affiliates.code, code), eq(affiliates.state, 'active')));
  if (!aff) return false;
  const visitorHash = createHash('sha256').update(visitor).digest('hex');
  const rows = await db
    .insert(affiliateClicks)
    .values({ affiliateId: aff.id, visitorHash, day: sql`(now() at time zone 'utc')::date` as unknown as string })
    .onConflictDoNothing()
    .returning({ day: affiliateClicks.day });
  return rows.length > 0;
}

async function lockAffiliate(db: Db, id: string): Promise<AffiliateRow> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.id, id)).for('update');
  if (!row) throw AppError.notFound('affiliates.not-found');
  return row;
}

/**
 * The operator suspends an affiliate: no new commission, and what is not yet paid (pending or
 * available) is cancelled with the operator's reason. What was paid stays paid.
 */
export async function suspend(uow: UnitOfWork, id: string, reason: string): Promise<AffiliateRow> {
  const aff = await lockAffiliate(uow.tx, id);
  if (aff.state === 'suspended') throw AppError.business('affiliate-suspended', 'affiliates.already-suspended');
  await uow.tx
    .update(affiliateCommissions)
    .set({ state: 'cancelled', note: reason })
    .where(
      and(eq(affiliateCommissions.affiliateId, id), inArray(affiliateCommissions.state, ['pending', 'available'])),
    );
  const [row] = await uow.tx
    .update(affiliates)
    .set({ state: 'suspended', suspendedReason: reason })
    .where(eq(affiliates.id, id))
    .returning();
  return row!;
}

/** The operator lifts a suspension; commissions cancelled by it stay cancelled. */
export async function reinstate(uow: UnitOfWork, id: string): Promise<AffiliateRow> {
  await lockAffiliate(uow.tx, id);
  const [row] = await uow.tx
    .update(affiliates)
    .set({ state: 'active', suspendedReason: '' })
    .where(eq(affiliates.id, id))
    .returning();
  return row!;
}

/** The operator corrects an affiliate's earnings: a signed cash adjustment of the wallet with its reason. */
export async function adjustAffiliate(
  uow: UnitOfWork,
  id: string,
  amountMinor: number,
  reason: string,
  operatorId: string | null,
): Promise<void> {
  const aff = await lockAffiliate(uow.tx, id);
  await adjust(uow, aff.userId, amountMinor, reason);
  await uow.tx.insert(affiliateAdjustments).values({ affiliateId: id, amountMinor, reason, operatorId });
}
