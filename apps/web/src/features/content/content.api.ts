import { ContentPageSchema } from '@dsm/contract';
import type { ContentPage } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api';
import { contentKeys } from '../../lib/query-keys';

/**
 * GET /api/content/pages/{slug}: the page in the interface language (the server falls back to
 * English and says so in `locale`). `noshow`: a missing page is shown in place, not as a toast.
 */
export function fetchContentPage(slug: string, signal?: AbortSignal) {
  return api.data<ContentPage>(`/content/pages/${encodeURIComponent(slug)}`, {
    signal,
    noshow: true,
    schema: ContentPageSchema,
  });
}

export const contentPageQuery = (slug: string) =>
  queryOptions({
    queryKey: contentKeys.page(slug),
    queryFn: ({ signal }) => fetchContentPage(slug, signal),
    staleTime: 5 * 60_000,
  });

export const useContentPage = (slug: string) => useQuery(contentPageQuery(slug));

export function isPageMissing(error: unknown): boolean {
  return error instanceof ApiError && error.result.errorCode === 'A00006';
}
