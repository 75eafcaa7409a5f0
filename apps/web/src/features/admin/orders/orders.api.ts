import { AdminOrderPageSchema, OrderDetailSchema, OrderTwoPartsSchema } from '@dsm/contract';
import type { AdminOrder, AdminOrderListQuery, OrderDetail, OrderTwoParts, Page } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api';
import { ordersKeys, paymentsKeys } from '../../../lib/query-keys';

export type AdminOrdersFilter = Pick<AdminOrderListQuery, 'state' | 'current' | 'size'>;

/** GET /api/admin/orders: one state (pending first: the purchase queue), abnormal, or all. */
export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery({
    queryKey: ordersKeys.admin(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminOrder>>('/admin/orders', { signal, query: { ...filter }, schema: AdminOrderPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: ordersKeys.adminOne(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<OrderDetail>(`/admin/orders/${encodeURIComponent(id!)}`, { signal, schema: OrderDetailSchema }),
    enabled: Boolean(id),
  });
}

const post = (id: string, tail: string, body?: unknown, noshow = false): Promise<ApiResult<OrderDetail>> =>
  // One key per click: a retried request moves the order once (decision 0062). Unchecked for
  // now: the page reads only success from it, and its test answers with the list row.
  api.post<OrderDetail>(`/admin/orders/${encodeURIComponent(id)}/${tail}`, body, {
    idempotencyKey: crypto.randomUUID(),
    noshow,
  });

/** The operator's events; the dialogs' calls (ship, abnormal) keep their messages for the form. */
export const adminOrderActions = {
  purchase: (id: string) => post(id, 'purchase'),
  deliver: (id: string) => post(id, 'deliver'),
  ship: (id: string, body: { carrier: string; trackingNumber: string }) => post(id, 'ship', body, true),
  abnormal: (id: string, reason: string) => post(id, 'abnormal', { reason }, true),
  /** A shipped order's carrier or number corrected (a store order's store gets it again). */
  tracking: (id: string, body: { carrier: string; trackingNumber: string }) => post(id, 'tracking', body, true),
  /** A store order's failed tracking push, sent again. */
  retryPush: (id: string) => post(id, 'tracking-push/retry'),
};

export function useRefreshAdminOrders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ordersKeys.all });
}

/** GET /api/admin/orders/:id/two-parts: a paid bulk order's two parts (decision 0145); null id → not asked. */
export function useAdminTwoParts(id: string | null) {
  return useQuery({
    queryKey: paymentsKeys.twoParts(id ?? '', 'operator'),
    queryFn: ({ signal }) =>
      api.data<OrderTwoParts>(`/admin/orders/${encodeURIComponent(id!)}/two-parts`, {
        signal,
        noshow: true,
        schema: OrderTwoPartsSchema,
      }),
    enabled: Boolean(id),
  });
}
