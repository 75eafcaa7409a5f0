import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  AdminRechargeOrderPageSchema,
  AdminRechargeOrderSchema,
  RechargeMethodRuleListSchema,
  RechargeMethodRuleSchema,
} from '@dsm/contract';
import type {
  AdminRechargeListQuery,
  AdminRechargeOrder,
  Page,
  RechargeMethodName,
  RechargeMethodRule,
  UpdateRechargeMethodBody,
} from '@dsm/contract';
import { api } from '../../../lib/api';
import { adminKeys, rechargeKeys } from '../../../lib/query-keys';

export type AdminRechargeFilter = Pick<AdminRechargeListQuery, 'state' | 'method' | 'current' | 'size'>;

/** GET /api/admin/recharges: every user's recharge orders by state and method. */
export const adminRechargesQuery = (filter: AdminRechargeFilter) =>
  queryOptions({
    queryKey: adminKeys.recharges(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminRechargeOrder>>('/admin/recharges', {
        query: { ...filter },
        signal,
        schema: AdminRechargeOrderPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
export const useAdminRecharges = (filter: AdminRechargeFilter) => useQuery(adminRechargesQuery(filter));

/** The slip file, opened in a new tab (the session cookie authenticates it). */
export const slipUrl = (id: string) => `/api/admin/recharges/${encodeURIComponent(id)}/slip`;

export const approveRecharge = (id: string, idempotencyKey: string) =>
  api.post<AdminRechargeOrder>(`/admin/recharges/${encodeURIComponent(id)}/approve`, undefined, {
    idempotencyKey,
    schema: AdminRechargeOrderSchema,
  });

export const rejectRecharge = (id: string, reason: string, idempotencyKey: string) =>
  api.post<AdminRechargeOrder>(
    `/admin/recharges/${encodeURIComponent(id)}/reject`,
    { reason },
    { idempotencyKey, schema: AdminRechargeOrderSchema },
  );

/** GET /api/admin/recharge-methods: every method, enabled or not, with its fee rule. */
export const useRechargeMethodRules = () =>
  useQuery({
    queryKey: adminKeys.rechargeMethods(),
    queryFn: ({ signal }) =>
      api.data<RechargeMethodRule[]>('/admin/recharge-methods', { signal, schema: RechargeMethodRuleListSchema }),
  });

export const saveRechargeMethod = (method: RechargeMethodName, body: UpdateRechargeMethodBody) =>
  api.put<RechargeMethodRule>(`/admin/recharge-methods/${method}`, body, { schema: RechargeMethodRuleSchema });

/** What the storefront reads changes with a rule: its cached methods are dropped too. */
export const rechargeReads = [adminKeys.rechargeMethods(), rechargeKeys.all] as const;
