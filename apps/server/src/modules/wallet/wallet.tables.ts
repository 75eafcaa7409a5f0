import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/**
 * Ledger accounts (decision 0070). Each user has three (available cash, locked, bonus credit), and
 * a fourth, `deposit`, once they pay a bulk deposit (decision 0130: money paid for goods not yet
 * received);
 * system accounts have a `code` (`clearing:paypal`, `revenue`, `fees`, …) and no user. Amounts are
 * signed and every entry sums to zero, so the sum of all balances is zero too: a clearing
 * account goes negative by what came in through that provider. On a user account `balance_minor`
 * is a cache of the sum of the account's lines, updated in the transaction that posts while the
 * row is locked `FOR UPDATE`; the reconciliation job proves it. A system account caches nothing
 * (always 0; its balance is the sum of its lines): every payment touches `revenue`, and one
 * updated row would serialize all users' payments (decision 0078).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'available',
        'locked',
        'bonus',
        'deposit',
        'clearing',
        'revenue',
        'fees',
        'payouts',
        'adjustments',
        'promotions',
      ],
    }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** System accounts only: `clearing:<method>`, `revenue`, `fees`, … */
    code: text('code'),
    balanceMinor: moneyMinor('balance_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind).where(sql`${t.userId} is not null`),
    uniqueIndex('ledger_accounts_code_key').on(t.code).where(sql`${t.code} is not null`),
    check('ledger_accounts_owner', sql`(${t.userId} is null) <> (${t.code} is null)`),
    check('ledger_accounts_system_uncached', sql`${t.userId} is not null or ${t.balanceMinor} = 0`),
  ],
);

/** One balanced posting. Append-only: never updated or deleted. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What happened: recharge, payment, lock, capture, release, refund, bonus, adjustment, … */
    kind: text('kind').notNull(),
    /** The operator's words for an adjustment or bonus; empty otherwise. */
    reason: text('reason').notNull().default(''),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** What the user knows the reference by (a recharge order's or withdrawal's number); empty if none. */
    referenceLabel: text('reference_label').notNull().default(''),
    /** The wallet owner the entry concerns, when there is one (history and payment look-ups). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Posts once per key: a provider event, a recharge order (`recharge:<id>`). */
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_unique_key').on(t.uniqueKey).where(sql`${t.uniqueKey} is not null`),
    index('journal_entries_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed: positive raises the account's balance. Never zero. */
    amountMinor: moneyMinor('amount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_lines_account_idx').on(t.accountId, t.createdAt),
    index('journal_lines_entry_idx').on(t.entryId),
    check('journal_lines_nonzero', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Money set aside for a reference (an order) until it is captured or released. The split into
 * cash and bonus is kept so a release gives each back where it came from.
 */
export const walletLocks = pgTable(
  'wallet_locks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    cashMinor: moneyMinor('cash_minor').notNull(),
    bonusMinor: moneyMinor('bonus_minor').notNull(),
    state: text('state', { enum: ['held', 'captured', 'released'] })
      .notNull()
      .default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_locks_user_idx').on(t.userId, t.state),
    index('wallet_locks_reference_idx').on(t.referenceType, t.referenceId),
  ],
);

/**
 * What a reference has taken from a wallet and given back: a refund returns bonus first (up to
 * the bonus spent) so a refund never turns bonus credit into withdrawable cash.
 */
export const walletPayments = pgTable(
  'wallet_payments',
  {
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cashMinor: moneyMinor('cash_minor').notNull().default(0),
    bonusMinor: moneyMinor('bonus_minor').notNull().default(0),
    refundedCashMinor: moneyMinor('refunded_cash_minor').notNull().default(0),
    refundedBonusMinor: moneyMinor('refunded_bonus_minor').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wallet_payments_reference_key').on(t.referenceType, t.referenceId)],
);

/** Differences the reconciliation job found, for the operator (kept; never silently fixed). */
export const ledgerReconciliationFindings = pgTable('ledger_reconciliation_findings', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['balance', 'entry'] }).notNull(),
  /** The account (balance) or the entry (entry) concerned. */
  subjectId: uuid('subject_id').notNull(),
  /** balance: the cached balance; entry: the sum of its lines (should be 0). */
  actualMinor: moneyMinor('actual_minor').notNull(),
  /** balance: the sum of the lines; entry: 0. */
  expectedMinor: moneyMinor('expected_minor').notNull(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  /** The run that found it (null for findings stored before runs were recorded). */
  runId: uuid('run_id').references(() => ledgerReconciliationRuns.id, { onDelete: 'restrict' }),
});

/** Every reconciliation run (hourly job or the operator's "run now"), for the report's "last run". */
export const ledgerReconciliationRuns = pgTable(
  'ledger_reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    findings: integer('findings').notNull(),
  },
  (t) => [index('ledger_reconciliation_runs_ran_at_idx').on(t.ranAt)],
);

/**
 * A payment the wallet could not cover at once (SPEC §4 "insufficient balance", decision 0077):
 * what was there is locked (`lock_ids`, possibly a lock of 0), `shortfall_minor` is what is
 * missing. The `wallet.settle-held` job completes it, oldest first, once a recharge (or credit)
 * covers the shortfall; the owner of the reference can cancel it, which releases the locks.
 * One open (held) row per reference.
 */
export const walletHeldPayments = pgTable(
  'wallet_held_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** The whole payment. */
    amountMinor: moneyMinor('amount_minor').notNull(),
    /** The wallet_locks rows holding money for it (the first lock; the shortfall's on completion). */
    lockIds: uuid('lock_ids').array().notNull(),
    /** Still missing when it was held (amount − what the first lock took). */
    shortfallMinor: moneyMinor('shortfall_minor').notNull(),
    state: text('state', { enum: ['held', 'completed', 'cancelled'] })
      .notNull()
      .default('held'),
    /**
     * Where the money goes on completion: platform revenue (an order paid), or the user's own
     * `deposit` account (a bulk order's balance, held there until the goods arrive; decision 0130).
     */
    intoAccount: text('into_account', { enum: ['revenue', 'deposit'] })
      .notNull()
      .default('revenue'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_held_payments_user_idx').on(t.userId, t.state, t.createdAt),
    uniqueIndex('wallet_held_payments_open_reference_key')
      .on(t.referenceType, t.referenceId)
      .where(sql`${t.state} = 'held'`),
    check('wallet_held_payments_into', sql`${t.intoAccount} in ('revenue', 'deposit')`),
    check('wallet_held_payments_shortfall', sql`${t.shortfallMinor} > 0 and ${t.shortfallMinor} <= ${t.amountMinor}`),
  ],
);
