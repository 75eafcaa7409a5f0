import { GqlError, type Resolvable } from './emulator-graphql.js';

/**
 * The Shopify emulator's orders (issue 21): an order sells variants of the shop's products to a
 * buyer at an address; it is created through `ShopifyEmulator.createOrder` (tests) or the admin
 * page's form, changes by `updateOrder` / `cancelOrder` / `refundOrder`, and is served over Admin
 * GraphQL as Shopify serves it: `orders(first, after, query, sortKey, reverse)` with opaque
 * cursors, `order(id)`, line items as a connection, money as `MoneyBag`s. Without the
 * `read_all_orders` scope only orders created in the last 60 days are visible, silently, as
 * Shopify does (connector-protocols.md §1.4). Webhooks carry the REST shape (`restOrder`).
 */

/** What orders need of a shop and of the emulator's data (kept narrow: emulator-store.ts imports this file). */
interface OrderShop {
  domain: string;
  currency: string;
  products: Map<
    number,
    { id: number; title: string; variants: Array<{ id: number; title: string; sku: string; price: string }> }
  >;
  orders: Map<number, EmuOrder>;
}
interface OrderData {
  now(): number;
  id(): number;
}

export interface EmuAddress {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  phone: string;
}

export interface EmuOrderLine {
  id: number;
  productId: number | null;
  variantId: number | null;
  sku: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  /** Unit price, a decimal string in the shop's currency. */
  price: string;
}

export interface EmuTrackingInfo {
  company: string | null;
  number: string | null;
  url: string | null;
}

/** A fulfilment of (some of) the order's lines: made by an app or by hand in the admin. */
export interface EmuFulfillment {
  id: number;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: string;
  updatedAt: string;
  trackingInfo: EmuTrackingInfo[];
  /** Line id → quantity fulfilled. */
  lines: Array<{ lineId: number; quantity: number }>;
  /** Whether Shopify was asked to e-mail the buyer (fulfillmentCreate's notifyCustomer). */
  notifyCustomer?: boolean;
  /** Made by an app through the API, or by the merchant in the admin. */
  origin?: 'app' | 'merchant';
}

export interface EmuOrder {
  id: number;
  /** Shopify's order_number (1001, 1002…) and name ("#1001"). */
  number: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: 'CUSTOMER' | 'DECLINED' | 'FRAUD' | 'INVENTORY' | 'OTHER' | 'STAFF' | null;
  financialStatus: 'PAID' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  currency: string;
  /** Shipping charged to the buyer, a decimal string. */
  shippingPrice: string;
  email: string | null;
  customer: { id: number; firstName: string; lastName: string; email: string | null; phone: string | null } | null;
  shippingAddress: EmuAddress | null;
  lines: EmuOrderLine[];
  fulfillments: EmuFulfillment[];
}

export interface NewEmuOrder {
  /** Variant ids of the shop's products, with quantities (at least one line). */
  lines: Array<{ variantId: number; quantity: number }>;
  customer?: { firstName: string; lastName: string; email?: string | null; phone?: string | null };
  /** null: an order without a shipping address (a digital good, or a test of "address incomplete"). */
  shippingAddress?: Partial<EmuAddress> | null;
  shippingPrice?: string;
  financialStatus?: EmuOrder['financialStatus'];
  /** Backdates the order (tests of the 60-day limit and of the pull's cursor). */
  createdAt?: string;
}

/** Orders older than this are hidden from an app without `read_all_orders`. */
export const READABLE_DAYS = 60;

const cents = (s: string) => Math.round(Number(s) * 100);
const decimal = (c: number) => (c / 100).toFixed(2);

export function orderTotal(o: EmuOrder): string {
  return decimal(o.lines.reduce((sum, l) => sum + cents(l.price) * l.quantity, 0) + cents(o.shippingPrice));
}

