import {
  ConnectionChangeListSchema,
  ProductDetailSchema,
  ProductListItemPageSchema,
  StoreProductPageSchema,
  StoreProductSchema,
  SuggestionListSchema,
} from '@dsm/contract';
import type {
  ConnectBody,
  ConnectionChange,
  ConnectionFilter,
  Page,
  ProductDetail,
  ProductListItem,
  StoreProduct,
  Suggestion,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the store products and their connections (server module `connections`). */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (filter: object) => [...connectionKeys.all, 'list', filter] as const,
  count: (filter: object) => [...connectionKeys.all, 'count', filter] as const,
  one: (id: string) => [...connectionKeys.all, 'one', id] as const,
  suggestions: (id: string) => [...connectionKeys.all, 'suggestions', id] as const,
  history: (id: string) => [...connectionKeys.all, 'history', id] as const,
  stores: () => [...connectionKeys.all, 'stores'] as const,
};

export interface StoreProductsFilter {
  filter: ConnectionFilter;
  storeId?: string;
  q?: string;
  current: number;
  size: number;
}

/** GET /api/p/store-products: one tab of the caller's store products. */
export function useStoreProducts(filter: StoreProductsFilter) {
  return useQuery({
    queryKey: connectionKeys.list(filter),
    queryFn: ({ signal }) =>
      api.data<Page<StoreProduct>>('/p/store-products', {
        signal,
        query: { ...filter },
        schema: StoreProductPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The number beside a tab: the same list asked for one row, read for its total. */
export function useStoreProductCount(
  filter: Omit<StoreProductsFilter, 'current' | 'size'> | { filter?: undefined; storeId?: string; q?: string },
) {
  return useQuery({
    queryKey: connectionKeys.count(filter),
    queryFn: ({ signal }) =>
      api
        .data<Page<StoreProduct>>('/p/store-products', {
          signal,
          query: { ...filter, current: 1, size: 1 },
          loadingflags: true,
          schema: StoreProductPageSchema,
        })
        .then((p) => p.total),
  });
}

export interface StoreOption {
  id: string;
  name: string;
}

/** The caller's stores for the filter (GET /api/p/stores, the stores module's); quiet when it is not there. */
export function useStores() {
  return useQuery({
    queryKey: connectionKeys.stores(),
    queryFn: async () => {
      const res = await api.get<Array<{ id: string; name: string }>>('/p/stores', { noshow: true, loadingflags: true });
      return res.success ? res.data.map((s) => ({ id: s.id, name: s.name })) : null;
    },
    retry: false,
  });
}

/** GET /api/p/store-products/:id (another user's id answers "not found", shown by the page). */
export function useStoreProduct(id: string | null) {
  return useQuery({
    queryKey: connectionKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<StoreProduct>(`/p/store-products/${encodeURIComponent(id!)}`, {
        signal,
        noshow: true,
        schema: StoreProductSchema,
      }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useSuggestions(id: string | null) {
  return useQuery({
    queryKey: connectionKeys.suggestions(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<Suggestion[]>(`/p/store-products/${encodeURIComponent(id!)}/suggestions`, {
        signal,
        noshow: true,
        schema: SuggestionListSchema,
      }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useHistory(id: string | null) {
  return useQuery({
    queryKey: connectionKeys.history(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<ConnectionChange[]>(`/p/store-products/${encodeURIComponent(id!)}/history`, {
        signal,
        noshow: true,
        schema: ConnectionChangeListSchema,
      }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The catalogue's public search (on-sale products only), for picking a product inline. */
export function useCatalogueSearch(keyword: string) {
  return useQuery({
    queryKey: ['catalogue', 'search', { keyword, size: 12, for: 'connections' }],
    queryFn: ({ signal }) =>
      api.data<Page<ProductListItem>>('/prod/search', {
        signal,
        query: { keyword, current: 1, size: 12 },
        loadingflags: true,
        schema: ProductListItemPageSchema,
      }),
    enabled: keyword.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** A catalogue product with its SKUs (GET /api/prod/prodInfo). */
export function useCatalogueProduct(prodId: number | null) {
  return useQuery({
    queryKey: ['catalogue', 'product', prodId ?? 0],
    queryFn: ({ signal }) =>
      api.data<ProductDetail>('/prod/prodInfo', {
        signal,
        query: { prodId: prodId! },
        noshow: true,
        schema: ProductDetailSchema,
      }),
    enabled: prodId !== null && Number.isInteger(prodId) && prodId > 0,
    retry: false,
  });
}

const path = (id: string, tail: string) => `/p/store-products/${encodeURIComponent(id)}/${tail}`;
// A fresh key per click: the server answers a retried request once (decision 0062).
const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** The writes; a refusal (409 already associated, undo-stale…) shows as the API client's warning. */
export const connectionActions = {
  connect: (id: string, body: ConnectBody) =>
    api.post<StoreProduct>(path(id, 'connections'), body, { ...key(), schema: StoreProductSchema }),
  disconnect: (id: string, variantIds: string[]) =>
    api.post<StoreProduct>(path(id, 'disconnect'), { variantIds }, { ...key(), schema: StoreProductSchema }),
  undo: (id: string, changeId: string) =>
    api.post<StoreProduct>(path(id, 'undo'), { changeId }, { ...key(), schema: StoreProductSchema }),
};

/** Every store-product read refreshes after a change. */
export function useRefreshConnections() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: connectionKeys.all });
}
