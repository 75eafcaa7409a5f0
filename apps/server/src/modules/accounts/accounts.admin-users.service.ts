import { type AdminUser, type ListUsersQuery, type Page, type UpdateUserStatusBody, toPage } from '@dsm/contract';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { users } from './accounts.tables';
import { isUuid } from './accounts.ids';
import { endAllSessions } from './accounts.session.service';
import { toAdminUser } from './accounts.dto';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';

/** `%` and `_` typed by the operator are literal characters, not wildcards. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The operator's user list, newest first; the keyword matches e-mail, user name or name. */
export async function listUsers(db: Db, q: ListUsersQuery): Promise<Page<AdminUser>> {
  const pattern = q.keyword ? containsPattern(q.keyword) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.username, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    q.status ? eq(users.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return toPage(rows.map(toAdminUser), total?.n ?? 0, q);
}

/** Enables ('1') or disables ('0') an account; disabling ends all its sessions at once. */
export async function setUserStatus(
  db: DbOrUow,
  operatorId: string,
  userId: string,
  body: UpdateUserStatusBody,
): Promise<AdminUser> {
  if (!isUuid(userId)) throw AppError.notFound('accounts.user-not-found');
  if (userId === operatorId && body.status === '0')
    throw AppError.business('cannot-disable-self', 'accounts.cannot-disable-self');
  return inTransaction(db, async ({ tx }) => {
    const [user] = await tx
      .update(users)
      .set({ status: body.status, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw AppError.notFound('accounts.user-not-found');
    if (body.status === '0') await endAllSessions(tx, userId);
    return toAdminUser(user);
  });
}
