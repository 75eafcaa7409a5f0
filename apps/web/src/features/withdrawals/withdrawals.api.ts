import { WithdrawalLimitsSchema, WithdrawalPageSchema, WithdrawalSchema } from '@dsm/contract';
import type { Page, Withdrawal, WithdrawalLimits, WithdrawalRequest, WithdrawalState } from '@dsm/contract';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../lib/api';
import { withdrawalsKeys } from '../../lib/query-keys';

export interface HistoryFilter {
  state: 'all' | WithdrawalState;
  current: number;
  size: number;
}

/** GET /api/p/withdrawals/limits: withdrawable cash, the minimum and the sanctioned countries. */
export const limitsQuery = queryOptions({
  queryKey: withdrawalsKeys.limits(),
  queryFn: ({ signal }) =>
    api.data<WithdrawalLimits>('/p/withdrawals/limits', { signal, schema: WithdrawalLimitsSchema }),
});

export const useLimits = () => useQuery(limitsQuery);

/** GET /api/p/withdrawals: the caller's requests, newest first. */
export function useHistory(filter: HistoryFilter) {
  return useQuery({
    queryKey: withdrawalsKeys.list(filter),
    queryFn: ({ signal }) =>
      api.data<Page<Withdrawal>>('/p/withdrawals', { signal, query: { ...filter }, schema: WithdrawalPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/p/withdrawals; the key makes a retried click create one request. */
export function createWithdrawal(body: WithdrawalRequest, idempotencyKey: string): Promise<ApiResult<Withdrawal>> {
  return api.post<Withdrawal>('/p/withdrawals', body, { idempotencyKey, noshow: true, schema: WithdrawalSchema });
}

/** POST /api/p/withdrawals/{id}/cancel: only while pending; the amount returns to the wallet. */
export function cancelWithdrawal(id: string): Promise<ApiResult<Withdrawal>> {
  return api.post<Withdrawal>(`/p/withdrawals/${encodeURIComponent(id)}/cancel`, undefined, {
    idempotencyKey: `cancel-${id}`,
    schema: WithdrawalSchema,
  });
}

/** After a request or a cancel: the limits, the history and the wallet's own reads change. */
export function useRefreshAfterChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: withdrawalsKeys.all }),
      client.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}
