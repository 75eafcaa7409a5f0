import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminNoticePageSchema, AdminNoticeSchema } from '@dsm/contract';
import type { AdminNotice, Page, SaveNoticeBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, contentKeys } from '../../../lib/query-keys';

const PATH = '/admin/content/notices';

export const fetchAdminNotices = (current: number, size: number, signal?: AbortSignal) =>
  api.data<Page<AdminNotice>>(PATH, { query: { current, size }, signal, schema: AdminNoticePageSchema });

export const adminNoticesQuery = (current: number, size: number) =>
  queryOptions({
    queryKey: adminKeys.notices(current, size),
    queryFn: ({ signal }) => fetchAdminNotices(current, size, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminNotices(current: number, size: number) {
  return useQuery(adminNoticesQuery(current, size));
}

export const createNotice = (body: SaveNoticeBody) =>
  api.post<AdminNotice>(PATH, body, { idempotencyKey: crypto.randomUUID(), schema: AdminNoticeSchema });
export const updateNotice = (id: number, body: SaveNoticeBody) =>
  api.put<AdminNotice>(`${PATH}/${id}`, body, { schema: AdminNoticeSchema });
export const deleteNotice = (id: number) => api.del<null>(`${PATH}/${id}`);

export function useNoticeActions() {
  const client = useQueryClient();
  const after = <T>(result: ApiResult<T>) => {
    if (result.success) {
      void client.invalidateQueries({ queryKey: adminKeys.notices() });
      void client.invalidateQueries({ queryKey: contentKeys.all });
    }
    return result;
  };
  return {
    save: (id: number | null, body: SaveNoticeBody) =>
      (id === null ? createNotice(body) : updateNotice(id, body)).then(after),
    remove: (id: number) => deleteNotice(id).then(after),
  };
}
