import {
  type PriceTier,
  type PriceTierMinor,
  type ProductPriceTiers,
  bpsToPercent,
  fromMinor,
  minimumOrderQuantity,
  percentToBps,
  toMinor,
} from '@dsm/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { runCataloguePriceChange } from './catalogue.hooks';
import { productPriceTiers, products, skus } from './catalogue.tables';

/**
 * Bulk price tiers per product (decision 0090): read by checkout's confirm step (through
 * catalogue.service) and the product page, edited by the operator as a whole list.
 */

/** The tiers of each product asked for, smallest min quantity first (a product without any is absent). */
export async function getPriceTiers(db: Db, productIds: readonly number[]): Promise<Map<number, PriceTierMinor[]>> {
  const ids = [...new Set(productIds)];
  const out = new Map<number, PriceTierMinor[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(productPriceTiers)
    .where(inArray(productPriceTiers.productId, ids))
    .orderBy(asc(productPriceTiers.productId), asc(productPriceTiers.minQuantity));
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push({ minQuantity: r.minQuantity, unitPriceMinor: r.unitPriceMinor, percentOffBps: r.percentOffBps });
    out.set(r.productId, list);
  }
  return out;
}

export function toWireTier(t: PriceTierMinor): PriceTier {
  return {
    minQuantity: t.minQuantity,
    unitPrice: t.unitPriceMinor === null ? null : fromMinor(t.unitPriceMinor),
    percentOff: t.percentOffBps === null ? null : bpsToPercent(t.percentOffBps),
  };
}

export function fromWireTier(t: {
  minQuantity: number;
  unitPrice?: number | null;
  percentOff?: number | null;
}): PriceTierMinor {
  return {
    minQuantity: t.minQuantity,
    unitPriceMinor: t.unitPrice == null ? null : toMinor(t.unitPrice),
    percentOffBps: t.percentOff == null ? null : percentToBps(t.percentOff),
  };
}

/** One product's tiers as the wire carries them (an unknown product is not found). */
export async function productPriceTiersOf(db: Db, prodId: number): Promise<ProductPriceTiers> {
  const tiers = (await getPriceTiers(db, [prodId])).get(prodId) ?? [];
  return { prodId, moq: minimumOrderQuantity(tiers), tiers: tiers.map(toWireTier) };
}

/** Replaces a product's tiers (an empty list removes bulk pricing), in one unit of work. */
export async function setPriceTiers(
  db: DbOrUow,
  prodId: number,
  tiers: readonly PriceTierMinor[],
): Promise<ProductPriceTiers> {
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, prodId)).for('update');
    if (!product) throw AppError.notFound('catalogue.product-not-found');
    await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, prodId));
    if (tiers.length) await tx.insert(productPriceTiers).values(tiers.map((t) => ({ productId: prodId, ...t })));
    const skuIds = (await tx.select({ id: skus.id }).from(skus).where(eq(skus.productId, prodId))).map((r) => r.id);
    await runCataloguePriceChange(uow, { kind: 'tiers-changed', prodId, skuIds });
    return productPriceTiersOf(tx, prodId);
  });
}
