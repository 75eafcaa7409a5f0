import { z } from 'zod';
import {
  IBAN_LENGTHS,
  bicCountry,
  ibanProblem,
  isValidAbaRouting,
  isValidBic,
  normalizeBic,
  normalizeIban,
} from './common/bank-codes';
import { hasAtMostTwoDecimals, toMinor } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * A withdrawal request (SPEC §5 "Withdrawal", §9 minimum): the amount and where to send it, one
 * shape per payout method with the fields that service asks for (decision 0073). Messages are
 * keys in the `withdrawal` catalogue so the API answers A00002 per field in the caller's language.
 */

/** SPEC §9: "Minimum withdrawal 50.00 (USD)". The texts in `withdrawal.json` quote it. */
export const MIN_WITHDRAWAL_USD = 50;
export const MIN_WITHDRAWAL_MINOR = MIN_WITHDRAWAL_USD * 100;
/** A ceiling that keeps a typo (or an attack) far from the bigint limits; the balance decides. */
export const MAX_WITHDRAWAL_USD = 1_000_000;

export const WITHDRAWAL_METHODS = ['payoneer', 'wise-us', 'swift', 'wise-currency', 'turkish-bank'] as const;
export type WithdrawalMethod = (typeof WITHDRAWAL_METHODS)[number];
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
/** Currencies a Wise balance gives bank details for with an IBAN (EUR, GBP) or in the US (USD). */
export const WISE_CURRENCIES = ['EUR', 'GBP', 'USD'] as const;

/**
 * Destinations refused by default: the jurisdictions under comprehensive US sanctions (OFAC
 * "Sanctions Programs and Country Information": Cuba, Iran, North Korea) plus Syria, kept after
 * its 2025 relief because UN/EU/UK listings remain there (decision 0073). The server may replace
 * the list from configuration through `withdrawalRequestBody(list)`.
 */
export const SANCTIONED_COUNTRIES: readonly string[] = ['CU', 'IR', 'KP', 'SY'];

/** "at most the withdrawable balance": checked by the server against the ledger when locking. */
export function exceedsWithdrawable(amountMinor: number | bigint, withdrawableMinor: number | bigint): boolean {
  return BigInt(amountMinor) > BigInt(withdrawableMinor);
}

const text = (max: number) => z.string().trim().min(1).max(max);
const upper = (s: string) => s.toUpperCase();

