import type { PublishProduct, PublishedProduct, StoreClient } from '../../connectors/stores/store-platform';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inTransaction } from '../../platform/unit-of-work';
import { getProductDetail } from '../catalogue/catalogue.service';
import { connectVariants } from '../connections/connections.service';
import {
  connectedStoreRow,
  storeClientFor,
  storeVariantsByExternalIds,
  upsertStoreProduct,
} from '../stores/stores.service';
import { LISTINGS_PUBLISH_JOB } from './listings.jobs.types';
import { skuFactsOf } from './listings.quote';
import { listingVariants, listings } from './listings.tables';

/**
 * Publication (decision 0124), a job per listing. At most `PUBLISH_SLOTS` listings of one store
 * are in the store's hands at once (platforms rate-limit per store): a job that finds them taken
 * comes back a moment later. The call to the store happens outside any transaction; its answer
 * is kept in one unit of work: the store product, each variant connected to its catalogue SKU
 * (the connections module's own `connect`, so the history says so), and the listing `listed`.
 * A refusal or an unreachable store makes it `failed` with the reason; relist queues it again.
 */
export const PUBLISH_SLOTS = 2;
/** A publication older than this lost its worker: its slot is free again. */
const STALE_MS = 5 * 60_000;
const WAIT_MS = 1_000;

type Failure = { key: string; values?: Record<string, string> };
type Row = typeof listings.$inferSelect;

/** Takes a publication slot of the listing's store, or says to wait; a listing no longer queued is skipped. */
async function claim(db: Db, listingId: string): Promise<Row | 'wait' | null> {
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
    if (!listing || (listing.state !== 'queued' && listing.state !== 'publishing')) return null;
    // One claimer per store at a time, so two jobs cannot both see a free slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listings:${listing.storeId}`}))`);
    const [busy] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listings)
      .where(
        and(
          eq(listings.storeId, listing.storeId),
          eq(listings.state, 'publishing'),
          ne(listings.id, listing.id),
          gt(listings.publishingSince, new Date(Date.now() - STALE_MS)),
        ),
      );
    if ((busy?.n ?? 0) >= PUBLISH_SLOTS) {
      await uow.enqueue({ type: LISTINGS_PUBLISH_JOB, payload: { listingId }, runAt: new Date(Date.now() + WAIT_MS) });
      return 'wait';
    }
    const [claimed] = await tx
      .update(listings)
      .set({ state: 'publishing', publishingSince: new Date(), updatedAt: new Date() })
      .where(eq(listings.id, listing.id))
      .returning();
    return claimed!;
  });
}

