import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import {
  SHOPIFY_PRIVACY_TOPICS,
  isShopDomain,
  orderGid,
  productGid,
  shopifyDeliveryOf,
  verifyShopifyWebhook,
} from '../../connectors/stores/shopify';
import type { Db } from '../../db/client';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { shopifySecrets } from './stores.shopify';
import { storeWebhookDeliveries, stores } from './stores.tables';
import { STORE_ORDER_WEBHOOK_JOB, STORE_PRIVACY_JOB, STORE_WEBHOOK_JOB } from './stores.webhooks';

type Headers = Record<string, string | string[] | undefined>;
export type ShopifyWebhookAnswer = 'ok' | 'bad-signature';

const PRODUCT_TOPICS = new Set(['products/create', 'products/update', 'products/delete']);
/** Order topics (issue 21): the store-orders module reads the order back (composition.ts routes the job). */
const ORDER_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/cancelled']);

/** The resource id a webhook body names (`admin_graphql_api_id`, or the REST number); '' when none. */
function bodyId(raw: Buffer): string | null {
  try {
    const body = JSON.parse(raw.toString('utf8')) as { admin_graphql_api_id?: unknown; id?: unknown };
    if (typeof body.admin_graphql_api_id === 'string') return body.admin_graphql_api_id;
    return typeof body.id === 'number' || typeof body.id === 'string' ? String(body.id) : '';
  } catch {
    return null; // signed but not JSON: nothing we can act on
  }
}

/**
 * Records a delivery by X-Shopify-Webhook-Id (stable across Shopify's retries; without one, the
 * body and topic identify it) inside the caller's transaction. False when it was seen before:
 * the same delivery twice has one effect.
 */
async function firstDelivery(
  uow: UnitOfWork,
  webhookId: string | null,
  topic: string,
  raw: Buffer,
  storeId: string | null,
): Promise<boolean> {
  const deliveryId = webhookId || createHash('sha256').update(topic).update('\n').update(raw).digest('hex');
  const fresh = await uow.tx
    .insert(storeWebhookDeliveries)
    .values({ platform: 'shopify', deliveryId, storeId, topic })
    .onConflictDoNothing()
    .returning({ id: storeWebhookDeliveries.deliveryId });
  return fresh.length > 0;
}

/** The live store of a shop (one per shop across users, by the partial unique index). */
async function liveStore(db: Db, shop: string) {
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.platform, 'shopify'), eq(stores.address, shop), ne(stores.status, 'disconnected')));
  return store ?? null;
}

/**
 * POST /api/webhooks/shopify: the signature over the raw bytes first (401 when it fails, so
 * Shopify retries and a forger learns nothing), then de-duplication, then:
 * - `app/uninstalled`: the store is disconnected now (its token no longer works) and forgets it;
 * - `products/create|update`: a job reads the product back (the body may be stale: Shopify
 *   retries with the original payload for hours), `products/delete` marks it deleted;
 * - `orders/create|updated|cancelled`: a job reads the order back for the store-orders module
 *   (the same reason: the body may be hours old).
 * A shop we have no live store for is answered 200 and ignored.
 */
