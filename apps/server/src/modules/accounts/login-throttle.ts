import { LOGIN_THROTTLE } from '@dsm/contract';
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from './accounts.tables';

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;

/**
 * Throttling of log-in guesses: at most LOGIN_THROTTLE.maxFailures failures per e-mail and per
 * client address within the window. An attempt is written BEFORE its password is checked and
 * removed again unless it fails, so a burst of parallel guesses is counted too (decision 0010).
 */
export async function beginAttempt(db: Db, email: string, ip: string, now: Date): Promise<string> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - WINDOW_MS)));
  const [row] = await db.insert(loginAttempts).values({ email, ip, createdAt: now }).returning({ id: loginAttempts.id });
  return row!.id;
}

/** Seconds until the e-mail and the address are both below the limit again; 0 when they are now. */
export async function secondsToWait(db: Db, attemptId: string, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const waitFor = async (column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string) => {
    const rows = await db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(eq(column, value), gt(loginAttempts.createdAt, since), ne(loginAttempts.id, attemptId)))
      .orderBy(asc(loginAttempts.createdAt));
    if (rows.length < LOGIN_THROTTLE.maxFailures) return 0;
    // When this failure leaves the window, fewer than the maximum remain.
    const freeing = rows[rows.length - LOGIN_THROTTLE.maxFailures]!;
    return Math.max(1, Math.ceil((freeing.createdAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
  };
  const [byEmail, byIp] = [await waitFor(loginAttempts.email, email), await waitFor(loginAttempts.ip, ip)];
  return Math.max(byEmail, byIp);
}

/** The attempt did not fail (refused by the throttle, or a disabled account): it does not count. */
export async function forgetAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

/** A successful log-in (or password reset) resets the e-mail's counter. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
}
