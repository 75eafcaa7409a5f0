import { AdminWithdrawalPageSchema, AdminWithdrawalSchema } from '@dsm/contract';
import type { AdminWithdrawal, Page, WithdrawalState } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api';
import { withdrawalsKeys } from '../../../lib/query-keys';

export interface AdminWithdrawalsFilter {
  state: 'all' | WithdrawalState;
  current: number;
  size: number;
}

/** GET /api/admin/withdrawals: pending ones oldest first (the order to handle them in). */
export function useAdminWithdrawals(filter: AdminWithdrawalsFilter) {
  return useQuery({
    queryKey: withdrawalsKeys.admin(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminWithdrawal>>('/admin/withdrawals', {
        signal,
        query: { ...filter },
        schema: AdminWithdrawalPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST …/approve: the money was sent; the lock is paid out and the reference shown to the user. */
export const approveWithdrawal = (
  id: string,
  payoutReference: string,
  idempotencyKey: string,
): Promise<ApiResult<AdminWithdrawal>> =>
  api.post<AdminWithdrawal>(
    `/admin/withdrawals/${encodeURIComponent(id)}/approve`,
    { payoutReference },
    { idempotencyKey, noshow: true, schema: AdminWithdrawalSchema },
  );

/** POST …/reject: the amount goes back to the user's wallet; the reason is shown to them. */
export const rejectWithdrawal = (
  id: string,
  reason: string,
  idempotencyKey: string,
): Promise<ApiResult<AdminWithdrawal>> =>
  api.post<AdminWithdrawal>(
    `/admin/withdrawals/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey, noshow: true, schema: AdminWithdrawalSchema },
  );

export function useRefreshWithdrawals() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: withdrawalsKeys.all });
}
