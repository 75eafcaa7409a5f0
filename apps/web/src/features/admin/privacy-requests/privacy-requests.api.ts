import { StoreOrderPrivacyRequestPageSchema } from '@dsm/contract';
import type { Page, StoreOrderPrivacyRequest } from '@dsm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

/** GET /api/admin/store-orders/privacy-requests: the platforms' privacy requests, newest first. */
export function usePrivacyRequests(filter: { current: number; size: number }) {
  return useQuery({
    queryKey: [...adminKeys.all, 'privacy-requests', filter] as const,
    queryFn: (): Promise<Page<StoreOrderPrivacyRequest>> =>
      api.data<Page<StoreOrderPrivacyRequest>>('/admin/store-orders/privacy-requests', {
        query: { ...filter },
        schema: StoreOrderPrivacyRequestPageSchema,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
