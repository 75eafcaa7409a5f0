import {
  MAX_SERIES_DAYS,
  type Page,
  type WalletBalanceSeries,
  type WalletBalanceSeriesQuery,
  type WalletLine,
  type WalletLinesQuery,
  type WalletRecord,
  fromMinor,
  toPage,
} from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';

/**
 * What the user sees (decision 0070): a history line is one journal entry's net effect on the
 * user's whole wallet (available + bonus + locked). A lock or a release moves money inside the
 * wallet, nets to zero and is not a line; the locked card shows it. The bulk deposit account
 * (decision 0130) is left out of the net: money put there has left what the user can spend (a
 * consume line), a return is an income line, and its move to revenue on receipt is no line.
 */

type Row = Record<string, unknown>;

/** Entries of `userId` with their net on the user's accounts, non-zero only. */
const nets = (userId: string, where: SQL = sql``) => sql`
  select e.id, e.kind, e.reason, e.reference_type, e.reference_id, e.reference_label, e.created_at, sum(l.amount_minor) as net
  from journal_entries e
  join journal_lines l on l.entry_id = e.id
  join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId} and a.kind <> 'deposit'
  where e.user_id = ${userId} ${where}
  group by e.id
  having sum(l.amount_minor) <> 0`;

export async function getWalletRecord(db: Db, userId: string): Promise<WalletRecord> {
  const balances = rawRows(
    await db.execute(sql`select kind, balance_minor from ledger_accounts where user_id = ${userId}`),
  );
  const of = (kind: string) => Number(balances.find((r) => r.kind === kind)?.balance_minor ?? 0);
  const [totals] = rawRows(
    await db.execute(sql`
    select coalesce(sum(net) filter (where net > 0), 0) as income,
           coalesce(-sum(net) filter (where net < 0), 0) as consumption,
           coalesce(sum(net) filter (where kind = 'recharge'), 0) as recharge,
           (select count(*) from wallet_held_payments h where h.user_id = ${userId} and h.state = 'held') as held,
           (select coalesce(sum(h.shortfall_minor), 0) from wallet_held_payments h
             where h.user_id = ${userId} and h.state = 'held') as shortfall
    from (${nets(userId)}) n`),
  );
  // Held payments complete from cash and bonus alike (decision 0077), so what is spendable now
  // already counts towards their shortfalls.
  const spendable = of('available') + of('bonus');
  return {
    balance: fromMinor(of('available')),
    locked: fromMinor(of('locked')),
    bonus: fromMinor(of('bonus')),
    deposit: fromMinor(of('deposit')),
    income: fromMinor(Number(totals!.income)),
    consumption: fromMinor(Number(totals!.consumption)),
    recharge: fromMinor(Number(totals!.recharge)),
    heldPayments: Number(totals!.held),
    topUpToRelease: fromMinor(Math.max(0, Number(totals!.shortfall) - spendable)),
  };
}

type LineFilter = Pick<WalletLinesQuery, 'type' | 'from' | 'to'>;

/** The filter's entries (whole UTC days, the end day included) and its direction. */
function filtered(userId: string, q: LineFilter) {
  const filters: SQL[] = [];
  if (q.from) filters.push(sql`and e.created_at >= ${q.from}::date::timestamp at time zone 'UTC'`);
  if (q.to) filters.push(sql`and e.created_at < (${q.to}::date + 1)::timestamp at time zone 'UTC'`);
  const direction = q.type === 'income' ? sql`where net > 0` : q.type === 'consume' ? sql`where net < 0` : sql``;
  return sql`select * from (${nets(userId, sql.join(filters, sql` `))}) n ${direction}`;
}

export async function listWalletLines(db: Db, userId: string, q: WalletLinesQuery): Promise<Page<WalletLine>> {
  const lines = filtered(userId, q);
  const [count] = rawRows(await db.execute(sql`select count(*) as n from (${lines}) f`));
  const rows = rawRows(
    await db.execute(sql`
    ${lines}
    order by created_at desc, id desc
    limit ${q.size} offset ${(q.current - 1) * q.size}`),
  );
  return toPage(rows.map(toLine), Number(count!.n), q);
}

/** Every line of the filter, newest first, for the statement export (capped: see decision 0077). */
export const STATEMENT_MAX_LINES = 20_000;
export async function statementLines(db: Db, userId: string, q: LineFilter): Promise<WalletLine[]> {
  const rows = rawRows(
    await db.execute(sql`${filtered(userId, q)} order by created_at desc, id desc limit ${STATEMENT_MAX_LINES}`),
  );
  return rows.map(toLine);
}

function toLine(r: Row): WalletLine {
  const net = Number(r.net);
  return {
    id: String(r.id),
    type: net > 0 ? 'income' : 'consume',
    amount: fromMinor(Math.abs(net)),
    kind: String(r.kind),
    note: String(r.reason),
    referenceType: String(r.reference_type),
    referenceId: String(r.reference_id),
    referenceLabel: String(r.reference_label),
    time: new Date(r.created_at as string).toISOString(),
  };
}

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The balance chart: the whole wallet's balance (available + locked + bonus; not the bulk deposit,
 * which agrees with the history's lines) at the end of every
 * UTC day of the range, computed in SQL from the journal (the opening balance before `from`, then a
 * running sum of each day's lines), so it agrees with the history to the cent.
 */
export async function walletBalanceSeries(
  db: Db,
  userId: string,
  q: WalletBalanceSeriesQuery,
): Promise<WalletBalanceSeries> {
  const to = q.to ?? dayOf(new Date());
  const from = q.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days < 1) throw AppError.invalid([{ field: 'to', messageKey: 'wallet.date-range-invalid' }]);
  if (days > MAX_SERIES_DAYS) throw AppError.invalid([{ field: 'from', messageKey: 'wallet.range-too-long' }]);
  const start = sql`${from}::date::timestamp at time zone 'UTC'`;
  const end = sql`(${to}::date + 1)::timestamp at time zone 'UTC'`;
  const rows = rawRows(
    await db.execute(sql`
    with mine as (select id from ledger_accounts where user_id = ${userId} and kind <> 'deposit'),
    opening as (
      select coalesce(sum(l.amount_minor), 0) as v from journal_lines l
      where l.account_id in (select id from mine) and l.created_at < ${start}),
    daily as (
      select (l.created_at at time zone 'UTC')::date as day, sum(l.amount_minor) as net from journal_lines l
      where l.account_id in (select id from mine) and l.created_at >= ${start} and l.created_at < ${end}
      group by 1),
    days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d)
    select to_char(days.day, 'YYYY-MM-DD') as day,
           (select v from opening) + sum(coalesce(daily.net, 0)) over (order by days.day) as balance
    from days left join daily on daily.day = days.day
    order by days.day`),
  );
  return { from, to, points: rows.map((r) => ({ day: String(r.day), balance: fromMinor(Number(r.balance)) })) };
}
