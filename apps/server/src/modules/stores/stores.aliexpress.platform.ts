import { AliExpressClient } from '../../connectors/stores/aliexpress';
import type { AliExpressApp } from '../../connectors/stores/aliexpress';
import type { Config } from '../../config';
import type { PlatformContext, StorePlatformEntry } from './stores.platform.types';

/** The configured AliExpress app (ALIEXPRESS_*, or the demo's emulator), if any. */
export function aliexpressApp(config: Config): AliExpressApp | null {
  const a = config.aliexpress;
  return a ? { appKey: a.appKey, appSecret: a.appSecret, authUrl: a.authUrl, apiUrl: a.apiUrl } : null;
}

function clientOf(ctx: PlatformContext): AliExpressClient {
  const app = aliexpressApp(ctx.config);
  if (!app) throw new Error('AliExpress is not configured');
  return new AliExpressClient({ app, credentials: ctx.credentials, onCredentials: ctx.onCredentials, http: ctx.http });
}

/**
 * AliExpress's registry entry: no webhooks (products come by the scheduled pull), no revoke API
 * in the reference (unbinding drops our tokens only), and token refresh before expiry.
 */
export const aliexpressPlatform: StorePlatformEntry = {
  pullKind: 'pull',
  client: clientOf,
  async refresh(ctx) {
    await clientOf(ctx).refresh();
  },
};
