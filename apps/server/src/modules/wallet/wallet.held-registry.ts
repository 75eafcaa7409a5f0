import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { Subscribers } from '../../platform/subscribers';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Reference } from './wallet.ledger';

/**
 * Who owns what a held payment pays for (decision 0077). The owner of a reference type (the
 * payments module: `order-payment`) has one handler, subscribed by composition.ts on the app's
 * database; the `wallet.settle-held` job calls it inside the unit of work that completes the
 * payment, so the owner's state (the order becomes paid) commits with the money or not at all. A handler that throws rolls the completion back and
 * the job retries. A reference type without a handler is never completed: it stays held.
 */
export type HeldPaymentCompleted = (uow: UnitOfWork, reference: Reference) => Promise<void>;

/** One handler per reference type: its name is the type, so subscribing the type again replaces it. */
const handlers = new Subscribers<string, HeldPaymentCompleted>();

/** Subscribes (or replaces) the completion handler of a reference type on the database `db`. */
export function onHeldPaymentCompleted(db: Db, referenceType: string, handler: HeldPaymentCompleted): void {
  handlers.add(db, referenceType, referenceType, handler);
}

/** The completion handler of `referenceType` on the database `root`, if one is subscribed. */
export function completionHandlerOf(root: Db, referenceType: string): HeldPaymentCompleted | undefined {
  for (const handler of handlers.of(root, referenceType)) return handler;
  return undefined;
}

export const WALLET_SETTLE_HELD_JOB = 'wallet.settle-held';

/**
 * After money came into a user's wallet: when the user has held payments, a `wallet.settle-held`
 * job joins the unit of work (it runs only if the credit commits). One indexed exists check, so an
 * ordinary recharge creates no job.
 */
export async function enqueueSettleIfHeld(uow: UnitOfWork, userId: string): Promise<void> {
  const res = (await uow.tx.execute(sql`
    select exists (select 1 from wallet_held_payments where user_id = ${userId} and state = 'held') as held`)) as unknown as {
    rows: Array<{ held: boolean }>;
  };
  if (res.rows[0]?.held) await uow.enqueue({ type: WALLET_SETTLE_HELD_JOB, payload: { userId } });
}
