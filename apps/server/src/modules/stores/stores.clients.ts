import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { HttpPolicy, OnCredentials, StoreClient, StoreCredentials, StorePlatform } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { openCredentials, sealCredentials } from './stores.secrets';
import { stores } from './stores.tables';
import { aliexpressPlatform } from './stores.aliexpress.platform';
import { shopifyPlatform } from './stores.shopify.platform';
import { wooPlatform } from './stores.woocommerce.platform';

export type StoreRow = typeof stores.$inferSelect;

/** What a platform entry is given to act for one store. */
export interface PlatformContext {
  store: StoreRow;
  credentials: StoreCredentials;
  /** Stores rotated credentials (sealed) before the client uses them again. */
  onCredentials: OnCredentials;
  /** The credentials as stored now: another worker (job) may have rotated them since this one read them. */
  reloadCredentials: () => Promise<StoreCredentials | null>;
  http: Partial<HttpPolicy>;
  config: Config;
}

/**
 * One entry per platform: how to make its StoreClient from the stored credentials, and its
 * platform-specific steps around connecting and unbinding. Adding a platform is adding one entry
 * to STORE_PLATFORMS_REGISTRY (WooCommerce, Shopify and AliExpress have theirs); the import job,
 * scheduled pulls, webhooks' product refresh and unbinding go through here and need no change.
 */
export interface StorePlatformEntry {
  client(ctx: PlatformContext): StoreClient;
  /** The sync kind a scheduled pull makes: WooCommerce's `catch-up` (modified_after) or `pull`. */
  pullKind: 'pull' | 'catch-up';
  /**
   * After connecting (as a job): subscribe to the platform's product webhooks, delivered to
   * `webhookUrl` and signed with `webhookSecret` where the platform lets us choose it. Returns the
   * credentials to keep (e.g. with the webhook ids, to delete them on unbind).
   */
  subscribe?(ctx: PlatformContext & { webhookUrl: string; webhookSecret: string }): Promise<StoreCredentials>;
  /** Unbinding: remove what we left on the platform (webhooks, the app, the token). Throws StorePlatformError. */
  unbind?(ctx: PlatformContext): Promise<void>;
  /**
   * Platforms with expiring access tokens: refresh now (the token refresh job calls it before
   * `accessExpiresAt`), handing the rotated credentials to `ctx.onCredentials`. Throws
   * StorePlatformError (`auth` when the refresh token is refused).
   */
  refresh?(ctx: PlatformContext): Promise<void>;
}

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
export function expiryColumnsOf(c: StoreCredentials): { accessExpiresAt?: Date | null; authorizationExpiresAt?: Date | null } {
  const at = (v: unknown) => (typeof v === 'number' && v > 0 ? new Date(v) : typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v) : null);
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
