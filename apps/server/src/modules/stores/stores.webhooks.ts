import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { isWooPing, verifyWooWebhook } from '../../connectors/stores/woocommerce';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';
import { openWebhookSecret } from './stores.secrets';
import { storeWebhookDeliveries, stores } from './stores.tables';

export const STORE_WEBHOOK_JOB = 'stores.webhook';
/**
 * A store's webhook named one of its orders (issue 21): payload `{storeId, topic, orderId}`, the
 * store's order id. The stores module only receives it; composition.ts gives the job to the
 * store-orders module, which reads the order back. The stores module never imports store-orders.
 */
export const STORE_ORDER_WEBHOOK_JOB = 'stores.order-webhook';

/**
 * A platform's privacy request about store orders (Shopify's mandatory topics): payload
 * `{platform, deliveryId, topic, shop, email, orderIds}`. Received here, acted on by the
 * store-orders module (composition.ts), which holds the buyers' data.
 */
export const STORE_PRIVACY_JOB = 'stores.privacy-request';

const ORDER_TOPICS = new Set(['order.created', 'order.updated']);

const PRODUCT_TOPICS = new Set(['product.created', 'product.updated', 'product.deleted', 'product.restored']);

export type WebhookAnswer = 'ok' | 'bad-signature';

/**
 * POST /api/webhooks/woocommerce/:storeId. The creation ping (form-encoded, unsigned) is
 * answered 200. Anything else must carry X-WC-Webhook-Signature over the raw body, made with the
 * store's own secret; it is then recorded by X-WC-Webhook-Delivery-ID (the same delivery twice
 * has one effect) and its work — reading the product back — is done by a job, so the answer is
 * fast. A store that is gone or disconnected is answered 200 and ignored: WooCommerce disables a
 * webhook after failures, which we do not need for a store we already let go.
 */
export async function handleWooWebhook(
  db: DbOrUow,
  config: Config,
  storeId: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): Promise<WebhookAnswer> {
  const text = raw.toString('utf8');
  const header = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  if (isWooPing(header('content-type'), text)) return 'ok';
  if (!/^[0-9a-f-]{36}$/i.test(storeId)) return 'bad-signature';
  const [store] = await handleOf(db)
    .select({ id: stores.id, status: stores.status, webhookSecret: stores.webhookSecret })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) return 'bad-signature';
  if (store.status === 'disconnected' || !store.webhookSecret) return 'ok';
  if (
    !verifyWooWebhook(raw, header('x-wc-webhook-signature'), openWebhookSecret(config, store.id, store.webhookSecret))
  )
    return 'bad-signature';
  const topic = header('x-wc-webhook-topic') ?? '';
  const isOrder = ORDER_TOPICS.has(topic);
  if (!PRODUCT_TOPICS.has(topic) && !isOrder) return 'ok';
  let resourceId: string | null = null;
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) resourceId = String(id);
  } catch {
    /* signed but not JSON: nothing to do */
  }
  if (!resourceId) return 'ok';
  const job = isOrder
    ? { type: STORE_ORDER_WEBHOOK_JOB, payload: { storeId: store.id, topic, orderId: resourceId } }
    : { type: STORE_WEBHOOK_JOB, payload: { storeId: store.id, topic, productId: resourceId } };
  // WooCommerce always sends a delivery id; without one, the body and topic identify the delivery.
  const deliveryId =
    header('x-wc-webhook-delivery-id') || createHash('sha256').update(`${topic}\n${text}`).digest('hex');
  await inTransaction(db, async (uow) => {
    const fresh = await uow.tx
      .insert(storeWebhookDeliveries)
      .values({ platform: 'woocommerce', deliveryId, storeId: store.id, topic })
      .onConflictDoNothing()
      .returning({ id: storeWebhookDeliveries.deliveryId });
    if (fresh.length) await uow.enqueue({ ...job, maxAttempts: 6 });
  });
  return 'ok';
}
