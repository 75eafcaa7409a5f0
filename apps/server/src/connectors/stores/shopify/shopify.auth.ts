import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shopify's OAuth install (connector-protocols.md §1.1): the authorize link, the query `hmac`
 * that signs both the App URL's install request and the callback, the shop-domain rule and the
 * timestamp tolerance. Pure functions: the emulator signs with the same ones the client checks.
 */

/** The strict production form of a shop domain (the library's regex is wider; this one is the reference's advice). */
export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;
/** The library's permitted clock difference between Shopify and us for a signed query. */
export const QUERY_TIMESTAMP_TOLERANCE_SECONDS = 90;

export function isShopDomain(shop: string): boolean {
  return shop.length <= 255 && SHOP_DOMAIN.test(shop);
}

/**
 * Where a shop's admin lives: the `SHOPIFY_SHOP_URL` template with `{shop}` replaced, e.g.
 * `https://{shop}` for real shops, `http://127.0.0.1:4010/{shop}` for the emulator. The shop is
 * checked first: it comes from a URL someone else wrote.
 */
export function shopBaseUrl(template: string, shop: string): string {
  if (!isShopDomain(shop)) throw new Error(`not a shop domain: ${shop}`);
  return template.replace('{shop}', shop.toLowerCase()).replace(/\/+$/, '');
}

export interface InstallUrlInput {
  shopUrlTemplate: string;
  shop: string;
  apiKey: string;
  scopes: readonly string[] | string;
  redirectUri: string;
  state: string;
}

/**
 * The authorize link. No `grant_options[]`: an offline token, which the store keeps using while
 * the owner is away (per-user online tokens end with the owner's session).
 */
export function shopifyInstallUrl(i: InstallUrlInput): string {
  const url = new URL(`${shopBaseUrl(i.shopUrlTemplate, i.shop)}/admin/oauth/authorize`);
  url.searchParams.set('client_id', i.apiKey);
  url.searchParams.set('scope', typeof i.scopes === 'string' ? i.scopes : i.scopes.join(','));
  url.searchParams.set('redirect_uri', i.redirectUri);
  url.searchParams.set('state', i.state);
  return url.toString();
}

export type ShopifyQuery = URLSearchParams | Record<string, string | readonly string[] | undefined>;

/** Key/value pairs, repeated keys joined with `,` (step 1 of the reference's algorithm). */
function pairsOf(query: ShopifyQuery): Map<string, string> {
  const out = new Map<string, string>();
  const add = (k: string, v: string) => out.set(k, out.has(k) ? `${out.get(k)},${v}` : v);
  if (query instanceof URLSearchParams) {
    for (const [k, v] of query) add(k, v);
  } else {
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue;
      if (typeof v === 'string') add(k, v);
      else for (const item of v) add(k, item);
    }
  }
  return out;
}

/**
 * The message Shopify signs: without `hmac` and `signature`, sorted by key, form-encoded with
 * `%20` for spaces. Keys are compared by code unit: the same order as the library's
 * `localeCompare` for the ASCII keys Shopify sends, without depending on the runtime's locale.
 */
export function shopifyQueryMessage(query: ShopifyQuery): string {
  return messageOf(pairsOf(query));
}

function messageOf(pairs: Map<string, string>): string {
  const list = [...pairs].filter(([k]) => k !== 'hmac' && k !== 'signature');
  list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(list).toString().replace(/\+/g, '%20');
}

/** HMAC-SHA256 of the message with the app's client secret, lower-case hex. */
export function shopifyQueryHmac(query: ShopifyQuery, secret: string): string {
  return createHmac('sha256', secret).update(shopifyQueryMessage(query)).digest('hex');
}

/** Constant-time comparison of two hex or base64 strings (a length difference is not secret). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type QueryCheck =
  | { ok: true; shop: string; timestamp: number; values: Record<string, string> }
  | { ok: false; reason: 'hmac' | 'shop' | 'timestamp' };

/**
 * Checks a signed query (the App URL's install request or the OAuth callback) in the reference's
 * order of trust: the HMAC first (with each accepted secret: the old one still signs for a while
 * after a rotation), then the shop domain, then the timestamp within ±90 s (the caller may allow
 * more where a replay is harmless). `state` is not checked here: it is the caller's nonce, bound
 * to a user in our tables.
 */
export function verifyShopifyQuery(
  query: ShopifyQuery,
  secrets: string | readonly string[],
  now: Date = new Date(),
  toleranceSeconds = QUERY_TIMESTAMP_TOLERANCE_SECONDS,
): QueryCheck {
  const pairs = pairsOf(query);
  const given = pairs.get('hmac');
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return { ok: false, reason: 'hmac' };
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  // Every secret is tried, so which one matched does not show in the time taken.
  const message = messageOf(pairs);
  let matched = false;
  for (const secret of list) {
    if (secret && safeEqual(createHmac('sha256', secret).update(message).digest('hex'), given.toLowerCase()))
      matched = true;
  }
  if (!matched) return { ok: false, reason: 'hmac' };
  const shop = pairs.get('shop') ?? '';
  if (!isShopDomain(shop)) return { ok: false, reason: 'shop' };
  const ts = Number(pairs.get('timestamp'));
  if (!Number.isSafeInteger(ts) || Math.abs(now.getTime() / 1000 - ts) > toleranceSeconds)
    return { ok: false, reason: 'timestamp' };
  return { ok: true, shop: shop.toLowerCase(), timestamp: ts, values: Object.fromEntries(pairs) };
}
