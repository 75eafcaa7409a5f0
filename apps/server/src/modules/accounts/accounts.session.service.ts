import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { sessions } from './accounts.tables';

export interface SessionUser {
  sessionId: string;
  userId: string;
  role: 'user' | 'operator' | 'agent';
  status: '1' | '0';
  /** The user's saved language (null: never chosen): what their e-mails and invoices are written in. */
  locale: string | null;
  /** The expiry was pushed out just now: a cookie carrying the token should be renewed too. */
  renewed: boolean;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session: 32 random bytes as the token, only its hash stored. */
export async function createSession(
  db: Db,
  userId: string,
  ttlSeconds: number,
): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { token, expiresIn: ttlSeconds };
}

/**
 * Finds the live session of a token, or null when it is unknown, expired, ended or its user is
 * disabled. Sliding renewal: each use pushes the expiry out to a full TTL again, written at most
 * once a minute so that busy clients do not turn every read into a write.
 */
export async function resolveSession(db: Db, token: string, ttlSeconds: number): Promise<SessionUser | null> {
  const now = new Date();
  // Every signed-in request runs this: plain SQL, not the builder (decision 0102, db/rows.ts).
  const [found] = rawRows(
    await db.execute(sql`
      select s.id, s.user_id, s.expires_at, u.role, u.status, u.locale
      from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${hashToken(token)} and s.ended_at is null and s.expires_at > ${now.toISOString()}::timestamptz
      limit 1`),
  );
  if (!found || found.status !== '1') return null;
  const sessionId = String(found.id);
  const expiresAt = sessions.expiresAt.mapFromDriverValue(found.expires_at as string) as Date;
  const fullExpiry = now.getTime() + ttlSeconds * 1000;
  const renewed = fullExpiry - expiresAt.getTime() > 60_000;
  if (renewed) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(fullExpiry), lastUsedAt: now })
      .where(eq(sessions.id, sessionId));
  }
  return {
    sessionId,
    userId: String(found.user_id),
    role: found.role as SessionUser['role'],
    status: '1',
    locale: (found.locale as string | null) ?? null,
    renewed,
  };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}
