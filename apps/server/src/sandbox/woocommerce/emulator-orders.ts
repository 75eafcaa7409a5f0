import { randomBytes } from 'node:crypto';
import { type EmulatorStore, gmt, now } from './emulator-store.js';

/**
 * The emulated store's orders (issue 21): lines of the store's products and variations, a buyer
 * (billing) and a shipping address, notes, and the Shipment Tracking extension's items. Money is
 * kept as WooCommerce shows it, decimal strings with 2 places. A status change adds WooCommerce's
 * own system note ("Order status changed from … to …."), so a client reading notes meets it too.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'trash',
] as const;
export type EmuOrderStatus = (typeof ORDER_STATUSES)[number];

export interface EmuAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone: string;
}

export interface EmuOrderLine {
  id: number;
  productId: number;
  variationId: number;
  name: string;
  sku: string;
  quantity: number;
  /** One unit, as the product cost when the order was placed. */
  price: string;
}

export interface EmuNote {
  id: number;
  note: string;
  customerNote: boolean;
  author: string;
  createdAt: number;
}

export interface EmuTracking {
  tracking_id: string;
  tracking_provider: string;
  custom_tracking_provider: string;
  custom_tracking_link: string;
  tracking_number: string;
  date_shipped: string;
}

export interface EmuOrder {
  id: number;
  status: EmuOrderStatus;
  currency: string;
  createdAt: number;
  modifiedAt: number;
  billing: EmuAddress;
  shipping: EmuAddress;
  shippingTotal: string;
  lines: EmuOrderLine[];
  notes: EmuNote[];
  trackings: EmuTracking[];
}

export interface NewOrder {
  lines: Array<{ productId: number; variationId?: number; quantity: number }>;
  billing: Partial<EmuAddress>;
  /** Omitted: the same as billing. An empty object: a store that leaves shipping blank. */
  shipping?: Partial<EmuAddress>;
  status?: EmuOrderStatus;
  shippingTotal?: string;
}

type EmitOrder = (topic: 'order.created' | 'order.updated' | 'order.deleted', order: EmuOrder) => void;

const BLANK: EmuAddress = {
  first_name: '',
  last_name: '',
  company: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
  phone: '',
};

const cents = (s: string) => Math.round(Number(s || '0') * 100);
const money = (c: number) => (c / 100).toFixed(2);
const LABEL: Record<string, string> = { 'on-hold': 'On hold' };
const label = (s: string) => LABEL[s] ?? s.charAt(0).toUpperCase() + s.slice(1);

export class EmulatorOrders {
  readonly orders = new Map<number, EmuOrder>();
  /** From the clock: a demo restarted (its orders gone) never hands out an id the marketplace already holds. */
  private nextOrder = Math.floor(Date.now() / 1000) - 1_700_000_000;
  private nextLine = 1;
  private nextNote = 1;

  constructor(
    private readonly store: EmulatorStore,
    private readonly currency: () => string,
    private readonly emit: EmitOrder,
  ) {}

  /** Places an order as a checkout would; throws (with WooCommerce's words) on a bad line. */
  create(input: NewOrder): EmuOrder {
    if (!input.lines.length) throw new OrderError('woocommerce_rest_invalid_line_items', 'The order has no items.');
    const lines = input.lines.map((l) => this.line(l));
    const billing = { ...BLANK, email: '', ...input.billing };
    const at = now();
    const order: EmuOrder = {
      id: this.nextOrder++,
      status: input.status ?? 'processing',
      currency: this.currency(),
      createdAt: at,
      modifiedAt: at,
      billing,
      shipping: input.shipping === undefined ? { ...billing, email: undefined } : { ...BLANK, ...input.shipping },
      shippingTotal: input.shippingTotal ?? '0.00',
      lines,
      notes: [],
      trackings: [],
    };
    this.orders.set(order.id, order);
    this.emit('order.created', order);
    return order;
  }

  private line(l: NewOrder['lines'][number]): EmuOrderLine {
    const p = this.store.products.get(l.productId);
    if (!p || p.status === 'trash') throw new OrderError('woocommerce_rest_invalid_product_id', 'Invalid product ID.');
    const v = l.variationId ? p.variations.find((x) => x.id === l.variationId) : undefined;
    if (p.type === 'variable' && !v)
      throw new OrderError('woocommerce_rest_invalid_variation_id', 'Invalid variation ID: choose a variation.');
    if (!Number.isInteger(l.quantity) || l.quantity < 1)
      throw new OrderError('woocommerce_rest_invalid_quantity', 'The quantity must be a positive whole number.');
    const options = v?.attributes.map((a) => a.option).join(', ');
    return {
      id: this.nextLine++,
      productId: p.id,
      variationId: v?.id ?? 0,
      name: options ? `${p.name} - ${options}` : p.name,
      sku: v?.sku ?? p.sku,
      quantity: l.quantity,
      price: v?.price || p.price || '0.00',
    };
  }

