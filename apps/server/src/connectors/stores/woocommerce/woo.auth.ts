import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * WooCommerce's ways to present a consumer key and secret (connector-protocols.md §2.1) and its
 * key-provisioning page. Pure functions: the client chooses among them, the emulator checks them.
 */

export interface WooKeys {
  consumerKey: string;
  consumerSecret: string;
}

/** Over https: HTTP Basic, user = key, password = secret. */
export function basicAuthorization(keys: WooKeys): string {
  return `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
}

/** RFC 3986 percent-encoding (OAuth 1.0a §3.6): everything but unreserved characters. */
export function pct(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The OAuth 1.0a signature base string: METHOD&pct(url)&pct(sorted k=v joined by &), keys and
 * values encoded once before sorting and joining. `url` is without query: the query's own
 * parameters are among `params`.
 */
export function oauthBaseString(method: string, url: string, params: ReadonlyArray<[string, string]>): string {
  const pairs = params.map(([k, v]) => [pct(k), pct(v)] as const);
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return [method.toUpperCase(), pct(url), pct(pairs.map(([k, v]) => `${k}=${v}`).join('&'))].join('&');
}

export type OAuthMethod = 'HMAC-SHA256' | 'HMAC-SHA1';

/** base64(HMAC(consumer_secret + '&', base string)): one-legged, so the token secret is empty. */
export function oauthSignature(base: string, consumerSecret: string, method: OAuthMethod = 'HMAC-SHA256'): string {
  return createHmac(method === 'HMAC-SHA1' ? 'sha1' : 'sha256', `${consumerSecret}&`)
    .update(base)
    .digest('base64');
}

/**
 * Signs a request for plain http: returns the URL with the oauth_* parameters added to its
 * query (WooCommerce reads them there; no oauth_version, as its docs say). The body is not signed.
 */
export function signOAuthUrl(
  method: string,
  url: string,
  keys: WooKeys,
  at: { timestamp?: number; nonce?: string } = {},
): string {
  const u = new URL(url);
  const oauth: Array<[string, string]> = [
    ['oauth_consumer_key', keys.consumerKey],
    ['oauth_timestamp', String(at.timestamp ?? Math.floor(Date.now() / 1000))],
    ['oauth_nonce', at.nonce ?? randomBytes(16).toString('hex')],
    ['oauth_signature_method', 'HMAC-SHA256'],
  ];
  const params: Array<[string, string]> = [...u.searchParams.entries(), ...oauth];
  const base = oauthBaseString(method, `${u.origin}${u.pathname}`, params);
  for (const [k, v] of oauth) u.searchParams.append(k, v);
  u.searchParams.append('oauth_signature', oauthSignature(base, keys.consumerSecret));
  return u.toString();
}

/** Query-string fallback for servers that drop the Authorization header (https only). */
export function withQueryKeys(url: string, keys: WooKeys): string {
  const u = new URL(url);
  u.searchParams.set('consumer_key', keys.consumerKey);
  u.searchParams.set('consumer_secret', keys.consumerSecret);
  return u.toString();
}

// ---- key provisioning: {store}/wc-auth/v1/authorize ----

export interface WooAuthorizeRequest {
  /** The store's base URL (as normaliseWooAddress gives it). */
  baseUrl: string;
  appName: string;
  scope: 'read' | 'write' | 'read_write';
  /** Our own id for this authorization; WooCommerce posts it back as `user_id`. */
  userId: string;
  /** Where the browser is sent afterwards, with `success=1|0&user_id=…`. */
  returnUrl: string;
  /** Where the store POSTs the keys (server to server). */
  callbackUrl: string;
}

/** All parameters are mandatory on WooCommerce's side. */
export function wooAuthorizeUrl(r: WooAuthorizeRequest): string {
  const q = new URLSearchParams({
    app_name: r.appName,
    scope: r.scope,
    user_id: r.userId,
    return_url: r.returnUrl,
    callback_url: r.callbackUrl,
  });
  return `${r.baseUrl}/wc-auth/v1/authorize?${q.toString()}`;
}

export interface WooKeysCallback extends WooKeys {
  keyId: number | null;
  userId: string;
  permissions: 'read' | 'write' | 'read_write';
}

/**
 * The JSON the store posts to callback_url: {key_id, user_id, consumer_key, consumer_secret,
 * key_permissions}. Read from the raw body (it is not form data). Null when it is not that.
 */
export function parseWooKeysCallback(raw: string): WooKeysCallback | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { consumer_key: key, consumer_secret: secret, user_id: userId, key_permissions: perms, key_id: keyId } = body;
  if (typeof key !== 'string' || !/^ck_\w+$/.test(key) || typeof secret !== 'string' || !/^cs_\w+$/.test(secret))
    return null;
  if (typeof userId !== 'string' && typeof userId !== 'number') return null;
  if (perms !== 'read' && perms !== 'write' && perms !== 'read_write') return null;
  return {
    consumerKey: key,
    consumerSecret: secret,
    userId: String(userId),
    permissions: perms,
    keyId: typeof keyId === 'number' ? keyId : null,
  };
}

// ---- webhooks ----

/** X-WC-Webhook-Signature: base64(HMAC-SHA256(raw body, secret)). Compared in constant time. */
export function wooWebhookSignature(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function verifyWooWebhook(rawBody: string | Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(wooWebhookSignature(rawBody, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The ping WooCommerce sends when a webhook is created: form-encoded `webhook_id=NN`, no JSON
 * and no signature. It is answered 200 and otherwise ignored.
 */
export function isWooPing(contentType: string | undefined, rawBody: string): boolean {
  return !(contentType ?? '').includes('json') && /^webhook_id=\d+$/.test(rawBody.trim());
}
