import { decimalToMinor } from '../money.js';
import type {
  StoreFulfilmentData,
  StoreOrderAddress,
  StoreOrderData,
  StoreOrderLineData,
  StorePrice,
} from '../store-platform.js';

/** The parts of WooCommerce's order object we read (`_orders.md`, connector-protocols.md §2.3). */
export interface WooOrderAddress {
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface WooLineItem {
  id: number;
  name?: string | null;
  product_id?: number | null;
  variation_id?: number | null;
  quantity?: number | null;
  sku?: string | null;
  /** After discounts, before tax, for the whole line: a decimal string. */
  total?: string | null;
}

export interface WooOrder {
  id: number;
  number?: string | null;
  status: string;
  currency?: string | null;
  total?: string | null;
  date_created_gmt?: string | null;
  date_modified_gmt?: string | null;
  billing?: WooOrderAddress | null;
  shipping?: WooOrderAddress | null;
  line_items?: WooLineItem[] | null;
  meta_data?: Array<{ key?: string; value?: unknown }> | null;
}

/** WooCommerce gives GMT times without a zone: `2026-11-20T10:00:00`. */
export function wooGmt(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/**
 * WooCommerce's statuses (§2.3) → ours (decision 0114). `completed` is still `open` in the sense
 * of "not cancelled", with `fulfilled` true; `failed` (payment failed) and `trash` are never to be
 * shipped, so they count as cancelled; a status a plugin adds (e.g. "shipped") stays `open`.
 */
export function wooOrderStatus(s: string): { status: StoreOrderData['status']; fulfilled: boolean } {
  if (s === 'cancelled' || s === 'failed' || s === 'trash') return { status: 'cancelled', fulfilled: false };
  if (s === 'refunded') return { status: 'refunded', fulfilled: false };
  if (s === 'completed') return { status: 'open', fulfilled: true };
  return { status: 'open', fulfilled: false }; // pending, processing, on-hold, custom
}

const str = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');

function address(a: WooOrderAddress): StoreOrderAddress {
  return {
    name: [str(a.first_name), str(a.last_name)].filter(Boolean).join(' '),
    company: str(a.company),
    line1: str(a.address_1),
    line2: str(a.address_2),
    city: str(a.city),
    province: str(a.state),
    postcode: str(a.postcode),
    countryCode: str(a.country).toUpperCase(),
    phone: str(a.phone),
  };
}

/**
 * The address to ship to. A store without shipping (a virtual-only checkout, "ship to the billing
 * address", an order typed in the admin) leaves `shipping` blank: then the billing address is the
 * one, as stores themselves do. "Blank" means no street and no country; a name alone is not an
 * address. The phone falls back to billing's (shipping has one only since WooCommerce 5.6).
 */
export function wooShippingAddress(o: WooOrder): StoreOrderAddress | null {
  const billing = o.billing ? address(o.billing) : null;
  const shipping = o.shipping ? address(o.shipping) : null;
  const usable = (a: StoreOrderAddress | null) => Boolean(a && (a.line1 || a.countryCode));
  const chosen = usable(shipping) ? shipping! : usable(billing) ? billing! : null;
  if (!chosen) return null;
  return { ...chosen, phone: chosen.phone || billing?.phone || '' };
}

/** A line's total ÷ quantity in minor units, rounded half up (WooCommerce's own `price` is that division as a float). */
function unitPrice(line: WooLineItem, currency: string | null): StorePrice | null {
  const total = decimalToMinor(line.total ?? null, currency);
  const qty = Number(line.quantity ?? 0);
  if (!total || !Number.isSafeInteger(qty) || qty < 1) return null;
  return { amount: Math.floor((total.amount * 2 + qty) / (2 * qty)), currency: total.currency };
}

/**
 * A line's product and variant, named as the products import names them (`woo.products.ts`): a
 * variation's id is the variant, its parent the product; a simple product is its own one variant.
 * A line whose product was deleted (`product_id` 0) is a custom line: both null.
 */
function line(l: WooLineItem, currency: string | null): StoreOrderLineData {
  const productId = Number(l.product_id ?? 0) > 0 ? String(l.product_id) : null;
  const variationId = Number(l.variation_id ?? 0) > 0 ? String(l.variation_id) : null;
  return {
    externalId: String(l.id),
    productExternalId: productId,
    variantExternalId: productId ? (variationId ?? productId) : null,
    sku: str(l.sku) || null,
    title: str(l.name),
    quantity: Math.max(0, Math.trunc(Number(l.quantity ?? 0))),
    unitPrice: unitPrice(l, currency),
  };
}

/** The Shipment Tracking extension keeps its items in the order's meta (UNCONFIRMED in the reference). */
export const TRACKING_META = '_wc_shipment_tracking_items';

export interface WooTrackingItem {
  tracking_id?: string;
  tracking_provider?: string;
  custom_tracking_provider?: string;
  tracking_number?: string;
  custom_tracking_link?: string;
}

export function trackingOf(t: WooTrackingItem): StoreFulfilmentData {
  return {
    externalId: String(t.tracking_id ?? ''),
    company: str(t.custom_tracking_provider) || str(t.tracking_provider) || null,
    trackingNumber: str(t.tracking_number) || null,
  };
}

export function toStoreOrder(o: WooOrder): StoreOrderData {
  const currency = str(o.currency).toUpperCase() || null;
  const created = wooGmt(o.date_created_gmt) ?? new Date(0).toISOString();
  const meta = (o.meta_data ?? []).find((m) => m.key === TRACKING_META)?.value;
  const buyer = o.billing ? address(o.billing) : null;
  return {
    externalId: String(o.id),
    number: str(o.number) || String(o.id),
    createdAt: created,
    updatedAt: wooGmt(o.date_modified_gmt) ?? created,
    ...wooOrderStatus(o.status),
    total: decimalToMinor(o.total ?? null, currency) ?? { amount: 0, currency: currency ?? 'USD' },
    buyer: {
      name: buyer?.name || wooShippingAddress(o)?.name || '',
      email: str(o.billing?.email) || null,
      phone: buyer?.phone || null,
    },
    shippingAddress: wooShippingAddress(o),
    lines: (o.line_items ?? []).map((l) => line(l, currency)),
    fulfilments: Array.isArray(meta) ? (meta as WooTrackingItem[]).map(trackingOf) : [],
  };
}
