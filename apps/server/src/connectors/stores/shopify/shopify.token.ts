import { jsonOf, storeFetch } from '../http.js';
import { type HttpPolicy, StorePlatformError } from '../store-platform.js';
import { shopBaseUrl } from './shopify.auth.js';

/**
 * The app's side of Shopify's token endpoint (connector-protocols.md §1.1): the authorization
 * code exchanged for an expiring offline token (`expiring=1`: mandatory for public apps from
 * 2027-01-01), and the refresh that rotates both tokens.
 */

/** What identifies our app to every shop, from SHOPIFY_* (decision 0100). */
export interface ShopifyApp {
  apiKey: string;
  apiSecret: string;
  /** `SHOPIFY_SHOP_URL`: `https://{shop}` unless pointed at an emulator. */
  shopUrlTemplate: string;
  /** `SHOPIFY_API_VERSION`, e.g. `2026-10`. */
  apiVersion: string;
  http?: Partial<HttpPolicy>;
}

/** A shop's tokens as we keep them (sealed). Instants are ISO strings; null when they never run out. */
export interface ShopifyTokens {
  accessToken: string;
  scope: string;
  accessExpiresAt: string | null;
  refreshToken: string | null;
  refreshExpiresAt: string | null;
}

interface TokenAnswer {
  access_token?: unknown;
  scope?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

const seconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const at = (now: Date, s: number | null) => (s === null ? null : new Date(now.getTime() + s * 1000).toISOString());

async function tokenCall(
  app: ShopifyApp,
  shop: string,
  body: Record<string, string>,
  now: Date,
): Promise<ShopifyTokens> {
  const res = await storeFetch(
    'shopify',
    {
      method: 'POST',
      url: `${shopBaseUrl(app.shopUrlTemplate, shop)}/admin/oauth/access_token`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: app.apiKey, client_secret: app.apiSecret, ...body }),
      // A code and a refresh token are each good once: sent twice, the second is refused and
      // the first answer (the only copy of the new tokens) is lost.
      idempotent: false,
    },
    app.http,
  );
  if (res.status === 404) throw new StorePlatformError('shopify', 'not-found', `no shop at ${shop}`, 404);
  if (res.status >= 500)
    throw new StorePlatformError('shopify', 'unavailable', `token endpoint answered HTTP ${res.status}`, res.status);
  const data = res.text.trim() ? jsonOf<TokenAnswer>('shopify', res) : {};
  if (res.status >= 400) {
    // Shopify's words (`invalid_request`: "authorization code was not found or was already used").
    const why =
      typeof data.error_description === 'string'
        ? data.error_description
        : typeof data.error === 'string'
          ? data.error
          : `HTTP ${res.status}`;
    throw new StorePlatformError('shopify', 'auth', why.slice(0, 200), res.status);
  }
  if (typeof data.access_token !== 'string' || !data.access_token)
    throw new StorePlatformError('shopify', 'protocol', 'the token answer has no access_token', res.status);
  return {
    accessToken: data.access_token,
    scope: typeof data.scope === 'string' ? data.scope : '',
    accessExpiresAt: at(now, seconds(data.expires_in)),
    refreshToken: typeof data.refresh_token === 'string' && data.refresh_token ? data.refresh_token : null,
    refreshExpiresAt: at(now, seconds(data.refresh_token_expires_in)),
  };
}

/** The callback's `code` for an expiring offline token and its refresh token. */
export function exchangeShopifyCode(
  app: ShopifyApp,
  shop: string,
  code: string,
  now: Date = new Date(),
): Promise<ShopifyTokens> {
  return tokenCall(app, shop, { code, expiring: '1' }, now);
}

/**
 * A new access token for the refresh token. Shopify rotates the refresh token too: the answer's
 * is the only one that works from now on, so the caller must store it before anything else. A
 * refused refresh (revoked, run out, already used) is `auth`: the owner must authorize again.
 */
export function refreshShopifyToken(
  app: ShopifyApp,
  shop: string,
  refreshToken: string,
  now: Date = new Date(),
): Promise<ShopifyTokens> {
  return tokenCall(app, shop, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}
