import { parseAeJson } from '../../connectors/stores/aliexpress/ae.json.js';
import type { EmuAeOrder, EmuProduct, EmuSeller } from './emulator-pages.js';

export type { EmuAeOrder };

/**
 * The emulated sellers' orders (issue 21) and the four order APIs the connector calls
 * (`aliexpress.solution.order.get`, `.order.info.get`, `.order.fulfill`,
 * `aliexpress.logistics.sellermodifiedshipment`), in the shapes the connector's README assumes
 * (UNCONFIRMED in the reference). Child orders name their SKU by the seller's code, not its id.
 */
export type NewAeOrder = {
  /** The order's id (digits), e.g. one above 2^53 as real order ids can be; else the next one. */
  orderId?: string;
  lines: Array<{ productId: string; skuCode?: string; count: number }>;
  buyer?: Partial<EmuAeOrder['buyer']>;
  address: Partial<EmuAeOrder['address']>;
  status?: string;
};

/**
 * From the clock: a demo restarted (its orders gone) never hands out an id the marketplace already
 * holds. The answers carry ids as JSON numbers with all their digits (`AeId`), as AliExpress does,
 * also above 2^53 (a child order's id is its order's and two digits): the connector must read them
 * without rounding.
 */
let nextOrder = 10_000_000_000_000 + (Date.now() - 1_700_000_000_000) * 10;
let last = 0;
/** Strictly increasing, so two changes in one millisecond still order. */
const now = () => (last = Math.max(Date.now(), last + 1));
const aeTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const cents = (s: string) => Math.round(Number(s) * 100);
const money = (c: number, currency: string) => ({ amount: (c / 100).toFixed(2), currency_code: currency });

export class AeOrderError extends Error {}

/**
 * An id written into an answer as a JSON number with every digit: `JSON.stringify` writes a
 * placeholder string that `writeAeJson` turns into the bare digits.
 */
export class AeId {
  constructor(readonly digits: string) {}
  toJSON(): string {
    return `${ID_MARK}${this.digits}`;
  }
}
const ID_MARK = 'ae-id\u0001';

/** An answer's JSON as the gateway writes it: ids (`AeId`) as bare numbers, however large. */
export function writeAeJson(body: unknown): string {
  return JSON.stringify(body).replace(/"ae-id\\u0001(\d+)"/g, '$1');
}

export function createAeOrder(seller: EmuSeller, input: NewAeOrder): EmuAeOrder {
  if (!input.lines.length) throw new AeOrderError('The order has no products.');
  const lines = input.lines.map((l, i) => {
    const p: EmuProduct | undefined = seller.products.find((x) => x.productId === l.productId);
    if (!p) throw new AeOrderError(`No product ${l.productId} in this store.`);
    const sku = l.skuCode ? p.skus.find((k) => k.skuCode === l.skuCode) : p.skus.length === 1 ? p.skus[0] : undefined;
    if (!sku) throw new AeOrderError(`Choose one of the SKUs of ${p.subject}.`);
    if (!Number.isInteger(l.count) || l.count < 1)
      throw new AeOrderError('The quantity must be a positive whole number.');
    return {
      childId: '',
      productId: p.productId,
      skuCode: sku.skuCode,
      name: p.subject,
      count: l.count,
      price: sku.price,
      currency: p.currency,
      i,
    };
  });
  const at = now();
  if (input.orderId !== undefined && !/^[1-9]\d{0,17}$/.test(input.orderId))
    throw new AeOrderError('An order id is up to 18 digits.');
  const orderId = input.orderId ?? String(nextOrder++);
  const order: EmuAeOrder = {
    orderId,
    status: input.status ?? 'WAIT_SELLER_SEND_GOODS',
    endReason: '',
    createdAt: at,
    modifiedAt: at,
    currency: lines[0]!.currency,
    buyer: { firstName: '', lastName: '', loginId: `buyer${orderId.slice(-5)}`, ...input.buyer },
    address: {
      contactPerson: '',
      address: '',
      address2: '',
      city: '',
      province: '',
      zip: '',
      country: '',
      phoneCountry: '',
      mobile: '',
      ...input.address,
    },
    lines: lines.map(({ currency: _c, i, ...l }) => ({ ...l, childId: `${orderId}${String(i + 1).padStart(2, '0')}` })),
    shipments: [],
  };
  (seller.orders ??= []).push(order);
  return order;
}

export function setAeOrderStatus(o: EmuAeOrder, status: string, endReason = ''): void {
  o.status = status;
  o.endReason = endReason;
  o.modifiedAt = now();
}

const total = (o: EmuAeOrder) => o.lines.reduce((s, l) => s + cents(l.price) * l.count, 0);

