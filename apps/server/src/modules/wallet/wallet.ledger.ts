import { fromMinor } from '@dsm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, afterCommitOf, inTransaction, rootOf } from '../../platform/unit-of-work';

/**
 * The one way money moves (decision 0070): `post` writes a balanced journal entry and updates the
 * cached balances of the user accounts it touches, with those rows locked `FOR UPDATE`, in the
 * caller's unit of work. User accounts never go below zero. System accounts (revenue, fees,
 * clearing, …) keep no cached balance and are never locked: every payment touches `revenue`, and
 * a locked, updated row there would serialize the payments of all users (decision 0078). Their
 * balance is the sum of their lines.
 */

export type UserAccountKind = 'available' | 'locked' | 'bonus';
export type SystemAccountKind = 'clearing' | 'revenue' | 'fees' | 'payouts' | 'adjustments' | 'promotions';

/** What an entry is about: an order, a recharge order, a withdrawal, an adjustment, … */
export interface Reference {
  type: string;
  id: string;
  /** The reference as the user knows it (R20261124-000001, W000042), shown in their history. */
  label?: string;
}

export interface Account {
  id: string;
  kind: string;
  userId: string | null;
  balanceMinor: number;
}

export interface PostingLine {
  accountId: string;
  amountMinor: number;
}

export interface Posting {
  kind: string;
  reason?: string;
  reference: Reference;
  /** Posts at most once per key; a repeat returns the first entry with `duplicate: true`. */
  uniqueKey?: string;
  lines: PostingLine[];
}

export interface Posted {
  entryId: string;
  duplicate: boolean;
}

type Row = Record<string, unknown>;
const toAccount = (r: Row): Account => ({
  id: String(r.id),
  kind: String(r.kind),
  userId: r.user_id === null ? null : String(r.user_id),
  balanceMinor: Number(r.balance_minor),
});

export function assertMinor(amountMinor: number, { allowNegative = false } = {}): void {
  const ok = Number.isSafeInteger(amountMinor) && (allowNegative ? amountMinor !== 0 : amountMinor > 0);
  if (!ok) throw AppError.invalid([{ field: 'amount', messageKey: 'wallet.amount-invalid' }]);
}

export function insufficient(availableMinor: number, neededMinor: number): AppError {
  // The catalogue's own code for it (A00010, 422), with the reason programs branch on.
  return new AppError(
    'INSUFFICIENT_BALANCE',
    'wallet.insufficient-balance',
    { available: fromMinor(availableMinor).toFixed(2), needed: fromMinor(neededMinor).toFixed(2) },
    { availableMinor, neededMinor },
    'insufficient-balance',
  );
}

/**
 * A user's three accounts, created on first use, locked `FOR UPDATE` (in id order, so two
 * postings never wait on each other in a cycle). Every service step locks the user's rows
 * before any system row: one global lock order.
 */
export async function lockUserAccounts(db: Db, userId: string): Promise<Record<UserAccountKind, Account>> {
  const select = async () =>
    rawRows(
      await db.execute(sql`
      select id, kind, user_id, balance_minor from ledger_accounts where user_id = ${userId} order by id for update`),
    ).map(toAccount);
  let accounts = await select();
  if (accounts.length < 3) {
    await db.execute(sql`
      insert into ledger_accounts (kind, user_id) values ('available', ${userId}), ('locked', ${userId}), ('bonus', ${userId})
      on conflict (user_id, kind) where user_id is not null do nothing`);
    accounts = await select();
  }
  const byKind = Object.fromEntries(accounts.map((a) => [a.kind, a]));
  return byKind as Record<UserAccountKind, Account>;
}

/**
 * The user's `deposit` account (decision 0130: money paid for bulk goods not yet received),
 * created on first use. Not among `lockUserAccounts`' three: most users never have one, and a
 * posting that names it reads and locks it with the others (in id order) as any user row.
 */
export async function depositAccountId(db: Db, userId: string): Promise<string> {
  const find = async () =>
    rawRows(await db.execute(sql`select id from ledger_accounts where user_id = ${userId} and kind = 'deposit'`))[0]
      ?.id;
  let found = await find();
  if (found === undefined) {
    await db.execute(sql`
      insert into ledger_accounts (kind, user_id) values ('deposit', ${userId})
      on conflict (user_id, kind) where user_id is not null do nothing`);
    found = await find();
  }
  return String(found);
}

