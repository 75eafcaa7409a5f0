import type { Locale } from '@dsm/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickLocalized } from '../../platform/localized';
import { currentUnit } from '../../platform/unit-of-work';
import { productTranslations, products, skus } from './catalogue.tables';

/** What checkout needs to price one SKU: its price, stock, on-sale state and a title to show. */
export interface SkuPurchaseFacts {
  prodId: number;
  skuId: number;
  skuCode: string;
  priceMinor: number;
  stock: number;
  status: 'on' | 'off';
  title: string;
  image: string;
}

/** The SKU of a product, or null when either does not exist or the SKU is another product's. */
export async function getSkuPurchaseFacts(
  db: Db,
  prodId: number,
  skuId: number,
  locale: Locale,
): Promise<SkuPurchaseFacts | null> {
  const readRow = () =>
    db
      .select({
        skuCode: skus.skuCode,
        priceMinor: skus.priceMinor,
        stock: skus.stock,
        status: products.status,
        skuImage: skus.image,
        pic: products.pic,
      })
      .from(skus)
      .innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(skus.id, skuId), eq(skus.productId, prodId)));
  const readTitles = () =>
    db
      .select({ locale: productTranslations.locale, title: productTranslations.title })
      .from(productTranslations)
      .where(eq(productTranslations.productId, prodId));
  // On the pool (checkout's confirm) both reads at once, one round trip deep; inside a unit of
  // work they share one connection, which takes one query at a time.
  const [[row], titles] = currentUnit(db)
    ? [await readRow(), await readTitles()]
    : await Promise.all([readRow(), readTitles()]);
  if (!row) return null;
  return {
    prodId,
    skuId,
    skuCode: row.skuCode,
    priceMinor: row.priceMinor,
    stock: row.stock,
    status: row.status,
    title: pickLocalized(titles, locale)?.title ?? row.skuCode,
    image: row.skuImage || row.pic,
  };
}
