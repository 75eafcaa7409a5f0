import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { users } from './accounts.tables';
import { isUuid } from './accounts.ids';

/** A user's addresses (consignee and billing), own rows only: checkout reads them here. */
export { getAddress, getAddresses, listAddresses } from './accounts.address.service';
export { onUserRegistered, type UserRegistered } from './accounts.hooks';

/**
 * The accounts module's public face for other modules (decision 0066): what they may know about
 * a user without reading the accounts tables.
 */
export interface UserSummary {
  userId: string;
  email: string;
  username: string;
}

/** A user's id, e-mail and user name; null for an unknown (or malformed) id. */
export async function findUserSummary(db: Db, userId: string): Promise<UserSummary | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({ userId: users.id, email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** E-mail addresses by user id, for operator lists of other modules' records (recharge orders). */
export async function userEmails(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Whom to write to about a user's own records, and in which language (their stored locale). */
export async function mailRecipient(
  db: Db,
  userId: string,
): Promise<{ email: string; locale: string | null; name: string } | null> {
  if (!isUuid(userId)) return null;
  // Plain SQL: every order placed reads it (decision 0102, db/rows.ts).
  const [row] = rawRows(
    await db.execute(sql`select email, locale, first_name, username from users where id = ${userId}`),
  );
  return row
    ? {
        email: String(row.email),
        locale: (row.locale as string | null) ?? null,
        name: String(row.first_name || row.username),
      }
    : null;
}

/** An account's id and role by e-mail (any case); null when there is none. For staff set-up. */
export async function findAccountRole(
  db: Db,
  email: string,
): Promise<{ userId: string; role: 'user' | 'operator' | 'agent' } | null> {
  const [row] = await db
    .select({ userId: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return row ?? null;
}

/**
 * Makes a store-owner account an agent, or an agent a store owner again (decision 0127). The
 * operator's own role is never changed here; the caller checks the account is not an operator.
 */
export async function setAgentRole(db: Db, userId: string, agent: boolean): Promise<void> {
  await db
    .update(users)
    .set({ role: agent ? 'agent' : 'user', updatedAt: new Date() })
    .where(sql`${users.id} = ${userId} and ${users.role} <> 'operator'`);
}
