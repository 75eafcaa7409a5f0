import {
  type EmuAddress,
  type EmulatorOrders,
  type NewOrder,
  OrderError,
  noteJson,
  orderJson,
} from './emulator-orders.js';

/**
 * The order routes of REST v3 (`/orders`, `/orders/{id}`, `/orders/{id}/notes`) and of the
 * Shipment Tracking extension (`/wp-json/wc-shipment-tracking/v3/orders/{id}/shipment-trackings`).
 * Each answers `null` for a path it does not own, so the emulator's router goes on.
 */
type Json = Record<string, unknown>;
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
type Paged = (path: string, q: URLSearchParams, all: unknown[]) => Reply;

const wpError = (code: string, message: string, status: number) => ({ code, message, data: { status } });
const ORDERBY = new Set(['date', 'id', 'include', 'title', 'slug', 'modified']);

function sinceOf(v: string | null): number | null | 'bad' {
  if (!v) return null;
  const t = Date.parse(/Z$|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
  return Number.isNaN(t) ? 'bad' : t;
}

export function routeOrders(
  orders: EmulatorOrders,
  method: string,
  path: string,
  q: URLSearchParams,
  body: Json,
  paged: Paged,
): Reply | null {
  try {
    return route(orders, method, path, q, body, paged);
  } catch (err) {
    if (err instanceof OrderError) return { status: err.status, body: wpError(err.code, err.message, err.status) };
    throw err;
  }
}

function route(orders: EmulatorOrders, method: string, path: string, q: URLSearchParams, body: Json, paged: Paged) {
  let m: RegExpExecArray | null;
  if (path === '/orders' && method === 'GET') {
    const after = sinceOf(q.get('modified_after'));
    const before = sinceOf(q.get('modified_before'));
    if (after === 'bad' || before === 'bad')
      return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): modified_after', 400) };
    const orderby = q.get('orderby') ?? 'date';
    if (!ORDERBY.has(orderby))
      return { status: 400, body: wpError('rest_invalid_param', 'Invalid parameter(s): orderby', 400) };
    const wanted = (q.get('status') ?? 'any').split(',');
    const list = [...orders.orders.values()].filter(
      (o) =>
        (wanted.includes('any') ? o.status !== 'trash' : wanted.includes(o.status)) &&
        (after === null || o.modifiedAt > after) &&
        (before === null || o.modifiedAt < before),
    );
    const key = (o: (typeof list)[number]) =>
      orderby === 'modified' ? o.modifiedAt : orderby === 'id' || orderby === 'include' ? o.id : o.createdAt;
    const desc = (q.get('order') ?? 'desc') === 'desc';
    list.sort((a, b) => (key(a) - key(b) || a.id - b.id) * (desc ? -1 : 1));
    return paged(
      path,
      q,
      list.map((o) => orderJson(o, orders)),
    );
  }
  if (path === '/orders' && method === 'POST') {
    const items = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
    const input: NewOrder = {
      lines: items.map((l) => ({
        productId: Number(l.product_id),
        variationId: l.variation_id ? Number(l.variation_id) : undefined,
        quantity: Number(l.quantity ?? 1),
      })),
      billing: (body.billing ?? {}) as Partial<EmuAddress>,
      shipping: body.shipping as Partial<EmuAddress> | undefined,
      status: typeof body.status === 'string' ? (body.status as NewOrder['status']) : 'pending',
    };
    return { status: 201, body: orderJson(orders.create(input), orders) };
  }
  if ((m = /^\/orders\/(\d+)$/.exec(path))) {
    const o = orders.get(Number(m[1]));
    if (method === 'GET') return { status: 200, body: orderJson(o, orders) };
    if (method === 'PUT' || method === 'POST') {
      const patch = {
        status: typeof body.status === 'string' ? body.status : undefined,
        shipping: body.shipping as Partial<EmuAddress> | undefined,
        billing: body.billing as Partial<EmuAddress> | undefined,
      };
      return { status: 200, body: orderJson(orders.update(o.id, patch), orders) };
    }
  }
  if ((m = /^\/orders\/(\d+)\/notes$/.exec(path))) {
    const o = orders.get(Number(m[1]));
    if (method === 'GET') {
      const wanted = q.get('type') ?? 'any';
      const list = o.notes.filter((n) => wanted === 'any' || (wanted === 'customer') === n.customerNote);
      // Newest first, unpaged: WooCommerce answers every note of the order at once.
      return { status: 200, body: [...list].reverse().map(noteJson) };
    }
    if (method === 'POST') {
      if (typeof body.note !== 'string' || !body.note.trim())
        return { status: 400, body: wpError('rest_missing_callback_param', 'Missing parameter(s): note', 400) };
      return { status: 201, body: noteJson(orders.note(o, body.note, body.customer_note === true)) };
    }
  }
  return null;
}

/** The Shipment Tracking extension's routes, under its own namespace (path relative to it). */
export function routeTracking(orders: EmulatorOrders, method: string, path: string, body: Json): Reply | null {
  const m = /^\/orders\/(\d+)\/shipment-trackings(?:\/([0-9a-f]+))?$/.exec(path);
  if (!m) return null;
  const o = orders.orders.get(Number(m[1]));
  if (!o) return { status: 404, body: wpError('woocommerce_rest_order_invalid_id', 'Invalid order ID.', 404) };
  if (!m[2] && method === 'GET') return { status: 200, body: o.trackings };
  if (!m[2] && method === 'POST') {
    if (typeof body.tracking_number !== 'string' || !body.tracking_number.trim())
      return {
        status: 400,
        body: wpError('rest_missing_callback_param', 'Missing parameter(s): tracking_number', 400),
      };
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const item = orders.addTracking(o, {
      tracking_provider: str('tracking_provider'),
      custom_tracking_provider: str('custom_tracking_provider'),
      custom_tracking_link: str('custom_tracking_link'),
      tracking_number: str('tracking_number'),
      date_shipped: str('date_shipped'),
    });
    return { status: 201, body: item };
  }
  if (m[2] && method === 'GET') {
    const t = o.trackings.find((x) => x.tracking_id === m[2]);
    return t
      ? { status: 200, body: t }
      : { status: 404, body: wpError('woocommerce_rest_invalid_id', 'Invalid ID.', 404) };
  }
  if (m[2] && method === 'DELETE') {
    const i = o.trackings.findIndex((x) => x.tracking_id === m[2]);
    if (i < 0) return { status: 404, body: wpError('woocommerce_rest_invalid_id', 'Invalid ID.', 404) };
    o.trackings.splice(i, 1);
    return { status: 200, body: { message: 'Successfully deleted' } };
  }
  return null;
}
