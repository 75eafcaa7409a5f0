import { and, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { users } from './accounts.tables';

const TAKEN = {
  email: { key: 'accounts.email-taken', reason: 'email-taken', index: 'users_email_lower_key' },
  username: { key: 'accounts.username-taken', reason: 'username-taken', index: 'users_username_lower_key' },
} as const;

function conflict(field: keyof typeof TAKEN): AppError {
  // `data.field` lets a form mark the field; the message says what is wrong.
  return AppError.conflict(TAKEN[field].reason, TAKEN[field].key, {}, { field });
}

/** E-mail addresses and user names are unique ignoring case: CONFLICT naming the taken one. */
export async function assertFree(
  db: Db,
  wanted: { email?: string; username?: string },
  exceptUserId?: string,
): Promise<void> {
  const checks = [
    wanted.email === undefined ? undefined : sql`lower(${users.email}) = lower(${wanted.email})`,
    wanted.username === undefined ? undefined : sql`lower(${users.username}) = lower(${wanted.username})`,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(and(or(...checks), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  for (const field of ['email', 'username'] as const) {
    const value = wanted[field];
    if (value !== undefined && rows.some((r) => r[field].toLowerCase() === value.toLowerCase())) throw conflict(field);
  }
}

/** Two requests racing past `assertFree`: the unique index decides, and the loser gets the same CONFLICT. */
export function asConflict(err: unknown): AppError | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code !== '23505') continue;
    if (constraint === TAKEN.email.index) return conflict('email');
    if (constraint === TAKEN.username.index) return conflict('username');
  }
  return undefined;
}
