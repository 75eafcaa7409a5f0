import type { Locale } from '@dsm/contract';
import { translate } from '@dsm/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { disconnectVariants, getStoreProduct } from '../connections/connections.service';
import { connectedStoreRow, markProductDeleted, storeClientFor } from '../stores/stores.service';
import { LISTINGS_PUBLISH_JOB, LISTINGS_ROLLBACK_JOB } from './listings.jobs.types';
import { failureOf } from './listings.publish';
import { listingPriceUpdates, listingVariants, listings } from './listings.tables';

/**
 * Relist and roll back (SPEC §4, decision 0124). Both take the listing's row lock, check its
 * state and queue a job; the store is called by the job, after commit.
 */

type Row = typeof listings.$inferSelect;

/** The caller's listing, locked; another user's is not found. */
export async function lockOwnListing(db: Db, userId: string, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('listings.not-found');
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .for('update');
  if (!row) throw AppError.notFound('listings.not-found');
  return row;
}

function refuse(row: Row, action: 'relisted' | 'rolled-back', locale: Locale): never {
  throw AppError.conflict('listing-transition-refused', 'listings.transition-refused', {
    state: translate(locale, `listings.states.${row.state}`),
    action: translate(locale, `listings.actions.${action}`),
  });
}

/** A failed listing goes back to the queue (its product in the store, if any, is replaced, not doubled). */
export async function relist(uow: UnitOfWork, userId: string, id: string, locale: Locale): Promise<void> {
  const row = await lockOwnListing(uow.tx, userId, id);
  if (row.state !== 'failed') refuse(row, 'relisted', locale);
  await uow.tx
    .update(listings)
    .set({ state: 'queued', failure: null, updatedAt: new Date() })
    .where(eq(listings.id, id));
  await uow.enqueue({ type: LISTINGS_PUBLISH_JOB, payload: { listingId: id } });
}

/**
 * Roll back: a listed product is removed from the store by a job; a failed one that the store
 * never made is rolled back at once.
 */
export async function rollBack(uow: UnitOfWork, userId: string, id: string, locale: Locale): Promise<void> {
  const row = await lockOwnListing(uow.tx, userId, id);
  if (row.state !== 'listed' && row.state !== 'failed') refuse(row, 'rolled-back', locale);
  if (!row.externalId) {
    await uow.tx.update(listings).set({ state: 'rolled-back', updatedAt: new Date() }).where(eq(listings.id, id));
    return;
  }
  await uow.tx.update(listings).set({ state: 'rolling-back', updatedAt: new Date() }).where(eq(listings.id, id));
  await uow.enqueue({ type: LISTINGS_ROLLBACK_JOB, payload: { listingId: id } });
}

/**
 * The `listings.rollback` job: delete the product in the store, then in one unit of work the
 * connections go (recorded in the connection history as the owner's disconnect), the store
 * product is marked deleted and the listing rolled back. A store that refuses leaves the listing
 * listed with the reason shown.
 */
export async function runRollback(db: Db, config: Config, listingId: string): Promise<void> {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!row || row.state !== 'rolling-back' || !row.externalId) return;
  const store = await connectedStoreRow(db, row.storeId);
  try {
    if (!store) throw new Error('not connected');
    const client = storeClientFor(db, config, store);
    if (!client.deleteProduct) throw new Error('not offered');
    await client.deleteProduct(row.externalId);
  } catch (err) {
    const failure = store ? failureOf(err) : { key: 'listings.failure.not-connected' };
    await db
      .update(listings)
      .set({ state: 'listed', failure, updatedAt: new Date() })
      .where(eq(listings.id, listingId));
    return;
  }
  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    if (row.storeProductId) {
      const product = await getStoreProduct(tx, row.userId, row.storeProductId, 'en-US');
      const ours = await tx
        .select({ id: listingVariants.storeVariantId })
        .from(listingVariants)
        .where(and(eq(listingVariants.listingId, row.id), isNotNull(listingVariants.storeVariantId)));
      const mine = new Set(ours.map((o) => o.id));
      const connected = product.variants.filter((v) => v.connection && mine.has(v.id)).map((v) => v.id);
      if (connected.length)
        await disconnectVariants(uow, row.userId, row.storeProductId, { variantIds: connected }, 'en-US');
    }
    await markProductDeleted(uow, row.storeId, row.externalId!);
    await tx
      .update(listings)
      .set({ state: 'rolled-back', failure: null, updatedAt: new Date() })
      .where(and(eq(listings.id, listingId), inArray(listings.state, ['rolling-back'])));
  });
}

/**
 * Lock price on or off (decision 0133): a locked listing is left out of re-pricing and of
 * catalogue price changes, so the price the owner set in the store stays; its waiting price
 * updates go (they would push a price onto it).
 */
export async function setLockPrice(uow: UnitOfWork, userId: string, id: string, lockPrice: boolean): Promise<void> {
  await lockOwnListing(uow.tx, userId, id);
  await uow.tx.update(listings).set({ lockPrice, updatedAt: new Date() }).where(eq(listings.id, id));
  if (lockPrice)
    await uow.tx
      .update(listingPriceUpdates)
      .set({ state: 'superseded', decidedAt: new Date() })
      .where(and(eq(listingPriceUpdates.listingId, id), eq(listingPriceUpdates.state, 'pending')));
}
