import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminProductListItemListSchema } from '@dsm/contract';
import type { AdminProductListItem } from '@dsm/contract';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

const URL = '/admin/catalogue/specials';

export const adminSpecialsQuery = queryOptions({
  queryKey: adminKeys.specials(),
  queryFn: ({ signal }) => api.data<AdminProductListItem[]>(URL, { signal, schema: AdminProductListItemListSchema }),
  staleTime: 0,
});

export function useAdminSpecials() {
  return useQuery(adminSpecialsQuery);
}

/** Replaces the featured list with these products, in this order; the table shows the answer. */
export function useSaveSpecials() {
  const client = useQueryClient();
  return async (prodIds: number[]) => {
    const result = await api.put<AdminProductListItem[]>(URL, { prodIds }, { schema: AdminProductListItemListSchema });
    if (result.success) client.setQueryData(adminSpecialsQuery.queryKey, result.data);
    return result;
  };
}
