import { ProductDetailSchema, ProductListItemPageSchema, ShippingQuoteSchema } from '@dsm/contract';
import type { Page, ProductDetail, ProductListItem, ProductSort, ShippingQuote } from '@dsm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { catalogueKeys, logisticsKeys } from '../../lib/query-keys';

// The category tree: lib/categories.ts (one hook for every screen that shows it).

// ---------------------------------------------------------------- search

/** What GET /api/prod/search takes; prices in `currency` (the visitor's, see the goods list). */
export interface ProductSearch {
  keyword?: string;
  categoryId?: number;
  minPrice?: number;
  maxPrice?: number;
  currency?: string;
  sort?: ProductSort;
  /** ISO alpha-2: only products some method carries there from their warehouse. */
  shipsTo?: string;
  current: number;
  size: number;
}

export function searchProducts(search: ProductSearch, signal?: AbortSignal) {
  return api.data<Page<ProductListItem>>('/prod/search', {
    signal,
    query: { ...search },
    schema: ProductListItemPageSchema,
  });
}
export const productSearchQuery = (search: ProductSearch) =>
  queryOptions({
    queryKey: catalogueKeys.search(search),
    queryFn: ({ signal }) => searchProducts(search, signal),
    // The previous page stays on screen (dimmed) while the next one loads: no jump to a spinner.
    placeholderData: keepPreviousData,
  });
export const useProductSearch = (search: ProductSearch) => useQuery(productSearchQuery(search));

// ---------------------------------------------------------------- product detail

/**
 * GET /api/prod/prodInfo. `noshow`: an unknown or taken-down product (A00006) is a page state of
 * its own ("The product was not found"), not a warning toast.
 */
export function fetchProduct(prodId: number, signal?: AbortSignal) {
  return api.data<ProductDetail>('/prod/prodInfo', {
    signal,
    noshow: true,
    query: { prodId },
    schema: ProductDetailSchema,
  });
}
export const productQuery = (prodId: number) =>
  queryOptions({
    queryKey: catalogueKeys.product(prodId),
    queryFn: ({ signal }) => fetchProduct(prodId, signal),
  });
export const useProduct = (prodId: number | null) =>
  useQuery({ ...productQuery(prodId ?? 0), enabled: prodId !== null });

/** The product does not exist for the visitor: unknown id, taken down, or a malformed id. */
export function isProductMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.result.errorCode === 'A00006' || error.result.errorCode === 'A00002');
}

// ---------------------------------------------------------------- shipping estimate

export interface ProductShippingRequest {
  prodId: number;
  skuId: number;
  count: number;
  countryCode: string;
}

/** The estimate's outcome: options (cheapest first), or none with the reasons each method gave. */
export type ShippingEstimate = { kind: 'options'; quote: ShippingQuote } | { kind: 'none'; quote: ShippingQuote };

/**
 * POST /api/logistics/prod/price (a read: it changes nothing, so it is a query keyed by its
 * input). "No method ships there" is a success with empty `options` and the reasons in
 * `excluded`: an answer to show in place (decision 0031). Failures reach the visitor as a toast.
 */
export async function fetchShippingEstimate(
  body: ProductShippingRequest,
  signal?: AbortSignal,
): Promise<ShippingEstimate> {
  const result = await api.post<ShippingQuote>('/logistics/prod/price', body, {
    signal,
    noshow: true,
    loadingflags: true,
    schema: ShippingQuoteSchema,
  });
  if (!result.success) throw new ApiError(result);
  const options = [...result.data.options].sort((a, b) => a.price - b.price);
  if (options.length) return { kind: 'options', quote: { ...result.data, options } };
  return { kind: 'none', quote: result.data };
}
export const shippingEstimateQuery = (body: ProductShippingRequest) =>
  queryOptions({
    queryKey: logisticsKeys.prodPrice(body),
    queryFn: ({ signal }) => fetchShippingEstimate(body, signal),
    placeholderData: keepPreviousData,
  });
