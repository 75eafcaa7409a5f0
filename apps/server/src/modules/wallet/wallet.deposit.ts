import { sql } from 'drizzle-orm';
import { rawRows } from '../../db/rows';
import { type DbOrUow, inTransaction } from '../../platform/unit-of-work';
import {
  type Posted,
  type Reference,
  assertMinor,
  depositAccountId,
  insufficient,
  lockUserAccounts,
  paidSql,
  post,
  split,
  systemAccount,
} from './wallet.ledger';

/**
 * Bulk deposit (decision 0130): money a user paid for bulk goods not yet received sits in their
 * own `deposit` account, not in revenue, until the warehouse receives the goods. It is not
 * spendable; the history shows it leaving (deposit, balance) and coming back (a cancel before
 * purchase), and its move to revenue on receipt nets to nothing on what the user can spend.
 * What each reference put in is kept in `wallet_payments` (cash and bonus apart), so a return
 * gives bonus back as bonus.
 */

async function recordPaid(db: DbOrUow, userId: string, reference: Reference, cash: number, bonus: number) {
  await inTransaction(db, ({ tx }) => tx.execute(paidSql(userId, reference, cash, bonus)));
}

/**
 * Pays `amount` (bonus first, then cash) into the user's deposit account at once, or refuses
 * with insufficient-balance. Posts once per `uniqueKey`: a repeat moves nothing.
 */
export async function payIntoDeposit(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
  opts: { kind: 'bulk-deposit' | 'bulk-balance'; uniqueKey: string },
): Promise<Posted> {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const deposit = await depositAccountId(tx, userId);
    const user = await lockUserAccounts(tx, userId);
    const spendable = user.available.balanceMinor + user.bonus.balanceMinor;
    if (spendable < amountMinor) throw insufficient(spendable, amountMinor);
    const { bonus, cash } = split(amountMinor, user.bonus.balanceMinor);
    const posted = await post(tx, {
      kind: opts.kind,
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: user.bonus.id, amountMinor: -bonus },
        { accountId: user.available.id, amountMinor: -cash },
        { accountId: deposit, amountMinor },
      ],
    });
    if (!posted.duplicate) await recordPaid(tx, userId, reference, cash, bonus);
    return posted;
  });
}

/** Goods received: `amount` of the user's deposit goes to platform revenue. Once per `uniqueKey`. */
export async function settleDeposit(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<Posted> {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const deposit = await depositAccountId(tx, userId);
    const revenue = await systemAccount(tx, 'revenue');
    return post(tx, {
      kind: 'bulk-settled',
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: deposit, amountMinor: -amountMinor },
        { accountId: revenue, amountMinor },
      ],
    });
  });
}

/**
 * Gives back everything `paidAs` put into the deposit account and has not had back: bonus to
 * bonus, cash to cash, fee-free, posted under `postAs`, once per `uniqueKey`. Returns the amount.
 */
export async function returnDeposit(
  db: DbOrUow,
  paidAs: Reference,
  opts: { postAs: Reference; uniqueKey: string },
): Promise<{ returnedMinor: number; duplicate: boolean }> {
  return inTransaction(db, async ({ tx }) => {
    const [row] = rawRows(
      await tx.execute(sql`
      select user_id, cash_minor - refunded_cash_minor as cash, bonus_minor - refunded_bonus_minor as bonus
      from wallet_payments where reference_type = ${paidAs.type} and reference_id = ${paidAs.id} for update`),
    );
    const cash = Number(row?.cash ?? 0);
    const bonus = Number(row?.bonus ?? 0);
    if (!row || cash + bonus === 0) return { returnedMinor: 0, duplicate: false };
    const userId = String(row.user_id);
    const deposit = await depositAccountId(tx, userId);
    const user = await lockUserAccounts(tx, userId);
    const posted = await post(tx, {
      kind: 'bulk-deposit-returned',
      reference: opts.postAs,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: deposit, amountMinor: -(cash + bonus) },
        { accountId: user.bonus.id, amountMinor: bonus },
        { accountId: user.available.id, amountMinor: cash },
      ],
    });
    if (posted.duplicate) return { returnedMinor: 0, duplicate: true };
    await tx.execute(sql`
      update wallet_payments set refunded_cash_minor = refunded_cash_minor + ${cash},
        refunded_bonus_minor = refunded_bonus_minor + ${bonus}, updated_at = now()
      where reference_type = ${paidAs.type} and reference_id = ${paidAs.id}`);
    return { returnedMinor: cash + bonus, duplicate: false };
  });
}
