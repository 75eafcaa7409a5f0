import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { connectedStoreRow, storeClientFor } from '../stores/stores.service';
import { failureOf } from './listings.publish';
import { listingVariants, listings } from './listings.tables';

/**
 * The `listings.push-prices` job (decision 0124): a listing's stored prices written to the store
 * with `updateVariants`. Safe to run again (it sets, never adds). A failure is retried by the job
 * runtime; the last attempt's reason is shown on the listing, whose prices stay pending.
 */
export async function pushPrices(db: Db, config: Config, listingId: string, finalAttempt: boolean): Promise<void> {
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!listing || listing.state !== 'listed' || !listing.pricePending || !listing.externalId) return;
  const variants = await db
    .select()
    .from(listingVariants)
    .where(and(eq(listingVariants.listingId, listingId), isNotNull(listingVariants.externalId)));
  try {
    const store = await connectedStoreRow(db, listing.storeId);
    if (!store) throw new Error('The store is not connected');
    const client = storeClientFor(db, config, store);
    if (!client.updateVariants) throw new Error('not offered');
    await client.updateVariants(
      variants.map((v) => ({
        productExternalId: listing.externalId!,
        variantExternalId: v.externalId!,
        inventoryItemId: v.inventoryItemId,
        price: v.priceMinor,
        compareAtPrice: v.compareAtMinor,
      })),
    );
  } catch (err) {
    if (finalAttempt)
      await db
        .update(listings)
        .set({ failure: failureOf(err), updatedAt: new Date() })
        .where(eq(listings.id, listingId));
    throw err;
  }
  await db
    .update(listings)
    .set({ pricePending: false, failure: null, updatedAt: new Date() })
    .where(eq(listings.id, listingId));
}
