import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminBannerListSchema, AdminBannerSchema } from '@dsm/contract';
import type { AdminBanner, CreateBannerBody, UpdateBannerBody } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, contentKeys } from '../../../lib/query-keys';

const PATH = '/admin/content/banners';

export const fetchAdminBanners = (signal?: AbortSignal) =>
  api.data<AdminBanner[]>(PATH, { signal, schema: AdminBannerListSchema });

export const adminBannersQuery = queryOptions({
  queryKey: adminKeys.banners(),
  queryFn: ({ signal }) => fetchAdminBanners(signal),
});

export function useAdminBanners() {
  return useQuery(adminBannersQuery);
}

/** Banner bodies carry an uploaded picture inline (base64 `image`) or an `imgUrl`. */
export const createBanner = (body: CreateBannerBody) =>
  api.post<AdminBanner>(PATH, body, { idempotencyKey: crypto.randomUUID(), schema: AdminBannerSchema });
export const updateBanner = (id: number, body: UpdateBannerBody) =>
  api.put<AdminBanner>(`${PATH}/${id}`, body, { schema: AdminBannerSchema });
export const deleteBanner = (id: number) => api.del<null>(`${PATH}/${id}`);

export function useBannerActions() {
  const client = useQueryClient();
  const after = <T>(result: ApiResult<T>) => {
    if (result.success) {
      void client.invalidateQueries({ queryKey: adminKeys.banners() });
      void client.invalidateQueries({ queryKey: contentKeys.all });
    }
    return result;
  };
  return {
    save: (id: number | null, body: CreateBannerBody) =>
      (id === null ? createBanner(body) : updateBanner(id, body)).then(after),
    remove: (id: number) => deleteBanner(id).then(after),
  };
}
