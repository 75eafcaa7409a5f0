import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rawRows } from '../../src/db/rows';

/**
 * Test data for the connections module: a store of a user's with a product and its
 * variants written straight into the stores module's tables (as the import job would), so these
 * tests do not depend on a connector.
 */

let serial = 0;

export interface VariantSeed {
  title: string;
  sku?: string | null;
  options?: Array<{ name: string; value: string }>;
  priceMinor?: number;
}

/** A WooCommerce store of `userId`, or another product in `storeId` when given. */
export async function storeProduct(
  db: Db,
  userId: string,
  product: { title: string; variants: VariantSeed[]; storeId?: string; storeName?: string; imageUrl?: string | null },
): Promise<{ storeId: string; productId: string; variantIds: string[] }> {
  let storeId = product.storeId;
  if (!storeId) {
    const address = `shop-${++serial}-${Math.random().toString(36).slice(2, 8)}.example.com`;
    const [store] = rawRows(
      await db.execute(sql`insert into stores (user_id, platform, name, address, base_url, status, authorized_at)
        values (${userId}, 'woocommerce', ${product.storeName ?? 'My Woo shop'}, ${address}, ${`https://${address}`}, 'connected', now()) returning id`),
    );
    storeId = String(store!.id);
  }
  const [row] = rawRows(
    await db.execute(sql`insert into store_products (store_id, external_id, title, image_url, url, status, remote_updated_at)
      values (${storeId}, ${String(++serial)}, ${product.title}, ${product.imageUrl ?? null}, null, 'active', now()) returning id`),
  );
  const productId = String(row!.id);
  const variantIds: string[] = [];
  for (const [i, v] of product.variants.entries()) {
    const [variant] = rawRows(
      await db.execute(sql`insert into store_variants (store_product_id, external_id, sku, title, options, price_minor, currency)
        values (${productId}, ${`${serial}-${i}`}, ${v.sku ?? null}, ${v.title}, ${JSON.stringify(v.options ?? [])}::jsonb, ${v.priceMinor ?? 1999}, 'USD') returning id`),
    );
    variantIds.push(String(variant!.id));
  }
  return { storeId, productId, variantIds };
}
