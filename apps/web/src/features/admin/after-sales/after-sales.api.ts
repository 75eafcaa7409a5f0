import { AdminAfterSalesPageSchema, AdminAfterSalesSchema } from '@dsm/contract';
import type { AdminAfterSales, AdminAfterSalesListQuery, Page } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api';
import { afterSalesKeys } from '../../../lib/query-keys';

export type AdminAfterSalesFilter = AdminAfterSalesListQuery;

/** GET /api/admin/after-sales: open requests oldest first (the order to handle them in), or one state. */
export function useAdminAfterSales(filter: AdminAfterSalesFilter) {
  return useQuery({
    queryKey: afterSalesKeys.admin(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminAfterSales>>('/admin/after-sales', {
        signal,
        query: { ...filter },
        schema: AdminAfterSalesPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

const path = (id: string, step: string) => `/admin/after-sales/${encodeURIComponent(id)}/${step}`;

/** POST …/approve: a refund is credited to the user's wallet at once; a reshipment waits to be marked reshipped. */
export const approveAfterSales = (id: string, key: string): Promise<ApiResult<AdminAfterSales>> =>
  api.post<AdminAfterSales>(path(id, 'approve'), undefined, {
    idempotencyKey: key,
    noshow: true,
    schema: AdminAfterSalesSchema,
  });

/** POST …/reject: the reason is shown to the user. */
export const rejectAfterSales = (id: string, reason: string, key: string): Promise<ApiResult<AdminAfterSales>> =>
  api.post<AdminAfterSales>(
    path(id, 'reject'),
    { reason },
    { idempotencyKey: key, noshow: true, schema: AdminAfterSalesSchema },
  );

/** POST …/reshipped: the carrier and tracking number of the new parcel. */
export const markReshipped = (
  id: string,
  carrier: string,
  trackingNumber: string,
  key: string,
): Promise<ApiResult<AdminAfterSales>> =>
  api.post<AdminAfterSales>(
    path(id, 'reshipped'),
    { carrier, trackingNumber },
    { idempotencyKey: key, noshow: true, schema: AdminAfterSalesSchema },
  );

export function useRefreshAdminAfterSales() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: afterSalesKeys.all });
}