/**
 * System account ids per database, known once committed: a system account is never deleted (its
 * lines reference it) and its id never changes, so a payment need not look `revenue` up again.
 */
const systemIds = new WeakMap<Db, Map<string, string>>();

/** A system account by code (`revenue`, `clearing:paypal`, …), created on first use. */
export async function systemAccount(db: Db, kind: SystemAccountKind, code: string = kind): Promise<string> {
  const root = rootOf(db);
  const known = systemIds.get(root)?.get(code);
  if (known) return known;
  const find = async () => rawRows(await db.execute(sql`select id from ledger_accounts where code = ${code}`))[0]?.id;
  let found = await find();
  if (found === undefined) {
    await db.execute(sql`
      insert into ledger_accounts (kind, code) values (${kind}, ${code})
      on conflict (code) where code is not null do nothing`);
    found = await find();
  }
  const id = String(found);
  // Remembered only after commit: an account this transaction created goes if it rolls back.
  await afterCommitOf(db, () => {
    if (!systemIds.has(root)) systemIds.set(root, new Map());
    systemIds.get(root)!.set(code, id);
  });
  return id;
}

export interface PostOptions {
  /**
   * The user's accounts as `lockUserAccounts` just returned them, locked `FOR UPDATE` in this
   * transaction with nothing posted since: `post` then trusts their balances for its check and
   * skips reading the rows again (one round trip less on the payment path; decision 0078). The
   * write statement still refuses to take any user account below zero, so a stale balance can
   * never overdraw: it only changes which check reports it.
   */
  lockedUser?: Record<UserAccountKind, Account>;
  /**
   * A write of the wallet's own that belongs with the entry (a payment's running total), run as
   * one more CTE of the same statement: one round trip less (decision 0102). It runs even when
   * a repeated unique key posts nothing, so only entries without a unique key may carry one.
   */
  alongside?: SQL;
}

/** Reads and locks the entry's user rows (in id order, the global lock order) and reads its system rows. */
async function readAccounts(db: Db, ids: string[]): Promise<Account[]> {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // System rows are only read (the lines' foreign key takes a shared key lock, which never makes
  // another posting wait).
  return rawRows(
    await db.execute(sql`
    with user_rows as (
      select id, kind, user_id, balance_minor from ledger_accounts
      where id in (${list}) and user_id is not null order by id for update)
    select * from user_rows
    union all
    select id, kind, user_id, balance_minor from ledger_accounts where id in (${list}) and user_id is null`),
  ).map(toAccount);
}

