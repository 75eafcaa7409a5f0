import {
  type ListOrdersOptions,
  type ListProductsOptions,
  type OnCredentials,
  type PublishedProduct,
  type PublishProduct,
  type StoreClient,
  type StoreCredentials,
  type StoreOrderData,
  type StoreOrderPage,
  StorePlatformError,
  type StoreProductData,
  type StoreProductPage,
  type TrackingPush,
  type TrackingPushResult,
  type VariantUpdate,
} from '../store-platform.js';
import { pushShopifyTracking } from './shopify.fulfilment.js';
import { shopBaseUrl } from './shopify.auth.js';
import { ShopifyAdmin, type ShopifyAdminOptions } from './shopify.graphql.js';
import { ShopifyPublisher } from './shopify.publish.js';
import {
  APP_UNINSTALL_MUTATION,
  type GqlProduct,
  type GqlVariant,
  type PageInfo,
  PRODUCT_QUERY,
  PRODUCT_VARIANTS_QUERY,
  PRODUCTS_PER_PAGE,
  PRODUCTS_QUERY,
  VARIANTS_PER_PAGE,
  VARIANTS_PER_PRODUCT,
  productGid,
  toStoreProduct,
} from './shopify.products.js';
import {
  type GqlLineItem,
  type GqlOrder,
  LINES_PER_ORDER,
  LINES_PER_PAGE,
  ORDER_LINES_QUERY,
  ORDER_QUERY,
  ORDERS_PER_PAGE,
  ORDERS_QUERY,
  orderGid,
  readableSince,
  toStoreOrder,
} from './shopify.orders.js';
import type { ShopifyApp, ShopifyTokens } from './shopify.token.js';

/** Tokens as they are stored: one flat object (sealed as a whole by the stores module). */
export function tokensToCredentials(shop: string, t: ShopifyTokens): StoreCredentials {
  return {
    shop,
    accessToken: t.accessToken,
    scope: t.scope,
    accessExpiresAt: t.accessExpiresAt,
    refreshToken: t.refreshToken,
    refreshExpiresAt: t.refreshExpiresAt,
  };
}

export function credentialsToTokens(c: StoreCredentials): ShopifyTokens {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const accessToken = str(c.accessToken);
  if (!accessToken) throw new StorePlatformError('shopify', 'auth', 'no access token stored');
  return {
    accessToken,
    scope: str(c.scope) ?? '',
    accessExpiresAt: str(c.accessExpiresAt),
    refreshToken: str(c.refreshToken),
    refreshExpiresAt: str(c.refreshExpiresAt),
  };
}

export interface ShopifyClientOptions extends Omit<ShopifyAdminOptions, 'tokens' | 'onTokens' | 'reloadTokens'> {
  app: ShopifyApp;
  credentials: StoreCredentials;
  /** Rotated credentials, to be stored before the client uses them. */
  onCredentials?: OnCredentials;
  /** The credentials as stored now (another worker may have rotated them). */
  reloadCredentials?: () => Promise<StoreCredentials | null>;
  /** Products per page (at most 12: with 25 variants each, more would pass the 1,000-point single-query limit). */
  pageSize?: number;
}

const MAX_PRODUCTS_PER_PAGE = 12;

interface ProductsAnswer {
  shop: { currencyCode: string | null } | null;
  products: { pageInfo: PageInfo; nodes: GqlProduct[] };
}

/**
 * A connected shop's StoreClient. Products come sorted by id with Shopify's opaque cursors (the
 * `next` we hand out is `endCursor`); a product with more variants than the first page holds has
 * the rest read before it is returned, so every product is whole.
 */
export class ShopifyClient implements StoreClient {
  readonly admin: ShopifyAdmin;
  private readonly publisher: ShopifyPublisher;

  constructor(private readonly o: ShopifyClientOptions) {
    const shop = String(o.credentials.shop ?? o.shop);
    this.admin = new ShopifyAdmin({
      ...o,
      shop,
      tokens: credentialsToTokens(o.credentials),
      onTokens: async (t) => {
        await o.onCredentials?.({ ...o.credentials, ...tokensToCredentials(shop, t) });
      },
      reloadTokens: o.reloadCredentials
        ? async () => {
            const c = await o.reloadCredentials!();
            return c ? credentialsToTokens(c) : null;
          }
        : undefined,
    });
    this.publisher = new ShopifyPublisher(this.admin, o.app.apiVersion, () => this.adminBase);
  }

  private get adminBase(): string {
    return shopBaseUrl(this.o.app.shopUrlTemplate, this.admin.shop);
  }

  async listProducts(cursor: string | null, options: ListProductsOptions = {}): Promise<StoreProductPage> {
    const first = Math.max(
      1,
      Math.min(options.pageSize ?? this.o.pageSize ?? PRODUCTS_PER_PAGE, MAX_PRODUCTS_PER_PAGE),
    );
    // At or after: a product changed at the very instant of the last pull is read again, not lost.
    const query = options.updatedSince ? `updated_at:>='${options.updatedSince.toISOString()}'` : null;
    const data = await this.admin.request<ProductsAnswer>(PRODUCTS_QUERY, {
      first,
      after: cursor,
      query,
      variantsFirst: VARIANTS_PER_PRODUCT,
    });
    if (!data.products || !Array.isArray(data.products.nodes))
      throw new StorePlatformError('shopify', 'protocol', 'the answer has no products');
    const currency = data.shop?.currencyCode ?? null;
    const products: StoreProductData[] = [];
    for (const p of data.products.nodes)
      products.push(toStoreProduct(p, await this.allVariants(p), currency, this.adminBase));
    const { hasNextPage, endCursor } = data.products.pageInfo;
    return { products, next: hasNextPage && endCursor ? endCursor : null };
  }

