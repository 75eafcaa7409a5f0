import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';

/**
 * What other modules do when a store owner registers, inside the registration's unit of work: the
 * affiliate programme attributes the new account to the code it came with (issue 26). A handler
 * that throws refuses the registration: nothing is written.
 */
export interface UserRegistered {
  userId: string;
  email: string;
  phoneNumber: string;
  /** The referral code the form carried, upper-case; absent when none. */
  ref?: string;
}

export type UserRegisteredHandler = (uow: UnitOfWork, user: UserRegistered) => Promise<void>;

const handlers = new Subscribers<'registered', UserRegisteredHandler>();

/** Subscribes `handler` on the database `db` under `name` (again under one name: replaces). */
export function onUserRegistered(db: Db, name: string, handler: UserRegisteredHandler): void {
  handlers.add(db, 'registered', name, handler);
}

export async function runUserRegisteredHandlers(uow: UnitOfWork, user: UserRegistered): Promise<void> {
  for (const handler of handlers.of(uow.root, 'registered')) await handler(uow, user);
}