/** Posts one balanced entry in `db`'s unit of work (or its own transaction). */
export async function post(db: DbOrUow, posting: Posting, opts: PostOptions = {}): Promise<Posted> {
  const lines = posting.lines.filter((l) => l.amountMinor !== 0);
  for (const l of lines)
    if (!Number.isSafeInteger(l.amountMinor))
      throw new Error('ledger: a line amount must be an integer of minor units');
  if (lines.length < 2) throw new Error('ledger: an entry needs at least two non-zero lines');
  if (lines.reduce((s, l) => s + l.amountMinor, 0) !== 0)
    throw new Error(`ledger: entry ${posting.kind} does not sum to zero`);

  return inTransaction(db, async ({ tx }) => {
    const delta = new Map<string, number>();
    for (const l of lines) delta.set(l.accountId, (delta.get(l.accountId) ?? 0) + l.amountMinor);
    let userAccounts: Account[];
    /** Accounts the entry names that must be system accounts (checked by the write statement). */
    let systemLineIds: string[] = [];
    if (opts.lockedUser) {
      const mine = new Map(Object.values(opts.lockedUser).map((a) => [a.id, a]));
      userAccounts = [...delta.keys()].filter((id) => mine.has(id)).map((id) => mine.get(id)!);
      systemLineIds = [...delta.keys()].filter((id) => !mine.has(id));
    } else {
      const accounts = await readAccounts(tx, [...delta.keys()]);
      if (accounts.length !== delta.size) throw new Error('ledger: unknown account in entry');
      userAccounts = accounts.filter((a) => a.userId !== null);
    }
    const owners = new Set(userAccounts.map((a) => a.userId));
    if (owners.size > 1) throw new Error('ledger: an entry may touch one user’s wallet only');
    const userId = owners.values().next().value ?? null;

    for (const a of userAccounts) {
      const after = a.balanceMinor + delta.get(a.id)!;
      if (after < 0) throw insufficient(a.balanceMinor, -delta.get(a.id)!);
    }

    // The entry, its lines and the user balances in one statement (one round trip: every
    // payment pays for each one while its user rows are locked). A repeated unique key inserts
    // no entry, and so no line and no balance change. The balance update refuses to go below
    // zero itself and the statement reports how many rows it changed, and how many of the
    // accounts taken for system accounts are not: either mismatch aborts the unit of work.
    if (opts.alongside && posting.uniqueKey)
      throw new Error('ledger: an entry with a unique key cannot carry a write alongside');
    const values = (rows: Array<[string, number]>) =>
      sql.join(
        rows.map(([id, n]) => sql`(${id}::uuid, ${n}::bigint)`),
        sql`, `,
      );
    const changed = userAccounts.map((a): [string, number] => [a.id, delta.get(a.id)!]).filter(([, d]) => d !== 0);
    const notSystem =
      systemLineIds.length === 0
        ? sql`0`
        : sql`(select count(*) from ledger_accounts where id in (${sql.join(
            systemLineIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) and user_id is not null)`;
    const [result] = rawRows(
      await tx.execute(sql`
      with entry as (
        insert into journal_entries (kind, reason, reference_type, reference_id, reference_label, user_id, unique_key)
        values (${posting.kind}, ${posting.reason ?? ''}, ${posting.reference.type}, ${posting.reference.id}, ${posting.reference.label ?? ''}, ${userId}, ${posting.uniqueKey ?? null})
        on conflict (unique_key) where unique_key is not null do nothing
        returning id),
      lines as (
        insert into journal_lines (entry_id, account_id, amount_minor)
        select entry.id, v.account_id, v.amount_minor
        from entry, (values ${values(lines.map((l) => [l.accountId, l.amountMinor]))}) v(account_id, amount_minor))
      ${
        changed.length === 0
          ? sql`, balances as (select 1 where false)`
          : sql`, balances as (
        update ledger_accounts a set balance_minor = a.balance_minor + v.delta
        from entry, (values ${values(changed)}) v(account_id, delta)
        where a.id = v.account_id and a.user_id is not null and a.balance_minor + v.delta >= 0
        returning a.id)`
      }
      ${opts.alongside ? sql`, alongside as (${opts.alongside})` : sql``}
      select (select id from entry) as id, (select count(*) from balances) as updated, ${notSystem} as not_system`),
    );
    if (Number(result!.not_system) > 0) throw new Error('ledger: an entry named a user account as a system account');
    if (result!.id === null) {
      const [first] = rawRows(
        await tx.execute(sql`select id from journal_entries where unique_key = ${posting.uniqueKey!}`),
      );
      return { entryId: String(first!.id), duplicate: true };
    }
    if (Number(result!.updated) !== changed.length) {
      // A balance the caller passed was stale (a bug): the database refused to overdraw, and
      // nothing of this unit of work may stand.
      throw new Error('ledger: a user balance would have gone below zero');
    }
    const inserted = [result!];
    const entryId = String(inserted[0]!.id);
    return { entryId, duplicate: false };
  });
}

/** Splits `amount` into bonus first, then cash. */
export function split(amountMinor: number, bonusMinor: number) {
  const bonus = Math.min(amountMinor, Math.max(bonusMinor, 0));
  return { bonus, cash: amountMinor - bonus };
}

/** Adds what a reference took from the wallet to its `wallet_payments` row; the statement, also run alongside a payment's ledger entry (one round trip). */
export function paidSql(userId: string, reference: Reference, cash: number, bonus: number) {
  return sql`
    insert into wallet_payments (reference_type, reference_id, user_id, cash_minor, bonus_minor)
    values (${reference.type}, ${reference.id}, ${userId}, ${cash}, ${bonus})
    on conflict (reference_type, reference_id) do update set
      cash_minor = wallet_payments.cash_minor + excluded.cash_minor,
      bonus_minor = wallet_payments.bonus_minor + excluded.bonus_minor,
      updated_at = now()`;
}
