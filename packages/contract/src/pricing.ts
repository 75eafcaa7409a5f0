import { z } from 'zod';
import { divRoundHalfUp, hasAtMostTwoDecimals } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';
import { BPS } from './checkout';

/**
 * Price differences (decision 0089) and bulk price tiers (decision 0090). Money is decimal USD on
 * the wire; the server keeps integer minor units.
 */

// ---- Price differences ------------------------------------------------------------------------

/** due: the order is held until paid; paid: taken from the wallet; cancelled: by the operator. */
export const PRICE_DIFFERENCE_STATES = ['due', 'paid', 'cancelled'] as const;
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

// ---- Bulk price tiers (MOQ) ---------------------------------------------------------------------

export const MAX_PRICE_TIERS = 5;

/** A tier: from `minQuantity` pieces of the product, a fixed unit price OR a percentage off. */
export const PriceTierSchema = z.object({
  minQuantity: z.number().int(),
  /** USD per piece, or null when the tier is a percentage off. */
  unitPrice: z.number().nullable(),
  /** Percent off the SKU's price (12.5 = 12.5 %), or null when the tier is a fixed price. */
  percentOff: z.number().nullable(),
});
export type PriceTier = z.infer<typeof PriceTierSchema>;

const TierInput = z
  .object({
    minQuantity: z.number().int('validation.not-integer').min(2, 'pricing.tier-min-quantity').max(99_999),
    unitPrice: z.number().refine(hasAtMostTwoDecimals, 'validation.two-decimals').refine((v) => v > 0, 'pricing.tier-price-positive').nullable().optional(),
    percentOff: z.number().refine(hasAtMostTwoDecimals, 'validation.two-decimals').refine((v) => v > 0 && v < 100, 'pricing.tier-percent-range').nullable().optional(),
  })
  .refine((t) => (t.unitPrice == null) !== (t.percentOff == null), { message: 'pricing.tier-one-of', path: ['unitPrice'] });

/** PUT /api/admin/products/:id/price-tiers: the whole list (empty removes bulk pricing). */
export const PutPriceTiersBody = z.object({
  tiers: z
    .array(TierInput)
    .max(MAX_PRICE_TIERS, 'pricing.tier-too-many')
    .refine((ts) => new Set(ts.map((t) => t.minQuantity)).size === ts.length, 'pricing.tier-duplicate'),
});
export type PutPriceTiersBody = z.infer<typeof PutPriceTiersBody>;

/** A tier in minor units and basis points, as the server and the pricing rule use it. */
export interface PriceTierMinor {
  minQuantity: number;
  unitPriceMinor: number | null;
  percentOffBps: number | null;
}

/** The tier that applies to `quantity` pieces: the one with the largest min quantity reached. */
export function pickTier<T extends { minQuantity: number }>(tiers: readonly T[], quantity: number): T | null {
  let best: T | null = null;
  for (const t of tiers) if (quantity >= t.minQuantity && (!best || t.minQuantity > best.minQuantity)) best = t;
  return best;
}

/**
 * The unit price a tier gives a SKU priced `baseMinor`: the fixed price, or the base less the
 * percentage rounded half-up to the cent. Never more than the base price: a bulk buyer never pays
 * more than a single buyer (a fixed tier price above a dearer variant's price does not raise it).
 */
export function tierUnitPriceMinor(baseMinor: number, tier: PriceTierMinor): number {
  const priced = tier.unitPriceMinor ?? divRoundHalfUp(baseMinor * (BPS - (tier.percentOffBps ?? 0)), BPS);
  return Math.min(baseMinor, priced);
}

/** The MOQ for bulk buying: the first tier's min quantity (null when the product has no tiers). */
export function minimumOrderQuantity(tiers: readonly { minQuantity: number }[]): number | null {
  return tiers.length ? Math.min(...tiers.map((t) => t.minQuantity)) : null;
}

/** GET /api/prod/priceTiers?prodId= and the operator's GET|PUT …/products/:prodId/price-tiers. */
export const ProductPriceTiersSchema = z.object({
  prodId: z.number().int(),
  /** The minimum quantity for bulk buying (the first tier's), or null without tiers. */
  moq: z.number().int().nullable(),
  /** Smallest min quantity first. */
  tiers: z.array(PriceTierSchema),
});
export type ProductPriceTiers = z.infer<typeof ProductPriceTiersSchema>;
export const PriceDifferencePageSchema = pageOf(PriceDifferenceSchema);
export const AdminPriceDifferencePageSchema = pageOf(AdminPriceDifferenceSchema);
