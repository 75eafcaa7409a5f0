import { z } from 'zod';
import { hasAtMostTwoDecimals, toMinor } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Recharge orders: money coming into the wallet by PayPal, card or bank transfer (SPEC §3, §4;
 * issue 8; decision 0074 for the states and the flow). Amounts travel as decimal USD; the ledger
 * behind them is USD minor units.
 *
 * Routes (server `modules/recharge`):
 *   GET  /api/p/recharge/methods               RechargeMethodsSchema (fee rules, limits, bank details, sandbox)
 *   POST /api/p/recharges                      CreateRechargeBody → RechargeOrder        (idempotent)
 *   GET  /api/p/recharges?state&current&size   page of RechargeOrder
 *   GET  /api/p/recharges/:id                  RechargeOrder
 *   POST /api/p/recharges/:id/checkout         → RechargeCheckout (PayPal approve link / card checkout page; idempotent)
 *   POST /api/p/recharges/:id/paypal/capture   → RechargeOrder (on return from PayPal; idempotent)
 *   POST /api/p/recharges/:id/card/confirm     → RechargeOrder (on return from the card page; idempotent)
 *   POST /api/p/recharges/:id/slip             multipart `file` → RechargeOrder (bank transfer slip)
 *   POST /api/p/recharges/:id/cancel           → RechargeOrder (awaiting payment only)
 *   POST /api/webhooks/paypal | /api/webhooks/stripe   provider events, verified by signature
 *   GET  /api/admin/recharges?state&method&current&size   page of AdminRechargeOrder
 *   GET  /api/admin/recharges/:id/slip         the slip file
 *   POST /api/admin/recharges/:id/approve      → AdminRechargeOrder (bank transfer credited)
 *   POST /api/admin/recharges/:id/reject       RejectRechargeBody → AdminRechargeOrder
 *   GET  /api/admin/recharge-methods           RechargeMethodRule[]
 *   PUT  /api/admin/recharge-methods/:method   UpdateRechargeMethodBody → RechargeMethodRule
 */

export const RECHARGE_METHODS = ['paypal', 'card', 'bank'] as const;
export type RechargeMethodName = (typeof RECHARGE_METHODS)[number];

/**
 * awaiting-payment: created, nothing paid yet. pending: payment under way but not final (a bank
 * slip waiting for the operator's review, a PayPal capture the provider holds as PENDING).
 * paid: the provider (or the operator) confirmed the money; the credit to the wallet is being
 * posted. completed: credited to the wallet. closed: never credited (expired, cancelled by the
 * user, rejected by the operator, refused by the provider). "all" is only a filter.
 */
export const RECHARGE_STATES = ['awaiting-payment', 'pending', 'paid', 'completed', 'closed'] as const;
export type RechargeState = (typeof RECHARGE_STATES)[number];

/** Why a recharge order closed. */
export const RECHARGE_CLOSE_REASONS = ['expired', 'cancelled', 'rejected', 'failed'] as const;
export type RechargeCloseReason = (typeof RECHARGE_CLOSE_REASONS)[number];

