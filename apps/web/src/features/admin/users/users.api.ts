import { AdminUserPageSchema, AdminUserSchema } from '@dsm/contract';
import type { AdminUser, Page, UserStatus } from '@dsm/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { adminKeys } from '../../../lib/query-keys';

export interface UsersFilter {
  keyword?: string;
  status?: UserStatus;
  current: number;
  size: number;
}

/** GET /api/admin/users: newest first; the keyword matches e-mail, user name or name. */
export function fetchUsers(filter: UsersFilter): Promise<Page<AdminUser>> {
  return api.data<Page<AdminUser>>('/admin/users', { query: { ...filter }, schema: AdminUserPageSchema });
}

export const usersQuery = (filter: UsersFilter) =>
  queryOptions({
    queryKey: adminKeys.users(filter),
    queryFn: () => fetchUsers(filter),
    placeholderData: keepPreviousData,
  });

export function useUsers(filter: UsersFilter) {
  return useQuery(usersQuery(filter));
}

/** PUT /api/admin/users/{id}/status: disabling ends every session of the user at once. */
export async function setUserStatus(id: string, status: UserStatus): Promise<AdminUser> {
  const result = await api.put<AdminUser>(
    `/admin/users/${encodeURIComponent(id)}/status`,
    { status },
    { schema: AdminUserSchema },
  );
  if (!result.success) throw new ApiError(result);
  return result.data;
}

export function useSetUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => setUserStatus(id, status),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
