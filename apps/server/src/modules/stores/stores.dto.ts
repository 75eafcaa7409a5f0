import {
  DEFAULT_LOCALE,
  type Locale,
  type Store,
  type StoreSync,
  TOKEN_EXPIRY_WARNING_DAYS,
  translate,
} from '@dsm/contract';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storeProducts, storeSyncs, stores } from './stores.tables';

type SyncRow = typeof storeSyncs.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

export function syncDto(s: SyncRow, locale: Locale = DEFAULT_LOCALE): StoreSync {
  return {
    state: s.state,
    startedAt: s.startedAt?.toISOString() ?? null,
    finishedAt: s.finishedAt?.toISOString() ?? null,
    imported: s.imported,
    pagesRead: s.pagesRead,
    totalPages: s.totalPages ?? null,
    error: s.error ? translate(locale, s.error.key, s.error.values ?? {}) : null,
  };
}

/** The store as its owner sees it: never its credentials, webhook secret or base URL. */
export function storeDto(
  s: StoreRow,
  extra: { productCount: number; lastSync: SyncRow | null },
  locale: Locale,
): Store {
  const expires = s.authorizationExpiresAt;
  return {
    id: s.id,
    name: s.name,
    platform: s.platform,
    address: s.address,
    status: s.status,
    inventorySync: s.inventorySync,
    emailPermission: s.emailPermission,
    marginGuardPercent: s.marginGuardPercent,
    authorizedAt: s.authorizedAt?.toISOString() ?? null,
    authorizationExpiresAt: expires?.toISOString() ?? null,
    authorizationExpiring: Boolean(expires && expires.getTime() - Date.now() < TOKEN_EXPIRY_WARNING_DAYS * 86_400_000),
    sandbox: s.sandbox,
    productCount: extra.productCount,
    lastSync: extra.lastSync ? syncDto(extra.lastSync, locale) : null,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The user's stores (all, or those named), newest first, with product counts and last syncs. */
export async function storesOf(db: Db, userId: string, locale: Locale, ids?: string[]): Promise<Store[]> {
  const rows = await db
    .select()
    .from(stores)
    .where(and(eq(stores.userId, userId), ids ? inArray(stores.id, ids) : undefined))
    .orderBy(desc(stores.createdAt), desc(stores.id));
  if (!rows.length) return [];
  const storeIds = rows.map((r) => r.id);
  const counts = await db
    .select({ storeId: storeProducts.storeId, n: sql<number>`count(*)::int` })
    .from(storeProducts)
    .where(and(inArray(storeProducts.storeId, storeIds), ne(storeProducts.status, 'deleted')))
    .groupBy(storeProducts.storeId);
  const syncs = await db
    .selectDistinctOn([storeSyncs.storeId])
    .from(storeSyncs)
    .where(inArray(storeSyncs.storeId, storeIds))
    .orderBy(storeSyncs.storeId, desc(storeSyncs.createdAt), desc(storeSyncs.id));
  return rows.map((r) =>
    storeDto(
      r,
      {
        productCount: Number(counts.find((c) => c.storeId === r.id)?.n ?? 0),
        lastSync: syncs.find((s) => s.storeId === r.id) ?? null,
      },
      locale,
    ),
  );
}
