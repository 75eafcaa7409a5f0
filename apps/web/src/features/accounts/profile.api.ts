import { UserProfileSchema } from '@dsm/contract';
import type { UpdateProfileBody, UserProfile } from '@dsm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountsKeys } from '../../lib/query-keys';

/** GET /api/p/user/info: the signed-in user's profile. */
export function fetchProfile(): Promise<UserProfile> {
  return api.data<UserProfile>('/p/user/info', { schema: UserProfileSchema });
}

export const profileQuery = () => queryOptions({ queryKey: accountsKeys.profile(), queryFn: fetchProfile });

export function useProfile() {
  return useQuery(profileQuery());
}

/** PUT /api/p/user/info: replaces the editable profile (the form shows the answer itself). */
export function updateProfile(body: UpdateProfileBody) {
  return api.put<UserProfile>('/p/user/info', body, { noshow: true, schema: UserProfileSchema });
}
