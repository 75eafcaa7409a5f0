import { jsonOf, type StoreResponse, storeFetch } from '../http.js';
import {
  type HttpPolicy,
  type ListOrdersOptions,
  type ListProductsOptions,
  type PublishedProduct,
  type PublishProduct,
  type StoreClient,
  type StoreOrderData,
  type StoreOrderPage,
  type StoreProductData,
  type StoreProductPage,
  StorePlatformError,
  type StoreVariantData,
  type TrackingPush,
  type TrackingPushResult,
  type VariantUpdate,
} from '../store-platform.js';
import { type WooKeys, basicAuthorization, signOAuthUrl, withQueryKeys } from './woo.auth.js';
import { getWooOrder, listWooOrders } from './woo.order-reads.js';
import { type WooProduct, type WooVariation, toStoreProduct } from './woo.products.js';
import { WooPublisher } from './woo.publish.js';
import { type WooRequester, errorOf } from './woo.request.js';
import { pushWooTracking } from './woo.tracking.js';

export { errorOf };

/**
 * WooCommerce REST v3 (connector-protocols.md §2): `/wp-json/wc/v3` with a consumer key and
 * secret. Over https HTTP Basic, falling back to the key and secret in the query string when the
 * store answers 401 to Basic (hosts that drop the Authorization header: "Consumer key is
 * missing"); over plain http OAuth 1.0a one-legged, HMAC-SHA256, in the query string.
 */
export type WooAuthMode = 'basic' | 'query' | 'oauth1';

export interface WooCredentials extends WooKeys {
  /** The mode that worked when the keys were checked; chosen by the scheme when absent. */
  authMode?: WooAuthMode;
}

export interface WooClientOptions {
  baseUrl: string;
  credentials: WooCredentials;
  http?: Partial<HttpPolicy>;
  /** Products per page (WooCommerce's default is 10, its maximum 100). */
  pageSize?: number;
}

const API = '/wp-json/wc/v3';
const VARIATIONS_PER_PAGE = 100;

export class WooClient implements StoreClient, WooRequester {
  readonly baseUrl: string;
  private mode: WooAuthMode;
  private currency: Promise<string | null> | null = null;
  private readonly publisher = new WooPublisher(this, () => this.currencyCode());

  constructor(private readonly options: WooClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.mode = options.credentials.authMode ?? (this.baseUrl.startsWith('https:') ? 'basic' : 'oauth1');
  }

  /** The mode in use: `query` after a fallback from Basic. */
  get authMode(): WooAuthMode {
    return this.mode;
  }

