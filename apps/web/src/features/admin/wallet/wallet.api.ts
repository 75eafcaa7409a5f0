import { AdminWalletSchema, ReconciliationReportSchema, WalletPostedSchema } from '@dsm/contract';
import type { AdminWallet, ReconciliationReport, WalletPosted } from '@dsm/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { walletKeys } from '../../../lib/query-keys';

export interface AdminLinesFilter {
  current: number;
  size: number;
}

/** GET /api/admin/wallets/{userId}: the user, their wallet record and their lines (as they see them). */
export function useAdminWallet(userId: string, filter: AdminLinesFilter) {
  return useQuery({
    queryKey: walletKeys.admin(userId, filter),
    queryFn: ({ signal }) =>
      api.data<AdminWallet>(`/admin/wallets/${encodeURIComponent(userId)}`, {
        signal,
        query: { ...filter },
        noshow: true,
        schema: AdminWalletSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export type PostingKind = 'adjustments' | 'bonus';

/**
 * POST /api/admin/wallets/{userId}/adjustments | bonus. The form makes one idempotency key per
 * submission (and keeps it for a retry of the same one), so a double click posts once.
 */
export function usePostToWallet(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { kind: PostingKind; amount: number; reason: string; idempotencyKey: string }) =>
      api.post<WalletPosted>(
        `/admin/wallets/${encodeURIComponent(userId)}/${v.kind}`,
        { amount: v.amount, reason: v.reason },
        { idempotencyKey: v.idempotencyKey, noshow: true, schema: WalletPostedSchema },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.admin(userId) }),
  });
}

/** GET /api/admin/wallet/reconciliation: the last run and its findings. */
export function useReconciliation() {
  return useQuery({
    queryKey: walletKeys.reconciliation(),
    queryFn: ({ signal }) =>
      api.data<ReconciliationReport>('/admin/wallet/reconciliation', { signal, schema: ReconciliationReportSchema }),
  });
}

/** POST /api/admin/wallet/reconciliation: runs the check now and answers the new report. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ReconciliationReport>('/admin/wallet/reconciliation', undefined, { schema: ReconciliationReportSchema }),
    onSuccess: (result) => {
      if (result.success) client.setQueryData(walletKeys.reconciliation(), result.data);
    },
  });
}
