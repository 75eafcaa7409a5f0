import { sql } from 'drizzle-orm';
import { sessionFor } from '../../../test/harness';
import type { Db } from '../../db/client';

/** Test helpers: wallet owners and what the ledger holds. */
let serial = 0;
export async function walletOwner(db: Db): Promise<string> {
  return (await walletOwnerNamed(db)).userId;
}

/** A wallet owner with a session, for calling the routes as them. */
export async function walletUser(db: Db): Promise<{ userId: string; token: string }> {
  const { userId, email } = await walletOwnerNamed(db);
  return { userId, token: await sessionFor(db, email) };
}

async function walletOwnerNamed(db: Db) {
  const name = `w${Date.now().toString(36)}${++serial}${Math.random().toString(36).slice(2, 6)}`;
  const res = (await db.execute(sql`
    insert into users (email, username, password_hash) values (${`${name}@example.com`}, ${name}, 'x') returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return { userId: res.rows[0]!.id, email: `${name}@example.com` };
}

const one = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0];

/** A user's cached balances in minor units. */
export async function balancesOf(db: Db, userId: string) {
  const res = (await db.execute(sql`select kind, balance_minor from ledger_accounts where user_id = ${userId}`)) as unknown as {
    rows: Array<{ kind: string; balance_minor: string | number }>;
  };
  const of = (k: string) => Number(res.rows.find((r) => r.kind === k)?.balance_minor ?? 0);
  return { available: of('available'), locked: of('locked'), bonus: of('bonus') };
}

/** A system account's balance: the sum of its lines (system accounts cache none, decision 0078). */
export async function systemBalance(db: Db, code: string): Promise<number> {
  const row = await one(db, sql`
    select coalesce(sum(l.amount_minor), 0) as n from journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`);
  return Number(row!.n);
}

/** The sum of every line (0 in a balanced ledger). */
export async function ledgerTotal(db: Db): Promise<number> {
  return Number((await one(db, sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`))!.n);
}

export async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number((await one(db, query))!.n);
}
