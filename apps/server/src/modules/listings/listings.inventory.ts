import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getCartSkus } from '../catalogue/catalogue.service';
import { connectedStoreRow, storeClientFor } from '../stores/stores.service';
import { listingVariants, listings } from './listings.tables';

/**
 * Inventory sync (issue 22, decision 0124): every minute, for each connected store whose owner
 * switched inventory sync on, each listed variant whose catalogue stock differs from what we last
 * set in the store gets the new stock, in the connector's batches (Shopify 250, WooCommerce 100),
 * with the quantity we believe the store holds (Shopify's compare-and-set). A SKU taken down or
 * gone is set to 0 in every connected store, switch or not, and its listing is marked. Comparing with what we pushed, rather than reacting to each stock change,
 * makes a burst of orders one call per store per minute, and a missed minute heals itself.
 */
export const LISTINGS_INVENTORY_SYNC_JOB = 'listings.inventory-sync';

export async function syncInventory(db: Db, config: Config): Promise<{ stores: number; variants: number }> {
  const storeIds = (
    await db.selectDistinct({ storeId: listings.storeId }).from(listings).where(eq(listings.state, 'listed'))
  ).map((r) => r.storeId);
  let stores = 0;
  let variants = 0;
  for (const storeId of storeIds) {
    const store = await connectedStoreRow(db, storeId);
    if (!store) continue;
    const rows = await db
      .select({ v: listingVariants, productExternalId: listings.externalId })
      .from(listingVariants)
      .innerJoin(listings, eq(listings.id, listingVariants.listingId))
      .where(and(eq(listings.storeId, storeId), eq(listings.state, 'listed'), isNotNull(listingVariants.externalId)));
    const skus = await getCartSkus(
      db,
      rows.map((r) => r.v.skuId),
      'en-US',
    );
    const seen = rows.map((r) => {
      const sku = skus.get(r.v.skuId);
      const down = !sku?.onSale;
      return { ...r, down, quantity: quantityFor(store.inventorySync, down, r.v.takenDown, sku?.stock ?? 0) };
    });
    const wanted = seen.filter(
      (r): r is typeof r & { quantity: number } => r.quantity !== null && r.quantity !== r.v.pushedQuantity,
    );
    // A take-down is marked whether or not the store takes the call below (decision 0133); the
    // mark comes off once the stock is back in the store, so a refused restore is tried again.
    const mark = (r: (typeof seen)[number]) =>
      db.update(listingVariants).set({ takenDown: r.down }).where(eq(listingVariants.id, r.v.id));
    for (const r of seen.filter((x) => x.down !== x.v.takenDown && (x.down || !wanted.includes(x as never))))
      await mark(r);
    if (!wanted.length) continue;
    const client = storeClientFor(db, config, store);
    if (!client.updateVariants) continue;
    // One store refusing does not hold the others back: what it missed differs again next minute.
    const pushed = await client
      .updateVariants(
        wanted.map((r) => ({
          productExternalId: r.productExternalId!,
          variantExternalId: r.v.externalId!,
          inventoryItemId: r.v.inventoryItemId,
          quantity: r.quantity,
          previousQuantity: r.v.pushedQuantity,
        })),
      )
      .then(() => true)
      .catch(() => false);
    if (!pushed) continue;
    for (const r of wanted.filter((x) => !x.down && x.v.takenDown)) await mark(r);
    for (const r of wanted)
      await db
        .update(listingVariants)
        // Switch off: only a zero is ours to remember; the stock restored after a take-down is the owner's again.
        .set({ pushedQuantity: store.inventorySync || r.down ? r.quantity : null })
        .where(eq(listingVariants.id, r.v.id));
    stores++;
    variants += wanted.length;
  }
  return { stores, variants };
}

/**
 * The stock a listed variant should have in the store, or null to leave the store's alone.
 * Switch on: the catalogue's (0 when taken down). Switch off: a SKU taken down still goes to 0 —
 * the owner cannot sell what we cannot supply — and gets the catalogue's stock back once it
 * returns; otherwise the store's stock is the owner's.
 */
function quantityFor(sync: boolean, down: boolean, wasDown: boolean, stock: number): number | null {
  if (down) return 0;
  if (sync || wasDown) return Math.max(0, stock);
  return null;
}
