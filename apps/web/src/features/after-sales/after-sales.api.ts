import {
  AfterSalesEligibleOrderListSchema,
  AfterSalesImageSchema,
  AfterSalesPageSchema,
  AfterSalesSchema,
} from '@dsm/contract';
import type { AfterSales, AfterSalesEligibleOrder, AfterSalesImage, CreateAfterSalesBody, Page } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { afterSalesKeys } from '../../lib/query-keys';

/** GET /api/p/after-sales: the user's requests, newest first. */
export function useAfterSalesList(paging: { current: number; size: number }) {
  return useQuery({
    queryKey: afterSalesKeys.list(paging),
    queryFn: ({ signal }) =>
      api.data<Page<AfterSales>>('/p/after-sales', { signal, query: { ...paging }, schema: AfterSalesPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/after-sales/orders: the paid orders a request may be made for, with what is left to refund. */
export function useEligibleOrders(enabled: boolean) {
  return useQuery({
    queryKey: afterSalesKeys.orders(),
    queryFn: ({ signal }) =>
      api.data<AfterSalesEligibleOrder[]>('/p/after-sales/orders', {
        signal,
        schema: AfterSalesEligibleOrderListSchema,
      }),
    enabled,
  });
}

/** POST /api/p/after-sales/images: one picture as multipart field `file`; the server judges the type by its bytes. */
export function uploadImage(file: File, idempotencyKey: string) {
  const form = new FormData();
  form.append('file', file);
  return api.post<AfterSalesImage>('/p/after-sales/images', form, {
    idempotencyKey,
    noshow: true,
    schema: AfterSalesImageSchema,
  });
}

export const createAfterSales = (body: CreateAfterSalesBody, idempotencyKey: string) =>
  api.post<AfterSales>('/p/after-sales', body, { idempotencyKey, noshow: true, schema: AfterSalesSchema });

export const cancelAfterSales = (id: string, idempotencyKey: string) =>
  api.post<AfterSales>(`/p/after-sales/${encodeURIComponent(id)}/cancel`, undefined, {
    idempotencyKey,
    noshow: true,
    schema: AfterSalesSchema,
  });

export function useRefreshAfterSales() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: afterSalesKeys.all });
}
