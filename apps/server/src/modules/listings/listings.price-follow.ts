import { priceFor } from '@dsm/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../platform/unit-of-work';
import { getCartSkus } from '../catalogue/catalogue.service';
import { LISTINGS_PUSH_PRICES_JOB } from './listings.jobs.types';
import { rateOf, ruleFactsOfStore } from './listings.rules';
import { handChangesOf } from './listings.store-changes';
import { listingPriceUpdates, listingVariants, listings } from './listings.tables';

/**
 * Catalogue price changes reach listed prices (issue 22, decision 0133). Every few minutes each
 * listed variant whose catalogue price differs from the one its price was computed from is priced
 * again under its listing's rule (today's rate, the shipping priced at listing). A move of the
 * listed price within the store's tolerance, at a margin the rule allows, is stored and pushed by
 * the push job; any other waits in `listing_price_updates` for the owner. A change already waiting
 * or rejected at that catalogue price is not asked about again; a newer one supersedes it.
 * Locked listings are left alone: their price is the owner's. A variant whose price was changed
 * in the store by hand waits for approval whatever the move, so ours never replaces it silently.
 */
export const LISTINGS_PRICE_FOLLOW_JOB = 'listings.price-follow';

export interface FollowOutcome {
  followed: number;
  waiting: number;
}

/** The listed price's move in percent of the old one, 2 decimals. */
export const changePercentOf = (oldMinor: number, newMinor: number) =>
  oldMinor > 0 ? Math.round(((newMinor - oldMinor) * 10_000) / oldMinor) / 100 : 100;

export async function followCataloguePrices(db: Db, _config?: Config): Promise<FollowOutcome> {
  const rows = await db
    .select({ v: listingVariants, l: listings })
    .from(listingVariants)
    .innerJoin(listings, eq(listings.id, listingVariants.listingId))
    .where(and(eq(listings.state, 'listed'), eq(listings.lockPrice, false), isNotNull(listingVariants.externalId)));
  if (!rows.length) return { followed: 0, waiting: 0 };
  const skus = await getCartSkus(
    db,
    rows.map((r) => r.v.skuId),
    'en-US',
  );
  const moved = rows.flatMap((r) => {
    const sku = skus.get(r.v.skuId);
    // A SKU taken down or gone keeps its last price: inventory sync sets its stock to 0.
    return sku?.onSale && sku.priceMinor !== r.v.platformMinor ? [{ ...r, platformMinor: sku.priceMinor }] : [];
  });
  if (!moved.length) return { followed: 0, waiting: 0 };
  const asked = await db
    .select({ variantId: listingPriceUpdates.variantId, platformMinor: listingPriceUpdates.newPlatformMinor })
    .from(listingPriceUpdates)
    .where(
      and(
        inArray(
          listingPriceUpdates.variantId,
          moved.map((m) => m.v.id),
        ),
        inArray(listingPriceUpdates.state, ['pending', 'rejected']),
      ),
    );
  const seen = new Set(asked.map((a) => `${a.variantId}:${a.platformMinor}`));
  // A price changed in the store by hand is the owner's until they approve ours over it.
  const listingsMoved = [...new Map(moved.map((m) => [m.l.id, m.l])).values()];
  const allOf = await db
    .select()
    .from(listingVariants)
    .where(
      inArray(
        listingVariants.listingId,
        listingsMoved.map((l) => l.id),
      ),
    );
  const byHand = await handChangesOf(
    db,
    listingsMoved.map((l) => ({ listing: l, variants: allOf.filter((v) => v.listingId === l.id) })),
  );
  const facts = new Map<string, Awaited<ReturnType<typeof ruleFactsOfStore>>>();
  const rates = new Map<string, number>();
  let followed = 0;
  let waiting = 0;
  for (const m of moved) {
    if (seen.has(`${m.v.id}:${m.platformMinor}`)) continue;
    if (!facts.has(m.l.storeId)) facts.set(m.l.storeId, await ruleFactsOfStore(db, m.l.storeId));
    if (!rates.has(m.l.currency)) rates.set(m.l.currency, await rateOf(db, m.l.currency).catch(() => 0));
    const rate = rates.get(m.l.currency)!;
    if (!rate) continue;
    const outcome = priceFor(m.l.rule, {
      platformMinor: m.platformMinor,
      shippingMinor: m.v.shippingMinor,
      rate,
      ownMinor: m.v.ownMinor ?? m.v.priceMinor,
    });
    if (!('priceMinor' in outcome)) continue; // a rule without its figure: nothing to follow with
    const change = Math.abs(changePercentOf(m.v.priceMinor, outcome.priceMinor));
    const follows =
      outcome.ok && change <= facts.get(m.l.storeId)!.tolerancePercent && !byHand.get(m.l.id)?.prices.has(m.v.id);
    await inTransaction(db, async (uow) => {
      await uow.tx
        .update(listingPriceUpdates)
        .set({ state: 'superseded', decidedAt: new Date() })
        .where(and(eq(listingPriceUpdates.variantId, m.v.id), eq(listingPriceUpdates.state, 'pending')));
      if (follows) {
        await uow.tx
          .update(listingVariants)
          .set({
            priceMinor: outcome.priceMinor,
            compareAtMinor: outcome.compareAtMinor,
            platformMinor: m.platformMinor,
          })
          .where(eq(listingVariants.id, m.v.id));
        await uow.tx.update(listings).set({ pricePending: true, updatedAt: new Date() }).where(eq(listings.id, m.l.id));
        await uow.enqueue({ type: LISTINGS_PUSH_PRICES_JOB, payload: { listingId: m.l.id } });
        followed++;
      } else {
        await uow.tx.insert(listingPriceUpdates).values({
          userId: m.l.userId,
          listingId: m.l.id,
          variantId: m.v.id,
          oldPlatformMinor: m.v.platformMinor,
          newPlatformMinor: m.platformMinor,
          oldPriceMinor: m.v.priceMinor,
          newPriceMinor: outcome.priceMinor,
          newCompareAtMinor: outcome.compareAtMinor,
          costMinor: outcome.costMinor,
          belowMargin: !outcome.ok,
        });
        waiting++;
      }
    });
  }
  return { followed, waiting };
}