export function fulfillmentStatus(o: EmuOrder): 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED' {
  const done = new Map<number, number>();
  for (const f of o.fulfillments)
    if (f.status === 'SUCCESS') for (const l of f.lines) done.set(l.lineId, (done.get(l.lineId) ?? 0) + l.quantity);
  const total = o.lines.reduce((n, l) => n + l.quantity, 0);
  const shipped = o.lines.reduce((n, l) => n + Math.min(l.quantity, done.get(l.id) ?? 0), 0);
  return shipped === 0 ? 'UNFULFILLED' : shipped >= total ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

/** Makes an order of the shop's variants; throws on an unknown variant or a bad quantity. */
export function makeOrder(data: OrderData, shop: OrderShop, o: NewEmuOrder): EmuOrder {
  if (!o.lines.length) throw new Error('emulator: an order needs at least one line');
  const at = o.createdAt ?? new Date(data.now()).toISOString();
  const lines = o.lines.map((l) => {
    if (!Number.isInteger(l.quantity) || l.quantity < 1) throw new Error('emulator: a quantity is a whole number ≥ 1');
    for (const p of shop.products.values()) {
      const v = p.variants.find((x) => x.id === l.variantId);
      if (v)
        return {
          id: data.id(),
          productId: p.id,
          variantId: v.id,
          sku: v.sku,
          title: p.title,
          variantTitle: v.title === 'Default Title' ? null : v.title,
          quantity: l.quantity,
          price: v.price,
        };
    }
    throw new Error(`emulator: no variant ${l.variantId} in ${shop.domain}`);
  });
  const c = o.customer ?? { firstName: 'Jane', lastName: 'Buyer', email: 'jane.buyer@example.com' };
  const a = o.shippingAddress;
  const number = 1001 + shop.orders.size;
  const order: EmuOrder = {
    id: data.id(),
    number,
    name: `#${number}`,
    createdAt: at,
    updatedAt: at,
    cancelledAt: null,
    cancelReason: null,
    financialStatus: o.financialStatus ?? 'PAID',
    currency: shop.currency,
    shippingPrice: o.shippingPrice ?? '0.00',
    email: c.email ?? null,
    customer: {
      id: data.id(),
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email ?? null,
      phone: c.phone ?? null,
    },
    shippingAddress:
      a === null
        ? null
        : {
            firstName: c.firstName,
            lastName: c.lastName,
            company: '',
            address1: '1 Main Street',
            address2: '',
            city: 'Springfield',
            province: '',
            zip: '12345',
            countryCode: 'US',
            phone: c.phone ?? '',
            ...a,
          },
    lines,
    fulfillments: [],
  };
  shop.orders.set(order.id, order);
  return order;
}

