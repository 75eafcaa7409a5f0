import { type DecidePriceUpdatesBody, type Locale, type PriceUpdateList, fromMinor } from '@dsm/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { getCartSkus } from '../catalogue/catalogue.service';
import { storeNamesByIds } from '../stores/stores.service';
import { LISTINGS_PUSH_PRICES_JOB } from './listings.jobs.types';
import { changePercentOf } from './listings.price-follow';
import { listingPriceUpdates, listingVariants, listings } from './listings.tables';

/**
 * "Price updates to approve" (decision 0133): catalogue price changes beyond the store's
 * tolerance, the caller's own only. Approving sets the new price and pushes it by the push job;
 * rejecting keeps the listed price (and the same catalogue price is not asked about again).
 */

export async function listPriceUpdates(db: Db, userId: string, locale: Locale): Promise<PriceUpdateList> {
  const rows = await db
    .select({ u: listingPriceUpdates, l: listings, skuId: listingVariants.skuId })
    .from(listingPriceUpdates)
    .innerJoin(listings, eq(listings.id, listingPriceUpdates.listingId))
    .innerJoin(listingVariants, eq(listingVariants.id, listingPriceUpdates.variantId))
    .where(and(eq(listingPriceUpdates.userId, userId), eq(listingPriceUpdates.state, 'pending')))
    .orderBy(desc(listingPriceUpdates.createdAt), asc(listingVariants.position))
    .limit(1000);
  const [skus, stores] = await Promise.all([
    getCartSkus(
      db,
      rows.map((r) => r.skuId),
      locale,
    ),
    storeNamesByIds(
      db,
      rows.map((r) => r.l.storeId),
    ),
  ]);
  return {
    rows: rows.map(({ u, l, skuId }) => {
      const sku = skus.get(skuId);
      const marginMinor = u.newPriceMinor - u.costMinor;
      return {
        id: u.id,
        listingId: l.id,
        storeName: stores.get(l.storeId)?.name ?? '',
        title: l.title,
        skuName: sku?.skuName || sku?.skuCode || String(skuId),
        currency: l.currency,
        oldPlatformPrice: fromMinor(u.oldPlatformMinor),
        newPlatformPrice: fromMinor(u.newPlatformMinor),
        oldPrice: fromMinor(u.oldPriceMinor),
        newPrice: fromMinor(u.newPriceMinor),
        compareAtPrice: u.newCompareAtMinor === null ? null : fromMinor(u.newCompareAtMinor),
        changePercent: changePercentOf(u.oldPriceMinor, u.newPriceMinor),
        margin: fromMinor(marginMinor),
        marginPercent: u.newPriceMinor > 0 ? Math.round((marginMinor * 10_000) / u.newPriceMinor) / 100 : -100,
        belowMargin: u.belowMargin,
        createdAt: u.createdAt.toISOString(),
      };
    }),
  };
}

/** Approve or reject the caller's pending updates, all or none (another user's → 404, decided → 409). */
export async function decidePriceUpdates(
  uow: UnitOfWork,
  userId: string,
  body: DecidePriceUpdatesBody,
): Promise<{ decided: number; listings: number }> {
  const { tx } = uow;
  const ids = [...new Set(body.ids)];
  const rows = await tx
    .select()
    .from(listingPriceUpdates)
    .where(and(inArray(listingPriceUpdates.id, ids), eq(listingPriceUpdates.userId, userId)))
    .for('update');
  if (rows.length !== ids.length) throw AppError.notFound('listings.price-update-not-found');
  if (rows.some((r) => r.state !== 'pending'))
    throw AppError.conflict('price-update-decided', 'listings.price-update-decided');
  const now = new Date();
  await tx
    .update(listingPriceUpdates)
    .set({ state: body.approve ? 'approved' : 'rejected', decidedAt: now })
    .where(inArray(listingPriceUpdates.id, ids));
  if (!body.approve) return { decided: rows.length, listings: 0 };
  for (const r of rows)
    await tx
      .update(listingVariants)
      .set({ priceMinor: r.newPriceMinor, compareAtMinor: r.newCompareAtMinor, platformMinor: r.newPlatformMinor })
      .where(eq(listingVariants.id, r.variantId));
  const listingIds = [...new Set(rows.map((r) => r.listingId))];
  await tx
    .update(listings)
    .set({ pricePending: true, updatedAt: now })
    .where(and(inArray(listings.id, listingIds), eq(listings.state, 'listed')));
  for (const listingId of listingIds) await uow.enqueue({ type: LISTINGS_PUSH_PRICES_JOB, payload: { listingId } });
  return { decided: rows.length, listings: listingIds.length };
}
