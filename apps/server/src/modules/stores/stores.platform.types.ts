import type { Config } from '../../config';
import type { HttpPolicy, OnCredentials, StoreClient, StoreCredentials } from '../../connectors/stores/store-platform';
import type { stores } from './stores.tables';

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