  get(id: number): EmuOrder {
    const o = this.orders.get(id);
    if (!o) throw new OrderError('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.', 404);
    return o;
  }

  /** A change saved in the admin or through the API: modified time, a status note, `order.updated`. */
  update(id: number, patch: { status?: string; shipping?: Partial<EmuAddress>; billing?: Partial<EmuAddress> }) {
    const o = this.get(id);
    if (patch.status !== undefined && patch.status !== o.status) {
      if (!(ORDER_STATUSES as readonly string[]).includes(patch.status))
        throw new OrderError('rest_invalid_param', 'Invalid parameter(s): status');
      this.note(o, `Order status changed from ${label(o.status)} to ${label(patch.status)}.`, false, 'system');
      o.status = patch.status as EmuOrderStatus;
    }
    if (patch.shipping) o.shipping = { ...o.shipping, ...patch.shipping };
    if (patch.billing) o.billing = { ...o.billing, ...patch.billing };
    o.modifiedAt = now();
    this.emit('order.updated', o);
    return o;
  }

  note(o: EmuOrder, text: string, customerNote: boolean, author = 'WooCommerce'): EmuNote {
    const n: EmuNote = { id: this.nextNote++, note: text, customerNote, author, createdAt: now() };
    o.notes.push(n);
    return n;
  }

  addTracking(o: EmuOrder, t: Partial<EmuTracking>): EmuTracking {
    const item: EmuTracking = {
      tracking_id: randomBytes(16).toString('hex'),
      tracking_provider: t.tracking_provider ?? '',
      custom_tracking_provider: t.custom_tracking_provider ?? '',
      custom_tracking_link: t.custom_tracking_link ?? '',
      tracking_number: t.tracking_number ?? '',
      date_shipped: t.date_shipped ?? new Date().toISOString().slice(0, 10),
    };
    o.trackings.push(item);
    return item;
  }

  totalOf(o: EmuOrder): string {
    return money(o.lines.reduce((s, l) => s + cents(l.price) * l.quantity, 0) + cents(o.shippingTotal));
  }
}

export class OrderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The order as `GET /wc/v3/orders/{id}` shows it (and as its webhooks carry it). */
export function orderJson(o: EmuOrder, orders: EmulatorOrders): Record<string, unknown> {
  const local = (ms: number) => gmt(ms); // the emulated site's time zone is UTC
  return {
    id: o.id,
    parent_id: 0,
    number: String(o.id),
    order_key: `wc_order_${o.id.toString(36)}`,
    created_via: 'checkout',
    status: o.status,
    currency: o.currency,
    date_created: local(o.createdAt),
    date_created_gmt: gmt(o.createdAt),
    date_modified: local(o.modifiedAt),
    date_modified_gmt: gmt(o.modifiedAt),
    discount_total: '0.00',
    shipping_total: o.shippingTotal,
    total: orders.totalOf(o),
    total_tax: '0.00',
    customer_id: 0,
    billing: o.billing,
    shipping: o.shipping,
    payment_method: 'bacs',
    line_items: o.lines.map((l) => ({
      id: l.id,
      name: l.name,
      product_id: l.productId,
      variation_id: l.variationId,
      quantity: l.quantity,
      tax_class: '',
      subtotal: money(cents(l.price) * l.quantity),
      subtotal_tax: '0.00',
      total: money(cents(l.price) * l.quantity),
      total_tax: '0.00',
      taxes: [],
      meta_data: [],
      sku: l.sku,
      price: cents(l.price) / 100,
    })),
    shipping_lines: [],
    meta_data: o.trackings.length ? [{ id: o.id * 10, key: '_wc_shipment_tracking_items', value: o.trackings }] : [],
  };
}

export function noteJson(n: EmuNote): Record<string, unknown> {
  return {
    id: n.id,
    author: n.author,
    date_created: gmt(n.createdAt),
    date_created_gmt: gmt(n.createdAt),
    note: n.note,
    customer_note: n.customerNote,
  };
}
