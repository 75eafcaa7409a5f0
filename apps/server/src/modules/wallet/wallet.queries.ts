import { type Page, type WalletLine, type WalletLinesQuery, type WalletRecord, fromMinor, toPage } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What the user sees (decision 0070): a history line is one journal entry's net effect on the
 * user's whole wallet (available + bonus + locked). A lock or a release moves money inside the
 * wallet, nets to zero and is not a line; the locked card shows it.
 */

type Row = Record<string, unknown>;
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;

/** Entries of `userId` with their net on the user's accounts, non-zero only. */
const nets = (userId: string, where: SQL = sql``) => sql`
  select e.id, e.kind, e.reason, e.reference_type, e.reference_id, e.created_at, sum(l.amount_minor) as net
  from journal_entries e
  join journal_lines l on l.entry_id = e.id
  join ledger_accounts a on a.id = l.account_id and a.user_id = ${userId}
  where e.user_id = ${userId} ${where}
  group by e.id
  having sum(l.amount_minor) <> 0`;

export async function getWalletRecord(db: Db, userId: string): Promise<WalletRecord> {
  const balances = rowsOf(await db.execute(sql`select kind, balance_minor from ledger_accounts where user_id = ${userId}`));
  const of = (kind: string) => Number(balances.find((r) => r.kind === kind)?.balance_minor ?? 0);
  const [totals] = rowsOf(await db.execute(sql`
    select coalesce(sum(net) filter (where net > 0), 0) as income,
           coalesce(-sum(net) filter (where net < 0), 0) as consumption,
           coalesce(sum(net) filter (where kind = 'recharge'), 0) as recharge
    from (${nets(userId)}) n`));
  return {
    balance: fromMinor(of('available')),
    locked: fromMinor(of('locked')),
    bonus: fromMinor(of('bonus')),
    income: fromMinor(Number(totals!.income)),
    consumption: fromMinor(Number(totals!.consumption)),
    recharge: fromMinor(Number(totals!.recharge)),
  };
}

export async function listWalletLines(db: Db, userId: string, q: WalletLinesQuery): Promise<Page<WalletLine>> {
  const filters: SQL[] = [];
  // Whole UTC days, the end day included.
  if (q.from) filters.push(sql`and e.created_at >= ${q.from}::date::timestamp at time zone 'UTC'`);
  if (q.to) filters.push(sql`and e.created_at < (${q.to}::date + 1)::timestamp at time zone 'UTC'`);
  const where = sql.join(filters, sql` `);
  const direction = q.type === 'income' ? sql`where net > 0` : q.type === 'consume' ? sql`where net < 0` : sql``;
  const [count] = rowsOf(await db.execute(sql`select count(*) as n from (${nets(userId, where)}) n ${direction}`));
  const rows = rowsOf(await db.execute(sql`
    select * from (${nets(userId, where)}) n ${direction}
    order by created_at desc, id desc
    limit ${q.size} offset ${(q.current - 1) * q.size}`));
  const records = rows.map((r): WalletLine => {
    const net = Number(r.net);
    return {
      id: String(r.id),
      type: net > 0 ? 'income' : 'consume',
      amount: fromMinor(Math.abs(net)),
      kind: String(r.kind),
      note: String(r.reason),
      referenceType: String(r.reference_type),
      referenceId: String(r.reference_id),
      time: new Date(r.created_at as string).toISOString(),
    };
  });
  return toPage(records, Number(count!.n), q);
}
