import type { AdminUser, LoginResult, UserInfo, UserProfile } from '@dsm/contract';
import type { users } from './accounts.tables';

type UserRow = typeof users.$inferSelect;

/** What the client keeps as `user_info`. Never the password hash. */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    userId: u.id,
    username: u.username,
    firstname: u.firstName,
    lastname: u.lastName,
    email: u.email,
    phoneNumber: u.phoneNumber,
    country: u.country,
    status: u.status,
    role: u.role,
    userType: u.userType,
  };
}

export function toProfile(u: UserRow): UserProfile {
  return { ...toUserInfo(u), taxId: u.taxId, address: u.address };
}

export function toAdminUser(u: UserRow): AdminUser {
  return { ...toProfile(u), createdAt: u.createdAt.toISOString() };
}

/** The log-in answer; the shop name is the user name until stores are connected. */
export function toLoginResult(u: UserRow, session: { token: string; expiresIn: number }): LoginResult {
  return {
    accessToken: session.token,
    shopName: u.username,
    userId: u.id,
    expiresIn: session.expiresIn,
    userInfo: toUserInfo(u),
  };
}
