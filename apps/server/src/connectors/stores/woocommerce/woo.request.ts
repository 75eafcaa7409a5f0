import { loggableUrl, type StoreResponse } from '../http.js';
import { StorePlatformError } from '../store-platform.js';

/**
 * What the order reads and the tracking push need of the client (`WooClient` is one): a call with
 * the keys presented the right way, answering any status, and one that throws on a non-2xx.
 */
export interface WooRequester {
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<StoreResponse>;
  call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<{ data: T; res: StoreResponse }>;
}

interface WooError {
  code?: string;
  message?: string;
}

/** A non-2xx answer → the error kind it means, with the store's own message (never a key). */
export function errorOf(res: StoreResponse): StorePlatformError {
  let body: WooError = {};
  try {
    body = JSON.parse(res.text) as WooError;
  } catch {
    /* not JSON: described by the status */
  }
  const said = typeof body.message === 'string' ? body.message.replace(/<[^>]*>/g, '').slice(0, 200) : '';
  const s = res.status;
  if (s >= 300 && s < 400) {
    const to = res.headers.get('location');
    let where = '';
    try {
      where = to ? ` to ${loggableUrl(to).replace(/\/wp-json(\/.*)?$/, '')}` : ''; // the store's address, not the API path
    } catch {
      /* a relative or unreadable location: said without it */
    }
    return new StorePlatformError(
      'woocommerce',
      'not-found',
      `the store redirects${where}: enter the address it redirects to`,
      s,
    );
  }
  if (s === 401 || s === 403) return new StorePlatformError('woocommerce', 'auth', said || `HTTP ${s}`, s);
  if (s === 404) {
    const detail =
      body.code === 'rest_no_route' || !body.code
        ? 'the WooCommerce REST API was not found at this address'
        : said || 'not found';
    return new StorePlatformError('woocommerce', 'not-found', detail, s);
  }
  if (s === 429) return new StorePlatformError('woocommerce', 'throttled', said || 'too many requests', s);
  if (s >= 500) return new StorePlatformError('woocommerce', 'unavailable', said || `HTTP ${s}`, s);
  return new StorePlatformError('woocommerce', 'invalid', said || `HTTP ${s}`, s);
}
