import { and, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type StoreProductData, StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { PermanentJobError } from '../../platform/jobs/jobs.runtime';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';
import { platformEntry, storeClientFor } from './stores.clients';
import { storeProducts, storeSyncs, storeVariants, stores } from './stores.tables';

export const STORE_SYNC_JOB = 'stores.sync';
type SyncRow = typeof storeSyncs.$inferSelect;
type SyncKind = SyncRow['kind'];

/** Pulls look back this much before the watermark: clocks of store and server differ. */
const PULL_OVERLAP_MS = 5 * 60_000;

/**
 * Queues a sync of a store (joins the caller's unit of work): a row in store_syncs and a job.
 * One at a time per store: a queued or running one → `store-sync-running`.
 */
export async function queueSync(db: DbOrUow, storeId: string, kind: SyncKind): Promise<SyncRow> {
  return inTransaction(db, async (uow) => {
    // Serialises two requests for the same store (the second sees the first's row).
    await uow.tx.execute(sql`select 1 from stores where id = ${storeId} for update`);
    const [busy] = await uow.tx
      .select({ id: storeSyncs.id })
      .from(storeSyncs)
      .where(and(eq(storeSyncs.storeId, storeId), inArray(storeSyncs.state, ['queued', 'running'])));
    if (busy) throw AppError.conflict('store-sync-running', 'stores.sync-running');
    const [row] = await uow.tx.insert(storeSyncs).values({ storeId, kind }).returning();
    await uow.enqueue({ type: STORE_SYNC_JOB, payload: { syncId: row!.id }, maxAttempts: 6 });
    return row!;
  });
}

/** A store's latest sync, if any. */
export async function latestSync(db: Db, storeId: string): Promise<SyncRow | null> {
  const [row] = await db
    .select()
    .from(storeSyncs)
    .where(eq(storeSyncs.storeId, storeId))
    .orderBy(sql`${storeSyncs.createdAt} desc, ${storeSyncs.id} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Inserts or updates one store product and its variants; variants no longer on the store are
 * marked removed (kept: connections and their history point at them). Skips an older copy of a
 * product than the one stored (a late webhook after a newer pull). True when something changed.
 */
export async function upsertStoreProduct(db: Db, storeId: string, p: StoreProductData): Promise<boolean> {
  const now = new Date();
  const remote = new Date(p.updatedAt);
  const [row] = await db
    .insert(storeProducts)
    .values({
      storeId,
      externalId: p.externalId,
      title: p.title,
      imageUrl: p.imageUrl,
      url: p.url,
      status: p.status,
      remoteUpdatedAt: remote,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [storeProducts.storeId, storeProducts.externalId],
      set: {
        title: p.title,
        imageUrl: p.imageUrl,
        url: p.url,
        status: p.status,
        remoteUpdatedAt: remote,
        updatedAt: now,
      },
      // Same time again still refreshes (a pull re-reading it); only an older copy is ignored.
      setWhere: sql`${storeProducts.remoteUpdatedAt} <= ${remote.toISOString()}::timestamptz or ${storeProducts.status} = 'deleted'`,
    })
    .returning({ id: storeProducts.id });
  if (!row) {
    // Older than what we have: still counts as seen by this run (not deleted).
    await db
      .update(storeProducts)
      .set({ updatedAt: now })
      .where(and(eq(storeProducts.storeId, storeId), eq(storeProducts.externalId, p.externalId)));
    return false;
  }
  for (const v of p.variants) {
    await db
      .insert(storeVariants)
      .values({
        storeProductId: row.id,
        externalId: v.externalId,
        sku: v.sku,
        title: v.title,
        options: v.options,
        priceMinor: v.price?.amount ?? null,
        currency: v.price?.currency ?? null,
        imageUrl: v.imageUrl,
      })
      .onConflictDoUpdate({
        target: [storeVariants.storeProductId, storeVariants.externalId],
        set: {
          sku: v.sku,
          title: v.title,
          options: v.options,
          priceMinor: v.price?.amount ?? null,
          currency: v.price?.currency ?? null,
          imageUrl: v.imageUrl,
          removedAt: null,
          updatedAt: now,
        },
      });
  }
  const kept = p.variants.map((v) => v.externalId);
  await db
    .update(storeVariants)
    .set({ removedAt: now, updatedAt: now })
    .where(
      and(
        eq(storeVariants.storeProductId, row.id),
        sql`${storeVariants.removedAt} is null`,
        kept.length ? notInArray(storeVariants.externalId, kept) : undefined,
      ),
    );
  return true;
}

/** The store removed the product: kept as `deleted` with its variants marked removed. */
export async function markProductDeleted(db: DbOrUow, storeId: string, externalId: string): Promise<void> {
  await inTransaction(db, async ({ tx }) => {
    const now = new Date();
    const [row] = await tx
      .update(storeProducts)
      .set({ status: 'deleted', updatedAt: now })
      .where(and(eq(storeProducts.storeId, storeId), eq(storeProducts.externalId, externalId)))
      .returning({ id: storeProducts.id });
    if (row)
      await tx
        .update(storeVariants)
        .set({ removedAt: now, updatedAt: now })
        .where(and(eq(storeVariants.storeProductId, row.id), sql`${storeVariants.removedAt} is null`));
  });
}

type Failure = { key: string; values?: Record<string, string | number> };

async function finish(
  db: Db,
  syncId: string,
  state: 'succeeded' | 'failed',
  error: Failure | null = null,
): Promise<void> {
  await db.update(storeSyncs).set({ state, error, finishedAt: new Date() }).where(eq(storeSyncs.id, syncId));
}

/** Ends a sync that a job gave up on (an unexpected error on its last attempt). */
export async function failIfUnfinished(db: Db, syncId: string): Promise<void> {
  await db
    .update(storeSyncs)
    .set({ state: 'failed', finishedAt: new Date(), error: { key: 'errors.A00005' } })
    .where(and(eq(storeSyncs.id, syncId), inArray(storeSyncs.state, ['queued', 'running'])));
}

/**
 * The sync job: reads the store page by page from the saved cursor, committing each page with
 * its progress, so a retried or crashed run goes on where it stopped. An `import` reads
 * everything and, at the end, marks products not seen as deleted; `pull` / `catch-up` read what
 * changed since the watermark (WooCommerce: modified_after). Refused credentials → the store
 * needs re-authorizing; a platform that does not answer → retried, then failed with the reason.
 */
export async function runSync(db: Db, config: Config, syncId: string, finalAttempt = true): Promise<void> {
  const [sync] = await db.select().from(storeSyncs).where(eq(storeSyncs.id, syncId));
  if (!sync || sync.state === 'succeeded' || sync.state === 'failed') return;
  const [store] = await db.select().from(stores).where(eq(stores.id, sync.storeId));
  if (!store || store.status !== 'connected' || !store.credentials || !platformEntry(store.platform)) {
    return finish(db, syncId, 'failed', { key: 'stores.disconnected' });
  }
  const startedAt = sync.startedAt ?? new Date();
  if (!sync.startedAt)
    await db.update(storeSyncs).set({ state: 'running', startedAt }).where(eq(storeSyncs.id, syncId));
  const since =
    sync.kind !== 'import' && store.productsPulledAt
      ? new Date(store.productsPulledAt.getTime() - PULL_OVERLAP_MS)
      : undefined;
  const client = storeClientFor(db, config, store);
  let cursor = sync.cursor;
  try {
    for (;;) {
      const page = await client.listProducts(cursor, { updatedSince: since });
      await inTransaction(db, async ({ tx }) => {
        let changed = 0;
        for (const p of page.products) if (await upsertStoreProduct(tx, store.id, p)) changed++;
        await tx
          .update(storeSyncs)
          .set({
            cursor: page.next,
            pagesRead: sql`${storeSyncs.pagesRead} + 1`,
            totalPages: page.totalPages ?? null,
            imported: sql`${storeSyncs.imported} + ${changed}`,
          })
          .where(eq(storeSyncs.id, syncId));
      });
      if (!page.next) break;
      cursor = page.next;
    }
  } catch (err) {
    if (!(err instanceof StorePlatformError)) throw err;
    if (err.kind === 'auth') {
      await db.update(stores).set({ status: 'reauthorize', updatedAt: new Date() }).where(eq(stores.id, store.id));
      await finish(db, syncId, 'failed', { key: 'stores.authorization-failed' });
      return;
    }
    if ((err.kind === 'unavailable' || err.kind === 'throttled') && !finalAttempt) throw err; // the job runs again from the cursor
    await finish(db, syncId, 'failed', { key: 'stores.unreachable', values: { detail: err.detail } });
    if (err.kind !== 'unavailable' && err.kind !== 'throttled') throw new PermanentJobError(err.message);
    return;
  }
  await inTransaction(db, async ({ tx }) => {
    if (sync.kind === 'import') {
      const now = new Date();
      const gone = await tx
        .update(storeProducts)
        .set({ status: 'deleted', updatedAt: now })
        .where(
          and(
            eq(storeProducts.storeId, store.id),
            ne(storeProducts.status, 'deleted'),
            lt(storeProducts.updatedAt, startedAt),
          ),
        )
        .returning({ id: storeProducts.id });
      if (gone.length)
        await tx
          .update(storeVariants)
          .set({ removedAt: now })
          .where(
            and(
              inArray(
                storeVariants.storeProductId,
                gone.map((g) => g.id),
              ),
              sql`${storeVariants.removedAt} is null`,
            ),
          );
    }
    await tx.update(stores).set({ productsPulledAt: startedAt }).where(eq(stores.id, store.id));
    await tx
      .update(storeSyncs)
      .set({ state: 'succeeded', finishedAt: new Date(), error: null })
      .where(eq(storeSyncs.id, syncId));
  });
}

/**
 * The scheduled pull: every connected store with no sync under way gets one of its platform's
 * pull kind (WooCommerce's catch-up after missed webhooks). Stores never imported get an import.
 */
export async function queueDuePulls(db: DbOrUow): Promise<number> {
  const due = await handleOf(db)
    .select({ id: stores.id, platform: stores.platform, pulledAt: stores.productsPulledAt })
    .from(stores)
    .where(
      and(
        eq(stores.status, 'connected'),
        sql`not exists (select 1 from store_syncs s where s.store_id = ${stores.id} and s.state in ('queued', 'running'))`,
      ),
    );
  let queued = 0;
  for (const s of due) {
    const entry = platformEntry(s.platform);
    if (!entry) continue;
    try {
      await queueSync(db, s.id, s.pulledAt ? entry.pullKind : 'import');
      queued++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // one started meanwhile: fine
    }
  }
  return queued;
}
