/**
 * What every store connector gives the stores module (decision 0100): one shape for a store's
 * products and variants, one error type, and a client that reads them. Each platform's own
 * authorization (Shopify's install, WooCommerce's keys, AliExpress's code grant) is specific and
 * lives in its own folder beside this file; only reading products is common.
 *
 * The connectors know nothing of our tables, and nothing of the emulators: a base URL from the
 * configuration (or the store's address) is all that differs between a sandbox and a real store.
 */

import type { StorePlatformName } from '@dsm/contract';

export type StorePlatform = StorePlatformName;

/** A price as the store states it, turned into integer minor units of its currency. */
export interface StorePrice {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface StoreVariantData {
  /** The platform's own id of the variant (Shopify gid, WooCommerce variation id, AliExpress SKU id). */
  externalId: string;
  sku: string | null;
  /** What the store shows for it, e.g. "Grey / XL"; the product title for a product without options. */
  title: string;
  options: Array<{ name: string; value: string }>;
  price: StorePrice | null;
  imageUrl: string | null;
}

export interface StoreProductData {
  externalId: string;
  title: string;
  imageUrl: string | null;
  /** Where the product is on the store (storefront or admin page), when the platform says. */
  url: string | null;
  status: 'active' | 'draft' | 'archived';
  /** ISO 8601 instant of the store's last change to the product. */
  updatedAt: string;
  /** At least one: a product without options has one variant of its own. */
  variants: StoreVariantData[];
}

export interface StoreProductPage {
  products: StoreProductData[];
  /** Opaque: a Shopify cursor, the next WooCommerce page number, the next AliExpress page. */
  next: string | null;
  /** Total pages or items when the platform tells, for progress. */
  totalPages?: number;
}

export interface ListProductsOptions {
  /** Only products changed at or after this instant (WooCommerce's catch-up, scheduled pulls). */
  updatedSince?: Date;
  pageSize?: number;
}

/** A buyer's address as the store gives it (issue 21); blanks are empty strings, never invented. */
export interface StoreOrderAddress {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  province: string;
  postcode: string;
  /** ISO 3166-1 alpha-2, upper case; empty when the store gives none. */
  countryCode: string;
  phone: string;
}

export interface StoreOrderLineData {
  /** The platform's id of the line (Shopify LineItem gid, WooCommerce line_items[].id, AliExpress child order id). */
  externalId: string;
  /** The store product and variant the line sold, as `StoreProductData` / `StoreVariantData` name them: null for a custom line. */
  productExternalId: string | null;
  variantExternalId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
  /** The store's selling price of one unit, in the order's currency. */
  unitPrice: StorePrice | null;
}

/** A fulfilment the store already has for the order, whoever made it (us or the merchant by hand). */
export interface StoreFulfilmentData {
  externalId: string;
  company: string | null;
  trackingNumber: string | null;
}

/**
 * One store order in the common shape (issue 21). `status` folds the platform's states: `open`
 * (placed, to be fulfilled), `cancelled`, `refunded`; `fulfilled` says the store shows it as
 * shipped (by us or by hand).
 */
export interface StoreOrderData {
  externalId: string;
  /** What the merchant and the buyer call it: Shopify's `#1001`, WooCommerce's number, AliExpress's order id. */
  number: string;
  /** ISO 8601 instants from the store. */
  createdAt: string;
  updatedAt: string;
  status: 'open' | 'cancelled' | 'refunded';
  fulfilled: boolean;
  /** The order's total as the buyer paid it, in the store's currency. */
  total: StorePrice;
  buyer: { name: string; email: string | null; phone: string | null };
  shippingAddress: StoreOrderAddress | null;
  lines: StoreOrderLineData[];
  fulfilments: StoreFulfilmentData[];
}

export interface StoreOrderPage {
  orders: StoreOrderData[];
  next: string | null;
  /**
   * The oldest instant the platform let us read, when it limits the past (Shopify without
   * `read_all_orders`: 60 days); the first import tells the owner how far back it reached.
   */
  readableSince?: string;
}

export interface ListOrdersOptions {
  /** Only orders changed at or after this instant (the pull's cursor). */
  updatedSince?: Date;
  pageSize?: number;
}

/** Tracking to write to the store when the operator ships (issue 21). */
export interface TrackingPush {
  /** Our carrier name; each connector maps it to the platform's own list (Shopify's exact names). */
  company: string;
  /** Trimmed; never contains spaces. */
  number: string;
  url: string | null;
  /** The store's e-mail permission: the platform notifies the buyer (Shopify `notifyCustomer`, a WooCommerce customer note). */
  notifyCustomer: boolean;
  /** Set when the store order ships in several parcels (decision 0121); absent: the whole order at once. */
  shipment?: TrackingShipment | null;
}

/**
 * One parcel of a store order paid as several shipments (one per warehouse, decision 0118): what
 * it carries, whether it is the last to leave, and the numbers of the parcels already pushed, so
 * the store's record of those is known as ours and not mistaken for a fulfilment made by hand.
 */
export interface TrackingShipment {
  /** The store order's lines in this parcel: the platform's line ids (as `StoreOrderLineData.externalId`), titles, quantities. */
  lines: Array<{ externalId: string; title: string; quantity: number }>;
  /** Every other parcel of the store order has shipped: the store order is complete with this one. */
  last: boolean;
  /** Tracking numbers our other parcels of this store order carry. */
  siblingNumbers: string[];
}

export interface TrackingPushResult {
  /** The platform's id of the fulfilment (or note) that now carries the tracking. */
  fulfilmentId: string;
  /**
   * `created`: a new fulfilment; `updated`: our earlier one got the new number; `already`: the
   * store already had this tracking (a retry after a lost answer); `by-hand`: the merchant had
   * fulfilled the order in the store with other tracking, and we did not add a second fulfilment.
   */
  outcome: 'created' | 'updated' | 'already' | 'by-hand';
}

/**
 * A product to publish into a store (issue 22, listing). Prices are in the store's currency,
 * already computed by the listing's pricing rule; the connector only writes them. Images are
 * public URLs (our file store under PUBLIC_URL) that the platform fetches itself.
 */
export interface PublishVariant {
  /** Our catalogue SKU code; written as the store variant's SKU so orders match it (the mutual SKU). */
  sku: string;
  /** At most 3 options on Shopify; the same names, in the same order, on every variant. */
  options: Array<{ name: string; value: string }>;
  /** Minor units of `currency` of the product. */
  price: number;
  /** Minor units; null when the rule sets no compare-at price. */
  compareAtPrice: number | null;
  /** Units to show as in stock; null leaves the store's inventory untracked. */
  quantity: number | null;
  imageUrl: string | null;
}

export interface PublishProduct {
  title: string;
  /** HTML, as the store shows it. */
  descriptionHtml: string;
  /** In display order; the first is the main image. */
  imageUrls: string[];
  tags: string[];
  /** Shopify product type, WooCommerce category name; null for none. */
  productType: string | null;
  /** ISO 4217 of every price below (the store's currency). */
  currency: string;
  /** 1 to 99 (SPEC §5); a product without options has one variant with no options. */
  variants: PublishVariant[];
  /**
   * Our key for this product, the same on every attempt (the listing's id). A create first looks
   * for a product made with it, so an attempt whose answer was lost (the store made the product,
   * the answer never came) is found again instead of made twice (decision 0138): Shopify by the
   * handle derived from it (`productSet` with that identifier is an upsert), WooCommerce by SKU
   * and a `dsm_listing` meta entry. Without it a create is a plain create.
   */
  ref?: string;
}

/** What the store made of a published product: its ids, to connect each variant to its SKU. */
export interface PublishedProduct {
  externalId: string;
  /** Storefront or admin address, when the platform says. */
  url: string | null;
  variants: Array<{
    sku: string;
    externalId: string;
    /** Shopify's inventory item id (inventory mutations need it); null elsewhere. */
    inventoryItemId: string | null;
  }>;
}

/** One listed variant's new stock or price (inventory sync, re-pricing). */
export interface VariantUpdate {
  productExternalId: string;
  variantExternalId: string;
  /** Shopify's inventory item id; null elsewhere. */
  inventoryItemId: string | null;
  /** Set the stock to this; undefined leaves it. */
  quantity?: number;
  /** What we believe the store holds now (Shopify's `changeFromQuantity`, compare-and-set); null when unknown. */
  previousQuantity?: number | null;
  /** Minor units of the store's currency; undefined leaves it. */
  price?: number;
  compareAtPrice?: number | null;
}

/**
 * A connected store's client. Credentials are given when it is made; when a platform rotates
 * them (Shopify's and AliExpress's refresh), the client calls `onCredentials` with the new set,
 * which the stores module stores (encrypted) before using them again.
 */
export interface StoreClient {
  listProducts(cursor: string | null, options?: ListProductsOptions): Promise<StoreProductPage>;
  getProduct(externalId: string): Promise<StoreProductData | null>;
  /**
   * Store orders (issue 21), newest change last where the platform allows, so a cursor on
   * `updatedAt` never skips one. Optional until every platform has them.
   */
  listOrders?(cursor: string | null, options?: ListOrdersOptions): Promise<StoreOrderPage>;
  getOrder?(externalId: string): Promise<StoreOrderData | null>;
  /**
   * Writes tracking to the store order. Reads the order's fulfilments first, so a retry never
   * makes a second one; `previous` is the fulfilment an earlier push made (a changed number
   * updates it). Throws StorePlatformError.
   */
  pushTracking?(
    orderExternalId: string,
    push: TrackingPush,
    previous?: { fulfilmentId: string } | null,
  ): Promise<TrackingPushResult>;
  /**
   * Listing (issue 22). `publishProduct` creates the product with every variant in one go; an
   * `existing` id replaces that product's whole variant set (Shopify's productSet deletes what
   * the input leaves out, so updates always send all of it). Throws StorePlatformError; `invalid`
   * carries the platform's own user errors in `detail`. Not offered where the platform's seller
   * API does not allow posting (AliExpress): the method is absent.
   */
  publishProduct?(product: PublishProduct, existing?: { externalId: string } | null): Promise<PublishedProduct>;
  /** Removes a product we published (roll back). A product already gone is not an error. */
  deleteProduct?(externalId: string): Promise<void>;
  /** Stock and price of listed variants, batched within the platform's limits (Shopify 250, WooCommerce 100 per call). */
  updateVariants?(updates: VariantUpdate[]): Promise<void>;
}

/** Platform credentials as stored: one JSON object, encrypted at rest as a whole. */
export type StoreCredentials = Record<string, string | number | boolean | null>;

export type OnCredentials = (next: StoreCredentials) => Promise<void>;

/**
 * Why a call to a store failed, in words the stores module maps to user messages:
 * - `auth`: the credentials are refused and cannot be refreshed → "Authorization failed, please re-authorize";
 * - `throttled`: the platform asked us to slow down and waiting did not help in time;
 * - `unavailable`: timeout, connection refused, 5xx after retries;
 * - `not-found`: the store or the resource is not there (a wrong address, a deleted product);
 * - `invalid`: the platform refused what we sent (a bug on our side or a changed API);
 * - `protocol`: the answer was not what the platform documents (not JSON, a missing field).
 */
export type StorePlatformErrorKind = 'auth' | 'throttled' | 'unavailable' | 'not-found' | 'invalid' | 'protocol';

export class StorePlatformError extends Error {
  constructor(
    readonly platform: StorePlatform,
    readonly kind: StorePlatformErrorKind,
    /** Safe to log and to show to the store owner: never a secret, a token or a signed URL. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${platform} ${kind}: ${detail}`);
    this.name = 'StorePlatformError';
  }
}

/** Every outgoing call: a timeout, and retries with backoff only where the platform allows it. */
export interface HttpPolicy {
  timeoutMs: number;
  retries: number;
  /** First backoff; doubled each retry. */
  backoffMs: number;
  /** Tests pass their own; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** A log line per call, without secrets: method, URL without query, status, ms. */
  log?: (line: {
    platform: StorePlatform;
    method: string;
    url: string;
    status: number | 'error';
    ms: number;
    attempt: number;
  }) => void;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = { timeoutMs: 15_000, retries: 2, backoffMs: 500 };