function infoData(o: EmuAeOrder): Record<string, unknown> {
  return {
    id: new AeId(o.orderId),
    gmt_create: aeTime(o.createdAt),
    gmt_modified: aeTime(o.modifiedAt),
    order_status: o.status,
    order_end_reason: o.endReason,
    order_amount: money(total(o), o.currency),
    buyer_signer_fullname: `${o.buyer.firstName} ${o.buyer.lastName}`.trim(),
    buyer_info: {
      first_name: o.buyer.firstName,
      last_name: o.buyer.lastName,
      login_id: o.buyer.loginId,
      country: o.address.country,
    },
    receipt_address: {
      contact_person: o.address.contactPerson,
      address: o.address.address,
      address2: o.address.address2,
      city: o.address.city,
      province: o.address.province,
      zip: o.address.zip,
      country: o.address.country,
      phone_country: o.address.phoneCountry,
      mobile_no: o.address.mobile,
    },
    child_order_list: {
      global_aeop_tp_child_order_dto: o.lines.map((l) => ({
        id: new AeId(l.childId),
        product_id: new AeId(l.productId),
        sku_code: l.skuCode,
        product_name: l.name,
        product_count: l.count,
        product_price: money(cents(l.price), o.currency),
      })),
    },
    logistic_info_list: {
      global_aeop_tp_logistic_info_dto: o.shipments.map((s) => ({
        logistics_no: s.logisticsNo,
        logistics_service: s.serviceName,
        gmt_send: aeTime(s.sentAt),
      })),
    },
  };
}

type Params = Record<string, string>;
type Result = { payload: Record<string, unknown> } | { error: string };
const SHIPPABLE = new Set(['WAIT_SELLER_SEND_GOODS', 'SELLER_PART_SEND_GOODS']);

/** An order API call for `seller`, or null when `api` is not an order API. */
export function orderApi(seller: EmuSeller, api: string, params: Params): Result | null {
  const orders = seller.orders ?? [];
  const json = (k: string): Record<string, unknown> | null => {
    try {
      // As the gateway reads them: an id above 2^53 keeps its digits.
      return parseAeJson(params[k] ?? '{}') as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  if (api === 'aliexpress.solution.order.get') {
    const q = json('param0');
    if (!q) return { error: 'param0 is not JSON' };
    const size = Math.min(Math.max(Number(q.page_size ?? 20) || 20, 1), 50);
    const current = Math.max(Number(q.current_page ?? 1) || 1, 1);
    const at = (k: string) => (typeof q[k] === 'string' ? Date.parse(`${(q[k] as string).replace(' ', 'T')}Z`) : NaN);
    const [start, end] = [at('modified_date_start'), at('modified_date_end')];
    const all = orders
      .filter((o) => (Number.isNaN(start) || o.modifiedAt >= start) && (Number.isNaN(end) || o.modifiedAt <= end))
      .sort((a, b) => b.createdAt - a.createdAt);
    const page = all.slice((current - 1) * size, current * size);
    return {
      payload: {
        result: {
          success: true,
          total_count: all.length,
          current_page: current,
          target_list: {
            order_dto: page.map((o) => ({
              order_id: new AeId(o.orderId),
              gmt_create: aeTime(o.createdAt),
              gmt_update: aeTime(o.modifiedAt),
              order_status: o.status,
              buyer_login_id: o.buyer.loginId,
            })),
          },
        },
      },
    };
  }
  const find = (id: unknown) => orders.find((o) => o.orderId === String(id ?? ''));
  if (api === 'aliexpress.solution.order.info.get') {
    const q = json('param1');
    const o = q && find(q.order_id);
    if (!o)
      return {
        payload: { result: { success: false, error_code: 'ORDER_NOT_EXIST', error_msg: 'The order does not exist' } },
      };
    return { payload: { result: { success: true, data: infoData(o) } } };
  }
  const refuse = (code: string, desc: string) => ({
    payload: { result: { result_success: false, result_error_code: code, result_error_desc: desc } },
  });
  if (api === 'aliexpress.solution.order.fulfill') {
    const o = find(params.out_ref);
    if (!o) return refuse('ORDER_NOT_EXIST', 'The order does not exist');
    if (!params.service_name || !params.logistics_no || !params.send_type)
      return refuse('PARAM_ERROR', 'service_name, logistics_no and send_type are required');
    if (params.service_name === 'OTHER' && !params.tracking_website)
      return refuse('PARAM_ERROR', 'tracking_website is required for OTHER');
    if (!SHIPPABLE.has(o.status))
      return refuse('ORDER_STATUS_ERROR', `The order cannot be shipped in status ${o.status}`);
    o.shipments.push({
      serviceName: params.service_name,
      logisticsNo: params.logistics_no,
      website: params.tracking_website ?? '',
      sentAt: now(),
    });
    setAeOrderStatus(o, params.send_type === 'part' ? 'SELLER_PART_SEND_GOODS' : 'WAIT_BUYER_ACCEPT_GOODS');
    return { payload: { result: { result_success: true } } };
  }
  if (api === 'aliexpress.logistics.sellermodifiedshipment') {
    const o = find(params.out_ref);
    const s = o?.shipments.find(
      (x) => x.logisticsNo === params.old_logistics_no && x.serviceName === params.old_service_name,
    );
    if (!o || !s) return refuse('SHIPMENT_NOT_EXIST', 'No such shipment on this order');
    if (!params.new_logistics_no || !params.new_service_name)
      return refuse('PARAM_ERROR', 'new_service_name and new_logistics_no are required');
    Object.assign(s, {
      logisticsNo: params.new_logistics_no,
      serviceName: params.new_service_name,
      website: params.tracking_website ?? s.website,
    });
    o.modifiedAt = now();
    return { payload: { result: { result_success: true } } };
  }
  return null;
}
