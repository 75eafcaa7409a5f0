import { fromMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';

/**
 * The one way money moves (decision 0070): `post` writes a balanced journal entry and updates the
 * cached balances of the accounts it touches, with those rows locked `FOR UPDATE`, in the caller's
 * unit of work. User accounts never go below zero.
 */

export type UserAccountKind = 'available' | 'locked' | 'bonus';
export type SystemAccountKind = 'clearing' | 'revenue' | 'fees' | 'payouts' | 'adjustments' | 'promotions';

/** What an entry is about: an order, a recharge order, a withdrawal, an adjustment, … */
export interface Reference {
  type: string;
  id: string;
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
const rowsOf = (res: unknown) => (res as { rows: Row[] }).rows;
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
export async function lockUserAccounts(tx: Db, userId: string): Promise<Record<UserAccountKind, Account>> {
  const select = async () =>
    rowsOf(await tx.execute(sql`
      select id, kind, user_id, balance_minor from ledger_accounts where user_id = ${userId} order by id for update`)).map(toAccount);
  let accounts = await select();
  if (accounts.length < 3) {
    await tx.execute(sql`
      insert into ledger_accounts (kind, user_id) values ('available', ${userId}), ('locked', ${userId}), ('bonus', ${userId})
      on conflict (user_id, kind) where user_id is not null do nothing`);
    accounts = await select();
  }
  const byKind = Object.fromEntries(accounts.map((a) => [a.kind, a]));
  return byKind as Record<UserAccountKind, Account>;
}

/** A system account by code (`revenue`, `clearing:paypal`, …), created on first use. */
export async function systemAccount(tx: Db, kind: SystemAccountKind, code: string = kind): Promise<string> {
  const find = async () => rowsOf(await tx.execute(sql`select id from ledger_accounts where code = ${code}`))[0]?.id;
  let id = await find();
  if (id === undefined) {
    await tx.execute(sql`
      insert into ledger_accounts (kind, code) values (${kind}, ${code})
      on conflict (code) where code is not null do nothing`);
    id = await find();
  }
  return String(id);
}

/** Posts one balanced entry in `dbOrUow`'s unit of work (or its own transaction). */
export async function post(dbOrUow: DbOrUow, posting: Posting): Promise<Posted> {
  const lines = posting.lines.filter((l) => l.amountMinor !== 0);
  for (const l of lines) if (!Number.isSafeInteger(l.amountMinor)) throw new Error('ledger: a line amount must be an integer of minor units');
  if (lines.length < 2) throw new Error('ledger: an entry needs at least two non-zero lines');
  if (lines.reduce((s, l) => s + l.amountMinor, 0) !== 0) throw new Error(`ledger: entry ${posting.kind} does not sum to zero`);

  return inTransaction(dbOrUow, async ({ tx }) => {
    const delta = new Map<string, number>();
    for (const l of lines) delta.set(l.accountId, (delta.get(l.accountId) ?? 0) + l.amountMinor);
    const ids = [...delta.keys()];
    // User rows first, then system rows, each in id order (the global lock order).
    const locked = rowsOf(await tx.execute(sql`
      select id, kind, user_id, balance_minor from ledger_accounts
      where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
      order by (user_id is null), id for update`)).map(toAccount);
    if (locked.length !== ids.length) throw new Error('ledger: unknown account in entry');
    const owners = new Set(locked.filter((a) => a.userId !== null).map((a) => a.userId));
    if (owners.size > 1) throw new Error('ledger: an entry may touch one user’s wallet only');
    const userId = owners.values().next().value ?? null;

    for (const a of locked) {
      const after = a.balanceMinor + delta.get(a.id)!;
      if (a.userId !== null && after < 0) throw insufficient(a.balanceMinor, -delta.get(a.id)!);
    }

    const inserted = rowsOf(await tx.execute(sql`
      insert into journal_entries (kind, reason, reference_type, reference_id, user_id, unique_key)
      values (${posting.kind}, ${posting.reason ?? ''}, ${posting.reference.type}, ${posting.reference.id}, ${userId}, ${posting.uniqueKey ?? null})
      on conflict (unique_key) where unique_key is not null do nothing
      returning id`));
    if (inserted.length === 0) {
      const [first] = rowsOf(await tx.execute(sql`select id from journal_entries where unique_key = ${posting.uniqueKey!}`));
      return { entryId: String(first!.id), duplicate: true };
    }
    const entryId = String(inserted[0]!.id);
    await tx.execute(sql`
      insert into journal_lines (entry_id, account_id, amount_minor) values
      ${sql.join(lines.map((l) => sql`(${entryId}, ${l.accountId}, ${l.amountMinor})`), sql`, `)}`);
    for (const [id, d] of delta) {
      if (d !== 0) await tx.execute(sql`update ledger_accounts set balance_minor = balance_minor + ${d} where id = ${id}`);
    }
    return { entryId, duplicate: false };
  });
}
