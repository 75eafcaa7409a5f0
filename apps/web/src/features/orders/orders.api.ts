import {
  OrderCountsSchema,
  OrderDetailSchema,
  OrderSummaryPageSchema,
  OrderTwoPartsSchema,
  RestoreResultSchema,
} from '@dsm/contract';
import type {
  OrderCounts,
  OrderDetail,
  OrderTwoParts,
  OrderSummary,
  OrderTab,
  Page,
  RestoreResult,
  SplitOrderBody,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../lib/api';
import { ordersKeys, paymentsKeys } from '../../lib/query-keys';

export interface OrdersFilter {
  tab: OrderTab;
  current: number;
  size: number;
}

/** GET /api/p/orders: one tab of the caller's orders, newest first (not asked while `enabled` is false). */
export function useOrders(filter: OrdersFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ordersKeys.list(filter),
    queryFn: ({ signal }) =>
      api.data<Page<OrderSummary>>('/p/orders', { signal, query: { ...filter }, schema: OrderSummaryPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/orders/counts: the number beside each tab. */
export function useOrderCounts() {
  return useQuery({
    queryKey: ordersKeys.counts(),
    queryFn: ({ signal }) => api.data<OrderCounts>('/p/orders/counts', { signal, schema: OrderCountsSchema }),
  });
}

/** GET /api/p/orders/:id (another user's id answers "not found", quietly: the drawer says so). */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: ordersKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<OrderDetail>(`/p/orders/${encodeURIComponent(id!)}`, {
        signal,
        noshow: true,
        schema: OrderDetailSchema,
      }),
    enabled: Boolean(id),
    retry: false,
  });
}

const path = (id: string, tail: string) => `/p/orders/${encodeURIComponent(id)}/${tail}`;
// A fresh key per click: the server answers a retried request once (decision 0062).
const key = () => ({ idempotencyKey: crypto.randomUUID() });

/** The user's one-click events; a refusal (409 with the state) shows as the API client's warning. */
export const orderActions = {
  trash: (id: string) => api.post<OrderDetail>(path(id, 'trash'), undefined, { ...key(), schema: OrderDetailSchema }),
  resolve: (id: string) =>
    api.post<OrderDetail>(path(id, 'abnormal/resolve'), undefined, { ...key(), schema: OrderDetailSchema }),
  ignore: (id: string) =>
    api.post<OrderDetail>(path(id, 'abnormal/ignore'), undefined, { ...key(), schema: OrderDetailSchema }),
  resetSplit: (id: string) =>
    api.post<OrderDetail>(path(id, 'reset-split'), undefined, { ...key(), schema: OrderDetailSchema }),
  /** A store order's tracking push that failed (or met a fulfilment made by hand): sent again. */
  retryPush: (id: string) =>
    api.post<OrderDetail>(path(id, 'tracking-push/retry'), undefined, { ...key(), schema: OrderDetailSchema }),
  restore: (ids: string[]) =>
    api.post<RestoreResult>('/p/orders/restore', { ids }, { ...key(), schema: RestoreResultSchema }),
};

/** POST …/split: validation messages (A00002) are shown in the dialog, not as a toast. */
export function splitOrder(
  id: string,
  body: SplitOrderBody,
): Promise<ApiResult<{ children: Array<{ id: string; number: string }> }>> {
  return api.post(path(id, 'split'), body, { ...key(), noshow: true });
}

/** Every order read (lists, counts, details) refreshes after a change. */
export function useRefreshOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ordersKeys.all });
}

/** GET /api/p/order/:id/two-parts: a paid bulk order's two parts (decision 0145); null id → not asked. */
export function useOrderTwoParts(id: string | null) {
  return useQuery({
    queryKey: paymentsKeys.twoParts(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<OrderTwoParts>(`/p/order/${encodeURIComponent(id!)}/two-parts`, {
        signal,
        noshow: true,
        schema: OrderTwoPartsSchema,
      }),
    enabled: Boolean(id),
  });
}

/** POST /api/p/order/:id/deposit/cancel: cancel before purchase, the deposit back to the wallet. */
export const cancelTwoPartOrder = (id: string) =>
  api.post<OrderTwoParts>(`/p/order/${encodeURIComponent(id)}/deposit/cancel`, undefined, {
    idempotencyKey: crypto.randomUUID(),
    schema: OrderTwoPartsSchema,
  });
