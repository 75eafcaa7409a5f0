import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';
import { isUuid } from './ids';

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
  const [row] = await db.select({ userId: users.id, email: users.email, username: users.username }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
