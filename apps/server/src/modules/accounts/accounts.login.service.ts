import { LOGIN_THROTTLE, type LoginBody, type LoginResult, type Locale } from '@dsm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { users } from './accounts.tables';
import { withAnswerFloor } from './accounts.answer-floor';
import { assessAttempt, beginAttempt, clearFailuresFrom, forgetAttempt } from './accounts.login-throttle';
import { hashPassword, verifyPassword } from './accounts.password';
import { createSession } from './accounts.session.service';
import { toLoginResult } from './accounts.dto';

export interface LoginContext {
  ip: string;
  locale: Locale;
  ttlSeconds: number;
}

let dummyHash: Promise<string> | undefined;
/** An unknown e-mail still costs one scrypt, so timing does not tell which addresses exist. */
const dummy = () => (dummyHash ??= hashPassword('no-such-account-0'));

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return user;
}

/**
 * Logs in by e-mail and password. A wrong e-mail and a wrong password get the same answer; a
 * disabled account (status '0') is told so, but only after the right password (decision 0010).
 */
export async function logIn(db: Db, body: LoginBody, ctx: LoginContext): Promise<LoginResult> {
  const email = body.email.toLowerCase();
  const now = new Date();
  const attemptId = await beginAttempt(db, email, ctx.ip, now);
  const verdict = await assessAttempt(db, attemptId, email, ctx.ip, now);
  if (verdict.waitSeconds > 0) {
    await forgetAttempt(db, attemptId);
    throw AppError.rateLimited(verdict.waitSeconds);
  }
  // An account under attack from many addresses: slower answers for everyone, refusal for no one.
  if (verdict.slowDown)
    return withAnswerFloor(LOGIN_THROTTLE.slowdownMs, () => checkPassword(db, body, ctx, email, attemptId));
  return checkPassword(db, body, ctx, email, attemptId);
}

async function checkPassword(
  db: Db,
  body: LoginBody,
  ctx: LoginContext,
  email: string,
  attemptId: string,
): Promise<LoginResult> {
  const user = await findUserByEmail(db, email);
  const matches = await verifyPassword(body.password, user?.passwordHash ?? (await dummy()));
  // The attempt row stays: it is one failure for this e-mail and this address.
  if (!user || !matches) throw AppError.business('login-failed', 'accounts.login-failed');
  if (user.status !== '1') {
    await forgetAttempt(db, attemptId);
    throw AppError.business('account-disabled', 'accounts.account-disabled');
  }

  return inTransaction(db, async ({ tx }) => {
    await clearFailuresFrom(tx, email, ctx.ip);
    // Mail to this user is written in the language they last used.
    const [fresh] = await tx.update(users).set({ locale: ctx.locale }).where(eq(users.id, user.id)).returning();
    const session = await createSession(tx, user.id, ctx.ttlSeconds);
    return toLoginResult(fresh!, session);
  });
}
