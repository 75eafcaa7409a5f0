import type { UpdateProfileBody, UserProfile } from '@dsm/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { users } from './accounts.tables';
import { asConflict, assertFree } from './accounts.uniqueness';
import { toProfile } from './accounts.dto';

export async function getProfile(db: Db, userId: string): Promise<UserProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.notFound('accounts.user-not-found');
  return toProfile(user);
}

/** Replaces the editable profile; the e-mail address stays (it is the log-in name). */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<UserProfile> {
  await assertFree(db, { username: body.username }, userId);
  try {
    const [user] = await db
      .update(users)
      .set({
        username: body.username,
        firstName: body.firstname,
        lastName: body.lastname,
        phoneNumber: body.phoneNumber,
        taxId: body.taxId,
        country: body.country,
        address: body.address,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw AppError.notFound('accounts.user-not-found');
    return toProfile(user);
  } catch (err) {
    throw asConflict(err) ?? err;
  }
}
