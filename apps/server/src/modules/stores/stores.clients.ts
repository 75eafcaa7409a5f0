import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { StoreClient, StoreCredentials, StorePlatform } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { openCredentials, sealCredentials } from './stores.secrets';
import { stores } from './stores.tables';
import { aliexpressPlatform } from './stores.aliexpress.platform';
import { shopifyPlatform } from './stores.shopify.platform';
import { wooPlatform } from './stores.woocommerce.platform';
import type { PlatformContext, StoreRow, StorePlatformEntry } from './stores.platform.types';

export type { PlatformContext, StoreRow, StorePlatformEntry } from './stores.platform.types';

export const STORE_PLATFORMS_REGISTRY: Partial<Record<StorePlatform, StorePlatformEntry>> = {
  woocommerce: wooPlatform,
  shopify: shopifyPlatform,
  aliexpress: aliexpressPlatform,
};

/**
 * Credentials that say when they run out (`accessExpiresAt`, `refreshExpiresAt`: AliExpress's in
 * ms since the epoch, an ISO string accepted too) keep the store's columns in step, so the list
 * shows when the authorization ends, the refresh job and the expiry warning find it.
 */
export function expiryColumnsOf(c: StoreCredentials): {
  accessExpiresAt?: Date | null;
  authorizationExpiresAt?: Date | null;
} {
  const at = (v: unknown) =>
    typeof v === 'number' && v > 0
      ? new Date(v)
      : typeof v === 'string' && !Number.isNaN(Date.parse(v))
        ? new Date(v)
        : null;
  return {
    ...('accessExpiresAt' in c ? { accessExpiresAt: at(c.accessExpiresAt) } : {}),
    ...('refreshExpiresAt' in c ? { authorizationExpiresAt: at(c.refreshExpiresAt) } : {}),
  };
}

export function platformEntry(platform: StorePlatform): StorePlatformEntry | undefined {
  return STORE_PLATFORMS_REGISTRY[platform];
}

/** The context of a stored store: its credentials opened, rotations sealed back into its row. */
export function platformContext(db: Db, config: Config, store: StoreRow): PlatformContext {
  if (!store.credentials) throw new Error(`store ${store.id} has no credentials`);
  const ctx: PlatformContext = {
    store,
    credentials: openCredentials(config, store.id, store.credentials),
    config,
    http: config.stores?.http ?? {},
    reloadCredentials: async () => {
      const [row] = await db.select({ credentials: stores.credentials }).from(stores).where(eq(stores.id, store.id));
      return row?.credentials ? openCredentials(config, store.id, row.credentials) : null;
    },
    onCredentials: async (next) => {
      const sealed = sealCredentials(config, store.id, next);
      await db
        .update(stores)
        .set({ credentials: sealed, ...expiryColumnsOf(next), updatedAt: new Date() })
        .where(eq(stores.id, store.id));
      ctx.credentials = next;
      store.credentials = sealed;
    },
  };
  return ctx;
}

/** The StoreClient of a stored store (the import job, webhooks and pulls use this). */
export function storeClientFor(db: Db, config: Config, store: StoreRow): StoreClient {
  const entry = platformEntry(store.platform);
  if (!entry) throw new Error(`no connector for ${store.platform}`);
  return entry.client(platformContext(db, config, store));
}
