import {
  AdminProductListItemPageSchema,
  AdminSourcingPageSchema,
  AdminSourcingSchema,
  SourcingAgentCardSchema,
  SourcingAgentListSchema,
  SourcingMessageListSchema,
} from '@dsm/contract';
import type {
  AdminProductListItem,
  AdminSourcing,
  AdminSourcingListQuery,
  Page,
  PutSourcingAgentBody,
  SaveProductBody,
  SourcingAgentCard,
  SourcingFailureReason,
  SourcingMessage,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '../../../lib/api';
import { sourcingKeys } from '../../../components/sourcing/sourcing-keys';

export type AdminSourcingFilter = AdminSourcingListQuery;

/** GET /api/admin/sourcing: the queue (open ones oldest first), filtered; an agent sees their users' only. */
export function useAdminSourcing(filter: AdminSourcingFilter) {
  return useQuery({
    queryKey: sourcingKeys.admin(filter),
    queryFn: ({ signal }) =>
      api.data<Page<AdminSourcing>>('/admin/sourcing', {
        signal,
        query: { ...filter, late: filter.late === undefined ? undefined : String(filter.late) },
        schema: AdminSourcingPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/sourcing/:id: one request with its products. */
export function useAdminSourcingOne(id: string | null) {
  return useQuery({
    queryKey: sourcingKeys.adminOne(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<AdminSourcing>(`/admin/sourcing/${encodeURIComponent(id!)}`, { signal, schema: AdminSourcingSchema }),
    enabled: Boolean(id),
  });
}

export function useAdminSourcingMessages(id: string | null) {
  return useQuery({
    queryKey: [...sourcingKeys.adminOne(id ?? ''), 'messages'],
    queryFn: ({ signal }) =>
      api.data<SourcingMessage[]>(`/admin/sourcing/${encodeURIComponent(id!)}/messages`, {
        signal,
        schema: SourcingMessageListSchema,
      }),
    enabled: Boolean(id),
  });
}

/** GET /api/admin/sourcing/agents (operator only). */
export function useSourcingAgents(enabled = true) {
  return useQuery({
    enabled,
    queryKey: sourcingKeys.agents(),
    queryFn: ({ signal }) =>
      api.data<SourcingAgentCard[]>('/admin/sourcing/agents', { signal, schema: SourcingAgentListSchema }),
  });
}

/** Catalogue products by keyword, for answering with products. */
export const searchProducts = (keyword: string) =>
  api.data<Page<AdminProductListItem>>('/admin/catalogue/products', {
    query: { keyword, size: 20, current: 1 },
    schema: AdminProductListItemPageSchema,
  });

const path = (id: string, step: string) => `/admin/sourcing/${encodeURIComponent(id)}/${step}`;
const write = { noshow: true, schema: AdminSourcingSchema };

export const takeSourcing = (id: string, key: string): Promise<ApiResult<AdminSourcing>> =>
  api.post<AdminSourcing>(path(id, 'take'), undefined, { ...write, idempotencyKey: key });
export const succeedSourcing = (id: string, prodIds: number[], key: string) =>
  api.post<AdminSourcing>(path(id, 'succeed'), { prodIds }, { ...write, idempotencyKey: key });
/** POST /api/admin/sourcing/:id/product: a new catalogue product from the form, answering the request. */
export const createProductFor = (id: string, body: SaveProductBody, key: string) =>
  api.post<AdminSourcing>(path(id, 'product'), body, { ...write, idempotencyKey: key });
export const failSourcing = (id: string, reason: SourcingFailureReason, note: string, key: string) =>
  api.post<AdminSourcing>(path(id, 'fail'), { reason, note }, { ...write, idempotencyKey: key });

export const putAgent = (body: PutSourcingAgentBody, key: string) =>
  api.put<SourcingAgentCard>('/admin/sourcing/agents', body, {
    noshow: true,
    idempotencyKey: key,
    schema: SourcingAgentCardSchema,
  });
export const assignAgent = (userEmail: string, agentId: string | null, key: string) =>
  api.put<null>('/admin/sourcing/assignments', { userEmail, agentId }, { noshow: true, idempotencyKey: key });

export function useRefreshAdminSourcing() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sourcingKeys.all });
}