/** Our file store's paths made absolute: the platform fetches images itself. */
function absolute(url: string, config: Config): string {
  if (/^https?:\/\//i.test(url) || !config.publicUrl) return url;
  return `${config.publicUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

async function productToPublish(db: Db, config: Config, listing: Row, withStock: boolean): Promise<PublishProduct> {
  const variants = await db
    .select()
    .from(listingVariants)
    .where(eq(listingVariants.listingId, listing.id))
    .orderBy(asc(listingVariants.position));
  const facts = new Map(skuFactsOf(await getProductDetail(db, listing.prodId, 'en-US')).map((s) => [s.skuId, s]));
  return {
    title: listing.title,
    descriptionHtml: listing.description,
    imageUrls: listing.images.map((u) => absolute(u, config)),
    tags: listing.tags,
    productType: listing.productType,
    currency: listing.currency,
    // The same on every attempt: a retry after a lost answer finds what the first one made (0138).
    ref: listing.id,
    variants: variants.map((v) => {
      const sku = facts.get(v.skuId);
      return {
        sku: sku?.skuCode ?? String(v.skuId),
        options: sku?.options ?? [],
        price: v.priceMinor,
        compareAtPrice: v.compareAtMinor,
        quantity: withStock ? (sku?.stock ?? 0) : null,
        imageUrl: sku?.pic ? absolute(sku.pic, config) : null,
      };
    }),
  };
}

export function failureOf(err: unknown): Failure {
  if (err instanceof StorePlatformError) return { key: `listings.failure.${err.kind}`, values: { detail: err.detail } };
  return { key: 'listings.failure.other', values: { detail: err instanceof Error ? err.message : String(err) } };
}

/** Failed; a product the store did make is remembered, so relist replaces it instead of making another. */
async function fail(db: Db, listingId: string, failure: Failure, externalId?: string): Promise<void> {
  await db
    .update(listings)
    .set({
      state: 'failed',
      failure,
      publishingSince: null,
      updatedAt: new Date(),
      ...(externalId ? { externalId } : {}),
    })
    .where(eq(listings.id, listingId));
}

/** The `listings.publish` job: one listing into its store. */
export async function publishListing(db: Db, config: Config, listingId: string): Promise<void> {
  const listing = await claim(db, listingId);
  if (listing === null || listing === 'wait') return;
  const store = await connectedStoreRow(db, listing.storeId);
  if (!store) return fail(db, listing.id, { key: 'listings.failure.not-connected' });
  let client: StoreClient;
  let published: PublishedProduct | undefined;
  try {
    client = storeClientFor(db, config, store);
    if (!client.publishProduct) return fail(db, listing.id, { key: 'listings.not-offered-aliexpress' });
    const product = await productToPublish(db, config, listing, store.inventorySync);
    published = await client.publishProduct(product, listing.externalId ? { externalId: listing.externalId } : null);
    await keepPublished(db, listing, product, published);
  } catch (err) {
    await fail(db, listing.id, failureOf(err), published?.externalId);
  }
}

/** The store's answer kept in one unit of work: its product, the connections, the listing listed. */
async function keepPublished(db: Db, listing: Row, product: PublishProduct, published: PublishedProduct) {
  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    const bySku = new Map(product.variants.map((v) => [v.sku, v]));
    await upsertStoreProduct(tx, listing.storeId, {
      externalId: published.externalId,
      title: product.title,
      imageUrl: product.imageUrls[0] ?? null,
      url: published.url,
      status: 'active',
      updatedAt: new Date().toISOString(),
      variants: published.variants.map((v) => ({
        externalId: v.externalId,
        sku: v.sku,
        title:
          bySku
            .get(v.sku)
            ?.options.map((o) => o.value)
            .join(' / ') || product.title,
        options: bySku.get(v.sku)?.options ?? [],
        price: { amount: bySku.get(v.sku)?.price ?? 0, currency: product.currency },
        imageUrl: bySku.get(v.sku)?.imageUrl ?? null,
      })),
    });
    const ours = await storeVariantsByExternalIds(
      tx,
      listing.storeId,
      published.variants.map((v) => ({ productExternalId: published.externalId, variantExternalId: v.externalId })),
    );
    const variants = await tx.select().from(listingVariants).where(eq(listingVariants.listingId, listing.id));
    const skuCodeOf = new Map(product.variants.map((v, i) => [v.sku, variants.find((r) => r.position === i)]));
    const links: Array<{ variantId: string; skuId: string }> = [];
    let storeProductId: string | null = null;
    for (const v of published.variants) {
      const mine = ours.get(`${published.externalId}|${v.externalId}`);
      const row = skuCodeOf.get(v.sku);
      if (!mine || !row) continue;
      storeProductId = mine.storeProductId;
      links.push({ variantId: mine.variantId, skuId: String(row.skuId) });
      await tx
        .update(listingVariants)
        .set({
          externalId: v.externalId,
          inventoryItemId: v.inventoryItemId,
          storeVariantId: mine.variantId,
          pushedQuantity: bySku.get(v.sku)?.quantity ?? null,
        })
        .where(eq(listingVariants.id, row.id));
    }
    if (storeProductId && links.length) await connectVariants(uow, listing.userId, storeProductId, { links }, 'en-US');
    await tx
      .update(listings)
      .set({
        state: 'listed',
        failure: null,
        externalId: published.externalId,
        url: published.url,
        storeProductId,
        publishingSince: null,
        pricePending: false,
        updatedAt: new Date(),
      })
      .where(eq(listings.id, listing.id));
  });
}
