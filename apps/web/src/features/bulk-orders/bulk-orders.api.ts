import { OrderCountsSchema, OrderSummaryPageSchema } from '@dsm/contract';
import type { OrderCounts, OrderSummary, OrderTab, Page } from '@dsm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { bulkKeys } from '../../lib/query-keys';

export type BulkFilter = { tab: OrderTab; current: number; size: number };

/** GET /api/p/orders?type=bulk: the user's bulk orders in one tab, newest first (decision 0090). */
export function useBulkOrders(filter: BulkFilter) {
  return useQuery({
    queryKey: bulkKeys.orders(filter),
    queryFn: ({ signal }) =>
      api.data<Page<OrderSummary>>('/p/orders', {
        signal,
        query: { ...filter, type: 'bulk' },
        schema: OrderSummaryPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/orders/counts?type=bulk: how many bulk orders each tab holds. */
export function useBulkCounts() {
  return useQuery({
    queryKey: bulkKeys.counts(),
    queryFn: ({ signal }) =>
      api.data<OrderCounts>('/p/orders/counts', { signal, query: { type: 'bulk' }, schema: OrderCountsSchema }),
  });
}
