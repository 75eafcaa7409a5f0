import { decimalToMinor } from '../money.js';
import type {
  StoreFulfilmentData,
  StoreOrderAddress,
  StoreOrderData,
  StoreOrderLineData,
  StorePrice,
} from '../store-platform.js';
import { aeTime, listOf } from './ae.products.js';

/**
 * The seller's order APIs (README: UNCONFIRMED in the reference): the list
 * `aliexpress.solution.order.get` (`param0` JSON, `result.target_list.order_dto[]`) and one order
 * `aliexpress.solution.order.info.get` (`param1` JSON, `result.data`), whose fields are read here
 * leniently: a missing block leaves a field empty, never an error.
 */
type Obj = Record<string, unknown>;

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** `{amount: "12.50", currency_code: "USD"}` (or `cent`) → minor units. */
export function aeMoney(v: unknown, fallbackCurrency: string | null): StorePrice | null {
  const m = obj(v);
  const currency = (text(m.currency_code) || fallbackCurrency || '').toUpperCase() || null;
  const amount = text(m.amount);
  if (amount) return decimalToMinor(amount, currency);
  const cents = Number(m.cent);
  return currency && Number.isSafeInteger(cents) && cents >= 0 ? { amount: cents, currency } : null;
}

/**
 * AliExpress's order statuses → ours (decision 0114). Shipped states (`WAIT_BUYER_ACCEPT_GOODS`,
 * `FUND_PROCESSING`, a normal `FINISH`) are fulfilled; `IN_CANCEL` (the buyer asked to cancel) is
 * not to be shipped; a `FINISH` whose end reason speaks of a refund is refunded, of a cancel,
 * close or timeout cancelled; every other state (awaiting payment, to ship, part shipped, in
 * dispute, frozen, risk control) is open.
 */
export function aeOrderStatus(
  status: string,
  endReason: string,
): { status: StoreOrderData['status']; fulfilled: boolean } {
  if (status === 'IN_CANCEL') return { status: 'cancelled', fulfilled: false };
  if (status === 'FINISH') {
    if (/refund/i.test(endReason)) return { status: 'refunded', fulfilled: false };
    if (/cancel|close|timeout/i.test(endReason)) return { status: 'cancelled', fulfilled: false };
    return { status: 'open', fulfilled: true };
  }
  return { status: 'open', fulfilled: status === 'WAIT_BUYER_ACCEPT_GOODS' || status === 'FUND_PROCESSING' };
}

function address(a: Obj): StoreOrderAddress | null {
  const phone = text(a.mobile_no) || text(a.phone_number);
  const country = text(a.phone_country).replace(/^\+/, '');
  const out: StoreOrderAddress = {
    name: text(a.contact_person),
    company: '',
    line1: text(a.address) || text(a.detail_address),
    line2: text(a.address2),
    city: text(a.city),
    province: text(a.province),
    postcode: text(a.zip),
    countryCode: text(a.country).toUpperCase(),
    phone: phone && country ? `+${country} ${phone}` : phone,
  };
  return out.line1 || out.countryCode ? out : null;
}

/** An order's logistics (the seller's shipments) are its fulfilments; the number names one. */
export function aeShipments(data: Obj): StoreFulfilmentData[] {
  return listOf(data.logistic_info_list, 'global_aeop_tp_logistic_info_dto')
    .map((l) => ({
      externalId: text(l.logistics_no),
      company: text(l.logistics_service) || text(l.logistics_type_code) || null,
      trackingNumber: text(l.logistics_no) || null,
    }))
    .filter((f) => f.externalId);
}

/** A child order's product and SKU: the SKU id when the platform gives one, else its seller code, resolved by the caller. */
export interface AeChildLine extends StoreOrderLineData {
  skuCode: string | null;
}

export function toStoreOrder(data: Obj): { order: StoreOrderData; lines: AeChildLine[] } {
  const currency = text(obj(data.order_amount).currency_code).toUpperCase() || null;
  const created = aeTime(data.gmt_create) ?? new Date(0).toISOString();
  const buyer = obj(data.buyer_info);
  const lines: AeChildLine[] = listOf(data.child_order_list, 'global_aeop_tp_child_order_dto').map((c, i) => {
    const productId = text(c.product_id) || null;
    return {
      externalId: text(c.id) || `${text(data.id)}-${i + 1}`,
      productExternalId: productId,
      variantExternalId: text(c.sku_id) || null,
      sku: text(c.sku_code) || null,
      skuCode: text(c.sku_code) || null,
      title: text(c.product_name),
      quantity: Math.max(0, Math.trunc(Number(c.product_count ?? 0)) || 0),
      unitPrice: aeMoney(c.product_price, currency),
    };
  });
  const shipping = address(obj(data.receipt_address));
  const name =
    [text(buyer.first_name), text(buyer.last_name)].filter(Boolean).join(' ') ||
    text(data.buyer_signer_fullname) ||
    shipping?.name ||
    '';
  const order: StoreOrderData = {
    externalId: text(data.id),
    number: text(data.id),
    createdAt: created,
    updatedAt: aeTime(data.gmt_modified) ?? created,
    ...aeOrderStatus(text(data.order_status), text(data.order_end_reason)),
    total: aeMoney(data.order_amount, currency) ?? { amount: 0, currency: currency ?? 'USD' },
    // AliExpress does not hand buyers' e-mail addresses to sellers.
    buyer: { name, email: null, phone: shipping?.phone || null },
    shippingAddress: shipping,
    lines,
    fulfilments: aeShipments(data),
  };
  return { order, lines };
}

/**
 * Our carrier name (free text the operator typed, e.g. "DHL Express", "China Post ePacket") →
 * AliExpress's logistics service name, matched on words. Only a few are mapped (UNCONFIRMED
 * against the platform's list); any other goes as `OTHER` with a tracking website, which the
 * platform asks for then.
 */
const SERVICES: ReadonlyArray<[RegExp, string]> = [
  [/\bdhl\b/, 'DHL'],
  [/\busps\b/, 'USPS'],
  [/\bups\b/, 'UPS'],
  [/\bfed ?ex\b/, 'FEDEX'],
  [/\bems\b/, 'EMS'],
  [/\bcainiao\b|菜鸟/, 'CAINIAO_STANDARD'],
  [/\bchina post\b|\bepacket\b|中国邮政/, 'CPAM'],
];

export function aeServiceName(company: string): string {
  const words = ` ${company
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  return SERVICES.find(([pattern]) => pattern.test(words))?.[1] ?? 'OTHER';
}
