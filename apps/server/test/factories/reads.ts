import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rawRows } from '../../src/db/rows';

/** What the database holds, read with plain SQL: rows, counts and the ledger's sums. */

/** The rows of a query. */
export const rowsOfQuery = async (db: Db, q: ReturnType<typeof sql>) => rawRows(await db.execute(q));

/** The rows of a query, on a test app's database. */
export const rows = (ctx: { db: Db }, q: ReturnType<typeof sql>) => rowsOfQuery(ctx.db, q);

/** The number a `select … as n` query answers. */
export const countOf = async (db: Db, q: ReturnType<typeof sql>): Promise<number> =>
  Number((await rowsOfQuery(db, q))[0]?.n ?? 0);

/** A user's cached balances in minor units. */
export async function balancesOf(db: Db, userId: string) {
  const list = await rowsOfQuery(db, sql`select kind, balance_minor from ledger_accounts where user_id = ${userId}`);
  const of = (k: string) => Number(list.find((r) => r.kind === k)?.balance_minor ?? 0);
  return { available: of('available'), locked: of('locked'), bonus: of('bonus') };
}

/** The user's available cash in minor units, as the ledger holds it. */
export const availableOf = async (db: Db, userId: string): Promise<number> => (await balancesOf(db, userId)).available;

/** A system account's balance: the sum of its lines (system accounts cache none; decision 0078). */
export const systemBalance = (db: Db, code: string) =>
  countOf(
    db,
    sql`select coalesce(sum(l.amount_minor), 0) as n from journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`,
  );

/** The sum of every journal line: 0 in a balanced ledger. */
export const ledgerTotal = (db: Db) => countOf(db, sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`);
