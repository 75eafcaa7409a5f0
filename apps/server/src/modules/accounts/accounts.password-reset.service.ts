import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Locale, RESET_CODE, type ResetPasswordBody, translate } from '@dsm/contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';
import { passwordResetCodes, users } from './accounts.tables';
import { clearFailures } from './accounts.login-throttle';
import { findUserByEmail } from './accounts.login.service';
import { hashPassword } from './accounts.password';
import { endAllSessions } from './accounts.session.service';

const TTL_MS = RESET_CODE.ttlMinutes * 60_000;
const RESEND_MS = RESET_CODE.resendSeconds * 1000;

/** Only an HMAC of the code is stored, keyed by the server secret and bound to the user. */
function hashCode(secretKey: string, userId: string, code: string): string {
  return createHmac('sha256', secretKey).update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "Verification failed" on the code field, also as the answer's message (SPEC §8). */
function verificationFailed(): AppError {
  return new AppError('VALIDATION', 'accounts.verification-failed', {}, [
    { field: 'emailCode', messageKey: 'accounts.verification-failed' },
  ]);
}

/**
 * E-mails a new 6-digit reset code. The answer is the same whether or not the address has an
 * account; a disabled account, or a second request within a minute, sends nothing. The code,
 * its e-mail and the e-mail's delivery job commit together; a worker sends it, retrying while
 * the SMTP server is away, so the request never waits for SMTP.
 */
export async function requestResetCode(
  db: DbOrUow,
  mailer: Mailer,
  secretKey: string,
  email: string,
  locale: Locale,
): Promise<void> {
  const user = await findUserByEmail(handleOf(db), email);
  if (!user || user.status !== '1') return;
  const code = String(randomInt(0, 10 ** RESET_CODE.length)).padStart(RESET_CODE.length, '0');
  const codeHash = hashCode(secretKey, user.id, code);
  const now = new Date();

  await inTransaction(db, async (uow) => {
    const { tx } = uow;
    // One request per user at a time, so two parallel requests cannot both send.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [current] = await tx
      .select({ createdAt: passwordResetCodes.createdAt })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id));
    if (current && now.getTime() - current.createdAt.getTime() < RESEND_MS) return;
    const fresh = { codeHash, expiresAt: new Date(now.getTime() + TTL_MS), attempts: 0, usedAt: null, createdAt: now };
    await tx
      .insert(passwordResetCodes)
      .values({ userId: user.id, ...fresh })
      .onConflictDoUpdate({ target: passwordResetCodes.userId, set: fresh });
    await tx.update(users).set({ locale }).where(eq(users.id, user.id));
    const params = { name: user.firstName || user.username, code, minutes: RESET_CODE.ttlMinutes };
    await mailer.record(uow, {
      to: user.email,
      subject: translate(locale, 'accounts.mail.reset-code.subject'),
      text: translate(locale, 'accounts.mail.reset-code.text', params),
      locale,
    });
  });
}

/**
 * Sets a new password with an e-mailed code and ends every session of the account. A wrong code
 * counts against the code (void after RESET_CODE.maxAttempts); an unknown address, a missing,
 * expired, used or void code all answer "Verification failed".
 */
export async function resetPassword(db: DbOrUow, secretKey: string, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const reset = await inTransaction(db, async ({ tx }) => {
    const user = await findUserByEmail(tx, body.email);
    if (!user) return false;
    const [code] = await tx
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, user.id))
      .for('update');
    const now = new Date();
    if (!code || code.usedAt || code.expiresAt <= now || code.attempts >= RESET_CODE.maxAttempts) return false;
    if (!sameHash(code.codeHash, hashCode(secretKey, user.id, body.emailCode))) {
      // Committed although the answer is an error: the wrong try must count.
      await tx
        .update(passwordResetCodes)
        .set({ attempts: code.attempts + 1 })
        .where(eq(passwordResetCodes.userId, user.id));
      return false;
    }
    await tx.update(passwordResetCodes).set({ usedAt: now }).where(eq(passwordResetCodes.userId, user.id));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    await clearFailures(tx, user.email);
    return true;
  });
  if (!reset) throw verificationFailed();
}
