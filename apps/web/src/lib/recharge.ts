import { queryOptions, useQuery } from '@tanstack/react-query';
import { RechargeMethodsSchema, RechargeOrderSchema } from '@dsm/contract';
import type { RechargeMethods, RechargeOrder } from '@dsm/contract';
import { api } from './api';
import { rechargeKeys } from './query-keys';

/**
 * The two recharge calls both payment features make (server module `recharge`): the methods with
 * their fees, which a wallet top-up and an order payment both offer, and PayPal's capture, because
 * a PayPal order payment is a recharge that pays the orders once credited (decision 0085). The
 * rest of the recharge client is features/recharge/recharge.api.ts.
 */

/** GET /api/p/recharge/methods: enabled methods with their fee rules, limits, bank details. */
export const methodsQuery = () =>
  queryOptions({
    queryKey: rechargeKeys.methods(),
    queryFn: ({ signal }) =>
      api.data<RechargeMethods>('/p/recharge/methods', { signal, schema: RechargeMethodsSchema }),
    staleTime: 60_000,
  });
export const useRechargeMethods = () => useQuery(methodsQuery());

/** POST /api/p/recharges/:id/paypal/capture, once PayPal sends the payer back. */
export const capturePaypal = (id: string, idempotencyKey: string) =>
  api.post<RechargeOrder>(`/p/recharges/${encodeURIComponent(id)}/paypal/capture`, undefined, {
    idempotencyKey,
    noshow: true,
    schema: RechargeOrderSchema,
  });
