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

/**
 * A connected store's client. Credentials are given when it is made; when a platform rotates
 * them (Shopify's and AliExpress's refresh), the client calls `onCredentials` with the new set,
 * which the stores module stores (encrypted) before using them again.
 */
export interface StoreClient {
  listProducts(cursor: string | null, options?: ListProductsOptions): Promise<StoreProductPage>;
  getProduct(externalId: string): Promise<StoreProductData | null>;
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