/** A change moves `updatedAt` forward, at least one second past the last (the pull's cursor relies on it). */
export function touchOrder(data: OrderData, o: EmuOrder): void {
  o.updatedAt = new Date(Math.max(data.now(), Date.parse(o.updatedAt) + 1000)).toISOString();
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const unb64 = <T>(s: string): T | null => {
  try {
    return JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
};

type Connect = <T>(list: T[], first: number, cursor: (x: T) => string, node: (x: T) => unknown) => unknown;
type PageSize = (a: Record<string, unknown>) => number;
/** Fields another file adds to an order object (its fulfillment orders: emulator-fulfilments.ts). */
type Extend = (o: EmuOrder) => Record<string, unknown>;

/** The GraphQL side: the `orders` connection and `order(id)`, as fields of the query root. */
export function orderFields(
  data: OrderData,
  shop: OrderShop,
  scope: string,
  helpers: { connection: Connect; pageSize: PageSize; extend?: Extend },
): Record<string, unknown> {
  const readAll = scope.split(',').includes('read_all_orders');
  const visible = (o: EmuOrder) => readAll || Date.parse(o.createdAt) >= data.now() - READABLE_DAYS * 24 * 3600 * 1000;
  return {
    orders: (a: Record<string, unknown>) => {
      const first = helpers.pageSize(a);
      const sort = a.sortKey === 'UPDATED_AT' ? 'updatedAt' : a.sortKey === 'CREATED_AT' ? 'createdAt' : null;
      let list = [...shop.orders.values()].filter(visible).sort((x, y) => x.id - y.id);
      if (typeof a.query === 'string') list = list.filter(orderSearch(a.query));
      if (sort) list.sort((x, y) => x[sort].localeCompare(y[sort]) || x.id - y.id);
      if (a.reverse === true) list.reverse();
      const key = (o: EmuOrder) => `${sort ? o[sort] : ''}|${String(o.id).padStart(12, '0')}`;
      if (typeof a.after === 'string') {
        const after = unb64<{ k: string }>(a.after);
        if (!after) throw new GqlError('Invalid cursor for current pagination sort.', 'INVALID_CURSOR');
        list = list.filter((o) => (a.reverse === true ? key(o) < after.k : key(o) > after.k));
      }
      return helpers.connection(
        list,
        first,
        (o) => b64({ k: key(o) }),
        (o) => orderObject(shop, o, helpers),
      );
    },
    order: (a: Record<string, unknown>) => {
      const id = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(String(a.id ?? ''))?.[1];
      const o = id ? shop.orders.get(Number(id)) : undefined;
      return o && visible(o) ? orderObject(shop, o, helpers) : null;
    },
  };
}

const money = (amount: string, currencyCode: string) => ({
  __typename: 'MoneyBag',
  shopMoney: { __typename: 'MoneyV2', amount, currencyCode },
  presentmentMoney: { __typename: 'MoneyV2', amount, currencyCode },
});

function orderObject(
  shop: OrderShop,
  o: EmuOrder,
  helpers: { connection: Connect; pageSize: PageSize; extend?: Extend },
): Resolvable {
  const a = o.shippingAddress;
  return {
    ...helpers.extend?.(o),
    __typename: 'Order',
    id: `gid://shopify/Order/${o.id}`,
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    cancelledAt: o.cancelledAt,
    cancelReason: o.cancelReason,
    closed: false,
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: fulfillmentStatus(o),
    currencyCode: o.currency,
    presentmentCurrencyCode: o.currency,
    totalPriceSet: money(orderTotal(o), o.currency),
    currentTotalPriceSet: money(o.financialStatus === 'REFUNDED' ? '0.00' : orderTotal(o), o.currency),
    totalShippingPriceSet: money(o.shippingPrice, o.currency),
    email: o.email,
    phone: o.customer?.phone ?? null,
    customer: o.customer
      ? {
          __typename: 'Customer',
          id: `gid://shopify/Customer/${o.customer.id}`,
          firstName: o.customer.firstName,
          lastName: o.customer.lastName,
          displayName: `${o.customer.firstName} ${o.customer.lastName}`.trim(),
          email: o.customer.email,
          phone: o.customer.phone,
        }
      : null,
    shippingAddress: a
      ? {
          __typename: 'MailingAddress',
          firstName: a.firstName,
          lastName: a.lastName,
          name: `${a.firstName} ${a.lastName}`.trim(),
          company: a.company || null,
          address1: a.address1 || null,
          address2: a.address2 || null,
          city: a.city || null,
          province: a.province || null,
          zip: a.zip || null,
          countryCodeV2: a.countryCode || null,
          phone: a.phone || null,
        }
      : null,
    lineItems: (args: Record<string, unknown>) => {
      const first = helpers.pageSize(args);
      let list = o.lines.map((l, i) => ({ l, i }));
      if (typeof args.after === 'string') {
        const after = unb64<{ i: number }>(args.after);
        if (!after) throw new GqlError('Invalid cursor for current pagination sort.', 'INVALID_CURSOR');
        list = list.filter((x) => x.i > after.i);
      }
      return helpers.connection(
        list,
        first,
        (x) => b64({ i: x.i }),
        ({ l }) => ({
          __typename: 'LineItem',
          id: `gid://shopify/LineItem/${l.id}`,
          name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
          title: l.title,
          variantTitle: l.variantTitle,
          sku: l.sku || null,
          quantity: l.quantity,
          currentQuantity: o.cancelledAt ? 0 : l.quantity,
          product:
            l.productId && shop.products.has(l.productId)
              ? { __typename: 'Product', id: `gid://shopify/Product/${l.productId}` }
              : null,
          variant: l.variantId
            ? { __typename: 'ProductVariant', id: `gid://shopify/ProductVariant/${l.variantId}` }
            : null,
          originalUnitPriceSet: money(l.price, o.currency),
        }),
      );
    },
    fulfillments: () =>
      o.fulfillments.map((f) => ({
        __typename: 'Fulfillment',
        id: `gid://shopify/Fulfillment/${f.id}`,
        status: f.status,
        createdAt: f.createdAt,
        updatedAt: f.updatedAt,
        trackingInfo: () => f.trackingInfo.map((t) => ({ __typename: 'FulfillmentTrackingInfo', ...t })),
      })),
  };
}

/**
 * Shopify's search syntax, the part a client of orders uses: `updated_at` / `created_at` with
 * >=, >, <, <= (quoted or not), `status:open|cancelled|any`, `name:#1001`. Other terms are ignored.
 */
function orderSearch(q: string): (o: EmuOrder) => boolean {
  const tests: Array<(o: EmuOrder) => boolean> = [];
  for (const m of q.matchAll(/(updated_at|created_at):(>=|<=|>|<)?['"]?([^'"\s]+)['"]?/g)) {
    const field = m[1] === 'updated_at' ? 'updatedAt' : 'createdAt';
    const at = Date.parse(m[3]!);
    if (Number.isNaN(at)) throw new GqlError(`Invalid date in query: ${m[3]}`, 'INVALID_SEARCH');
    const op = m[2] ?? '>=';
    tests.push((o) => {
      const t = Date.parse(o[field]);
      return op === '>' ? t > at : op === '>=' ? t >= at : op === '<' ? t < at : t <= at;
    });
  }
  for (const m of q.matchAll(/status:(\w+)/g)) {
    const s = m[1]!.toLowerCase();
    if (s === 'cancelled') tests.push((o) => o.cancelledAt !== null);
    else if (s === 'open') tests.push((o) => o.cancelledAt === null);
  }
  for (const m of q.matchAll(/name:['"]?(#?\w+)['"]?/g)) {
    const name = m[1]!.startsWith('#') ? m[1]! : `#${m[1]}`;
    tests.push((o) => o.name === name);
  }
  return (o) => tests.every((t) => t(o));
}

/** The REST-shaped order an `orders/*` webhook carries. */
export function restOrder(o: EmuOrder): Record<string, unknown> {
  const addr = (a: EmuAddress | null) =>
    a && {
      first_name: a.firstName,
      last_name: a.lastName,
      name: `${a.firstName} ${a.lastName}`.trim(),
      company: a.company || null,
      address1: a.address1,
      address2: a.address2 || null,
      city: a.city,
      province: a.province || null,
      zip: a.zip,
      country_code: a.countryCode,
      phone: a.phone || null,
    };
  return {
    id: o.id,
    admin_graphql_api_id: `gid://shopify/Order/${o.id}`,
    name: o.name,
    order_number: o.number,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    cancelled_at: o.cancelledAt,
    cancel_reason: o.cancelReason?.toLowerCase() ?? null,
    currency: o.currency,
    total_price: orderTotal(o),
    financial_status: o.financialStatus.toLowerCase(),
    fulfillment_status: { UNFULFILLED: null, PARTIALLY_FULFILLED: 'partial', FULFILLED: 'fulfilled' }[
      fulfillmentStatus(o)
    ],
    email: o.email,
    customer: o.customer && {
      id: o.customer.id,
      first_name: o.customer.firstName,
      last_name: o.customer.lastName,
      email: o.customer.email,
      phone: o.customer.phone,
    },
    shipping_address: addr(o.shippingAddress),
    line_items: o.lines.map((l) => ({
      id: l.id,
      admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
      product_id: l.productId,
      variant_id: l.variantId,
      sku: l.sku,
      title: l.title,
      variant_title: l.variantTitle,
      quantity: l.quantity,
      price: l.price,
    })),
  };
}
