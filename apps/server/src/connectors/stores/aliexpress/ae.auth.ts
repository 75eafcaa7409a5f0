import type { HttpPolicy, StoreCredentials } from '../store-platform.js';
import { StorePlatformError } from '../store-platform.js';
import { type AliExpressApp, callAliExpress } from './ae.call.js';

/**
 * The seller authorization (connector-protocols.md §3.1): the authorize page with our `state`,
 * AliExpress's redirect back with `code` and `state`, then the signed system APIs
 * `/auth/token/create` (the code) and `/auth/token/refresh` (the refresh token).
 */
export function aliExpressAuthorizeUrl(
  app: Pick<AliExpressApp, 'appKey' | 'authUrl'>,
  o: { redirectUri: string; state: string },
): string {
  const url = new URL(app.authUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('force_auth', 'true');
  url.searchParams.set('redirect_uri', o.redirectUri);
  url.searchParams.set('client_id', app.appKey);
  url.searchParams.set('state', o.state);
  return url.toString();
}

/** A seller's tokens as we keep them (sealed): instants in ms since the epoch. */
export interface AliExpressTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  /** When the refresh token runs out; null when the platform did not say. */
  refreshExpiresAt: number | null;
  /** The seller: `seller_id` (else `user_id`) is the store's identity, `account` its login name. */
  sellerId: string;
  account: string | null;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};
const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/**
 * The lifetimes depend on the app's category and are UNCONFIRMED (§3.1), so both forms are read:
 * the relative `expires_in` / `refresh_expires_in` (seconds) and the absolute `expire_time` /
 * `refresh_token_valid_time` (epoch ms). When both are given the earlier wins: refreshing a
 * little early costs nothing, a little late loses the store.
 */
export function tokensOf(body: Record<string, unknown>, now = Date.now()): AliExpressTokens {
  const accessToken = str(body.access_token);
  const refreshToken = str(body.refresh_token);
  const sellerId = str(body.seller_id) ?? str(body.user_id);
  if (!accessToken || !refreshToken || !sellerId)
    throw new StorePlatformError(
      'aliexpress',
      'protocol',
      'token answer without access_token, refresh_token or seller_id',
    );
  const earliest = (...xs: Array<number | null>) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length ? Math.min(...known) : null;
  };
  const relative = (s: number | null) => (s === null ? null : now + s * 1000);
  const accessExpiresAt = earliest(num(body.expire_time), relative(num(body.expires_in)));
  if (accessExpiresAt === null)
    throw new StorePlatformError('aliexpress', 'protocol', 'token answer without expires_in or expire_time');
  return {
    accessToken,
    refreshToken,
    accessExpiresAt,
    refreshExpiresAt: earliest(num(body.refresh_token_valid_time), relative(num(body.refresh_expires_in))),
    sellerId,
    account: str(body.account) ?? str(body.user_nick),
  };
}

/** Exchanges the code AliExpress sent back with the seller for the seller's tokens (used once). */
export async function createAliExpressToken(
  app: AliExpressApp,
  code: string,
  http: Partial<HttpPolicy> = {},
): Promise<AliExpressTokens> {
  const body = await callAliExpress(
    app,
    { api: '/auth/token/create', params: { code }, idempotent: false, tokenCall: true },
    http,
  );
  return tokensOf(body);
}

/**
 * A new access token (and a new refresh token: keep the one returned, the old may stop working).
 * A refused refresh token → `auth`: the seller must authorize again.
 */
export async function refreshAliExpressToken(
  app: AliExpressApp,
  refreshToken: string,
  http: Partial<HttpPolicy> = {},
): Promise<AliExpressTokens> {
  const body = await callAliExpress(
    app,
    { api: '/auth/token/refresh', params: { refresh_token: refreshToken }, idempotent: false, tokenCall: true },
    http,
  );
  return tokensOf(body);
}

/** Tokens ↔ the stored credentials object (sealed by the stores module). */
export function tokensToCredentials(t: AliExpressTokens): StoreCredentials {
  return {
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    accessExpiresAt: t.accessExpiresAt,
    refreshExpiresAt: t.refreshExpiresAt,
    sellerId: t.sellerId,
    account: t.account,
  };
}

export function credentialsToTokens(c: StoreCredentials): AliExpressTokens {
  return {
    accessToken: String(c.accessToken ?? ''),
    refreshToken: String(c.refreshToken ?? ''),
    accessExpiresAt: Number(c.accessExpiresAt ?? 0),
    refreshExpiresAt:
      c.refreshExpiresAt === null || c.refreshExpiresAt === undefined ? null : Number(c.refreshExpiresAt),
    sellerId: String(c.sellerId ?? ''),
    account: c.account === null || c.account === undefined ? null : String(c.account),
  };
}
