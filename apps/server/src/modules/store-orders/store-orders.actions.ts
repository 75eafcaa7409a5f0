import type { StoreOrderAbnormalReason } from '@dsm/contract';
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { connectedStoreRow, markStoreReauthorize, storeClientFor } from '../stores/stores.service';
import { ingestStoreOrder } from './store-orders.ingest';
import { SYNC_COOL_DOWN_MS, ownStoreOrder } from './store-orders.read';
import { storeOrders } from './store-orders.tables';

type Row = typeof storeOrders.$inferSelect;

const refused = (key: string, o: Row) =>
  AppError.conflict('store-order-transition-refused', `store-orders.${key}`, { number: o.number }, { id: o.id });

/**
 * The caller's store orders, locked in id order (two batches touching the same rows cannot
 * deadlock); any id not theirs → not found, and nothing changes (all or nothing).
 */
export async function lockOwn(uow: UnitOfWork, userId: string, ids: string[]): Promise<Row[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw AppError.notFound('store-orders.not-found');
  const rows = await uow.tx
    .select()
    .from(storeOrders)
    .where(and(inArray(storeOrders.id, unique), eq(storeOrders.userId, userId)))
    .orderBy(asc(storeOrders.id))
    .for('update');
  if (rows.length !== unique.length) throw AppError.notFound('store-orders.not-found');
  return rows;
}

/** Into the trash (draft box), singly or in batch: only unpaid open orders (a paid one is given up through after-sales). */
export async function trashStoreOrders(uow: UnitOfWork, userId: string, ids: string[]): Promise<string[]> {
  const rows = await lockOwn(uow, userId, ids);
  for (const o of rows) if (o.state !== 'open' || o.orderId) throw refused('not-trashable', o);
  const now = new Date();
  await uow.tx
    .update(storeOrders)
    .set({ state: 'trashed', trashReason: 'by-owner', trashedAt: now, updatedAt: now })
    .where(
      inArray(
        storeOrders.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.id);
}

/** Back from the trash, singly or in batch; one the store cancelled or refunded stays there. */
export async function restoreStoreOrders(uow: UnitOfWork, userId: string, ids: string[]): Promise<string[]> {
  const rows = await lockOwn(uow, userId, ids);
  for (const o of rows) {
    if (o.state !== 'trashed') throw refused('not-restorable', o);
    if (o.status !== 'open') throw refused('restore-cancelled', o);
  }
  await uow.tx
    .update(storeOrders)
    .set({ state: 'open', trashReason: null, trashedAt: null, updatedAt: new Date() })
    .where(
      inArray(
        storeOrders.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The abnormal flag's two ways out (SPEC §4, decision 0081): `resolve` — the owner confirms the
 * problem is dealt with ("moved to the normal process after confirmation"), and a later sync that
 * finds it again raises it again; `ignore` — the owner accepts the order as it is, and that
 * reason is not raised again on this order. The third way is the trash.
 */
export async function clearAbnormal(
  uow: UnitOfWork,
  userId: string,
  id: string,
  how: 'resolve' | 'ignore',
): Promise<void> {
  const [o] = await lockOwn(uow, userId, [id]);
  if (!o!.abnormalReason) throw refused('not-abnormal', o!);
  const ignored: StoreOrderAbnormalReason[] =
    how === 'ignore' ? [...new Set([...o!.ignoredReasons, o!.abnormalReason])] : o!.ignoredReasons;
  await uow.tx
    .update(storeOrders)
    .set({ abnormalReason: null, abnormalAt: null, ignoredReasons: ignored, updatedAt: new Date() })
    .where(eq(storeOrders.id, id));
}

export function coolingDown(seconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    'store-orders.sync-cooling-down',
    { seconds },
    { retryAfterSeconds: seconds, reason: 'store-order-sync-cooling-down' },
  );
}

/**
 * Claims "sync now" in one statement (of two clicks at once, one goes on): refused while the
 * last one is younger than the cool-down.
 */
async function claimSync(db: Db, id: string, last: Date | null): Promise<void> {
  const [claimed] = await db
    .update(storeOrders)
    .set({ syncRequestedAt: new Date() })
    .where(
      and(
        eq(storeOrders.id, id),
        or(
          isNull(storeOrders.syncRequestedAt),
          lt(storeOrders.syncRequestedAt, new Date(Date.now() - SYNC_COOL_DOWN_MS)),
        ),
      ),
    )
    .returning({ id: storeOrders.id });
  if (claimed) return;
  const waited = last ? Date.now() - last.getTime() : 0;
  throw coolingDown(Math.max(1, Math.ceil((SYNC_COOL_DOWN_MS - waited) / 1000)));
}

/**
 * "Sync now" of one order: read back from the store in the request, so the owner sees the
 * answer at once. A cool-down of seconds against double clicks; no daily cap.
 */
export async function syncOrderNow(db: Db, config: Config, userId: string, id: string): Promise<void> {
  const o = await ownStoreOrder(db, userId, id);
  await claimSync(db, o.id, o.syncRequestedAt);
  // An order imported from Excel has no store to read it back from.
  const store = o.storeId ? await connectedStoreRow(db, o.storeId) : null;
  if (!store) throw AppError.business('store-disconnected', 'store-orders.store-disconnected');
  const client = storeClientFor(db, config, store);
  if (!client.getOrder)
    throw AppError.business('store-orders-not-supported', 'store-orders.orders-not-supported', {
      platform: `stores.platforms.${store.platform}`,
    });
  let data;
  try {
    data = await client.getOrder(o.externalId);
  } catch (err) {
    if (!(err instanceof StorePlatformError)) throw err;
    if (err.kind === 'auth') {
      await markStoreReauthorize(db, store.id);
      throw AppError.business('store-authorization-failed', 'stores.authorization-failed');
    }
    throw AppError.business('store-unreachable', 'store-orders.sync-failed', { detail: err.detail });
  }
  if (!data) throw AppError.business('store-order-gone', 'store-orders.order-gone');
  await ingestStoreOrder(db, store, data);
}
