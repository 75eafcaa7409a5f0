import { decimalToMinor } from '../money.js';
import {
  type StoreOrderAddress,
  type StoreOrderData,
  type StoreOrderLineData,
  StorePlatformError,
} from '../store-platform.js';
import type { PageInfo } from './shopify.products.js';

/**
 * Store orders from Admin GraphQL (connector-protocols.md §1.4, issue 21): `orders` sorted by
 * UPDATED_AT with a `updated_at:>=` search, cursor paging, and the common shape. Page sizes keep
 * a query under the 1,000-point single-query limit: one order with 20 lines asks about 110
 * points (lines cost 5 each: the line, its product, variant and price), so 8 orders a page ask
 * about 890; an order with more lines has the rest read 100 at a time (about 500).
 *
 * Without `read_all_orders` Shopify shows only the last 60 days, silently: the client says so as
 * `readableSince`, so the first import can tell the owner how far back it reached.
 */
export const ORDERS_PER_PAGE = 8;
export const LINES_PER_ORDER = 20;
export const LINES_PER_PAGE = 100;
export const READABLE_DAYS_WITHOUT_ALL_ORDERS = 60;

const LINE_FIELDS = `id title variantTitle sku quantity product { id } variant { id }
        originalUnitPriceSet { shopMoney { amount currencyCode } }`;
const ORDER_FIELDS = `id name createdAt updatedAt cancelledAt displayFinancialStatus displayFulfillmentStatus
      totalPriceSet { shopMoney { amount currencyCode } }
      email phone customer { firstName lastName email phone }
      shippingAddress { firstName lastName company address1 address2 city province zip countryCodeV2 phone }
      lineItems(first: $linesFirst) { pageInfo { hasNextPage endCursor } nodes { ${LINE_FIELDS} } }
      fulfillments { id status trackingInfo { company number url } }`;

export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String, $linesFirst: Int!) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes { ${ORDER_FIELDS} }
  }
}`;

export const ORDER_QUERY = `query Order($id: ID!, $linesFirst: Int!) {
  order(id: $id) { ${ORDER_FIELDS} }
}`;

export const ORDER_LINES_QUERY = `query OrderLines($id: ID!, $first: Int!, $after: String) {
  order(id: $id) { lineItems(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${LINE_FIELDS} } } }
}`;

interface Money {
  shopMoney: { amount: string; currencyCode: string } | null;
}

export interface GqlLineItem {
  id: string;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  quantity: number;
  product: { id: string } | null;
  variant: { id: string } | null;
  originalUnitPriceSet: Money | null;
}

export interface GqlOrder {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  totalPriceSet: Money | null;
  email: string | null;
  phone: string | null;
  customer: { firstName: string | null; lastName: string | null; email: string | null; phone: string | null } | null;
  shippingAddress: Record<
    | 'firstName'
    | 'lastName'
    | 'company'
    | 'address1'
    | 'address2'
    | 'city'
    | 'province'
    | 'zip'
    | 'countryCodeV2'
    | 'phone',
    string | null
  > | null;
  lineItems: { pageInfo: PageInfo; nodes: GqlLineItem[] };
  fulfillments: Array<{
    id: string;
    status: string;
    trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }>;
  }> | null;
}

/** The order gid from an id as webhooks give it (`admin_graphql_api_id`, or the REST number). */
export function orderGid(id: string | number): string | null {
  const s = String(id);
  if (/^gid:\/\/shopify\/Order\/\d+$/.test(s)) return s;
  return /^\d+$/.test(s) ? `gid://shopify/Order/${s}` : null;
}

const joinName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .filter((x) => x?.trim())
    .join(' ')
    .trim();

function address(a: GqlOrder['shippingAddress']): StoreOrderAddress | null {
  if (!a) return null;
  const s = (v: string | null) => (v ?? '').trim();
  return {
    name: joinName(a.firstName, a.lastName),
    company: s(a.company),
    line1: s(a.address1),
    line2: s(a.address2),
    city: s(a.city),
    province: s(a.province),
    postcode: s(a.zip),
    countryCode: s(a.countryCodeV2).toUpperCase(),
    phone: s(a.phone),
  };
}

function line(l: GqlLineItem): StoreOrderLineData {
  const price = l.originalUnitPriceSet?.shopMoney;
  return {
    externalId: l.id,
    productExternalId: l.product?.id ?? null,
    variantExternalId: l.variant?.id ?? null,
    sku: l.sku ? l.sku : null,
    title: l.variantTitle && l.variantTitle !== 'Default Title' ? `${l.title} - ${l.variantTitle}` : l.title,
    quantity: l.quantity,
    unitPrice: price ? decimalToMinor(price.amount, price.currencyCode) : null,
  };
}

/** An order with all its lines (the caller read any beyond the first page) → the common shape. */
export function toStoreOrder(o: GqlOrder, lines: GqlLineItem[]): StoreOrderData {
  const money = o.totalPriceSet?.shopMoney;
  const total = money ? decimalToMinor(money.amount, money.currencyCode) : null;
  if (!total) throw new StorePlatformError('shopify', 'protocol', `order ${o.name} has no readable total`);
  const c = o.customer;
  const shipping = address(o.shippingAddress);
  return {
    externalId: o.id,
    number: o.name,
    createdAt: new Date(o.createdAt).toISOString(),
    updatedAt: new Date(o.updatedAt).toISOString(),
    status: o.cancelledAt ? 'cancelled' : o.displayFinancialStatus === 'REFUNDED' ? 'refunded' : 'open',
    fulfilled: o.displayFulfillmentStatus === 'FULFILLED',
    total,
    buyer: {
      name: joinName(c?.firstName, c?.lastName) || shipping?.name || '',
      email: o.email ?? c?.email ?? null,
      phone: o.phone ?? c?.phone ?? null,
    },
    shippingAddress: shipping,
    lines: lines.map(line),
    fulfilments: (o.fulfillments ?? [])
      .filter((f) => f.status !== 'CANCELLED')
      .map((f) => ({
        externalId: f.id,
        company: f.trackingInfo[0]?.company ?? null,
        trackingNumber: f.trackingInfo[0]?.number ?? null,
      })),
  };
}

/** The oldest instant a token with `scope` may read, or undefined when it reads everything. */
export function readableSince(scope: string, now: Date): string | undefined {
  if (scope.split(',').includes('read_all_orders')) return undefined;
  return new Date(now.getTime() - READABLE_DAYS_WITHOUT_ALL_ORDERS * 86_400_000).toISOString();
}
