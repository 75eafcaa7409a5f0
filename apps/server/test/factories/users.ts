import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rawRows } from '../../src/db/rows';
import { sessionFor } from '../harness';

let serial = 0;

/**
 * A user row of its own, written straight into `users` (registration through the API is
 * `registerUser` in accounts.ts). The name and e-mail address are unique per call.
 */
export async function newUser(
  db: Db,
  options: { locale?: string } = {},
): Promise<{ userId: string; email: string; username: string }> {
  const username = `u${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${username}@example.com`;
  const [row] = rawRows(
    await db.execute(sql`insert into users (email, username, password_hash, first_name, locale)
      values (${email}, ${username}, 'x', 'Ada', ${options.locale ?? 'en-US'}) returning id`),
  );
  return { userId: String(row!.id), email, username };
}

/** A new user with a session, for calling the routes as them. */
export async function signedInUser(db: Db, options: { locale?: string } = {}) {
  const user = await newUser(db, options);
  return { ...user, token: await sessionFor(db, user.email) };
}
