import { z } from 'zod';
import { hasAtMostTwoDecimals } from './common/money';

/**
 * The affiliate programme (issue 26, decision 0128). Rates travel as basis points (500 = 5 %);
 * amounts as decimal USD (`fromMinor`), like the wallet.
 */
export const AFFILIATE_PAYOUTS = ['cash', 'bonus'] as const;
export type AffiliatePayout = (typeof AFFILIATE_PAYOUTS)[number];
export const AFFILIATE_STATES = ['active', 'suspended'] as const;
export const COMMISSION_STATES = ['pending', 'available', 'paid', 'cancelled', 'reversed'] as const;

/** A referral code as typed or carried by `?ref=`: letters and digits, case-insensitive. */
export const ReferralCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, 'affiliates.code-invalid')
  .transform((s) => s.toUpperCase());

export const AffiliateTermsSchema = z.object({
  /** Basis points of the goods of each paid order (500 = 5 %). */
  rateBasisPoints: z.number().int(),
  periodMonths: z.number().int(),
  holdDays: z.number().int(),
  payout: z.enum(AFFILIATE_PAYOUTS),
  /** The operator's switch: off, no one joins and no new commission is earned. */
  enabled: z.boolean(),
});
export type AffiliateTerms = z.infer<typeof AffiliateTermsSchema>;

export const AffiliateTermsBody = z.object({
  rateBasisPoints: z.number().int().min(0).max(5000),
  periodMonths: z.number().int().min(1).max(120),
  holdDays: z.number().int().min(0).max(365),
  payout: z.enum(AFFILIATE_PAYOUTS),
  enabled: z.boolean(),
});

export const AffiliateMeSchema = z.object({
  joined: z.boolean(),
  code: z.string().nullable(),
  /** Path and query to share (`/?ref=CODE`); the web app puts its origin before it. */
  link: z.string().nullable(),
  state: z.enum(AFFILIATE_STATES).nullable(),
  suspendedReason: z.string(),
  terms: AffiliateTermsSchema,
});
export type AffiliateMe = z.infer<typeof AffiliateMeSchema>;

export const AffiliateMonthSchema = z.object({
  month: z.string(),
  clicks: z.number().int(),
  signUps: z.number().int(),
  orders: z.number().int(),
  commission: z.number(),
});

export const AffiliateOrderSchema = z.object({
  /** The referred user's masked name (`Ad***e L.`): no other personal data. */
  referred: z.string(),
  orderNumber: z.string(),
  goods: z.number(),
  commission: z.number(),
  state: z.enum(COMMISSION_STATES),
  paidAt: z.string(),
  availableAt: z.string(),
});
export type AffiliateOrder = z.infer<typeof AffiliateOrderSchema>;

export const AffiliateDashboardSchema = z.object({
  clicks: z.number().int(),
  signUps: z.number().int(),
  orders: z.number().int(),
  pending: z.number(),
  available: z.number(),
  paid: z.number(),
  months: z.array(AffiliateMonthSchema),
  recent: z.array(AffiliateOrderSchema),
});
export type AffiliateDashboard = z.infer<typeof AffiliateDashboardSchema>;

export const AffiliateExportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const AffiliateClickBody = z.object({ code: ReferralCodeField, visitor: z.string().min(8).max(64) });
export const AffiliateClickSchema = z.object({ counted: z.boolean() });

export const AdminAffiliateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  code: z.string(),
  state: z.enum(AFFILIATE_STATES),
  suspendedReason: z.string(),
  clicks: z.number().int(),
  signUps: z.number().int(),
  pending: z.number(),
  paid: z.number(),
  joinedAt: z.string(),
});
export type AdminAffiliate = z.infer<typeof AdminAffiliateSchema>;

export const AffiliateIdParams = z.object({ id: z.string().uuid('affiliates.not-found') });
export const AffiliateSuspendBody = z.object({
  reason: z.string().trim().min(1, 'affiliates.reason-required').max(500),
});
export const AffiliateAdjustBody = z.object({
  /** Signed decimal USD: a credit or a debit of the affiliate's wallet. */
  amount: z
    .number()
    .refine((n) => n !== 0 && Math.abs(n) <= 100_000, 'affiliates.amount-invalid')
    .refine(hasAtMostTwoDecimals, 'affiliates.amount-invalid'),
  reason: z.string().trim().min(1, 'affiliates.reason-required').max(500),
});
