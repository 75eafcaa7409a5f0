import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfirmProdBody, ConfirmResult } from '@dsm/contract';
import { ApiError, api } from '../../lib/api';
import { checkoutKeys } from '../../lib/query-keys';

/**
 * POST /api/p/order/prod/confirm: the priced breakdown of buy-now. It writes nothing, so it is
 * read like a query (a new consignee or method is a new key); the page shows its errors itself
 * (noshow), an empty address with a link to the profile.
 */
export const prodConfirmQuery = (body: ConfirmProdBody) =>
  queryOptions({
    queryKey: checkoutKeys.prodConfirm(body),
    queryFn: async ({ signal }) => {
      const result = await api.post<ConfirmResult>('/p/order/prod/confirm', body, { signal, noshow: true });
      if (!result.success) throw new ApiError(result);
      return result.data;
    },
    placeholderData: keepPreviousData,
    // A confirm token lives 15 minutes; a page left open longer prices again.
    staleTime: 60_000,
    retry: false,
  });

export const useProdConfirm = (body: ConfirmProdBody | null) => useQuery({ ...prodConfirmQuery(body ?? { prodId: 0, skuId: 0, count: 1 }), enabled: body !== null });
