import { toMinor } from '@dsm/contract';
import type { Db } from '../../db/client';
import { storeProductsByIds } from '../stores/stores.service';
import type { listingVariants, listings } from './listings.tables';

type ListingRow = typeof listings.$inferSelect;
type VariantRow = typeof listingVariants.$inferSelect;

/** What the store shows that differs from what we set there: its title, its price per listed variant (minor units). */
export interface HandChanges {
  title: string | null;
  prices: Map<string, number>;
}

/**
 * Changes made in the store by hand (decision 0133), read from the stores module's copy of the
 * product, which every pull and product webhook refreshes. A title differs from our template; a
 * price differs from ours while no push of ours is waiting and the copy was refreshed after our
 * last write (before that, the copy may still show the price we replaced). Shown, and a price
 * changed there is not overwritten by a catalogue change without the owner's approval.
 */
export async function handChangesOf(
  db: Db,
  rows: Array<{ listing: ListingRow; variants: VariantRow[] }>,
): Promise<Map<string, HandChanges>> {
  const listed = rows.filter((r) => r.listing.state === 'listed' && r.listing.storeProductId);
  const copies = new Map(
    (await storeProductsByIds(db, [...new Set(listed.map((r) => r.listing.storeProductId!))])).map((p) => [p.id, p]),
  );
  const out = new Map<string, HandChanges>();
  for (const { listing, variants } of listed) {
    const copy = copies.get(listing.storeProductId!);
    if (!copy || copy.status === 'deleted') continue;
    const settled = !listing.pricePending && Date.parse(copy.updatedAt) > listing.updatedAt.getTime();
    const prices = new Map<string, number>();
    for (const v of variants) {
      const theirs = copy.variants.find((c) => c.id === v.storeVariantId);
      if (settled && theirs?.price != null && toMinor(theirs.price) !== v.priceMinor)
        prices.set(v.id, toMinor(theirs.price));
    }
    const title = copy.title !== listing.title ? copy.title : null;
    if (title !== null || prices.size) out.set(listing.id, { title, prices });
  }
  return out;
}
