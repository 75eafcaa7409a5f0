import type { LoginResult, Locale, RegisterBody } from '@dsm/contract';
import { users } from './accounts.tables';
import { hashPassword } from './accounts.password';
import { createSession } from './accounts.session.service';
import { asConflict, assertFree } from './accounts.uniqueness';
import { toLoginResult } from './accounts.dto';
import { runUserRegisteredHandlers } from './accounts.hooks';
import { type DbOrUow, handleOf, inTransaction } from '../../platform/unit-of-work';

/** Creates an active store-owner account and logs it in (the answer is the log-in answer). */
export async function register(
  db: DbOrUow,
  body: RegisterBody,
  ctx: { locale: Locale; ttlSeconds: number },
): Promise<LoginResult> {
  await assertFree(handleOf(db), { email: body.email, username: body.username });
  // Hash outside the transaction: scrypt takes ~0.1 s and need not hold a connection.
  const passwordHash = await hashPassword(body.password);
  try {
    return await inTransaction(db, async (uow) => {
      const { tx } = uow;
      const [user] = await tx
        .insert(users)
        .values({
          email: body.email,
          username: body.username,
          firstName: body.firstname,
          lastName: body.lastname,
          phoneNumber: body.phoneNumber,
          country: body.country,
          passwordHash,
          role: 'user',
          status: '1',
          userType: body.userType,
          platform: body.platform,
          channel: body.channel,
          locale: ctx.locale,
        })
        .returning();
      await runUserRegisteredHandlers(uow, {
        userId: user!.id,
        email: user!.email,
        phoneNumber: user!.phoneNumber,
        ref: body.ref,
      });
      const session = await createSession(tx, user!.id, ctx.ttlSeconds);
      return toLoginResult(user!, session);
    });
  } catch (err) {
    throw asConflict(err) ?? err;
  }
}
