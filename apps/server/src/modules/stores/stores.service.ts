import type { Locale, Store, UpdateStoreBody } from '@dsm/contract';
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import { normaliseWooAddress } from '../../connectors/stores/woocommerce';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { runStoreChange } from './stores.hooks';
import { checkHostname } from './stores.address-guard';
import { type StoreRow, platformContext, platformEntry } from './stores.clients';
import { storesOf } from './stores.dto';
import { stores } from './stores.tables';

/** Store products for the connections module (decision 0100: it reads them only through these). */
export {
  type StoreProductBase,
  type StoreProductsOptions,
  type StoreVariantBase,
  findStoreProductForUser,
  knownStoreProducts,
  storeProductsByIds,
  storeProductsOf,
  storeVariantIdSql,
  storeVariantsByExternalIds,
} from './stores.queries';

/** For the store-orders module (issue 21): a stored store's client, and the job type its order webhooks make. */
export { type StoreRow, storeClientFor } from './stores.clients';
export { type StoreChange, onStoreChange } from './stores.hooks';
export { STORE_ORDER_WEBHOOK_JOB, STORE_PRIVACY_JOB, STORE_WEBHOOK_JOB } from './stores.webhooks';
/** For the listings module (issue 22): a product it published is kept like an imported one, and marked deleted on roll back. */
export { markProductDeleted, upsertStoreProduct } from './stores.sync';

/** The stores (any status, any user) of one shop on a platform: a privacy request names the shop. */
export async function storeIdsOfAddress(db: Db, platform: StoreRow['platform'], address: string): Promise<string[]> {
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.platform, platform), eq(stores.address, address)));
  return rows.map((r) => r.id);
}

/** A store that may be called now (connected, with credentials), or null. */
export async function connectedStoreRow(db: Db, storeId: string): Promise<StoreRow | null> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  return store && store.status === 'connected' && store.credentials ? store : null;
}

/** Names and platforms of stores by id (the store-orders lists name each order's store). */
export async function storeNamesByIds(db: Db, ids: readonly string[]) {
  const rows = ids.length
    ? await db
        .select({ id: stores.id, name: stores.name, platform: stores.platform, userId: stores.userId })
        .from(stores)
        .where(inArray(stores.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** The caller's stores (any status), oldest first: the order-sync status lists one per store. */
export async function storesOfUser(db: Db, userId: string) {
  return db
    .select({ id: stores.id, name: stores.name, platform: stores.platform, status: stores.status })
    .from(stores)
    .where(eq(stores.userId, userId))
    .orderBy(stores.createdAt);
}

/** Every store that may be called now (the store-orders pull's schedule). */
export async function connectedStoreIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.status, 'connected'), isNotNull(stores.credentials)));
  return rows.map((r) => r.id);
}

/** Refused credentials during a job: the owner must re-authorize ("Authorization failed, please re-authorize"). */
export async function markStoreReauthorize(db: Db, storeId: string): Promise<void> {
  await db
    .update(stores)
    .set({ status: 'reauthorize', updatedAt: new Date() })
    .where(and(eq(stores.id, storeId), eq(stores.status, 'connected')));
}

/** A store by id whoever owns it, any status: the tracking push (decision 0115) acts for the owner and says why it cannot. */
export async function storeById(db: Db, storeId: string): Promise<StoreRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(storeId)) return null;
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  return row ?? null;
}

/** The caller's store, or not found (another user's store is not found either). */
export async function ownStore(db: Db, userId: string, storeId: string): Promise<StoreRow> {
  if (!/^[0-9a-f-]{36}$/i.test(storeId)) throw AppError.notFound('stores.not-found');
  const [row] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.userId, userId)));
  if (!row) throw AppError.notFound('stores.not-found');
  return row;
}

export async function storeOf(db: Db, userId: string, storeId: string, locale: Locale): Promise<Store> {
  const [dto] = await storesOf(db, userId, locale, [storeId]);
  if (!dto) throw AppError.notFound('stores.not-found');
  return dto;
}

