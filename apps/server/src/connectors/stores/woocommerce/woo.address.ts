/**
 * A WooCommerce store's address as the owner typed it → its identity and the URL we call
 * (decision 0100). Identity: lower-case host, no scheme, no `www.`, no trailing slash, path kept,
 * so `https://Shop.example.com/` and `shop.example.com` are one store. The base URL keeps the
 * scheme and the host as given (`https://` when none): WooCommerce signs OAuth 1.0a over the URL
 * exactly as the site reports it, `www.` included.
 */
export interface WooAddress {
  /** The identity compared and stored as `stores.address`. */
  address: string;
  /** What the connector calls, without a trailing slash: `https://www.shop.example.com/store`. */
  baseUrl: string;
  hostname: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Null when the text is not a web address (another scheme, credentials, a query or fragment). */
export function normaliseWooAddress(input: string): WooAddress | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  // A name needs a dot (a typo like "myshop" is not an address); localhost and IPv6 literals are
  // let through here so the private-address rule refuses them with its own words.
  if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !url.hostname.startsWith('[')) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const port = url.port ? `:${url.port}` : '';
  return {
    address: `${url.hostname.replace(/^www\./, '')}${port}${path}`,
    baseUrl: `${url.protocol}//${url.hostname}${port}${path}`,
    hostname: url.hostname,
  };
}
