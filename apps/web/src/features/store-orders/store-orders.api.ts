import {
  StoreOrderBatchResultSchema,
  StoreOrderCountsSchema,
  StoreOrderDetailSchema,
  StoreOrderPageSchema,
  StoreOrderSyncStatusListSchema,
  StoreOrderSyncStatusSchema,
} from '@dsm/contract';
import type {
  Page,
  StoreOrderBatchResult,
  StoreOrderCounts,
  StoreOrderCountsQuery,
  StoreOrderDetail,
  StoreOrderRow,
  StoreOrderSyncStatus,
  StoreOrderTab,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { storeOrdersKeys } from '../../lib/query-keys';

/** The filters a link keeps (`?store=&from=&to=&country=&q=&sku=`), as the API names them. */
export type StoreOrderFilters = Omit<StoreOrderCountsQuery, 'orderState'>;

export interface StoreOrdersQuery extends StoreOrderFilters {
  tab: StoreOrderTab;
  current: number;
  size: number;
}

/**
 * Orders arrive by themselves (a webhook within seconds, a pull every few minutes): an open list
 * asks again every 15 s, so a new order shows up without a reload (decision 0117). A hidden tab
 * does not ask (react-query pauses intervals in the background).
 */
const FOLLOW_MS = 15_000;

/** GET /api/p/store-orders: one tab of the caller's store orders under the filters. */
export function useStoreOrders(query: StoreOrdersQuery, enabled = true) {
  return useQuery({
    queryKey: storeOrdersKeys.list(query),
    queryFn: ({ signal }) =>
      api.data<Page<StoreOrderRow>>('/p/store-orders', { signal, query: { ...query }, schema: StoreOrderPageSchema }),
    placeholderData: keepPreviousData,
    enabled,
    // Connecting a variant on the connections screens re-evaluates the order on the server: coming
    // back shows it, not a copy from a minute ago.
    staleTime: 0,
    refetchInterval: FOLLOW_MS,
  });
}

/** GET /api/p/store-orders/counts: the number beside each store tab, under the same filters. */
export function useStoreOrderCounts(filters: StoreOrderFilters) {
  return useQuery({
    queryKey: storeOrdersKeys.counts(filters),
    queryFn: ({ signal }) =>
      api.data<StoreOrderCounts>('/p/store-orders/counts', {
        signal,
        query: { ...filters },
        schema: StoreOrderCountsSchema,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: FOLLOW_MS,
  });
}

/** GET /api/p/store-orders/:id: the lines (with where to connect each) and the address. */
export function useStoreOrder(id: string | null) {
  return useQuery({
    queryKey: storeOrdersKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<StoreOrderDetail>(`/p/store-orders/${encodeURIComponent(id!)}`, {
        signal,
        schema: StoreOrderDetailSchema,
      }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** GET /api/p/store-orders/sync-status: each store's last successful sync, next one and last error. */
export function useSyncStatus() {
  return useQuery({
    queryKey: storeOrdersKeys.syncStatus(),
    queryFn: ({ signal }) =>
      api.data<StoreOrderSyncStatus[]>('/p/store-orders/sync-status', {
        signal,
        schema: StoreOrderSyncStatusListSchema,
      }),
    staleTime: 0,
    refetchInterval: FOLLOW_MS,
  });
}

const path = (id: string, tail: string) => `/p/store-orders/${encodeURIComponent(id)}/${tail}`;
// A fresh key per click: the server answers a retried request once (decision 0062).
const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** The owner's one-click events; a refusal shows as the API client's message. */
export const storeOrderActions = {
  trash: (ids: string[]) =>
    api.post<StoreOrderBatchResult>(
      '/p/store-orders/trash',
      { ids },
      { ...key(), schema: StoreOrderBatchResultSchema },
    ),
  restore: (ids: string[]) =>
    api.post<StoreOrderBatchResult>(
      '/p/store-orders/restore',
      { ids },
      { ...key(), schema: StoreOrderBatchResultSchema },
    ),
  resolve: (id: string) =>
    api.post<StoreOrderDetail>(
      path(id, 'abnormal/resolve'),
      { confirm: true },
      { ...key(), schema: StoreOrderDetailSchema },
    ),
  ignore: (id: string) =>
    api.post<StoreOrderDetail>(path(id, 'abnormal/ignore'), undefined, { ...key(), schema: StoreOrderDetailSchema }),
  // Refund to wallet (decision 0120): cancelled in the store after we were paid, before purchasing.
  refund: (id: string) =>
    api.post<StoreOrderDetail>(path(id, 'refund'), undefined, { ...key(), schema: StoreOrderDetailSchema }),
  sync: (id: string) =>
    api.post<StoreOrderDetail>(path(id, 'sync'), undefined, { ...key(), schema: StoreOrderDetailSchema }),
  syncStore: (storeId: string) =>
    api.post<StoreOrderSyncStatus>(`/p/store-orders/sync-status/${encodeURIComponent(storeId)}/sync`, undefined, {
      ...key(),
      schema: StoreOrderSyncStatusSchema,
    }),
};

/** Every store-order read (lists, counts, details, sync status) refreshes after a change. */
export function useRefreshStoreOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: storeOrdersKeys.all });
}
