import {
  type Listing,
  type ListingList,
  type ListingListQuery,
  type Locale,
  fromMinor,
  toPage,
  translate,
} from '@dsm/contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { getCartSkus, listProductsByIds } from '../catalogue/catalogue.service';
import { storeNamesByIds } from '../stores/stores.service';
import { handChangesOf } from './listings.store-changes';
import { listingPriceUpdates, listingVariants, listings } from './listings.tables';

/** `/user/listed` (decision 0124): the caller's listings, counts per state and the running batch's progress. */

type Row = typeof listings.$inferSelect;

async function toDtos(db: Db, rows: Row[], locale: Locale): Promise<Listing[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [variants, stores, products, waiting] = await Promise.all([
    db
      .select()
      .from(listingVariants)
      .where(inArray(listingVariants.listingId, ids))
      .orderBy(asc(listingVariants.position)),
    storeNamesByIds(
      db,
      rows.map((r) => r.storeId),
    ),
    listProductsByIds(db, [...new Set(rows.map((r) => r.prodId))], locale),
    db
      .select({ listingId: listingPriceUpdates.listingId, n: sql<number>`count(*)::int` })
      .from(listingPriceUpdates)
      .where(and(inArray(listingPriceUpdates.listingId, ids), eq(listingPriceUpdates.state, 'pending')))
      .groupBy(listingPriceUpdates.listingId),
  ]);
  const waitingOf = new Map(waiting.map((w) => [w.listingId, Number(w.n)]));
  const byHand = await handChangesOf(
    db,
    rows.map((r) => ({ listing: r, variants: variants.filter((v) => v.listingId === r.id) })),
  );
  const skus = await getCartSkus(db, [...new Set(variants.map((v) => v.skuId))], locale);
  const pics = new Map(products.map((p) => [p.prodId, p.pic]));
  return rows.map((r) => {
    const mine = variants.filter((v) => v.listingId === r.id);
    const store = stores.get(r.storeId);
    const hand = byHand.get(r.id);
    return {
      id: r.id,
      storeId: r.storeId,
      storeName: store?.name ?? '',
      platform: store?.platform ?? 'shopify',
      prodId: r.prodId,
      title: r.title,
      image: r.images[0] ?? pics.get(r.prodId) ?? '',
      state: r.state,
      reason: r.failure ? translate(locale, r.failure.key, r.failure.values ?? {}) : null,
      currency: r.currency,
      price: fromMinor(Math.min(...mine.map((v) => v.priceMinor))),
      lockPrice: r.lockPrice,
      externalId: r.externalId,
      url: r.url,
      template: {
        title: r.title,
        description: r.description,
        images: r.images,
        tags: r.tags,
        productType: r.productType,
      },
      variants: mine.map((v) => {
        const sku = skus.get(v.skuId);
        return {
          id: v.id,
          skuId: v.skuId,
          skuCode: sku?.skuCode ?? String(v.skuId),
          name: sku?.skuName || sku?.prodName || String(v.skuId),
          price: fromMinor(v.priceMinor),
          compareAtPrice: v.compareAtMinor === null ? null : fromMinor(v.compareAtMinor),
          platformPrice: fromMinor(v.platformMinor),
          shipping: fromMinor(v.shippingMinor),
          externalId: v.externalId,
          takenDown: v.takenDown,
          storePrice: hand?.prices.has(v.id) ? fromMinor(hand.prices.get(v.id)!) : null,
        };
      }),
      takenDown: mine.filter((v) => v.takenDown).length,
      priceUpdates: waitingOf.get(r.id) ?? 0,
      storeTitle: hand?.title ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function getListing(db: Db, userId: string, id: string, locale: Locale): Promise<Listing> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('listings.not-found');
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, userId)));
  if (!row) throw AppError.notFound('listings.not-found');
  return (await toDtos(db, [row], locale))[0]!;
}

/** Rolled-back listings are history: shown only when asked for by state. */
export async function listListings(db: Db, userId: string, q: ListingListQuery, locale: Locale): Promise<ListingList> {
  const mine = and(eq(listings.userId, userId), q.storeId ? eq(listings.storeId, q.storeId) : undefined);
  const where = and(mine, q.state ? eq(listings.state, q.state) : ne(listings.state, 'rolled-back'));
  const [rows, [total], counted, latest] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: sql<number>`count(*)::int` }).from(listings).where(where),
    db
      .select({ state: listings.state, n: sql<number>`count(*)::int` })
      .from(listings)
      .where(mine)
      .groupBy(listings.state),
    db.select({ batchId: listings.batchId }).from(listings).where(mine).orderBy(desc(listings.createdAt)).limit(1),
  ]);
  const n = (s: string) => counted.find((c) => c.state === s)?.n ?? 0;
  const counts = {
    queued: n('queued'),
    publishing: n('publishing'),
    listed: n('listed'),
    failed: n('failed'),
    all: counted.filter((c) => c.state !== 'rolled-back').reduce((a, c) => a + c.n, 0),
  };
  return {
    page: toPage(await toDtos(db, rows, locale), total?.n ?? 0, q),
    counts,
    progress: latest[0] ? await progressOf(db, latest[0].batchId) : null,
  };
}

/** A batch's progress while any of it waits or publishes; null once all of it is done. */
async function progressOf(db: Db, batchId: string) {
  const [p] = await db
    .select({
      total: sql<number>`count(*)::int`,
      running: sql<number>`count(*) filter (where ${listings.state} in ('queued', 'publishing'))::int`,
    })
    .from(listings)
    .where(eq(listings.batchId, batchId));
  if (!p || p.running === 0) return null;
  return { done: p.total - p.running, total: p.total };
}
