import {
  SourcingCountsSchema,
  SourcingCreatedSchema,
  SourcingMessageListSchema,
  SourcingPageSchema,
  SourcingSchema,
} from '@dsm/contract';
import type {
  CreateSourcingBody,
  Page,
  Sourcing,
  SourcingCounts,
  SourcingCreated,
  SourcingMessage,
  SourcingTab,
} from '@dsm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { sourcingKeys } from '../../components/sourcing/sourcing-keys';

/** GET /api/p/sourcing?tab=: one tab of my requests, newest first. */
export function useSourcingList(tab: SourcingTab, paging: { current: number; size: number }) {
  return useQuery({
    queryKey: sourcingKeys.list(tab, paging),
    queryFn: ({ signal }) =>
      api.data<Page<Sourcing>>('/p/sourcing', { signal, query: { tab, ...paging }, schema: SourcingPageSchema }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/p/sourcing/counts: the numbers on the tabs. */
export function useSourcingCounts() {
  return useQuery({
    queryKey: sourcingKeys.counts(),
    queryFn: ({ signal }) =>
      api.data<SourcingCounts>('/p/sourcing/counts', {
        signal,
        schema: SourcingCountsSchema,
      }),
  });
}

export { useMyAgent } from '../../components/sourcing/agent-card';

/** GET /api/p/sourcing/:id (another user's → not found). */
export function useSourcing(id: string | null) {
  return useQuery({
    queryKey: sourcingKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<Sourcing>(`/p/sourcing/${encodeURIComponent(id!)}`, { signal, schema: SourcingSchema }),
    enabled: Boolean(id),
  });
}

export function useSourcingMessages(id: string | null) {
  return useQuery({
    queryKey: sourcingKeys.messages(id ?? ''),
    queryFn: ({ signal }) =>
      api.data<SourcingMessage[]>(`/p/sourcing/${encodeURIComponent(id!)}/messages`, {
        signal,
        schema: SourcingMessageListSchema,
      }),
    enabled: Boolean(id),
  });
}

export const createSourcing = (body: CreateSourcingBody, idempotencyKey: string) =>
  api.post<SourcingCreated>('/p/sourcing', body, { idempotencyKey, noshow: true, schema: SourcingCreatedSchema });

export function useRefreshSourcing() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: sourcingKeys.all });
}
