import { LOGIN_THROTTLE } from '@dsm/contract';
import { type SQL, and, asc, count, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from './accounts.tables';

const WINDOW_MS = LOGIN_THROTTLE.windowMinutes * 60_000;

/**
 * Throttling of log-in guesses (decision 0065, replacing 0010's per-account lock): failures are
 * counted per account AND client address, and per client address whatever the account. A count
 * of one account's failures from other addresses never refuses an attempt, so nobody can lock an
 * owner out by guessing at their account; past LOGIN_THROTTLE.accountUnderAttack failures it only
 * slows every attempt on that account down. An attempt is written BEFORE its password is checked
 * and removed again unless it fails, so a burst of parallel guesses is counted too.
 */
export async function beginAttempt(db: Db, email: string, ip: string, now: Date): Promise<string> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - WINDOW_MS)));
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, ip, createdAt: now })
    .returning({ id: loginAttempts.id });
  return row!.id;
}

export interface AttemptVerdict {
  /** Seconds until this address may try this account again; 0 when it may now. */
  waitSeconds: number;
  /** The account is under attack from many addresses: answer slowly, but answer. */
  slowDown: boolean;
}

export async function assessAttempt(
  db: Db,
  attemptId: string,
  email: string,
  ip: string,
  now: Date,
): Promise<AttemptVerdict> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const recent = (where: SQL | undefined) =>
    and(where, gt(loginAttempts.createdAt, since), ne(loginAttempts.id, attemptId));
  const waitFor = async (where: SQL | undefined, limit: number) => {
    const rows = await db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(recent(where))
      .orderBy(asc(loginAttempts.createdAt));
    if (rows.length < limit) return 0;
    // When this failure leaves the window, fewer than the limit remain.
    const freeing = rows[rows.length - limit]!;
    return Math.max(1, Math.ceil((freeing.createdAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
  };
  const byPair = await waitFor(
    and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
    LOGIN_THROTTLE.maxFailures,
  );
  const byAddress = await waitFor(eq(loginAttempts.ip, ip), LOGIN_THROTTLE.perAddress);
  const [onAccount] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(recent(eq(loginAttempts.email, email)));
  return {
    waitSeconds: Math.max(byPair, byAddress),
    slowDown: (onAccount?.n ?? 0) >= LOGIN_THROTTLE.accountUnderAttack,
  };
}

/** The attempt did not fail (refused by the throttle, or a disabled account): it does not count. */
export async function forgetAttempt(db: Db, attemptId: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

/**
 * A successful log-in clears this address's failures on the account (the failures from other
 * addresses stay: the owner logging in must not reset an attacker's count elsewhere).
 */
export async function clearFailuresFrom(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email.toLowerCase()), eq(loginAttempts.ip, ip)));
}

/** A password reset proves the owner: every failure on the account is forgotten. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
}
