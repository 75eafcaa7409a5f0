import { and, eq, lt, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail/mailer';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import { type JobHandler, PermanentJobError } from '../../platform/jobs/jobs.runtime';
import { inTransaction } from '../../platform/unit-of-work';
import { platformContext, platformEntry, storeClientFor } from './stores.clients';
import { openWebhookSecret, publicBase, sealCredentials } from './stores.secrets';
import {
  STORE_SYNC_JOB,
  failIfUnfinished,
  markProductDeleted,
  queueDuePulls,
  runSync,
  upsertStoreProduct,
} from './stores.sync';
import { storeAuthorizations, storeProducts, storeVariants, stores } from './stores.tables';
import { STORE_WEBHOOK_JOB } from './stores.webhooks';
import {
  STORES_EXPIRY_WARNING_JOB,
  STORES_TOKEN_REFRESH_JOB,
  TOKEN_REFRESH_EVERY_SECONDS,
  refreshDueTokens,
  sendExpiryWarnings,
} from './stores.tokens';
import { STORE_SUBSCRIBE_JOB } from './stores.woocommerce';

export const STORES_PULL_JOB = 'stores.pull';

/** The external id of the product a variant (by its own external id) belongs to, when it is not itself a product. */
async function productOfVariant(db: Db, storeId: string, externalId: string): Promise<string | null> {
  const [row] = await db
    .select({ product: storeProducts.externalId })
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.storeProductId))
    .where(
      and(
        eq(storeProducts.storeId, storeId),
        eq(storeVariants.externalId, externalId),
        ne(storeProducts.externalId, externalId),
      ),
    );
  return row?.product ?? null;
}

async function connectedStore(db: Db, storeId: string) {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId));
  return store && store.status === 'connected' && store.credentials ? store : null;
}

/** Refused credentials: the owner must re-authorize ("Authorization failed, please re-authorize"). */
async function needsReauthorizing(db: Db, storeId: string, err: StorePlatformError): Promise<never> {
  await db.update(stores).set({ status: 'reauthorize', updatedAt: new Date() }).where(eq(stores.id, storeId));
  throw new PermanentJobError(err.message);
}

/**
 * The stores module's jobs (decision 0061: at least once, so each is safe to run again):
 * - `stores.sync` imports / pulls a store's products (stores.sync.ts);
 * - `stores.subscribe` registers our product webhooks after a store is connected;
 * - `stores.webhook` reads back a product a webhook named (or marks it deleted);
 * - `stores.pull` (recurring) queues every connected store's pull or WooCommerce catch-up, and
 *   clears old authorizations;
 * - `stores.token-refresh` (recurring) refreshes access tokens before they run out (AliExpress);
 * - `stores.expiry-warning` (daily) e-mails owners whose authorization runs out soon.
 */
export function storesJobHandlers(config: Config, mailer?: Mailer): Record<string, JobHandler> {
  return {
    [STORES_TOKEN_REFRESH_JOB]: async (_payload, { db }) => {
      await refreshDueTokens(db, config);
    },
    [STORES_EXPIRY_WARNING_JOB]: async (_payload, { db }) => {
      if (mailer) await sendExpiryWarnings(db, mailer);
    },
    [STORE_SYNC_JOB]: async (payload, { db, finalAttempt }) => {
      try {
        await runSync(db, config, String(payload.syncId), finalAttempt);
      } catch (err) {
        // A run that will not be retried must not stay `running`: it would block every later sync.
        if (finalAttempt || err instanceof PermanentJobError) await failIfUnfinished(db, String(payload.syncId));
        throw err;
      }
    },
    [STORE_SUBSCRIBE_JOB]: async (payload, { db }) => {
      const store = await connectedStore(db, String(payload.storeId));
      const entry = store && platformEntry(store.platform);
      if (!store || !entry?.subscribe || !store.webhookSecret) return;
      const ctx = platformContext(db, config, store);
      try {
        const next = await entry.subscribe({
          ...ctx,
          webhookUrl: `${publicBase(config)}/api/webhooks/${store.platform}/${store.id}`,
          webhookSecret: openWebhookSecret(config, store.id, store.webhookSecret),
        });
        await db
          .update(stores)
          .set({ credentials: sealCredentials(config, store.id, next) })
          .where(eq(stores.id, store.id));
      } catch (err) {
        // Keys without write access cannot subscribe: the scheduled catch-up still brings changes in.
        if (err instanceof StorePlatformError && (err.kind === 'auth' || err.kind === 'invalid'))
          throw new PermanentJobError(`webhooks not registered: ${err.detail}`);
        throw err;
      }
    },
    [STORE_WEBHOOK_JOB]: async (payload, { db }) => {
      const storeId = String(payload.storeId);
      const productId = String(payload.productId);
      const store = await connectedStore(db, storeId);
      if (!store) return;
      // A deleted variation's id is not a product of ours: its product is read back instead.
      const parent = await productOfVariant(db, storeId, productId);
      // WooCommerce's and Shopify's names for a deleted product.
      if ((payload.topic === 'product.deleted' || payload.topic === 'products/delete') && !parent)
        return markProductDeleted(db, storeId, productId);
      try {
        const product = await storeClientFor(db, config, store).getProduct(parent ?? productId);
        if (!product) return markProductDeleted(db, storeId, productId);
        await inTransaction(db, ({ tx }) => upsertStoreProduct(tx, storeId, product));
      } catch (err) {
        if (err instanceof StorePlatformError && err.kind === 'auth') await needsReauthorizing(db, storeId, err);
        throw err;
      }
    },
    [STORES_PULL_JOB]: async (_payload, { db }) => {
      await queueDuePulls(db);
      // Finished or abandoned authorizations are kept a day (the return page reads the outcome), then go.
      await db.delete(storeAuthorizations).where(lt(storeAuthorizations.expiresAt, new Date(Date.now() - 86_400_000)));
    },
  };
}

/** The pull of connected stores: hourly unless the configuration says otherwise. */
export const storesPullSchedule = (config: Config): RecurringJob[] => [
  { key: STORES_PULL_JOB, type: STORES_PULL_JOB, everySeconds: config.stores?.pullEverySeconds ?? 3600 },
];
export const storesTokenRefreshSchedule: RecurringJob[] = [
  { key: STORES_TOKEN_REFRESH_JOB, type: STORES_TOKEN_REFRESH_JOB, everySeconds: TOKEN_REFRESH_EVERY_SECONDS },
];
export const storesExpiryWarningSchedule: RecurringJob[] = [
  { key: STORES_EXPIRY_WARNING_JOB, type: STORES_EXPIRY_WARNING_JOB, everySeconds: 86_400 },
];
