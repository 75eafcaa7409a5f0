import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config';
import { type StoreClient, type StoreOrderData, StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { PermanentJobError } from '../../platform/jobs/jobs.runtime';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import {
  type StoreRow,
  connectedStoreIds,
  connectedStoreRow,
  markStoreReauthorize,
  storeClientFor,
} from '../stores/stores.service';
import { type IngestOutcome, ingestStoreOrder, ingestStoreOrders } from './store-orders.ingest';
import { storeOrderSyncs } from './store-orders.tables';

/**
 * How store orders arrive (issue 21, decision 0113):
 * - a webhook names an order → `readBackOrder` reads it from the store and ingests it (the body
 *   may be hours old: Shopify retries with the original payload);
 * - a scheduled pull per store (`runOrderPull`) asks for the orders changed since its cursor on
 *   the store's `updated_at`, paging to the end, so lost webhooks are caught up within the
 *   interval; a retried job continues from the page it reached;
 * - "sync now" per store queues that pull at once; per order it reads the order back in the request.
 */
export const STORE_ORDERS_PULL_JOB = 'store-orders.pull';
export const STORE_ORDERS_PULL_DUE_JOB = 'store-orders.pull-due';
export const DEFAULT_PULL_SECONDS = 300;
/** A pull that has not finished in this long is taken to have died with its worker and is taken over. */
const LEASE_MS = 10 * 60_000;
/**
 * Orders a pull keeps in one unit of work (decision 0146): one transaction, one quote job and one
 * cursor write per batch instead of per order or per page. Small enough that a retried batch is
 * little work and no lock is held long.
 */
export const PULL_BATCH = 100;

export const pullSecondsOf = (config: Config) => config.storeOrders?.pullEverySeconds ?? DEFAULT_PULL_SECONDS;

type SyncError = { key: string; values?: Record<string, string | number> };

/** The store's words for a connector failure, kept on the sync row and shown localized. */
export function syncErrorOf(err: unknown): SyncError {
  if (err instanceof StorePlatformError) {
    if (err.kind === 'auth') return { key: 'stores.authorization-failed' };
    return { key: 'store-orders.sync-failed', values: { detail: err.detail.slice(0, 200) } };
  }
  return { key: 'store-orders.sync-failed', values: { detail: 'internal error' } };
}

async function ensureSyncRow(db: Db, storeId: string): Promise<void> {
  await db.insert(storeOrderSyncs).values({ storeId }).onConflictDoNothing();
}

/** The client of a store, or why orders cannot be read from it. */
function ordersClient(
  db: Db,
  config: Config,
  store: StoreRow,
): StoreClient & Required<Pick<StoreClient, 'listOrders'>> {
  const client = storeClientFor(db, config, store);
  if (!client.listOrders || !client.getOrder)
    throw new PermanentJobError(`reading orders from ${store.platform} stores is not available yet`);
  return client as StoreClient & Required<Pick<StoreClient, 'listOrders'>>;
}

async function recordError(db: Db, storeId: string, error: SyncError, config: Config): Promise<void> {
  const now = new Date();
  await db
    .update(storeOrderSyncs)
    .set({
      lastError: error,
      lastErrorAt: now,
      runningSince: null,
      queuedAt: null,
      nextDueAt: new Date(now.getTime() + pullSecondsOf(config) * 1000),
      updatedAt: now,
    })
    .where(eq(storeOrderSyncs.storeId, storeId));
}

/**
 * A webhook named an order: read it back and keep it. A store that is gone or disconnected is
 * let go; a platform whose client cannot read orders yet is a clear, permanent failure.
 */
export async function readBackOrder(
  db: Db,
  config: Config,
  storeId: string,
  externalId: string,
): Promise<IngestOutcome | null> {
  const store = await connectedStoreRow(db, storeId);
  if (!store) return null;
  const client = storeClientFor(db, config, store);
  if (!client.getOrder) {
    await ensureSyncRow(db, storeId);
    await recordError(db, storeId, notSupported(store), config);
    throw new PermanentJobError(`reading orders from ${store.platform} stores is not available yet`);
  }
  try {
    const order = await client.getOrder(externalId);
    // Gone from the store, or older than the app may read: nothing to keep.
    if (!order) return null;
    return await ingestStoreOrder(db, store, order);
  } catch (err) {
    if (err instanceof StorePlatformError && err.kind === 'auth') {
      await markStoreReauthorize(db, storeId);
      throw new PermanentJobError(err.message);
    }
    throw err;
  }
}

const notSupported = (store: StoreRow): SyncError => ({
  key: 'store-orders.orders-not-supported',
  values: { platform: store.platform },
});

/**
 * One pull of a store's orders, paging to the end. One at a time per store (a lease on its sync
 * row); each page's orders are kept before the page cursor moves, so a retried job continues
 * from the page it reached and keeps nothing twice. The cursor moves to the newest `updatedAt`
 * seen only once the pull finished: a pull that died is done again from the same instant.
 */
export async function runOrderPull(db: Db, config: Config, storeId: string): Promise<{ kept: number } | null> {
  await ensureSyncRow(db, storeId);
  const now = new Date();
  const [sync] = await db
    .update(storeOrderSyncs)
    .set({ runningSince: now, updatedAt: now })
    .where(
      and(
        eq(storeOrderSyncs.storeId, storeId),
        or(isNull(storeOrderSyncs.runningSince), lt(storeOrderSyncs.runningSince, new Date(now.getTime() - LEASE_MS))),
      ),
    )
    .returning();
  if (!sync) return null; // another worker is pulling this store now
  const store = await connectedStoreRow(db, storeId);
  if (!store) {
    await db
      .update(storeOrderSyncs)
      .set({ runningSince: null, queuedAt: null })
      .where(eq(storeOrderSyncs.storeId, storeId));
    return null;
  }
  let client: ReturnType<typeof ordersClient>;
  try {
    client = ordersClient(db, config, store);
  } catch (err) {
    await recordError(db, storeId, notSupported(store), config);
    throw err;
  }
  let kept = 0;
  let page = sync.pageCursor;
  let highWater = sync.runHighWater;
  const since = sync.cursorAt ?? undefined;
  try {
    do {
      // Pages are read until about a batch of orders is in hand (Shopify's pages are of 8), then
      // kept with the cursor of the last page read in one unit of work (decision 0146).
      const batch: StoreOrderData[] = [];
      let readableSince: string | null | undefined;
      do {
        const answer = await client.listOrders(page, { updatedSince: since });
        batch.push(...answer.orders);
        page = answer.next;
        readableSince = answer.readableSince;
      } while (page && batch.length < PULL_BATCH);
      for (const order of batch) {
        const at = new Date(order.updatedAt);
        if (!highWater || at > highWater) highWater = at;
      }
      await inTransaction(db, async (uow) => {
        if (batch.length) await ingestStoreOrders(uow, store, batch);
        await uow.tx
          .update(storeOrderSyncs)
          .set({
            pageCursor: page,
            runHighWater: highWater,
            // The first import says how far back it could read (Shopify: 60 days without read_all_orders).
            ...(sync.firstImportAt ? {} : { reachedBack: readableSince ? new Date(readableSince) : null }),
            updatedAt: new Date(),
          })
          .where(eq(storeOrderSyncs.storeId, storeId));
      });
      kept += batch.length;
    } while (page);
  } catch (err) {
    await recordError(db, storeId, syncErrorOf(err), config);
    if (err instanceof StorePlatformError && err.kind === 'auth') {
      await markStoreReauthorize(db, storeId);
      throw new PermanentJobError(err.message);
    }
    throw err;
  }
  const done = new Date();
  await db
    .update(storeOrderSyncs)
    .set({
      cursorAt: highWater ?? sync.cursorAt,
      pageCursor: null,
      runHighWater: null,
      runningSince: null,
      queuedAt: null,
      lastSuccessAt: done,
      lastError: null,
      lastErrorAt: null,
      nextDueAt: new Date(done.getTime() + pullSecondsOf(config) * 1000),
      firstImportAt: sync.firstImportAt ?? done,
      updatedAt: done,
    })
    .where(eq(storeOrderSyncs.storeId, storeId));
  return { kept };
}

/**
 * Queues a pull of one store now (joins the caller's unit of work). A pull already queued is
 * not queued twice.
 */
export async function queueOrderPull(db: DbOrUow, storeId: string): Promise<boolean> {
  return inTransaction(db, async (uow) => {
    await uow.tx.insert(storeOrderSyncs).values({ storeId }).onConflictDoNothing();
    const [claimed] = await uow.tx
      .update(storeOrderSyncs)
      .set({ queuedAt: new Date() })
      .where(
        and(
          eq(storeOrderSyncs.storeId, storeId),
          or(isNull(storeOrderSyncs.queuedAt), lt(storeOrderSyncs.queuedAt, new Date(Date.now() - LEASE_MS))),
        ),
      )
      .returning({ storeId: storeOrderSyncs.storeId });
    if (!claimed) return false;
    await uow.enqueue({ type: STORE_ORDERS_PULL_JOB, payload: { storeId }, maxAttempts: 5 });
    return true;
  });
}

/** The scheduled check: every connected store whose pull is due gets one queued. */
export async function queueDueOrderPulls(db: Db): Promise<number> {
  const ids = await connectedStoreIds(db);
  if (!ids.length) return 0;
  const syncs = new Map(
    (await db.select().from(storeOrderSyncs).where(inArray(storeOrderSyncs.storeId, ids))).map((s) => [s.storeId, s]),
  );
  const now = Date.now();
  let queued = 0;
  for (const id of ids) {
    const s = syncs.get(id);
    const due = !s || ((!s.nextDueAt || s.nextDueAt.getTime() <= now) && !s.runningSince);
    if (due && (await queueOrderPull(db, id))) queued++;
  }
  return queued;
}
