import {
  type ListOrdersOptions,
  type StoreOrderData,
  type StoreOrderPage,
  type StoreProductData,
  StorePlatformError,
  type TrackingPush,
  type TrackingPushResult,
} from '../store-platform.js';
import { universalTrackingUrl } from '../tracking-url.js';
import { aeJsonWithIds } from './ae.json.js';
import { aeTimeParam, listOf } from './ae.products.js';
import { type AeChildLine, aeServiceName, aeShipments, toStoreOrder } from './ae.orders.js';

/** The seller's order list, one order, the first shipment and its correction (README: UNCONFIRMED). */
export const AE_ORDER_LIST_API = 'aliexpress.solution.order.get';
export const AE_ORDER_API = 'aliexpress.solution.order.info.get';
export const AE_FULFIL_API = 'aliexpress.solution.order.fulfill';
export const AE_MODIFY_SHIPMENT_API = 'aliexpress.logistics.sellermodifiedshipment';
const MAX_PAGE = 50;

type Obj = Record<string, unknown>;
export interface AeOrderPorts {
  call(api: string, params: Record<string, string>, idempotent: boolean): Promise<Obj>;
  getProduct(productId: string): Promise<StoreProductData | null>;
}

function refused(result: Obj, what: string): StorePlatformError {
  const code = String(result.error_code ?? result.result_error_code ?? 'error');
  const msg = String(result.error_message ?? result.error_msg ?? result.result_error_desc ?? what);
  return new StorePlatformError(
    'aliexpress',
    /not.?exist|not.?found/i.test(`${code} ${msg}`) ? 'not-found' : 'invalid',
    `${code}: ${msg}`.slice(0, 300),
  );
}

/**
 * A page of the seller's orders changed in the window (`modified_date_start`, in the gateway's
 * `yyyy-MM-dd HH:mm:ss`, UTC as for products), each read in full with `order.info.get` (the list
 * has no address). The cursor is the next page number.
 */
export async function listAeOrders(
  ports: AeOrderPorts,
  cursor: string | null,
  options: ListOrdersOptions,
): Promise<StoreOrderPage> {
  const page = cursor ? Number(cursor) : 1;
  if (!Number.isInteger(page) || page < 1)
    throw new StorePlatformError('aliexpress', 'invalid', `bad cursor ${cursor}`);
  const size = Math.min(Math.max(options.pageSize ?? 20, 1), MAX_PAGE);
  const query: Obj = { current_page: page, page_size: size };
  if (options.updatedSince) query.modified_date_start = aeTimeParam(options.updatedSince);
  const r = await ports.call(AE_ORDER_LIST_API, { param0: JSON.stringify(query) }, true);
  const result = (r.result ?? {}) as Obj;
  if (result.success === false) throw refused(result, 'order list refused');
  const ids = listOf(result.target_list, 'order_dto')
    .map((o) => String(o.order_id ?? '').trim())
    .filter((id) => /^\d{1,20}$/.test(id));
  const skus = new Map<string, Promise<StoreProductData | null>>();
  const orders: StoreOrderData[] = [];
  for (const id of ids) {
    const o = await readOrder(ports, id, skus);
    if (o) orders.push(o);
  }
  const total = Number(result.total_count ?? 0);
  const totalPages = Number(result.total_page ?? 0) || (total > 0 ? Math.ceil(total / size) : 0);
  const more = totalPages ? page < totalPages : ids.length >= size;
  return { orders, next: more ? String(page + 1) : null };
}

export function getAeOrder(ports: AeOrderPorts, externalId: string): Promise<StoreOrderData | null> {
  return readOrder(ports, externalId, new Map());
}

async function rawOrder(ports: AeOrderPorts, id: string): Promise<Obj | null> {
  if (!/^\d{1,20}$/.test(id)) return null;
  const r = await ports.call(
    AE_ORDER_API,
    { param1: aeJsonWithIds({ order_id: id }, { ext_info_bit_flag: 11111 }) },
    true,
  );
  const result = (r.result ?? {}) as Obj;
  if (result.success === false || !result.data || typeof result.data !== 'object') {
    const e = refused(result, 'order not readable');
    if (e.kind === 'not-found' || !result.error_code) return null;
    throw e;
  }
  return result.data as Obj;
}

