import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';
import { WITHDRAWAL_METHODS, type WithdrawalMethod } from './wallet-withdrawal';

/**
 * Withdrawal requests after they are made (decision 0076): the DTOs of /api/p/withdrawals and
 * /api/admin/withdrawals. The request body itself is `WithdrawalRequestBody` (wallet-withdrawal.ts).
 */

/**
 * The destination fields of each method (after `beneficiaryName`), in the order a person fills
 * them in: forms and detail views list them this way (the stored jsonb keeps no order).
 */
export const WITHDRAWAL_METHOD_FIELDS: Record<WithdrawalMethod, readonly string[]> = {
  payoneer: ['payoneerEmail', 'country'],
  'wise-us': ['routingNumber', 'accountNumber', 'accountType', 'country', 'city', 'address', 'postCode'],
  swift: ['swiftBic', 'bankName', 'bankAddress', 'bankCountry', 'iban', 'accountNumber', 'country', 'city', 'address', 'postCode'],
  'wise-currency': ['currency', 'iban', 'swiftBic', 'country', 'postCode'],
  'turkish-bank': ['bankName', 'iban'],
};

/** pending → approved (paid out) | rejected (funds released) | cancelled by the user (released). */
export const WITHDRAWAL_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

/** Longest payout reference (a provider's transfer id, a wire's UETR) and reject reason kept. */
export const PAYOUT_REFERENCE_MAX = 200;
export const REJECT_REASON_MAX = 500;

export const WithdrawalSchema = z.object({
  id: z.string(),
  /** The number people quote: `W` + at least 6 digits, e.g. W000042. */
  number: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  /** Decimal USD. */
  amount: z.number(),
  /** Where the money goes: the request's fields except method and amount, as validated. */
  destination: z.record(z.string(), z.string()),
  state: z.enum(WITHDRAWAL_STATES),
  /** Set when approved: the operator's reference of the payout (e.g. the transfer id). */
  payoutReference: z.string().nullable(),
  /** Set when rejected: the operator's reason, shown to the user. */
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  /** When it was approved, rejected or cancelled. */
  closedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  /** The operator who approved or rejected it. */
  decidedByEmail: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

export const WithdrawalListQuery = PageQuerySchema.extend({
  state: z.enum(['all', ...WITHDRAWAL_STATES]).default('all'),
});
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuery>;

/** The operator's queue: pending by default. */
export const AdminWithdrawalListQuery = PageQuerySchema.extend({
  state: z.enum(['all', ...WITHDRAWAL_STATES]).default('pending'),
});
export type AdminWithdrawalListQuery = z.infer<typeof AdminWithdrawalListQuery>;

export const WithdrawalIdParams = z.object({ id: z.string() });

export const ApproveWithdrawalBody = z.object({
  payoutReference: z.string().trim().min(1, 'withdrawal.payout-reference-required').max(PAYOUT_REFERENCE_MAX),
});
export type ApproveWithdrawalBody = z.infer<typeof ApproveWithdrawalBody>;

export const RejectWithdrawalBody = z.object({
  reason: z.string().trim().min(1, 'withdrawal.reject-reason-required').max(REJECT_REASON_MAX),
});
export type RejectWithdrawalBody = z.infer<typeof RejectWithdrawalBody>;

/** What the form needs before the user types: how much may go out and what is refused. */
export const WithdrawalLimitsSchema = z.object({
  /** Available cash (decimal USD): bonus credit and locked money are not withdrawable. */
  withdrawable: z.number(),
  minimum: z.number(),
  maximum: z.number(),
  /** ISO country codes payouts may not go to (the server's configured list). */
  sanctionedCountries: z.array(z.string()),
});
export type WithdrawalLimits = z.infer<typeof WithdrawalLimitsSchema>;
export const AdminWithdrawalPageSchema = pageOf(AdminWithdrawalSchema);
export const WithdrawalPageSchema = pageOf(WithdrawalSchema);