export async function updateStore(db: Db, userId: string, storeId: string, body: UpdateStoreBody): Promise<void> {
  const before = await ownStore(db, userId, storeId);
  await inTransaction(db, async (uow) => {
    await uow.tx
      .update(stores)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(stores.id, storeId));
    // A changed margin guard: the store's unpaid orders are judged against it again (decision 0120).
    if (body.marginGuardPercent !== undefined && body.marginGuardPercent !== before.marginGuardPercent)
      await runStoreChange(uow, { kind: 'margin-guard', storeId });
  });
}

/** A connector's failure at connect time → the owner's words for it. */
export function connectError(err: unknown): AppError {
  if (!(err instanceof StorePlatformError)) throw err;
  if (err.kind === 'auth')
    return AppError.business('store-credentials-refused', 'stores.credentials-refused', { detail: err.detail });
  return AppError.business('store-unreachable', 'stores.unreachable', { detail: err.detail });
}

/**
 * Unbinds: removes what we left on the platform (WooCommerce: our webhooks) and marks the store
 * disconnected, dropping its secrets. A platform that cannot be reached now → "Unbinding failed"
 * with the reason, and the store stays as it was (the owner tries again).
 */
export async function unbindStore(db: Db, config: Config, userId: string, storeId: string): Promise<void> {
  const store = await ownStore(db, userId, storeId);
  if (store.status === 'disconnected') return;
  const entry = platformEntry(store.platform);
  if (entry?.unbind && store.credentials) {
    try {
      await entry.unbind(platformContext(db, config, store));
    } catch (err) {
      if (err instanceof StorePlatformError)
        throw AppError.business('store-unbind-failed', 'stores.unbind-failed', { detail: err.detail });
      throw err;
    }
  }
  const now = new Date();
  await db
    .update(stores)
    .set({ status: 'disconnected', disconnectedAt: now, credentials: null, webhookSecret: null, updatedAt: now })
    .where(eq(stores.id, storeId));
}

// ---- WooCommerce addresses ----

export interface ResolvedAddress {
  address: string;
  baseUrl: string;
  sandbox: boolean;
}

/**
 * A typed WooCommerce address → its identity and the URL to call, refusing what may not be
 * called (decision 0100): the demo's emulator addresses are allowed and marked sandbox; any
 * other must resolve to public addresses unless STORES_ALLOW_PRIVATE_ADDRESSES.
 */
export async function resolveWooAddress(config: Config, input: string): Promise<ResolvedAddress> {
  const typed = normaliseWooAddress(input);
  if (!typed) throw AppError.invalid([{ field: 'address', messageKey: 'stores.address-invalid' }]);
  const sandboxUrls = config.stores?.sandboxBaseUrls?.woocommerce ?? [];
  if (sandboxUrls.some((u) => normaliseWooAddress(u)?.address === typed.address)) {
    const canonical = normaliseWooAddress(sandboxUrls[0]!)!;
    return { address: canonical.address, baseUrl: canonical.baseUrl, sandbox: true };
  }
  if (!config.stores?.allowPrivateAddresses) {
    const check = await checkHostname(typed.hostname);
    if (check === 'private') throw AppError.business('store-address-not-allowed', 'stores.address-not-allowed');
    if (check === 'unresolvable')
      throw AppError.business('store-unreachable', 'stores.unreachable', {
        detail: `${typed.hostname} does not resolve`,
      });
  }
  return { address: typed.address, baseUrl: typed.baseUrl, sandbox: false };
}

/** One live store per platform and address, said in words before the unique index would. */
export async function assertAddressFree(
  db: Db,
  platform: StoreRow['platform'],
  address: string,
  exceptStoreId?: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.platform, platform), eq(stores.address, address), ne(stores.status, 'disconnected')));
  if (taken && taken.id !== exceptStoreId)
    throw AppError.conflict('store-address-taken', 'stores.address-taken', { address });
}

/** The unique index's violation (a race between two adds) → the same words. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
