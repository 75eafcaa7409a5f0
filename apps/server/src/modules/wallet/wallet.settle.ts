import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import { WALLET_SETTLE_HELD_JOB, completionHandlerOf } from './wallet.held-registry';
import { lockUserAccounts } from './wallet.ledger';
import { capture, lock } from './wallet.service';

/**
 * Completes a user's held payments that the wallet now covers (decision 0077), oldest first, in
 * one unit of work. The user's account rows are locked first (the ledger's lock order), so two
 * runs for one user take turns and the second sees what the first completed: the same money is
 * never spent twice. A payment still short stays held; a later, smaller one may complete before it.
 */
export async function settleHeldPayments(
  db: DbOrUow,
  userId: string,
): Promise<{ completed: string[]; stillHeld: number }> {
  return inTransaction(db, async (uow) => {
    await lockUserAccounts(uow.tx, userId);
    const held = rawRows(
      await uow.tx.execute(sql`
      select id, reference_type, reference_id, lock_ids, shortfall_minor, into_account from wallet_held_payments
      where user_id = ${userId} and state = 'held' order by created_at, id for update`),
    );
    const completed: string[] = [];
    for (const row of held) {
      const reference = { type: String(row.reference_type), id: String(row.reference_id) };
      const shortfall = Number(row.shortfall_minor);
      const notify = completionHandlerOf(uow.root, reference.type);
      // No owner to tell (its module is not loaded): completing would take money for nothing.
      if (!notify) continue;
      const user = await lockUserAccounts(uow.tx, userId);
      if (user.available.balanceMinor + user.bonus.balanceMinor < shortfall) continue;
      const second = await lock(uow, userId, shortfall, reference);
      const lockIds = [...(row.lock_ids as string[]), second];
      for (const id of lockIds) await capture(uow, id, row.into_account === 'deposit' ? 'deposit' : 'revenue');
      await uow.tx.execute(sql`
        update wallet_held_payments set state = 'completed', closed_at = now(), lock_ids = array_append(lock_ids, ${second}::uuid)
        where id = ${String(row.id)}::uuid`);
      await notify(uow, reference);
      completed.push(String(row.id));
    }
    return { completed, stillHeld: held.length - completed.length };
  });
}

export const walletSettleHandlers: Record<string, JobHandler> = {
  [WALLET_SETTLE_HELD_JOB]: async (payload, { db }: { db: Db }) => {
    await settleHeldPayments(db, String(payload.userId));
  },
};
