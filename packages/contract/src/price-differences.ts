import { z } from 'zod';
import { hasAtMostTwoDecimals } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Price differences (decision 0089). Money is decimal USD on the wire; the server keeps integer
 * minor units. Bulk price tiers are the catalogue's (catalogue.price-tiers.ts).
 */

/** due: the order is held until paid; paid: taken from the wallet; cancelled: by the operator. */
/**
 * `order-cancelled`: still due when its order was cancelled and refunded (a store order's "refund
 * to wallet", decision 0142): closed with the order, never to be paid. The `cancelled` filter
 * lists it with the ones the operator withdrew.
 */
export const PRICE_DIFFERENCE_STATES = ['due', 'paid', 'cancelled', 'order-cancelled'] as const;
export type PriceDifferenceState = (typeof PRICE_DIFFERENCE_STATES)[number];

export const PRICE_DIFFERENCE_REASON_MAX = 500;
/** The largest difference one order may be asked for (USD): a typo guard, not a business rule. */
export const PRICE_DIFFERENCE_MAX_USD = 100_000;

export const PriceDifferenceSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  amount: z.number(),
  reason: z.string(),
  state: z.enum(PRICE_DIFFERENCE_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type PriceDifference = z.infer<typeof PriceDifferenceSchema>;

export const AdminPriceDifferenceSchema = PriceDifferenceSchema.extend({ userId: z.string(), userEmail: z.string() });
export type AdminPriceDifference = z.infer<typeof AdminPriceDifferenceSchema>;

/** GET /api/p/price-differences and /api/admin/price-differences: one state or all. */
export const PriceDifferenceListQuery = PageQuerySchema.extend({
  state: z.enum(['all', ...PRICE_DIFFERENCE_STATES]).default('all'),
});
export type PriceDifferenceListQuery = z.infer<typeof PriceDifferenceListQuery>;

export const AdminPriceDifferenceListQuery = PriceDifferenceListQuery.extend({
  /** An order number (O00000042) to narrow the list to. */
  orderNumber: z.string().trim().max(20).optional(),
});
export type AdminPriceDifferenceListQuery = z.infer<typeof AdminPriceDifferenceListQuery>;

/** POST /api/admin/orders/:id/price-difference. */
export const RaisePriceDifferenceBody = z.object({
  amount: z
    .number({ message: 'validation.required' })
    .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
    .refine((v) => v > 0, 'pricing.amount-positive')
    .refine((v) => v <= PRICE_DIFFERENCE_MAX_USD, 'pricing.amount-too-large'),
  reason: z.string().trim().min(1, 'pricing.reason-required').max(PRICE_DIFFERENCE_REASON_MAX),
});
export type RaisePriceDifferenceBody = z.infer<typeof RaisePriceDifferenceBody>;

/** POST /api/admin/price-differences/by-number: the operator's form raises it by order number. */
export const RaisePriceDifferenceByNumberBody = RaisePriceDifferenceBody.extend({
  orderNumber: z.string().trim().min(1, 'pricing.order-number-required').max(20),
});
export type RaisePriceDifferenceByNumberBody = z.infer<typeof RaisePriceDifferenceByNumberBody>;

/** POST /api/admin/price-differences/:id/cancel. */
export const CancelPriceDifferenceBody = z.object({
  reason: z.string().trim().max(PRICE_DIFFERENCE_REASON_MAX).optional(),
});
export type CancelPriceDifferenceBody = z.infer<typeof CancelPriceDifferenceBody>;

export const PriceDifferencePageSchema = pageOf(PriceDifferenceSchema);
export const AdminPriceDifferencePageSchema = pageOf(AdminPriceDifferenceSchema);
