import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfigInfoSchema } from '@dsm/contract';
import type { ConfigInfo } from '@dsm/contract';
import { api, type ApiResult } from '../../../lib/api';
import { adminKeys, configInfoKeys } from '../../../lib/query-keys';

export interface AdminConfigValue extends ConfigInfo {
  isPublic: boolean;
}

export const fetchAdminConfig = (signal?: AbortSignal) =>
  api.data<AdminConfigValue[]>('/admin/config-info', { signal });

export const adminConfigQuery = queryOptions({
  queryKey: adminKeys.configInfo(),
  queryFn: ({ signal }) => fetchAdminConfig(signal),
});

export function useAdminConfig() {
  return useQuery(adminConfigQuery);
}

export const updateConfig = (code: string, value: string) =>
  api.put<ConfigInfo>(`/admin/config-info/${code}`, { value }, { schema: ConfigInfoSchema });

export function useUpdateConfig() {
  const client = useQueryClient();
  return (code: string, value: string): Promise<ApiResult<ConfigInfo>> =>
    updateConfig(code, value).then((result) => {
      if (result.success) {
        void client.invalidateQueries({ queryKey: adminKeys.configInfo() });
        // The floating contact button and the footer read the public values.
        void client.invalidateQueries({ queryKey: configInfoKeys.all });
      }
      return result;
    });
}