  /** One REST call with the keys presented the right way; answers any status for the caller. */
  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    query: Record<string, string> = {},
    body?: unknown,
  ): Promise<StoreResponse> {
    // `/wp-json/…` is another plugin's namespace (Shipment Tracking); anything else is under wc/v3.
    const url = new URL(`${this.baseUrl}${path.startsWith('/wp-json/') ? '' : API}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const send = (mode: WooAuthMode) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      let target = url.toString();
      if (mode === 'basic') headers.authorization = basicAuthorization(this.options.credentials);
      else if (mode === 'query') target = withQueryKeys(target, this.options.credentials);
      else target = signOAuthUrl(method, target, this.options.credentials);
      // POSTs (webhooks, notes, trackings) are not de-duplicated by WooCommerce: never sent twice
      // after a timeout. A PUT sets a state (an order's status), so sending it again is harmless.
      return storeFetch(
        'woocommerce',
        {
          method,
          url: target,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          idempotent: method !== 'POST',
        },
        this.options.http,
      );
    };
    const res = await send(this.mode);
    if (res.status === 401 && this.mode === 'basic' && !this.options.credentials.authMode) {
      const retry = await send('query');
      if (retry.status !== 401) this.mode = 'query';
      return retry;
    }
    return res;
  }

  /** Reads JSON from a 2xx answer, or throws the StorePlatformError its status means. */
  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    query: Record<string, string> = {},
    body?: unknown,
  ): Promise<{ data: T; res: StoreResponse }> {
    const res = await this.request(method, path, query, body);
    if (res.status >= 200 && res.status < 300) return { data: jsonOf<T>('woocommerce', res), res };
    throw errorOf(res);
  }

  async listProducts(cursor: string | null, options: ListProductsOptions = {}): Promise<StoreProductPage> {
    const page = cursor ? Number(cursor) : 1;
    if (!Number.isSafeInteger(page) || page < 1)
      throw new StorePlatformError('woocommerce', 'invalid', `not a page number: ${cursor}`);
    const query: Record<string, string> = {
      page: String(page),
      per_page: String(Math.min(options.pageSize ?? this.options.pageSize ?? 50, 100)),
      // A stable order so products do not move between pages while we read them.
      orderby: 'id',
      order: 'asc',
    };
    if (options.updatedSince) {
      query.modified_after = options.updatedSince.toISOString().replace(/\.\d{3}Z$/, '');
      query.dates_are_gmt = 'true';
    }
    const { data, res } = await this.call<WooProduct[]>('GET', '/products', query);
    if (!Array.isArray(data))
      throw new StorePlatformError('woocommerce', 'protocol', 'the product list is not an array');
    const totalPages = Number(res.headers.get('x-wp-totalpages') ?? '');
    const products: StoreProductData[] = [];
    for (const p of data) products.push(await this.withVariations(p));
    const known = Number.isSafeInteger(totalPages) && totalPages >= 0;
    // Without the header, a short page is the last one.
    const more = known ? page < totalPages : data.length >= Number(query.per_page);
    return { products, next: more ? String(page + 1) : null, ...(known ? { totalPages } : {}) };
  }

  async getProduct(externalId: string): Promise<StoreProductData | null> {
    if (!/^\d+$/.test(externalId)) return null;
    const res = await this.request('GET', `/products/${externalId}`);
    if (res.status === 404) return null;
    if (res.status < 200 || res.status >= 300) throw errorOf(res);
    const p = jsonOf<WooProduct & { parent_id?: number }>('woocommerce', res);
    if ((p.status as string) === 'trash') return null;
    // A variation's id names a "product" too (its webhooks carry it): the product is its parent.
    if (
      p.type === 'variation' &&
      typeof p.parent_id === 'number' &&
      p.parent_id > 0 &&
      String(p.parent_id) !== externalId
    )
      return this.getProduct(String(p.parent_id));
    return this.withVariations(p);
  }

  /** Orders, least recently changed first, paged by number (`woo.order-reads.ts`). */
  listOrders(cursor: string | null, options: ListOrdersOptions = {}): Promise<StoreOrderPage> {
    return listWooOrders(this, cursor, options, this.options.pageSize ?? 50);
  }

  getOrder(externalId: string): Promise<StoreOrderData | null> {
    return getWooOrder(this, externalId);
  }

  /** Status `completed`, a note, and a Shipment Tracking item where the store has one (`woo.tracking.ts`). */
  pushTracking(
    orderExternalId: string,
    push: TrackingPush,
    previous?: { fulfilmentId: string } | null,
  ): Promise<TrackingPushResult> {
    return pushWooTracking(this, orderExternalId, push, previous);
  }

  /** Listing (issue 22, decision 0123): simple or variable product, variations 100 a batch. */
  publishProduct(product: PublishProduct, existing?: { externalId: string } | null): Promise<PublishedProduct> {
    return this.publisher.publish(product, existing);
  }

  /** Roll back: `DELETE products/{id}?force=true`; a product already gone is fine. */
  deleteProduct(externalId: string): Promise<void> {
    return this.publisher.delete(externalId);
  }

  /** Prices (regular and sale) and stock of listed variants. */
  updateVariants(updates: VariantUpdate[]): Promise<void> {
    return this.publisher.update(updates);
  }

  /** Checks the keys: a one-product read. Throws `auth` with the store's own words when refused. */
  async check(): Promise<{ authMode: WooAuthMode }> {
    await this.call('GET', '/products', { per_page: '1' });
    return { authMode: this.mode };
  }

  async createWebhook(w: { name: string; topic: string; deliveryUrl: string; secret: string }): Promise<string> {
    const { data } = await this.call<{ id?: number }>(
      'POST',
      '/webhooks',
      {},
      { name: w.name, topic: w.topic, delivery_url: w.deliveryUrl, secret: w.secret, status: 'active' },
    );
    if (typeof data.id !== 'number')
      throw new StorePlatformError('woocommerce', 'protocol', 'the created webhook has no id');
    return String(data.id);
  }

  /** Deletes a webhook; one already gone counts as deleted. */
  async deleteWebhook(id: string): Promise<void> {
    const res = await this.request('DELETE', `/webhooks/${encodeURIComponent(id)}`, { force: 'true' });
    if (res.status === 404 || (res.status >= 200 && res.status < 300)) return;
    throw errorOf(res);
  }

  private currencyCode(): Promise<string | null> {
    // The store's currency, once per client: products do not carry it.
    this.currency ??= this.call<{ code?: string }>('GET', '/data/currencies/current').then(
      ({ data }) => (typeof data.code === 'string' && /^[A-Z]{3}$/.test(data.code) ? data.code : null),
      (err: unknown) => {
        if (err instanceof StorePlatformError && err.kind === 'not-found') return null;
        this.currency = null;
        throw err;
      },
    );
    return this.currency;
  }

  private async withVariations(p: WooProduct): Promise<StoreProductData> {
    const currency = await this.currencyCode();
    const variations: WooVariation[] = [];
    if (p.type === 'variable') {
      for (let page = 1; ; page++) {
        const { data, res } = await this.call<WooVariation[]>('GET', `/products/${p.id}/variations`, {
          page: String(page),
          per_page: String(VARIATIONS_PER_PAGE),
          orderby: 'id',
          order: 'asc',
        });
        if (!Array.isArray(data))
          throw new StorePlatformError('woocommerce', 'protocol', 'the variation list is not an array');
        variations.push(...data);
        const total = Number(res.headers.get('x-wp-totalpages') ?? '');
        if (Number.isSafeInteger(total) ? page >= total : data.length < VARIATIONS_PER_PAGE) break;
      }
    }
    return toStoreProduct(p, variations, currency);
  }
}

export type { StoreVariantData };
