import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { hashPassword } from './accounts.password';
import { endAllSessions } from './accounts.session.service';
import { users } from './accounts.tables';

export class NoOperatorAccountError extends Error {}

/**
 * `npm run operator-password`: gives the operator account (OPERATOR_EMAIL) a new password, the
 * configured OPERATOR_PASSWORD or a random one, and ends its sessions, in one transaction.
 * Returns the password to print. Refuses when the database has no such operator.
 */
export async function resetOperatorPassword(
  db: DbOrUow,
  config: Pick<Config, 'operator'>,
): Promise<{ email: string; password: string }> {
  const password = config.operator.password ?? randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (uow) => {
    const [operator] = await uow.tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(sql`lower(${users.email}) = lower(${config.operator.email})`, eq(users.role, 'operator')))
      .returning({ id: users.id, email: users.email });
    if (!operator) {
      throw new NoOperatorAccountError(
        `This database has no operator account ${config.operator.email}. ` +
          'Start the server once (or run `npm run seed`) to create it, or set OPERATOR_EMAIL to its address.',
      );
    }
    await endAllSessions(uow.tx, operator.id);
    return { email: operator.email, password };
  });
}
