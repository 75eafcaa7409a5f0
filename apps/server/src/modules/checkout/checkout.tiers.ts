import { type PriceTierMinor, type PurchaseType, pickTier, tierUnitPriceMinor } from '@dsm/contract';
import type { Db } from '../../db/client';
import { getPriceTiers } from '../catalogue/catalogue.service';

/** A line's price after bulk tiers (decision 0090). */
export interface TieredPrice {
  unitPriceMinor: number;
  /** The SKU's own price, before the tier. */
  basePriceMinor: number;
  /** The tier applied, or null. */
  tier: PriceTierMinor | null;
}

/**
 * The unit price of each line once the product's bulk tiers apply. A tier is reached by the
 * quantity of the PRODUCT in the order (its SKUs together: 30 red + 30 blue reach a 50+ tier),
 * so every line of that product gets the same tier. Pure apart from reading the tiers; the
 * submit step re-prices with the same function, so confirm and submit agree to the cent.
 */
export async function applyPriceTiers(
  db: Db,
  lines: ReadonlyArray<{ prodId: number; count: number; priceMinor: number }>,
): Promise<TieredPrice[]> {
  return priceWithTiers(
    await getPriceTiers(
      db,
      lines.map((l) => l.prodId),
    ),
    lines,
  );
}

/** The same, over tiers the caller already read (confirm reads them alongside the SKUs). */
export function priceWithTiers(
  tiers: ReadonlyMap<number, PriceTierMinor[]>,
  lines: ReadonlyArray<{ prodId: number; count: number; priceMinor: number }>,
): TieredPrice[] {
  const perProduct = new Map<number, number>();
  for (const l of lines) perProduct.set(l.prodId, (perProduct.get(l.prodId) ?? 0) + l.count);
  return lines.map((l) => {
    const tier = pickTier(tiers.get(l.prodId) ?? [], perProduct.get(l.prodId)!);
    return {
      unitPriceMinor: tier ? tierUnitPriceMinor(l.priceMinor, tier) : l.priceMinor,
      basePriceMinor: l.priceMinor,
      tier,
    };
  });
}

/** bulk when any tier applied or the buyer chose bulk purchase; else dropshipping. */
export function purchaseTypeOf(priced: readonly TieredPrice[], chosen: PurchaseType | undefined): PurchaseType {
  return chosen === 'bulk' || priced.some((p) => p.tier !== null) ? 'bulk' : 'dropshipping';
}
