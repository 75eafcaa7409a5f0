import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminContentPageSchema, AdminContentPageSummaryListSchema } from '@dsm/contract';
import type { AdminContentPage, SaveContentPageBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, contentKeys } from '../../../lib/query-keys';

const PATH = '/admin/content/pages';

/** GET /admin/content/pages: each page with the languages it has (AdminContentPageSummarySchema). */
export interface AdminContentPageSummary {
  slug: string;
  translations: Array<{ locale: string; title: string; updatedAt: string }>;
}

export const fetchAdminPages = (signal?: AbortSignal) =>
  api.data<AdminContentPageSummary[]>(PATH, { signal, schema: AdminContentPageSummaryListSchema });

export const adminPagesQuery = queryOptions({
  queryKey: adminKeys.pages(),
  queryFn: ({ signal }) => fetchAdminPages(signal),
});

export function useAdminPages() {
  return useQuery(adminPagesQuery);
}

export const fetchAdminPage = (slug: string, signal?: AbortSignal) =>
  api.data<AdminContentPage>(`${PATH}/${slug}`, { signal, noshow: true, schema: AdminContentPageSchema });

export const adminPageQuery = (slug: string) =>
  queryOptions({
    queryKey: adminKeys.page(slug),
    queryFn: ({ signal }) => fetchAdminPage(slug, signal),
    retry: false,
  });

export function useAdminPage(slug: string) {
  return useQuery(adminPageQuery(slug));
}

/** PUT saves one language of a page at a time. */
export const saveAdminPage = (slug: string, body: SaveContentPageBody) =>
  api.put<AdminContentPage>(`${PATH}/${slug}`, body, { schema: AdminContentPageSchema });

export function useSavePage() {
  const client = useQueryClient();
  return (slug: string, body: SaveContentPageBody): Promise<ApiResult<AdminContentPage>> =>
    saveAdminPage(slug, body).then((result) => {
      if (result.success) {
        client.setQueryData(adminPageQuery(slug).queryKey, result.data);
        void client.invalidateQueries({ queryKey: adminKeys.pages() });
        void client.invalidateQueries({ queryKey: contentKeys.all });
      }
      return result;
    });
}
