import { z } from 'zod';
import { LOCALES } from './common/locale';
import { hasAtMostTwoDecimals } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * The wallet (SPEC §3, §4; decision 0070). Amounts travel as decimal USD (`fromMinor`); the ledger
 * behind them is in USD minor units and the client converts for display.
 */
export const WalletRecordSchema = z.object({
  /** Available cash: spendable and withdrawable. */
  balance: z.number(),
  /** Set aside for orders or withdrawals not yet settled. */
  locked: z.number(),
  /** Bonus credit: spendable (before cash), never withdrawable. */
  bonus: z.number(),
  /**
   * Bulk deposit (decision 0130): what the user paid for bulk goods not yet received (a deposit,
   * then the balance), until the warehouse receives them. Not spendable; a cancel before purchase
   * returns it.
   */
  deposit: z.number(),
  /** Everything that came in (recharges, refunds, bonus, positive adjustments). */
  income: z.number(),
  /** Everything spent (payments, captures, withdrawals, negative adjustments), as a positive number. */
  consumption: z.number(),
  /** Total of recharges credited. */
  recharge: z.number(),
  /**
   * Payments waiting for a top-up (decision 0077: what the wallet had is locked for each, the rest
   * is short); a top-up completes them oldest first as far as it reaches.
   */
  heldPayments: z.number().int(),
  /**
   * What a top-up must bring for every held payment to complete: their shortfalls less what is
   * spendable now (cash and bonus); 0 when none waits.
   */
  topUpToRelease: z.number(),
});
export type WalletRecord = z.infer<typeof WalletRecordSchema>;

export const WALLET_LINE_TYPES = ['income', 'consume'] as const;
export type WalletLineType = (typeof WALLET_LINE_TYPES)[number];

/** What a line was for; the web app names it in the user's language. */
export const WALLET_LINE_KINDS = [
  'recharge',
  'payment',
  'capture',
  'refund',
  'bonus',
  'adjustment',
  'withdrawal',
] as const;
export type WalletLineKind = (typeof WALLET_LINE_KINDS)[number];

/** One history line: an entry's net effect on the user's wallet (cash + bonus + locked). */
export const WalletLineSchema = z.object({
  id: z.string(),
  type: z.enum(WALLET_LINE_TYPES),
  /** Positive; `type` says the direction. */
  amount: z.number(),
  kind: z.string(),
  /** The operator's words for an adjustment or bonus; empty otherwise. */
  note: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
  /** What the user knows the reference by (a recharge order's or a withdrawal's number); may be empty. */
  referenceLabel: z.string(),
  time: z.string(),
});
export type WalletLine = z.infer<typeof WalletLineSchema>;

/**
 * A real calendar day: `2024-13-45` has the right shape but no date, and PostgreSQL has no year 0;
 * both reached the database and came back as a 500.
 */
const isCalendarDay = (text: string) => {
  if (text.startsWith('0000')) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === text;
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'wallet.date-invalid' })
  .refine(isCalendarDay, { message: 'wallet.date-invalid' });

export const WalletLinesQuery = PageQuerySchema.extend({
  /** "all" (the default) lists both. */
  type: z.enum(['all', ...WALLET_LINE_TYPES]).default('all'),
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
});
export type WalletLinesQuery = z.infer<typeof WalletLinesQuery>;

/**
 * The balance chart (decision 0077): one point per UTC day from `from` to `to` (inclusive) with
 * the whole wallet's balance (available + locked + bonus) at the end of that day. Without dates,
 * the last 30 days; at most 366 days.
 */
export const WalletBalanceSeriesQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'wallet.date-range-invalid', path: ['to'] });
export type WalletBalanceSeriesQuery = z.infer<typeof WalletBalanceSeriesQuery>;
export const MAX_SERIES_DAYS = 366;

export const WalletBalancePointSchema = z.object({ day: z.string(), balance: z.number() });
export type WalletBalancePoint = z.infer<typeof WalletBalancePointSchema>;
export const WalletBalanceSeriesSchema = z.object({
  from: z.string(),
  to: z.string(),
  points: z.array(WalletBalancePointSchema),
});
export type WalletBalanceSeries = z.infer<typeof WalletBalanceSeriesSchema>;

/**
 * The statement export (CSV): the history lines of the filter, no paging. `lang` names the kinds
 * and the header in the user's interface language (a download link cannot send the app's
 * Accept-Language); the caller's Accept-Language otherwise.
 */
export const WalletStatementQuery = z.object({
  type: z.enum(['all', ...WALLET_LINE_TYPES]).default('all'),
  from: day.optional(),
  to: day.optional(),
  lang: z.enum(LOCALES).optional(),
});
export type WalletStatementQuery = z.infer<typeof WalletStatementQuery>;

// ---- The operator's ledger tools (decision 0077) ----

export const WalletUserParams = z.object({ userId: z.string() });

export const AdminWalletSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string(), username: z.string() }),
  wallet: WalletRecordSchema,
  lines: pageOf(WalletLineSchema),
});
export type AdminWallet = z.infer<typeof AdminWalletSchema>;

/** A ceiling that keeps a typo far from the bigint limits. */
export const MAX_OPERATOR_AMOUNT_USD = 1_000_000;
const reason = z.string().trim().min(1, 'wallet.reason-required').max(500);
const operatorAmount = z
  .number()
  .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
  .refine((v) => Math.abs(v) <= MAX_OPERATOR_AMOUNT_USD, 'wallet.amount-too-large');

/** A signed correction of the user's cash (decimal USD, not 0). */
export const WalletAdjustmentBody = z.object({
  amount: operatorAmount.refine((v) => v !== 0, 'wallet.adjustment-zero'),
  reason,
});
export type WalletAdjustmentBody = z.infer<typeof WalletAdjustmentBody>;

/** Bonus credit (decimal USD, more than 0): spendable before cash, never withdrawable. */
export const WalletBonusBody = z.object({
  amount: operatorAmount.refine((v) => v > 0, 'wallet.bonus-positive'),
  reason,
});
export type WalletBonusBody = z.infer<typeof WalletBonusBody>;

export const WalletPostedSchema = z.object({ entryId: z.string(), wallet: WalletRecordSchema });
export type WalletPosted = z.infer<typeof WalletPostedSchema>;

export const ReconciliationFindingSchema = z.object({
  id: z.string(),
  /** balance: an account's cached balance differs from its lines; entry: an entry does not sum to 0. */
  kind: z.enum(['balance', 'entry']),
  subjectId: z.string(),
  /** Decimal USD: the cached balance (balance) or the entry's sum (entry). */
  actual: z.number(),
  /** Decimal USD: the sum of the lines (balance) or 0 (entry). */
  expected: z.number(),
  foundAt: z.string(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;

export const ReconciliationReportSchema = z.object({
  /** The last run (hourly job or "run now"); null before the first. */
  lastRunAt: z.string().nullable(),
  /** The differences the last run found (empty: the ledger reconciles). */
  findings: z.array(ReconciliationFindingSchema),
});
export type ReconciliationReport = z.infer<typeof ReconciliationReportSchema>;
export const WalletLinePageSchema = pageOf(WalletLineSchema);