/** Builds the request schema against a sanctions list (the contract default, or the server's). */
export function withdrawalRequestBody(sanctioned: readonly string[] = SANCTIONED_COUNTRIES) {
  const refused = new Set(sanctioned.map(upper));
  const allowed = (country: string) => !refused.has(country);

  /** ISO 3166 alpha-2, upper-cased, not under sanctions. */
  const country = z
    .string()
    .trim()
    .min(1)
    .transform(upper)
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'withdrawal.country')
        .refine(allowed, 'withdrawal.sanctioned'),
    );

  const amount = z
    .number()
    .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
    .refine((v) => v >= MIN_WITHDRAWAL_USD, 'withdrawal.amount-minimum')
    .refine((v) => v <= MAX_WITHDRAWAL_USD, 'withdrawal.amount-maximum');

  /** Name on the account, as the bank holds it (SWIFT name lines: 4 × 35 characters). */
  const beneficiaryName = text(140);
  /** "N/A" (any case) where the country has no post codes (SPEC §5); else letters, digits, space, dash. */
  const postCode = z
    .string()
    .trim()
    .min(1)
    .transform(upper)
    .pipe(z.string().regex(/^(N\/A|[A-Z0-9][A-Z0-9 -]{1,11})$/, 'withdrawal.post-code'));

  /** Spaces and case as people paste it; a Turkish bank takes only a TR IBAN. */
  const ibanField = (turkishOnly = false) =>
    z
      .string()
      .trim()
      .min(1)
      .transform(normalizeIban)
      .check((ctx) => {
        const problem = turkishOnly && !ctx.value.startsWith('TR') ? 'turkish' : ibanProblem(ctx.value);
        if (problem) ctx.issues.push({ code: 'custom', message: `withdrawal.iban-${problem}`, input: ctx.value });
        else if (!allowed(ctx.value.slice(0, 2)))
          ctx.issues.push({ code: 'custom', message: 'withdrawal.sanctioned', input: ctx.value });
      });
  const iban = ibanField();
  const swiftBic = z
    .string()
    .trim()
    .min(1)
    .transform(normalizeBic)
    .pipe(
      z
        .string()
        .refine(isValidBic, 'withdrawal.bic')
        .refine((bic) => allowed(bicCountry(bic)), 'withdrawal.sanctioned'),
    );

  /** US account numbers run from 4 to 17 digits (Nacha allows 17; few banks use fewer than 4). */
  const usAccountNumber = z
    .string()
    .trim()
    .min(1)
    .pipe(z.string().regex(/^\d{4,17}$/, 'withdrawal.account-number'));
  /** Outside the IBAN countries an account number is letters and digits, up to 34 like an IBAN. */
  const accountNumber = z
    .string()
    .trim()
    .min(1)
    .transform(normalizeIban)
    .pipe(z.string().regex(/^[A-Z0-9]{4,34}$/, 'withdrawal.account-number'));

  const base = { amount, beneficiaryName };

  /** Payoneer pays to the e-mail address of the payee's Payoneer account. */
  const payoneer = z.object({
    method: z.literal('payoneer'),
    ...base,
    payoneerEmail: z.string().trim().min(1).max(254).pipe(z.email('validation.email')),
    country,
  });

  /** Wise to a US bank account (ACH): routing and account number, account type, holder's address. */
  const wiseUs = z.object({
    method: z.literal('wise-us'),
    ...base,
    routingNumber: z.string().trim().min(1).pipe(z.string().refine(isValidAbaRouting, 'withdrawal.routing')),
    accountNumber: usAccountNumber,
    accountType: z.enum(BANK_ACCOUNT_TYPES),
    country,
    city: text(85),
    address: text(200),
    postCode,
  });

  /** International wire: the beneficiary's bank by BIC, its name and address, IBAN where the bank's country uses one. */
  const swift = z
    .object({
      method: z.literal('swift'),
      ...base,
      swiftBic,
      bankName: text(140),
      bankAddress: text(200),
      bankCountry: country,
      iban: iban.optional(),
      accountNumber: accountNumber.optional(),
      country,
      city: text(85),
      address: text(200),
      postCode,
    })
    .superRefine((v, ctx) => {
      const usesIban = IBAN_LENGTHS[v.bankCountry] !== undefined;
      if (usesIban && !v.iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'withdrawal.iban-required' });
      if (!usesIban && !v.iban && !v.accountNumber)
        ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'withdrawal.account-required' });
      if (v.iban && v.iban.slice(0, 2) !== v.bankCountry)
        ctx.addIssue({ code: 'custom', path: ['iban'], message: 'withdrawal.iban-country' });
      if (bicCountry(v.swiftBic) !== v.bankCountry)
        ctx.addIssue({ code: 'custom', path: ['swiftBic'], message: 'withdrawal.bic-country' });
    });

  /** The bank details Wise issues for a currency balance (EUR/GBP: IBAN and BIC; the holder's address). */
  const wiseCurrency = z.object({
    method: z.literal('wise-currency'),
    ...base,
    currency: z.enum(WISE_CURRENCIES),
    iban,
    swiftBic,
    country,
    postCode,
  });

  /** A Turkish bank (FAST/EFT): the account holder and the TR IBAN are what Turkish transfers need. */
  const turkishBank = z.object({
    method: z.literal('turkish-bank'),
    ...base,
    bankName: text(140),
    iban: ibanField(true),
  });

  return z.discriminatedUnion('method', [payoneer, wiseUs, swift, wiseCurrency, turkishBank]);
}

export const WithdrawalRequestBody = withdrawalRequestBody();
export type WithdrawalRequest = z.infer<typeof WithdrawalRequestBody>;

/** The amount in USD minor units, for the ledger. */
export const withdrawalAmountMinor = (request: Pick<WithdrawalRequest, 'amount'>) => toMinor(request.amount);

/**
 * Withdrawal requests after they are made (decision 0076): the DTOs of /api/p/withdrawals and
 * /api/admin/withdrawals. The request body itself is `WithdrawalRequestBody` (above).
 */

/**
 * The destination fields of each method (after `beneficiaryName`), in the order a person fills
 * them in: forms and detail views list them this way (the stored jsonb keeps no order).
 */
export const WITHDRAWAL_METHOD_FIELDS: Record<WithdrawalMethod, readonly string[]> = {
  payoneer: ['payoneerEmail', 'country'],
  'wise-us': ['routingNumber', 'accountNumber', 'accountType', 'country', 'city', 'address', 'postCode'],
  swift: [
    'swiftBic',
    'bankName',
    'bankAddress',
    'bankCountry',
    'iban',
    'accountNumber',
    'country',
    'city',
    'address',
    'postCode',
  ],
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
