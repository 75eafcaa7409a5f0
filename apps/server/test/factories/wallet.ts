import type { Db } from '../../src/db/client';
import { newUser } from './users';

/** A wallet owner's user id. */
export async function walletOwner(db: Db): Promise<string> {
  return (await newUser(db)).userId;
}