export async function handleShopifyWebhook(
  db: DbOrUow,
  config: Config,
  headers: Headers,
  raw: Buffer,
): Promise<ShopifyWebhookAnswer> {
  if (!verifyShopifyWebhook(raw, headers['x-shopify-hmac-sha256'], shopifySecrets(config))) return 'bad-signature';
  const d = shopifyDeliveryOf(headers);
  if (!isShopDomain(d.shop)) return 'ok';
  let productId: string | null = null;
  let orderId: string | null = null;
  if (PRODUCT_TOPICS.has(d.topic)) {
    const id = bodyId(raw);
    productId = id === null ? null : productGid(id);
    if (!productId) return 'ok';
  } else if (ORDER_TOPICS.has(d.topic)) {
    const id = bodyId(raw);
    orderId = id === null ? null : orderGid(id);
    if (!orderId) return 'ok';
  } else if (d.topic !== 'app/uninstalled') {
    return 'ok';
  }
  await inTransaction(db, async (uow) => {
    const store = await liveStore(uow.tx, d.shop);
    if (!store) return;
    if (!(await firstDelivery(uow, d.webhookId, d.topic, raw, store.id))) return;
    if (d.topic === 'app/uninstalled') {
      const now = new Date();
      await uow.tx
        .update(stores)
        .set({
          status: 'disconnected',
          disconnectedAt: now,
          credentials: null,
          webhookSecret: null,
          accessExpiresAt: null,
          authorizationExpiresAt: null,
          updatedAt: now,
        })
        .where(eq(stores.id, store.id));
      return;
    }
    await uow.enqueue(
      orderId
        ? { type: STORE_ORDER_WEBHOOK_JOB, payload: { storeId: store.id, topic: d.topic, orderId }, maxAttempts: 6 }
        : { type: STORE_WEBHOOK_JOB, payload: { storeId: store.id, topic: d.topic, productId }, maxAttempts: 6 },
    );
  });
  return 'ok';
}

/**
 * POST /api/webhooks/shopify/privacy: the three mandatory topics. A bad HMAC is 401, as Shopify
 * requires. Each is recorded once (by X-Shopify-Webhook-Id) and handed to the store-orders
 * module as a job, which holds the buyers' data (issue 21):
 * - `customers/redact`: the named customer's personal data in the shop's store orders is erased;
 * - `customers/data_request`: what we hold about them is kept for the operator to pass on;
 * - `shop/redact` (48 h after uninstall): every store order's personal data of that shop is
 *   erased, and the shop's tokens if any are left. Its products stay: they are the store owner's
 *   listing data within their own account here, with connection history they can still read.
 */
export async function handleShopifyPrivacyWebhook(
  db: DbOrUow,
  config: Config,
  headers: Headers,
  raw: Buffer,
): Promise<ShopifyWebhookAnswer> {
  if (!verifyShopifyWebhook(raw, headers['x-shopify-hmac-sha256'], shopifySecrets(config))) return 'bad-signature';
  const d = shopifyDeliveryOf(headers);
  if (!(SHOPIFY_PRIVACY_TOPICS as readonly string[]).includes(d.topic)) return 'ok';
  let shop = d.shop;
  let body: {
    shop_domain?: unknown;
    customer?: { email?: unknown };
    orders_to_redact?: unknown;
    orders_requested?: unknown;
  } = {};
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body;
    if (typeof body.shop_domain === 'string') shop = body.shop_domain.toLowerCase();
  } catch {
    /* the header names the shop */
  }
  if (!isShopDomain(shop)) return 'ok';
  const listed = d.topic === 'customers/redact' ? body.orders_to_redact : body.orders_requested;
  const orderIds = (Array.isArray(listed) ? listed : [])
    .map((id) => (typeof id === 'number' || typeof id === 'string' ? orderGid(id) : null))
    .filter((id): id is string => !!id);
  const deliveryId = d.webhookId || createHash('sha256').update(d.topic).update('\n').update(raw).digest('hex');
  await inTransaction(db, async (uow) => {
    if (!(await firstDelivery(uow, d.webhookId, d.topic, raw, null))) return;
    if (d.topic === 'shop/redact') {
      await uow.tx
        .update(stores)
        .set({ credentials: null, webhookSecret: null, updatedAt: new Date() })
        .where(and(eq(stores.platform, 'shopify'), eq(stores.address, shop), eq(stores.status, 'disconnected')));
    }
    // The buyers' data in store orders is the store-orders module's: a job erases or exports it.
    await uow.enqueue({
      type: STORE_PRIVACY_JOB,
      payload: {
        platform: 'shopify',
        deliveryId,
        topic: d.topic,
        shop,
        email: typeof body.customer?.email === 'string' ? body.customer.email : null,
        orderIds,
      },
      maxAttempts: 6,
    });
  });
  return 'ok';
}
