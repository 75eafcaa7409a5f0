import { and, count, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SkuShippingFacts } from '../logistics/logistics.service';
import { products, skus } from './catalogue.tables';

export type { SkuShippingFacts };

function toId(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The shipping facts of a SKU of a product, or null when the product or SKU does not exist or
 * the SKU belongs to another product. Stored grams and millimetres become kg and cm here.
 */
export async function getSkuShippingFacts(
  db: Db,
  prodId: string | number,
  skuId: string | number,
): Promise<SkuShippingFacts | null> {
  const p = toId(prodId);
  const s = toId(skuId);
  if (p === null || s === null) return null;
  const [row] = await db
    .select({
      weightGrams: skus.weightGrams,
      lengthMm: skus.lengthMm,
      widthMm: skus.widthMm,
      heightMm: skus.heightMm,
      attribute: products.attribute,
      // A SKU kept in another warehouse ships from there.
      warehouse: sql<string>`coalesce(${skus.warehouse}, ${products.warehouse})`,
      status: products.status,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.id, s), eq(skus.productId, p)));
  if (!row) return null;
  return {
    prodId: p,
    skuId: s,
    weightKg: row.weightGrams / 1000,
    lengthCm: row.lengthMm / 10,
    widthCm: row.widthMm / 10,
    heightCm: row.heightMm / 10,
    attribute: row.attribute,
    warehouse: row.warehouse,
    status: row.status,
  };
}

/**
 * How many products ship from a warehouse, themselves or by one of their SKUs: logistics refuses
 * to delete a warehouse still in use (app.ts hands it this function: logistics does not import
 * the catalogue).
 */
export async function countProductsInWarehouse(db: Db, code: string): Promise<number> {
  const skuThere = db
    .select({ one: sql`1` })
    .from(skus)
    .where(and(eq(skus.productId, products.id), eq(skus.warehouse, code)));
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(or(eq(products.warehouse, code), exists(skuThere)));
  return row?.n ?? 0;
}
