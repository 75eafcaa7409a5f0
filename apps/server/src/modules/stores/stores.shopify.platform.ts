import type { Config } from '../../config';
import { ShopifyClient, type ShopifyApp } from '../../connectors/stores/shopify';
import { type HttpPolicy, StorePlatformError } from '../../connectors/stores/store-platform';
import type { PlatformContext, StorePlatformEntry } from './stores.platform.types';

/** Our Shopify app as the connector needs it, or null when this server has none configured. */
export function shopifyAppOf(config: Config, http: Partial<HttpPolicy> = config.stores?.http ?? {}): ShopifyApp | null {
  const s = config.shopify;
  if (!s) return null;
  return {
    apiKey: s.apiKey,
    apiSecret: s.apiSecret,
    apiVersion: s.apiVersion,
    shopUrlTemplate: s.shopUrlTemplate,
    http,
  };
}

function clientOf(ctx: PlatformContext): ShopifyClient {
  const app = shopifyAppOf(ctx.config, ctx.http);
  // The app's keys were removed from the configuration: calls cannot be made, as with a refused token.
  if (!app) throw new StorePlatformError('shopify', 'auth', 'this server has no Shopify app configured');
  return new ShopifyClient({
    app,
    shop: ctx.store.address,
    credentials: ctx.credentials,
    onCredentials: ctx.onCredentials,
    reloadCredentials: ctx.reloadCredentials,
  });
}

/**
 * Shopify's registry entry. Webhooks are not subscribed per shop: the app's configuration
 * (shopify.app.toml / the Partner Dashboard) subscribes `app/uninstalled` and `products/*` to
 * /api/webhooks/shopify and the privacy topics to /api/webhooks/shopify/privacy for every shop.
 * Unbinding uninstalls the app from the shop, which revokes its token; a token already refused
 * or a shop already gone leaves nothing of ours to remove.
 */
export const shopifyPlatform: StorePlatformEntry = {
  pullKind: 'pull',
  client: clientOf,
  async unbind(ctx) {
    try {
      await clientOf(ctx).uninstall();
    } catch (err) {
      if (err instanceof StorePlatformError && (err.kind === 'auth' || err.kind === 'not-found')) return;
      throw err;
    }
  },
};
