import type { Db } from '../../db/client';
import { inTransaction } from '../../platform/unit-of-work';
import { lockUserAccounts, post, systemAccount } from './wallet.ledger';

/**
 * What the demo store owner starts with: enough for several typical orders (a demo product with
 * its shipping to the US costs about $40, one in ten over $90), so the first purchase does not
 * stop at an empty wallet (issue 20, decision 0110). Bonus credit, not cash: it can be spent and
 * never withdrawn, which matters on a public demo whose log-in everyone knows.
 */
export const DEMO_CREDIT_MINOR = 100_000;
export const DEMO_CREDIT_REASON = 'Demo credit';

/** Grants the demo credit once per account (a unique key): restarts and re-seeds add nothing. */
export async function seedDemoWallet(db: Db, userId: string): Promise<void> {
  await inTransaction(db, async ({ tx }) => {
    const user = await lockUserAccounts(tx, userId);
    const promotions = await systemAccount(tx, 'promotions');
    await post(tx, {
      kind: 'bonus',
      reason: DEMO_CREDIT_REASON,
      reference: { type: 'adjustment', id: userId },
      uniqueKey: `demo-credit:${userId}`,
      lines: [
        { accountId: promotions, amountMinor: -DEMO_CREDIT_MINOR },
        { accountId: user.bonus.id, amountMinor: DEMO_CREDIT_MINOR },
      ],
    });
  });
}
