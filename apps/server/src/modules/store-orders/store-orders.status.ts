import { type Locale, type StoreOrderSyncStatus, translate } from '@dsm/contract';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ownStore, storesOfUser } from '../stores/stores.service';
import { coolingDown } from './store-orders.actions';
import { SYNC_COOL_DOWN_MS, coolDownUntil } from './store-orders.read';
import { queueOrderPull } from './store-orders.sync';
import { storeOrderSyncs, storeOrders } from './store-orders.tables';

/** Each of the caller's stores' order sync: last success, next due, last error, how far back the first import reached. */
export async function syncStatuses(
  db: Db,
  userId: string,
  locale: Locale,
  only?: string,
): Promise<StoreOrderSyncStatus[]> {
  const list = (await storesOfUser(db, userId)).filter((s) => !only || s.id === only);
  if (!list.length) return [];
  const ids = list.map((s) => s.id);
  const syncs = new Map(
    (await db.select().from(storeOrderSyncs).where(inArray(storeOrderSyncs.storeId, ids))).map((s) => [s.storeId, s]),
  );
  const counts = new Map(
    (
      await db
        .select({ storeId: storeOrders.storeId, n: sql<number>`count(*)::int` })
        .from(storeOrders)
        .where(and(eq(storeOrders.userId, userId), inArray(storeOrders.storeId, ids)))
        .groupBy(storeOrders.storeId)
    ).map((r) => [r.storeId, Number(r.n)]),
  );
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return list.map((s) => {
    const y = syncs.get(s.id);
    const error = y?.lastError;
    return {
      storeId: s.id,
      storeName: s.name,
      platform: s.platform,
      running: !!(y?.runningSince || y?.queuedAt),
      lastSuccessAt: iso(y?.lastSuccessAt),
      // A disconnected store is not pulled: nothing is due.
      nextDueAt: s.status === 'connected' ? iso(y?.nextDueAt) : null,
      lastErrorAt: iso(y?.lastErrorAt),
      lastError: error
        ? translate(locale, error.key, {
            ...error.values,
            ...(error.values?.platform ? { platform: `stores.platforms.${error.values.platform}` } : {}),
          })
        : null,
      reachedBack: iso(y?.reachedBack),
      orderCount: counts.get(s.id) ?? 0,
      syncAvailableAt: coolDownUntil(y?.syncRequestedAt ?? null),
    };
  });
}

/**
 * "Sync now" of one store: its pull is queued at once (a cool-down of seconds against double
 * clicks, no daily cap). Another user's store → not found.
 */
export async function syncStoreNow(db: Db, userId: string, storeId: string, locale: Locale) {
  const store = await ownStore(db, userId, storeId);
  if (store.status !== 'connected') throw AppError.business('store-disconnected', 'stores.disconnected');
  await db.insert(storeOrderSyncs).values({ storeId }).onConflictDoNothing();
  const [claimed] = await db
    .update(storeOrderSyncs)
    .set({ syncRequestedAt: new Date(), nextDueAt: new Date() })
    .where(
      and(
        eq(storeOrderSyncs.storeId, storeId),
        or(
          isNull(storeOrderSyncs.syncRequestedAt),
          lt(storeOrderSyncs.syncRequestedAt, new Date(Date.now() - SYNC_COOL_DOWN_MS)),
        ),
      ),
    )
    .returning({ last: storeOrderSyncs.syncRequestedAt });
  if (!claimed) throw coolingDown(Math.ceil(SYNC_COOL_DOWN_MS / 1000));
  await queueOrderPull(db, storeId);
  const [status] = await syncStatuses(db, userId, locale, storeId);
  return status!;
}
