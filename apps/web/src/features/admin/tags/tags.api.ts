import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminTagListSchema, AdminTagSchema } from '@dsm/contract';
import type { AdminTag, CreateTagBody, UpdateTagBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, catalogueKeys } from '../../../lib/query-keys';

const PATH = '/admin/catalogue/tags';

export const fetchAdminTags = (signal?: AbortSignal) =>
  api.data<AdminTag[]>(PATH, { signal, schema: AdminTagListSchema });

export const adminTagsQuery = queryOptions({
  queryKey: adminKeys.tags(),
  queryFn: ({ signal }) => fetchAdminTags(signal),
});

export function useAdminTags() {
  return useQuery(adminTagsQuery);
}

export const createTag = (body: CreateTagBody) =>
  api.post<AdminTag>(PATH, body, { idempotencyKey: crypto.randomUUID(), schema: AdminTagSchema });
export const updateTag = (id: number, body: UpdateTagBody) =>
  api.put<AdminTag>(`${PATH}/${id}`, body, { schema: AdminTagSchema });

/** Creates (no id) or renames a tag; the console list and the storefront's tags refresh on success. */
export function useSaveTag() {
  const client = useQueryClient();
  return (id: number | null, body: CreateTagBody): Promise<ApiResult<AdminTag>> =>
    (id === null ? createTag(body) : updateTag(id, { names: body.names, position: body.position })).then((result) => {
      if (result.success) {
        void client.invalidateQueries({ queryKey: adminKeys.tags() });
        void client.invalidateQueries({ queryKey: catalogueKeys.all });
      }
      return result;
    });
}
