import { z } from 'zod';
import { BPS } from './checkout';
import { divRoundHalfUp, hasAtMostTwoDecimals } from './common/money';

/**
 * Bulk price tiers (MOQ, decision 0090), served by the catalogue module (catalogue.price-tiers.ts
 * on the server). Money is decimal USD on the wire; the server keeps integer minor units.
 */

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
    unitPrice: z
      .number()
      .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
      .refine((v) => v > 0, 'pricing.tier-price-positive')
      .nullable()
      .optional(),
    percentOff: z
      .number()
      .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
      .refine((v) => v > 0 && v < 100, 'pricing.tier-percent-range')
      .nullable()
      .optional(),
  })
  .refine((t) => (t.unitPrice == null) !== (t.percentOff == null), {
    message: 'pricing.tier-one-of',
    path: ['unitPrice'],
  });

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
