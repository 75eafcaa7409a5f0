import { jsonOf } from '../http.js';
import {
  type ListOrdersOptions,
  type StoreOrderData,
  type StoreOrderPage,
  StorePlatformError,
} from '../store-platform.js';
import { type WooRequester, errorOf } from './woo.request.js';
import { type WooOrder, toStoreOrder } from './woo.orders.js';

/** `modified_after` takes whole seconds; rounding down never misses a change (a few are read twice). */
export const wooSecond = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '');

/**
 * One page of `GET /orders` (connector-protocols.md §2.3), least recently changed first
 * (`orderby=modified&order=asc`), so an order changed while we page moves to the end and is read
 * again rather than skipped by the pages before it. The cursor is the next page number; the end is
 * told by `X-WP-TotalPages` (a short page when a proxy strips it). A store whose WooCommerce does
 * not know `orderby=modified` answers 400 `rest_invalid_param`: it is asked again by creation date.
 * Whatever the order, the caller's next `updatedSince` must be the start of this pull (not the
 * newest `updatedAt` seen), so an order skipped by a page shifting under us is read next time.
 */
export async function listWooOrders(
  client: WooRequester,
  cursor: string | null,
  options: ListOrdersOptions,
  defaultPageSize: number,
): Promise<StoreOrderPage> {
  const page = cursor ? Number(cursor) : 1;
  if (!Number.isSafeInteger(page) || page < 1)
    throw new StorePlatformError('woocommerce', 'invalid', `not a page number: ${cursor}`);
  const query: Record<string, string> = {
    page: String(page),
    per_page: String(Math.min(Math.max(options.pageSize ?? defaultPageSize, 1), 100)),
    orderby: 'modified',
    order: 'asc',
  };
  if (options.updatedSince) {
    query.modified_after = wooSecond(options.updatedSince);
    query.dates_are_gmt = 'true';
  }
  let res = await client.request('GET', '/orders', query);
  if (res.status === 400 && /orderby/i.test(res.text))
    res = await client.request('GET', '/orders', { ...query, orderby: 'date' });
  if (res.status < 200 || res.status >= 300) throw errorOf(res);
  const data = jsonOf<WooOrder[]>('woocommerce', res);
  if (!Array.isArray(data)) throw new StorePlatformError('woocommerce', 'protocol', 'the order list is not an array');
  const totalPages = Number(res.headers.get('x-wp-totalpages') ?? '');
  const known = res.headers.has('x-wp-totalpages') && Number.isSafeInteger(totalPages) && totalPages >= 0;
  const more = known ? page < totalPages : data.length >= Number(query.per_page);
  return { orders: data.map(toStoreOrder), next: more ? String(page + 1) : null };
}

/** One order; a missing one (or an id that is not WooCommerce's) is null. A trashed order is read, as cancelled. */
export async function getWooOrder(client: WooRequester, externalId: string): Promise<StoreOrderData | null> {
  const raw = await getRawWooOrder(client, externalId);
  return raw ? toStoreOrder(raw) : null;
}

export async function getRawWooOrder(client: WooRequester, externalId: string): Promise<WooOrder | null> {
  if (!/^\d{1,19}$/.test(externalId)) return null;
  const res = await client.request('GET', `/orders/${externalId}`);
  if (res.status === 404) return null;
  if (res.status < 200 || res.status >= 300) throw errorOf(res);
  const o = jsonOf<WooOrder>('woocommerce', res);
  if (!o || typeof o.id !== 'number') throw new StorePlatformError('woocommerce', 'protocol', 'the order has no id');
  return o;
}
