import { z } from 'zod';
import { PageQuerySchema } from './common/paging';

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
  /** Everything that came in (recharges, refunds, bonus, positive adjustments). */
  income: z.number(),
  /** Everything spent (payments, captures, withdrawals, negative adjustments), as a positive number. */
  consumption: z.number(),
  /** Total of recharges credited. */
  recharge: z.number(),
});
export type WalletRecord = z.infer<typeof WalletRecordSchema>;

export const WALLET_LINE_TYPES = ['income', 'consume'] as const;
export type WalletLineType = (typeof WALLET_LINE_TYPES)[number];

/** What a line was for; the web app names it in the user's language. */
export const WALLET_LINE_KINDS = ['recharge', 'payment', 'capture', 'refund', 'bonus', 'adjustment', 'withdrawal'] as const;
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
  time: z.string(),
});
export type WalletLine = z.infer<typeof WalletLineSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'wallet.date-invalid' });

export const WalletLinesQuery = PageQuerySchema.extend({
  /** "all" (the default) lists both. */
  type: z.enum(['all', ...WALLET_LINE_TYPES]).default('all'),
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
});
export type WalletLinesQuery = z.infer<typeof WalletLinesQuery>;
