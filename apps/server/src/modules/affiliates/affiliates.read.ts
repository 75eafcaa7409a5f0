import type { AdminAffiliate, AffiliateDashboard, AffiliateMe, AffiliateOrder } from '@dsm/contract';
import { fromMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { affiliateOfUser } from './affiliates.service';
import { getTerms } from './affiliates.terms';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** `Ada Lovelace` → `Ad*** L.`: enough to recognise, nothing more of the referred user. */
export function maskName(first: string, last: string, username: string): string {
  const f = first.trim() || username.trim();
  const l = last.trim();
  return `${[...f].slice(0, 2).join('')}***${l ? ` ${[...l][0]!.toUpperCase()}.` : ''}`;
}

export async function affiliateMe(db: Db, userId: string): Promise<AffiliateMe> {
  const [aff, terms] = await Promise.all([affiliateOfUser(db, userId), getTerms(db)]);
  return {
    joined: Boolean(aff),
    code: aff?.code ?? null,
    link: aff ? `/?ref=${aff.code}` : null,
    state: aff?.state ?? null,
    suspendedReason: aff?.suspendedReason ?? '',
    terms,
  };
}

/** The referred users' paid orders, newest first (masked names only). */
export async function commissionLines(db: Db, affiliateId: string, limit = 10_000): Promise<AffiliateOrder[]> {
  const rows = rawRows(
    await db.execute(sql`
    select c.order_number, c.goods_minor, c.amount_minor, c.credited_minor, c.state, c.order_paid_at, c.available_at,
      u.first_name, u.last_name, u.username
    from affiliate_commissions c join users u on u.id = c.referred_user_id
    where c.affiliate_id = ${affiliateId} order by c.order_paid_at desc, c.id limit ${limit}`),
  );
  return rows.map((r) => ({
    referred: maskName(String(r.first_name), String(r.last_name), String(r.username)),
    orderNumber: String(r.order_number),
    goods: fromMinor(Number(r.goods_minor)),
    commission: fromMinor(Number(r.state === 'paid' ? r.credited_minor : r.amount_minor)),
    state: r.state as AffiliateOrder['state'],
    paidAt: iso(r.order_paid_at),
    availableAt: iso(r.available_at),
  }));
}

/** The last 12 UTC months, oldest first, with what happened in each. */
async function months(db: Db, affiliateId: string) {
  const rows = rawRows(
    await db.execute(sql`
    with m as (
      select to_char(d, 'YYYY-MM') as month from generate_series(
        date_trunc('month', now() at time zone 'utc') - interval '11 months',
        date_trunc('month', now() at time zone 'utc'), interval '1 month') d)
    select m.month,
      (select count(*) from affiliate_clicks k where k.affiliate_id = ${affiliateId} and to_char(k.day, 'YYYY-MM') = m.month) as clicks,
      (select count(*) from affiliate_referrals r where r.affiliate_id = ${affiliateId}
         and to_char(r.attributed_at at time zone 'utc', 'YYYY-MM') = m.month) as sign_ups,
      (select count(*) from affiliate_commissions c where c.affiliate_id = ${affiliateId}
         and to_char(c.order_paid_at at time zone 'utc', 'YYYY-MM') = m.month) as orders,
      (select coalesce(sum(case when c.state = 'paid' then c.credited_minor else c.amount_minor end), 0)
         from affiliate_commissions c where c.affiliate_id = ${affiliateId} and c.state not in ('cancelled', 'reversed')
         and to_char(c.order_paid_at at time zone 'utc', 'YYYY-MM') = m.month) as commission
    from m order by m.month`),
  );
  return rows.map((r: Row) => ({
    month: String(r.month),
    clicks: Number(r.clicks),
    signUps: Number(r.sign_ups),
    orders: Number(r.orders),
    commission: fromMinor(Number(r.commission)),
  }));
}

/** The caller's own dashboard; null when they have not joined (the route answers 404). */
export async function dashboard(db: Db, userId: string): Promise<AffiliateDashboard | null> {
  const aff = await affiliateOfUser(db, userId);
  if (!aff) return null;
  const [totals] = rawRows(
    await db.execute(sql`
    select
      (select count(*) from affiliate_clicks where affiliate_id = ${aff.id}) as clicks,
      (select count(*) from affiliate_referrals where affiliate_id = ${aff.id}) as sign_ups,
      (select count(*) from affiliate_commissions where affiliate_id = ${aff.id}) as orders,
      (select coalesce(sum(amount_minor) filter (where state = 'pending'), 0) from affiliate_commissions where affiliate_id = ${aff.id}) as pending,
      (select coalesce(sum(amount_minor) filter (where state = 'available'), 0) from affiliate_commissions where affiliate_id = ${aff.id}) as available,
      (select coalesce(sum(credited_minor), 0) from affiliate_commissions where affiliate_id = ${aff.id}) as paid`),
  );
  return {
    clicks: Number(totals!.clicks),
    signUps: Number(totals!.sign_ups),
    orders: Number(totals!.orders),
    pending: fromMinor(Number(totals!.pending)),
    available: fromMinor(Number(totals!.available)),
    paid: fromMinor(Number(totals!.paid)),
    months: await months(db, aff.id),
    recent: await commissionLines(db, aff.id, 50),
  };
}

/** The operator's list: every affiliate with their figures, newest first. */
export async function adminAffiliates(db: Db): Promise<AdminAffiliate[]> {
  const rows = rawRows(
    await db.execute(sql`
    select a.id, a.user_id, u.username, a.code, a.state, a.suspended_reason, a.joined_at,
      (select count(*) from affiliate_clicks k where k.affiliate_id = a.id) as clicks,
      (select count(*) from affiliate_referrals r where r.affiliate_id = a.id) as sign_ups,
      (select coalesce(sum(amount_minor), 0) from affiliate_commissions c where c.affiliate_id = a.id and c.state in ('pending', 'available')) as pending,
      (select coalesce(sum(credited_minor), 0) from affiliate_commissions c where c.affiliate_id = a.id) as paid
    from affiliates a join users u on u.id = a.user_id order by a.joined_at desc limit 500`),
  );
  return rows.map((r) => ({
    id: String(r.id),
    userId: String(r.user_id),
    username: String(r.username),
    code: String(r.code),
    state: r.state as AdminAffiliate['state'],
    suspendedReason: String(r.suspended_reason),
    clicks: Number(r.clicks),
    signUps: Number(r.sign_ups),
    pending: fromMinor(Number(r.pending)),
    paid: fromMinor(Number(r.paid)),
    joinedAt: iso(r.joined_at),
  }));
}
