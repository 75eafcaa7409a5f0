import { StorePlatformError } from '../../connectors/stores/store-platform';
import { WooClient, type WooAuthMode } from '../../connectors/stores/woocommerce';
import type { PlatformContext, StorePlatformEntry } from './stores.platform.types';

/**
 * Our webhooks on a WooCommerce store (topics of connector-protocols.md §2.4): products, and the
 * orders of issue 21 (the store-orders module routes their deliveries; the pull catches up).
 */
export const WOO_WEBHOOK_TOPICS = [
  'product.created',
  'product.updated',
  'product.deleted',
  'order.created',
  'order.updated',
] as const;

export function wooClientOf(ctx: Pick<PlatformContext, 'store' | 'credentials' | 'http'>): WooClient {
  const c = ctx.credentials;
  if (!ctx.store.baseUrl) throw new Error(`store ${ctx.store.id} has no base URL`);
  return new WooClient({
    baseUrl: ctx.store.baseUrl,
    credentials: {
      consumerKey: String(c.consumerKey),
      consumerSecret: String(c.consumerSecret),
      authMode: (c.authMode as WooAuthMode | undefined) ?? undefined,
    },
    http: ctx.http,
  });
}

const webhookIdsOf = (ctx: PlatformContext) =>
  typeof ctx.credentials.webhookIds === 'string' && ctx.credentials.webhookIds
    ? ctx.credentials.webhookIds.split(',')
    : [];

/**
 * Deletes our webhooks. A store that no longer accepts the keys (revoked, the plugin removed) or
 * no longer has them has nothing of ours left that we could reach: that is not a failure.
 */
async function deleteWebhooks(ctx: PlatformContext): Promise<void> {
  const client = wooClientOf(ctx);
  for (const id of webhookIdsOf(ctx)) {
    try {
      await client.deleteWebhook(id);
    } catch (err) {
      if (err instanceof StorePlatformError && (err.kind === 'auth' || err.kind === 'not-found')) return;
      throw err;
    }
  }
}

export const wooPlatform: StorePlatformEntry = {
  pullKind: 'catch-up',
  client: (ctx) => wooClientOf(ctx),
  async subscribe(ctx) {
    // Re-authorizing subscribes again: the old webhooks go first so deliveries are not doubled.
    await deleteWebhooks(ctx).catch(() => undefined);
    const client = wooClientOf(ctx);
    const ids: string[] = [];
    for (const topic of WOO_WEBHOOK_TOPICS) {
      ids.push(
        await client.createWebhook({
          name: `Marketplace ${topic}`,
          topic,
          deliveryUrl: ctx.webhookUrl,
          secret: ctx.webhookSecret,
        }),
      );
    }
    return { ...ctx.credentials, webhookIds: ids.join(',') };
  },
  unbind: deleteWebhooks,
};