/** SPEC §4 payment outcomes, as the confirmation page shows them. */
export const PAYMENT_OUTCOMES = ['success', 'pending', 'failed', 'error', 'insufficient-balance'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The outcome a recharge order's state means to the user (the confirmation page). */
export function rechargeOutcome(order: Pick<RechargeOrder, 'state' | 'closeReason'>): PaymentOutcome {
  switch (order.state) {
    case 'completed':
      return 'success';
    case 'paid':
    case 'pending':
    case 'awaiting-payment':
      return 'pending';
    case 'closed':
      return order.closeReason === 'failed' ? 'failed' : 'error';
  }
}

/** Recharge amount limits in USD (decision 0074): below 10 the fees make no sense. */
export const MIN_RECHARGE_USD = 10;
export const MAX_RECHARGE_USD = 50_000;

/**
 * A fee rule (SPEC §9): fee = ceil((amount + base) × percent / 100) + fixed, to the cent, rounded
 * up so the provider's own charge is always covered. `percent` has at most 2 decimals (4.4,
 * 2.9), `base` and `fixed` are USD.
 */
export const FeeRuleSchema = z.object({
  percent: z.number().min(0).max(50).refine(hasAtMostTwoDecimals, 'validation.two-decimals'),
  base: z.number().min(0).max(1000).refine(hasAtMostTwoDecimals, 'validation.two-decimals'),
  fixed: z.number().min(0).max(1000).refine(hasAtMostTwoDecimals, 'validation.two-decimals'),
});
export type FeeRule = z.infer<typeof FeeRuleSchema>;

/** The defaults (SPEC §9): PayPal total × 4.4% + 0.30; card (total + 0.50) × 2.9% + 0.50; bank none. */
export const DEFAULT_FEE_RULES: Record<RechargeMethodName, FeeRule> = {
  paypal: { percent: 4.4, base: 0, fixed: 0.3 },
  card: { percent: 2.9, base: 0.5, fixed: 0.5 },
  bank: { percent: 0, base: 0, fixed: 0 },
};

/** The fee in minor units for an amount in minor units, by a rule. Integer arithmetic only. */
export function feeMinor(rule: FeeRule, amountMinor: number): number {
  // percent with 2 decimals → basis points of a percent (4.4 → 440 per 10 000).
  const perTenThousand = Math.round(rule.percent * 100);
  const variable = Math.ceil(((amountMinor + toMinor(rule.base)) * perTenThousand) / 10_000);
  return variable + toMinor(rule.fixed);
}

export const RechargeMethodRuleSchema = z.object({
  method: z.enum(RECHARGE_METHODS),
  enabled: z.boolean(),
  rule: FeeRuleSchema,
});
export type RechargeMethodRule = z.infer<typeof RechargeMethodRuleSchema>;

export const UpdateRechargeMethodBody = z.object({ enabled: z.boolean(), rule: FeeRuleSchema });
export type UpdateRechargeMethodBody = z.infer<typeof UpdateRechargeMethodBody>;

/** Where a bank transfer goes (from configuration), shown with the recharge's number as reference. */
export const BankDetailsSchema = z.object({
  beneficiary: z.string(),
  bankName: z.string(),
  bankAddress: z.string(),
  accountNumber: z.string(),
  iban: z.string(),
  swiftBic: z.string(),
});
export type BankDetails = z.infer<typeof BankDetailsSchema>;

export const RechargeMethodsSchema = z.object({
  methods: z.array(RechargeMethodRuleSchema),
  minAmount: z.number(),
  maxAmount: z.number(),
  bank: BankDetailsSchema,
  /** True when the payment providers are the local emulators (no credentials configured). */
  sandbox: z.boolean(),
  /** How long an unpaid recharge order stays open. */
  expiresAfterMinutes: z.number().int(),
});
export type RechargeMethods = z.infer<typeof RechargeMethodsSchema>;

const rechargeAmount = z
  .number({ message: 'validation.required' })
  .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
  .refine((v) => v >= MIN_RECHARGE_USD, 'recharge.amount-minimum')
  .refine((v) => v <= MAX_RECHARGE_USD, 'recharge.amount-maximum');

export const CreateRechargeBody = z.object({
  amount: rechargeAmount,
  method: z.enum(RECHARGE_METHODS, { message: 'recharge.method-invalid' }),
});
export type CreateRechargeBody = z.infer<typeof CreateRechargeBody>;

export const RechargeSlipSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});

export const RechargeOrderSchema = z.object({
  id: z.string(),
  /** Human reference, also the bank transfer's payment reference, e.g. R20261124-000123. */
  number: z.string(),
  method: z.enum(RECHARGE_METHODS),
  state: z.enum(RECHARGE_STATES),
  /** What reaches the wallet. */
  amount: z.number(),
  /** The provider's fee, shown before paying. */
  fee: z.number(),
  /** amount + fee: what the user pays. */
  total: z.number(),
  currency: z.literal('USD'),
  createdAt: z.string(),
  /** When an awaiting-payment order closes by itself. */
  expiresAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeReason: z.enum(RECHARGE_CLOSE_REASONS).nullable(),
  /** The operator's words when a slip is rejected, or the provider's refusal. */
  note: z.string(),
  slip: RechargeSlipSchema.nullable(),
});
export type RechargeOrder = z.infer<typeof RechargeOrderSchema>;
export const RechargeOrderPageSchema = pageOf(RechargeOrderSchema);

export const AdminRechargeOrderSchema = RechargeOrderSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  providerReference: z.string().nullable(),
});
export type AdminRechargeOrder = z.infer<typeof AdminRechargeOrderSchema>;
export const AdminRechargeOrderPageSchema = pageOf(AdminRechargeOrderSchema);

export const RechargeListQuery = PageQuerySchema.extend({
  state: z.enum(['all', ...RECHARGE_STATES]).default('all'),
});
export type RechargeListQuery = z.infer<typeof RechargeListQuery>;

export const AdminRechargeListQuery = RechargeListQuery.extend({
  method: z.enum(['all', ...RECHARGE_METHODS]).default('all'),
});
export type AdminRechargeListQuery = z.infer<typeof AdminRechargeListQuery>;

/** Where the browser goes to pay: PayPal's approve link or the card provider's checkout page. */
export const RechargeCheckoutSchema = z.object({ redirectUrl: z.string() });
export type RechargeCheckout = z.infer<typeof RechargeCheckoutSchema>;

export const RejectRechargeBody = z.object({
  reason: z.string().trim().min(1, 'recharge.reason-required').max(500),
});
export type RejectRechargeBody = z.infer<typeof RejectRechargeBody>;

/** Transfer slip: an image (JPEG, PNG, WebP) or a PDF, at most 5 MB, type judged by content. */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;
export const SLIP_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const RechargeMethodRuleListSchema = z.array(RechargeMethodRuleSchema);
