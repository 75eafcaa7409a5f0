import type {
  HttpPolicy,
  ListOrdersOptions,
  ListProductsOptions,
  OnCredentials,
  StoreClient,
  StoreCredentials,
  StoreOrderData,
  StoreOrderPage,
  StoreProductData,
  StoreProductPage,
  TrackingPush,
  TrackingPushResult,
} from '../store-platform.js';
import { StorePlatformError } from '../store-platform.js';
import { type AliExpressTokens, credentialsToTokens, refreshAliExpressToken, tokensToCredentials } from './ae.auth.js';
import { type AliExpressApp, callAliExpress, responseOf } from './ae.call.js';
import { type AeOrderPorts, getAeOrder, listAeOrders, pushAeTracking } from './ae.order-calls.js';
import { type AeListedProduct, aeTimeParam, listOf, listedProduct, toStoreProduct } from './ae.products.js';

/** The seller's product list (connector-protocols.md §3.4; README: why this API). */
export const AE_LIST_API = 'aliexpress.solution.product.list.get';
/** One product with its SKUs (`ae_item_sku_info_dtos`). */
export const AE_PRODUCT_API = 'aliexpress.ds.product.get';
/** Refresh this long before the access token runs out, so no call carries a dying token. */
export const REFRESH_MARGIN_MS = 10 * 60_000;
/** The list API takes at most 100 a page ("must be less than 100"). */
const MAX_PAGE = 99;

export interface AliExpressClientOptions {
  app: AliExpressApp;
  credentials: StoreCredentials;
  onCredentials?: OnCredentials;
  http?: Partial<HttpPolicy>;
  /** ds.product.get's required `ship_to_country`, `target_currency`, `target_language`. */
  shipToCountry?: string;
  currency?: string;
  language?: string;
}

/**
 * A connected AliExpress seller: lists its products with `aliexpress.solution.product.list.get`
 * (paged by `current_page`; the cursor is the next page number) and reads each one's SKUs with
 * `aliexpress.ds.product.get`. The access token is refreshed before it runs out and once more
 * if the platform refuses it early; the rotated tokens go to `onCredentials` before any use.
 */
export class AliExpressClient implements StoreClient {
  private tokens: AliExpressTokens;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly o: AliExpressClientOptions) {
    this.tokens = credentialsToTokens(o.credentials);
  }

  /** Refreshes now (the stores module's refresh job) and hands the new tokens on. */
  async refresh(): Promise<AliExpressTokens> {
    this.refreshing ??= (async () => {
      try {
        const next = await refreshAliExpressToken(this.o.app, this.tokens.refreshToken, this.o.http);
        // The platform may omit the seller on refresh: keep what we know.
        const merged = {
          ...next,
          sellerId: next.sellerId || this.tokens.sellerId,
          account: next.account ?? this.tokens.account,
        };
        await this.o.onCredentials?.({ ...this.o.credentials, ...tokensToCredentials(merged) });
        this.tokens = merged;
      } finally {
        this.refreshing = null;
      }
    })();
    await this.refreshing;
    return this.tokens;
  }

  private async session(): Promise<string> {
    if (this.tokens.accessExpiresAt - Date.now() < REFRESH_MARGIN_MS) await this.refresh();
    return this.tokens.accessToken;
  }

  /**
   * A business call with the seller's token; a token refused before its time → one refresh and one
   * retry (a refused call did nothing, so a write may be sent again then). `idempotent` false: a
   * write (a shipment) never re-sent after a timeout or a 5xx.
   */
  private async call(api: string, params: Record<string, string>, idempotent = true): Promise<Record<string, unknown>> {
    const run = async () =>
      responseOf(
        api,
        await callAliExpress(this.o.app, { api, params, session: await this.session(), idempotent }, this.o.http),
      );
    try {
      return await run();
    } catch (err) {
      if (!(err instanceof StorePlatformError) || err.kind !== 'auth') throw err;
      await this.refresh();
      return run();
    }
  }

  async listProducts(cursor: string | null, options: ListProductsOptions = {}): Promise<StoreProductPage> {
    const page = cursor ? Number(cursor) : 1;
    if (!Number.isInteger(page) || page < 1)
      throw new StorePlatformError('aliexpress', 'invalid', `bad cursor ${cursor}`);
    const query: Record<string, unknown> = {
      current_page: page,
      page_size: Math.min(options.pageSize ?? 20, MAX_PAGE),
      product_status_type: 'onSelling',
    };
    if (options.updatedSince) query.gmt_modified_start = aeTimeParam(options.updatedSince);
    const r = await this.call(AE_LIST_API, { aeop_a_e_product_list_query: JSON.stringify(query) });
    const result = (r.result ?? {}) as Record<string, unknown>;
    if (result.success === false) {
      throw new StorePlatformError(
        'aliexpress',
        'invalid',
        `${String(result.error_code ?? 'error')}: ${String(result.error_message ?? result.error_msg ?? 'product list refused')}`.slice(
          0,
          300,
        ),
      );
    }
    const listed = listOf(result.aeop_a_e_product_display_d_t_o_list, 'item_display_dto')
      .map(listedProduct)
      .filter((p): p is AeListedProduct => p !== null);
    const products: StoreProductData[] = [];
    for (const l of listed) {
      const p = await this.readProduct(l.productId, l);
      if (p) products.push(p);
    }
    const totalPages = Number(result.total_page ?? 0) || undefined;
    const current = Number(result.current_page ?? page) || page;
    return {
      products,
      next: totalPages !== undefined && current < totalPages ? String(current + 1) : null,
      totalPages,
    };
  }

  getProduct(externalId: string): Promise<StoreProductData | null> {
    return this.readProduct(externalId, null);
  }

  private readonly orderPorts: AeOrderPorts = {
    call: (api, params, idempotent) => this.call(api, params, idempotent),
    getProduct: (id) => this.getProduct(id),
  };

  /** The seller's orders changed since `updatedSince`, a page at a time (`ae.order-calls.ts`). */
  listOrders(cursor: string | null, options: ListOrdersOptions = {}): Promise<StoreOrderPage> {
    return listAeOrders(this.orderPorts, cursor, options);
  }

  getOrder(externalId: string): Promise<StoreOrderData | null> {
    return getAeOrder(this.orderPorts, externalId);
  }

  /** The seller's shipment with the logistics number and service name; AliExpress tells the buyer itself (`notifyCustomer` has no say). */
  pushTracking(
    orderExternalId: string,
    push: TrackingPush,
    previous?: { fulfilmentId: string } | null,
  ): Promise<TrackingPushResult> {
    return pushAeTracking(this.orderPorts, orderExternalId, push, previous);
  }

  private async readProduct(productId: string, listed: AeListedProduct | null): Promise<StoreProductData | null> {
    if (!/^\d{1,20}$/.test(productId)) return null;
    const currency = this.o.currency ?? 'USD';
    const r = await this.call(AE_PRODUCT_API, {
      product_id: productId,
      ship_to_country: this.o.shipToCountry ?? 'US',
      target_currency: currency,
      target_language: this.o.language ?? 'en_US',
    });
    // rsp_code 200 is success; anything else with no result is a product we cannot read (UNCONFIRMED codes).
    const code = r.rsp_code === undefined ? 200 : Number(r.rsp_code);
    if (!r.result || typeof r.result !== 'object' || code !== 200) return null;
    return toStoreProduct(productId, r.result as Record<string, unknown>, listed, currency);
  }
}
