import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './accounts.tables';

/**
 * What other modules may ask the accounts module (the boundary lint allows only this file):
 * e-mail addresses by user id, for operator lists of their own records (recharge orders).
 */
export async function userEmails(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.email]));
}