  async getProduct(externalId: string): Promise<StoreProductData | null> {
    const id = productGid(externalId);
    if (!id) return null;
    const data = await this.admin.request<{ shop: { currencyCode: string | null } | null; product: GqlProduct | null }>(
      PRODUCT_QUERY,
      { id, variantsFirst: VARIANTS_PER_PRODUCT },
    );
    if (!data.product) return null;
    return toStoreProduct(
      data.product,
      await this.allVariants(data.product),
      data.shop?.currencyCode ?? null,
      this.adminBase,
    );
  }

  /** The product's variants beyond the first page, 100 at a time (Shopify allows 2,048 per product). */
  private async allVariants(p: GqlProduct): Promise<GqlVariant[]> {
    const all = [...p.variants.nodes];
    let page = p.variants.pageInfo;
    while (page.hasNextPage && page.endCursor) {
      const data = await this.admin.request<{
        product: { variants: { pageInfo: PageInfo; nodes: GqlVariant[] } } | null;
      }>(PRODUCT_VARIANTS_QUERY, { id: p.id, first: VARIANTS_PER_PAGE, after: page.endCursor });
      if (!data.product) break; // deleted while we read it: what we have is all there is
      all.push(...data.product.variants.nodes);
      page = data.product.variants.pageInfo;
    }
    return all;
  }

  /** Tracking back to the order (decision 0115): reads its fulfilments first, so never a second one. */
  pushTracking(
    orderExternalId: string,
    push: TrackingPush,
    previous?: { fulfilmentId: string } | null,
  ): Promise<TrackingPushResult> {
    return pushShopifyTracking(this.admin, orderExternalId, push, previous);
  }

  /**
   * Store orders changed at or after `updatedSince`, oldest change first (sortKey UPDATED_AT), so
   * the pull's cursor on `updatedAt` never skips one; `next` is Shopify's `endCursor`.
   */
  async listOrders(cursor: string | null, options: ListOrdersOptions = {}): Promise<StoreOrderPage> {
    const first = Math.max(1, Math.min(options.pageSize ?? ORDERS_PER_PAGE, ORDERS_PER_PAGE));
    const query = options.updatedSince ? `updated_at:>='${options.updatedSince.toISOString()}'` : null;
    const data = await this.admin.request<{ orders: { pageInfo: PageInfo; nodes: GqlOrder[] } | null }>(ORDERS_QUERY, {
      first,
      after: cursor,
      query,
      linesFirst: LINES_PER_ORDER,
    });
    if (!data.orders || !Array.isArray(data.orders.nodes))
      throw new StorePlatformError('shopify', 'protocol', 'the answer has no orders');
    const orders: StoreOrderData[] = [];
    for (const o of data.orders.nodes) orders.push(toStoreOrder(o, await this.allLines(o)));
    const { hasNextPage, endCursor } = data.orders.pageInfo;
    return {
      orders,
      next: hasNextPage && endCursor ? endCursor : null,
      readableSince: readableSince(this.admin.currentTokens.scope, new Date()),
    };
  }

  /** One order; null when the shop has no such order (or it is older than the app may read). */
  async getOrder(externalId: string): Promise<StoreOrderData | null> {
    const id = orderGid(externalId);
    if (!id) return null;
    const data = await this.admin.request<{ order: GqlOrder | null }>(ORDER_QUERY, { id, linesFirst: LINES_PER_ORDER });
    return data.order ? toStoreOrder(data.order, await this.allLines(data.order)) : null;
  }

  private async allLines(o: GqlOrder): Promise<GqlLineItem[]> {
    const all = [...o.lineItems.nodes];
    let page = o.lineItems.pageInfo;
    while (page.hasNextPage && page.endCursor) {
      const data = await this.admin.request<{
        order: { lineItems: { pageInfo: PageInfo; nodes: GqlLineItem[] } } | null;
      }>(ORDER_LINES_QUERY, { id: o.id, first: LINES_PER_PAGE, after: page.endCursor });
      if (!data.order) break;
      all.push(...data.order.lineItems.nodes);
      page = data.order.lineItems.pageInfo;
    }
    return all;
  }

  /** Listing (issue 22, decision 0123): `productSet`, whole variant set, synchronous. */
  publishProduct(product: PublishProduct, existing?: { externalId: string } | null): Promise<PublishedProduct> {
    return this.publisher.publish(product, existing);
  }

  /** Roll back: `productDelete`; a product already gone is not an error. */
  deleteProduct(externalId: string): Promise<void> {
    return this.publisher.delete(externalId);
  }

  /** Prices by `productVariantsBulkUpdate`, stock by `inventorySetQuantities`, 250 per call. */
  updateVariants(updates: VariantUpdate[]): Promise<void> {
    return this.publisher.update(updates);
  }

  /**
   * Unbinding: the app uninstalls itself (`appUninstall`, Admin GraphQL since 2025-07), which
   * revokes its tokens and removes its webhooks on the shop; Shopify then sends `app/uninstalled`.
   * A shop where the app is no longer installed counts as done.
   */
  async uninstall(): Promise<void> {
    const data = await this.admin.request<{
      appUninstall: { userErrors: Array<{ code?: string; message?: string }> } | null;
    }>(APP_UNINSTALL_MUTATION, {}, { mutation: true });
    const errors = data.appUninstall?.userErrors ?? [];
    const blocking = errors.filter((e) => e.code !== 'APP_NOT_INSTALLED');
    if (blocking.length)
      throw new StorePlatformError(
        'shopify',
        'invalid',
        `${blocking[0]!.code ?? 'error'}: ${blocking[0]!.message ?? ''}`.slice(0, 200),
      );
  }
}