/**
 * One order in the common shape. A child order names its SKU by the seller's code; the products
 * import names variants by SKU id (`ds.product.get`), so the code is looked up in the product's
 * SKUs (once per product and page). A product with one SKU is that SKU; an unknown code leaves
 * the line unconnected (variant null) rather than guessing.
 */
async function readOrder(
  ports: AeOrderPorts,
  id: string,
  skus: Map<string, Promise<StoreProductData | null>>,
): Promise<StoreOrderData | null> {
  const data = await rawOrder(ports, id);
  if (!data) return null;
  const { order, lines } = toStoreOrder(data);
  order.lines = [];
  for (const l of lines) order.lines.push(await resolved(ports, l, skus));
  return order;
}

async function resolved(
  ports: AeOrderPorts,
  { skuCode, ...line }: AeChildLine,
  skus: Map<string, Promise<StoreProductData | null>>,
) {
  if (line.variantExternalId || !line.productExternalId) return line;
  const pid = line.productExternalId;
  if (!skus.has(pid)) skus.set(pid, ports.getProduct(pid));
  const product = await skus.get(pid)!;
  const variants = product?.variants ?? [];
  const match = variants.find((v) => skuCode && v.sku === skuCode) ?? (variants.length === 1 ? variants[0] : undefined);
  return { ...line, variantExternalId: match?.externalId ?? null };
}

/**
 * The seller's shipment (decision 0114): read the order's logistics first; our number there →
 * `already`; our earlier number (`previous`) there → corrected in place (`updated`); another
 * number and none of ours → `by-hand`, nothing sent; none → `order.fulfill` with `send_type`
 * `all` (`part` for a parcel of several that is not the last). The fulfil call is a write never re-sent by the client: a retry after a lost answer
 * reads the logistics again and finds it.
 */
export async function pushAeTracking(
  ports: AeOrderPorts,
  orderId: string,
  push: TrackingPush,
  previous: { fulfilmentId: string } | null | undefined,
): Promise<TrackingPushResult> {
  const number = push.number.trim();
  if (!number || /\s/.test(number))
    throw new StorePlatformError('aliexpress', 'invalid', 'the tracking number is empty or has spaces');
  const data = await rawOrder(ports, orderId);
  if (!data) throw new StorePlatformError('aliexpress', 'not-found', `order ${orderId} is not in the store`, 404);
  const { order } = toStoreOrder(data);
  if (order.status !== 'open')
    throw new StorePlatformError('aliexpress', 'invalid', `the order is ${order.status} in the store`);
  const shipments = aeShipments(data);
  if (shipments.some((s) => s.trackingNumber === number)) return { fulfilmentId: number, outcome: 'already' };
  const service = aeServiceName(push.company);
  const common = {
    out_ref: orderId,
    // One parcel of several is a part shipment until the last (decision 0121); AliExpress's call
    // names the order, not its lines.
    send_type: push.shipment && !push.shipment.last ? 'part' : 'all',
    description: `Shipped with ${push.company}`,
    // OTHER needs a website; a known service gets the operator's link only.
    ...(push.url || service === 'OTHER' ? { tracking_website: push.url ?? universalTrackingUrl(number) } : {}),
  };
  const ours = previous ? shipments.find((s) => s.trackingNumber === previous.fulfilmentId) : undefined;
  if (ours) {
    const r = await ports.call(
      AE_MODIFY_SHIPMENT_API,
      {
        ...common,
        old_service_name: ours.company ?? service,
        old_logistics_no: ours.trackingNumber!,
        new_service_name: service,
        new_logistics_no: number,
      },
      false,
    );
    checkWrite(r);
    return { fulfilmentId: number, outcome: 'updated' };
  }
  // Our other parcels' numbers are not the merchant's.
  const siblings = new Set(push.shipment?.siblingNumbers ?? []);
  const byHand = shipments.filter((s) => !siblings.has(s.trackingNumber ?? ''));
  if (byHand.length) return { fulfilmentId: byHand[0]!.externalId, outcome: 'by-hand' };
  const r = await ports.call(AE_FULFIL_API, { ...common, service_name: service, logistics_no: number }, false);
  checkWrite(r);
  return { fulfilmentId: number, outcome: 'created' };
}

function checkWrite(r: Obj): void {
  const result = (r.result ?? {}) as Obj;
  if (result.result_success === true || result.result_success === 'true') return;
  throw refused(result, 'shipment refused');
}
