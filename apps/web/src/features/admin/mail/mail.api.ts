import { MailOutboxEntryPageSchema } from '@dsm/contract';
import type { MailOutboxEntry, Page } from '@dsm/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

export interface OutboxFilter {
  current: number;
  size: number;
}

/** GET /api/admin/mail-outbox: sent and recorded mail, newest first. */
export function fetchOutbox(filter: OutboxFilter): Promise<Page<MailOutboxEntry>> {
  return api.data<Page<MailOutboxEntry>>('/admin/mail-outbox', {
    query: { ...filter },
    schema: MailOutboxEntryPageSchema,
  });
}

export const outboxQuery = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: adminKeys.mailOutbox(filter),
    queryFn: () => fetchOutbox(filter),
    placeholderData: keepPreviousData,
    // New mail arrives all the time: never serve a minute-old page from the cache.
    staleTime: 0,
  });

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQuery(filter));
}
