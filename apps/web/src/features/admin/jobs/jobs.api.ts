import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { JobPageSchema, JobSchema } from '@dsm/contract';
import type { Job, JobState, Page } from '@dsm/contract';
import { api } from '../../../lib/api';

export interface JobsFilter {
  current: number;
  size: number;
  state?: JobState;
  type?: string;
}

/** GET /api/admin/jobs: background jobs newest first, by state and type. */
export const fetchAdminJobs = (filter: JobsFilter, signal?: AbortSignal) =>
  api.data<Page<Job>>('/admin/jobs', { query: { ...filter }, signal, schema: JobPageSchema });

export const adminJobsQuery = (filter: JobsFilter) =>
  queryOptions({
    queryKey: ['admin', 'jobs', filter] as const,
    queryFn: ({ signal }) => fetchAdminJobs(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminJobs(filter: JobsFilter) {
  return useQuery(adminJobsQuery(filter));
}

/** POST /api/admin/jobs/{id}/retry: a failed job back in the queue, due now. */
export const retryJob = (id: string) => api.post<Job>(`/admin/jobs/${id}/retry`, undefined, { schema: JobSchema });

export function useRetryJob() {
  const client = useQueryClient();
  return (id: string) =>
    retryJob(id).then((result) => {
      if (result.success) void client.invalidateQueries({ queryKey: ['admin', 'jobs'] });
      return result;
    });
}
