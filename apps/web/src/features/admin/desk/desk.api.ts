import {
  DeskUserPageSchema,
  OrderDetailSchema,
  OrderSummarySchema,
  pageOf,
  type DeskUser,
  type OrderDetail,
  type OrderSummary,
  type Page,
} from '@dsm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The agent's desk (decision 0137): their users, each one's orders and one order, read-only. */
const OrderPageSchema = pageOf(OrderSummarySchema);
const user = (id: string) => `/admin/desk/users/${encodeURIComponent(id)}`;

export function useDeskUsers(paging: { current: number; size: number }) {
  return useQuery({
    queryKey: ['desk', 'users', paging],
    queryFn: ({ signal }) =>
      api.data<Page<DeskUser>>('/admin/desk/users', { signal, query: paging, schema: DeskUserPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useDeskOrders(userId: string, filter: { source: string; current: number; size: number }) {
  return useQuery({
    queryKey: ['desk', 'orders', userId, filter],
    queryFn: ({ signal }) =>
      api.data<Page<OrderSummary>>(`${user(userId)}/orders`, { signal, query: filter, schema: OrderPageSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useDeskOrder(userId: string, id: string) {
  return useQuery({
    queryKey: ['desk', 'order', userId, id],
    queryFn: ({ signal }) =>
      api.data<OrderDetail>(`${user(userId)}/orders/${encodeURIComponent(id)}`, { signal, schema: OrderDetailSchema }),
  });
}
