import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { payIntoDeposit } from './wallet.deposit';
import { enqueueSettleIfHeld } from './wallet.held-registry';
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
 * The wallet service the orders, recharge and withdrawal work call inside their own unit of work
 * (decision 0070). Bonus credit is spent BEFORE cash: it can never be withdrawn, so using it first
 * leaves the user as much withdrawable cash as possible; a refund gives bonus back first (up to
 * what the reference took from bonus), so a refund never turns bonus into cash.
 */

export type { Reference } from './wallet.ledger';
export { payIntoDeposit, returnDeposit, settleDeposit } from './wallet.deposit';
export { type HeldPaymentCompleted, WALLET_SETTLE_HELD_JOB, onHeldPaymentCompleted } from './wallet.held-registry';
export type RechargeMethod = 'paypal' | 'card' | 'bank';

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw AppError.invalid([{ field: 'reason', messageKey: 'wallet.reason-required' }]);
  return trimmed;
}

/** Adds what a reference took from the wallet (pay, capture) to its payment row. */
async function recordPaid(db: Db, userId: string, reference: Reference, cash: number, bonus: number) {
  await db.execute(paidSql(userId, reference, cash, bonus));
}

/**
 * A recharge credited: the provider's clearing account gives amount + fee, the user's available
 * cash gets the amount and the fee account the fee. Posts once per recharge reference (or per
 * `uniqueKey`, e.g. a provider event id): a repeated capture or webhook returns `duplicate`.
 */
export async function recordRecharge(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  feeMinor: number,
  method: RechargeMethod,
  reference: Reference,
  opts: { uniqueKey?: string } = {},
): Promise<Posted> {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(feeMinor) || feeMinor < 0) throw new Error('wallet: fee must be a non-negative integer');
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const user = await lockUserAccounts(tx, userId);
    const clearing = await systemAccount(tx, 'clearing', `clearing:${method}`);
    const fees = await systemAccount(tx, 'fees');
    const posted = await post(tx, {
      kind: 'recharge',
      reference,
      uniqueKey: opts.uniqueKey ?? `recharge:${reference.type}:${reference.id}`,
      lines: [
        { accountId: clearing, amountMinor: -(amountMinor + feeMinor) },
        { accountId: user.available.id, amountMinor },
        { accountId: fees, amountMinor: feeMinor },
      ],
    });
    // Held payments (decision 0077) complete in a job once this credit commits.
    if (!posted.duplicate) await enqueueSettleIfHeld(uow, userId);
    return posted;
  });
}

/**
 * Locks the user's wallet rows now, for a caller that moves money later in the same unit of work
 * but locks rows of its own first (payments: the orders it pays). Taking the wallet first keeps
 * the order every completion uses (a top-up's settle run: wallet, then the owner's rows), so the
 * two never wait on each other in a circle.
 */
export async function lockWallet(uow: UnitOfWork, userId: string): Promise<LockedWallet> {
  return { userId, accounts: await lockUserAccounts(uow.tx, userId) };
}

/**
 * The wallet rows lockWallet locked and read, for payOrHold in the same unit of work: they stay
 * locked to the commit, so while nothing in between moves this wallet's money they are current.
 */
export interface LockedWallet {
  readonly userId: string;
  readonly accounts: Awaited<ReturnType<typeof lockUserAccounts>>;
}

/** Pays `amount` from the wallet at once (bonus first, then cash) to platform revenue. */
export async function pay(db: DbOrUow, userId: string, amountMinor: number, reference: Reference) {
  assertMinor(amountMinor);
  return inTransaction(db, async (uow) =>
    payLocked(uow, await lockUserAccounts(uow.tx, userId), userId, amountMinor, reference),
  );
}

/** `pay` with the user's rows locked and read already (payOrHold has just done so). */
async function payLocked(
  uow: UnitOfWork,
  user: Awaited<ReturnType<typeof lockUserAccounts>>,
  userId: string,
  amountMinor: number,
  reference: Reference,
) {
  const spendable = user.available.balanceMinor + user.bonus.balanceMinor;
  if (spendable < amountMinor) throw insufficient(spendable, amountMinor);
  const { bonus, cash } = split(amountMinor, user.bonus.balanceMinor);
  const revenue = await systemAccount(uow.tx, 'revenue');
  // The rows were just locked and nothing posted since: post need not read them again.
  const posted = await post(
    uow,
    {
      kind: 'payment',
      reference,
      lines: [
        { accountId: user.bonus.id, amountMinor: -bonus },
        { accountId: user.available.id, amountMinor: -cash },
        { accountId: revenue, amountMinor },
      ],
    },
    { lockedUser: user, alongside: paidSql(userId, reference, cash, bonus) },
  );
  return { ...posted, cashMinor: cash, bonusMinor: bonus };
}

/** Moves up to `amount` (bonus first) into the locked account; 0 moves nothing but still holds. */
async function lockUpTo(db: DbOrUow, userId: string, amountMinor: number, reference: Reference, all: boolean) {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const user = await lockUserAccounts(tx, userId);
    const spendable = user.available.balanceMinor + user.bonus.balanceMinor;
    if (all && spendable < amountMinor) throw insufficient(spendable, amountMinor);
    const lockable = Math.min(amountMinor, spendable);
    const { bonus, cash } = split(lockable, user.bonus.balanceMinor);
    const [row] = rawRows(
      await tx.execute(sql`
      insert into wallet_locks (user_id, reference_type, reference_id, cash_minor, bonus_minor)
      values (${userId}, ${reference.type}, ${reference.id}, ${cash}, ${bonus}) returning id`),
    );
    const lockId = String(row!.id);
    if (lockable > 0) {
      await post(tx, {
        kind: 'lock',
        reference,
        lines: [
          { accountId: user.bonus.id, amountMinor: -bonus },
          { accountId: user.available.id, amountMinor: -cash },
          { accountId: user.locked.id, amountMinor: lockable },
        ],
      });
    }
    return { lockId, lockedMinor: lockable, shortfallMinor: amountMinor - lockable };
  });
}

/** Sets `amount` aside for `reference`; refuses with insufficient-balance when it is not there. */
export async function lock(db: DbOrUow, userId: string, amountMinor: number, reference: Reference): Promise<string> {
  return (await lockUpTo(db, userId, amountMinor, reference, true)).lockId;
}

/**
 * SPEC §4 insufficient balance: locks what is there (possibly nothing) and says what is missing.
 * The caller holds its payment as "insufficient balance"; how it completes is in decision 0070.
 */
export async function lockAvailable(db: DbOrUow, userId: string, amountMinor: number, reference: Reference) {
  return lockUpTo(db, userId, amountMinor, reference, false);
}

/** Where captured money goes: platform revenue, or the user's bulk deposit (decision 0130). */
export type CaptureInto = 'revenue' | 'deposit';

async function closeLock(db: DbOrUow, lockId: string, to: 'captured' | 'released', into: CaptureInto = 'revenue') {
  return inTransaction(db, async ({ tx }) => {
    const [row] = rawRows(
      await tx.execute(sql`
      select id, user_id, reference_type, reference_id, cash_minor, bonus_minor, state
      from wallet_locks where id = ${lockId}::uuid for update`),
    );
    if (!row) throw AppError.notFound('wallet.lock-not-found');
    if (row.state !== 'held') throw AppError.conflict('wallet-lock-closed', 'wallet.lock-closed');
    const userId = String(row.user_id);
    const reference = { type: String(row.reference_type), id: String(row.reference_id) };
    const cash = Number(row.cash_minor);
    const bonus = Number(row.bonus_minor);
    const user = await lockUserAccounts(tx, userId);
    if (cash + bonus > 0) {
      const target = into === 'deposit' ? await depositAccountId(tx, userId) : await systemAccount(tx, 'revenue');
      const lines =
        to === 'captured'
          ? [{ accountId: target, amountMinor: cash + bonus }]
          : [
              { accountId: user.available.id, amountMinor: cash },
              { accountId: user.bonus.id, amountMinor: bonus },
            ];
      await post(tx, {
        kind: to === 'released' ? 'release' : into === 'deposit' ? 'bulk-balance' : 'capture',
        reference,
        lines: [{ accountId: user.locked.id, amountMinor: -(cash + bonus) }, ...lines],
      });
    }
    if (to === 'captured') await recordPaid(tx, userId, reference, cash, bonus);
    await tx.execute(sql`update wallet_locks set state = ${to}, closed_at = now() where id = ${lockId}::uuid`);
    return { cashMinor: cash, bonusMinor: bonus };
  });
}

/** Takes the locked money as payment (to platform revenue, or to the user's bulk deposit). */
export const capture = (db: DbOrUow, lockId: string, into: CaptureInto = 'revenue') =>
  closeLock(db, lockId, 'captured', into);
/** Gives the locked money back where it came from (bonus to bonus, cash to cash). */
export const release = (db: DbOrUow, lockId: string) => closeLock(db, lockId, 'released');

/**
 * SPEC §4 "insufficient wallet balance locks the remainder and holds the payment until topped up"
 * (decision 0077). Pays at once when the wallet (bonus + cash) covers `amount`; otherwise locks
 * what is there (possibly nothing) and records a held payment for `reference`, which the
 * `wallet.settle-held` job completes after a recharge covers the shortfall. One open hold per
 * reference (`held-payment-exists`).
 */
export async function payOrHold(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
  /** The rows the caller locked with lockWallet and has not moved money from since: not read again. */
  locked?: LockedWallet,
): Promise<
  | { outcome: 'paid'; entryId: string }
  | { outcome: 'held'; heldPaymentId: string; lockedMinor: number; shortfallMinor: number }
> {
  assertMinor(amountMinor);
  return inTransaction(db, async (uow) => {
    const user = locked?.userId === userId ? locked.accounts : await lockUserAccounts(uow.tx, userId);
    if (user.available.balanceMinor + user.bonus.balanceMinor >= amountMinor) {
      // The rows were just locked and read: paid without locking them again (decision 0094).
      return {
        outcome: 'paid' as const,
        entryId: (await payLocked(uow, user, userId, amountMinor, reference)).entryId,
      };
    }
    const [open] = rawRows(
      await uow.tx.execute(sql`
      select 1 from wallet_held_payments where reference_type = ${reference.type} and reference_id = ${reference.id} and state = 'held'`),
    );
    if (open) throw AppError.conflict('held-payment-exists', 'wallet.held-payment-exists');
    const { lockId, lockedMinor, shortfallMinor } = await lockAvailable(uow, userId, amountMinor, reference);
    const [row] = rawRows(
      await uow.tx.execute(sql`
      insert into wallet_held_payments (user_id, reference_type, reference_id, amount_minor, lock_ids, shortfall_minor)
      values (${userId}, ${reference.type}, ${reference.id}, ${amountMinor}, array[${lockId}::uuid], ${shortfallMinor}) returning id`),
    );
    return { outcome: 'held' as const, heldPaymentId: String(row!.id), lockedMinor, shortfallMinor };
  });
}

/**
 * The balance of a bulk order when its goods are bought (SPEC §4's insufficient-balance rule):
 * paid into the deposit account at once when the wallet covers it; otherwise what is there is
 * locked and the rest held, and the `wallet.settle-held` job completes it into the deposit
 * account after a top-up, then calls the reference type's completion handler.
 */
export async function payIntoDepositOrHold(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<{ outcome: 'paid' } | { outcome: 'held'; heldPaymentId: string; shortfallMinor: number }> {
  assertMinor(amountMinor);
  return inTransaction(db, async (uow) => {
    const user = await lockUserAccounts(uow.tx, userId);
    if (user.available.balanceMinor + user.bonus.balanceMinor >= amountMinor) {
      await payIntoDeposit(uow, userId, amountMinor, reference, { kind: 'bulk-balance', uniqueKey: opts.uniqueKey });
      return { outcome: 'paid' as const };
    }
    const [open] = rawRows(
      await uow.tx.execute(sql`
      select 1 from wallet_held_payments where reference_type = ${reference.type} and reference_id = ${reference.id} and state = 'held'`),
    );
    if (open) throw AppError.conflict('held-payment-exists', 'wallet.held-payment-exists');
    const { lockId, shortfallMinor } = await lockAvailable(uow, userId, amountMinor, reference);
    const [row] = rawRows(
      await uow.tx.execute(sql`
      insert into wallet_held_payments (user_id, reference_type, reference_id, amount_minor, lock_ids, shortfall_minor, into_account)
      values (${userId}, ${reference.type}, ${reference.id}, ${amountMinor}, array[${lockId}::uuid], ${shortfallMinor}, 'deposit')
      returning id`),
    );
    return { outcome: 'held' as const, heldPaymentId: String(row!.id), shortfallMinor };
  });
}

/** The owner gives up a held payment (an order cancelled): its locks go back where they came from. */
export async function cancelHeld(db: DbOrUow, reference: Reference): Promise<{ releasedMinor: number }> {
  return inTransaction(db, async (uow) => {
    const [held] = rawRows(
      await uow.tx.execute(sql`
      select id, lock_ids from wallet_held_payments
      where reference_type = ${reference.type} and reference_id = ${reference.id} and state = 'held' for update`),
    );
    if (!held) throw AppError.notFound('wallet.held-payment-not-found');
    let releasedMinor = 0;
    for (const lockId of held.lock_ids as string[]) {
      const back = await release(uow, lockId);
      releasedMinor += back.cashMinor + back.bonusMinor;
    }
    await uow.tx.execute(
      sql`update wallet_held_payments set state = 'cancelled', closed_at = now() where id = ${String(held.id)}::uuid`,
    );
    return { releasedMinor };
  });
}

/**
 * Gives back up to what `reference` paid and was not yet refunded: bonus first, then cash (bonus
 * spent on an order comes back as bonus, never as withdrawable cash). `postAs` names the entry by
 * what caused the refund (an after-sales request) instead of the payment, and `uniqueKey` makes a
 * repeated call post nothing more.
 */
export async function refund(
  db: DbOrUow,
  reference: Reference,
  amountMinor: number,
  opts: { postAs?: Reference; uniqueKey?: string } = {},
) {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const [row] = rawRows(
      await tx.execute(sql`
      select user_id, cash_minor, bonus_minor, refunded_cash_minor, refunded_bonus_minor from wallet_payments
      where reference_type = ${reference.type} and reference_id = ${reference.id} for update`),
    );
    const bonusLeft = row ? Number(row.bonus_minor) - Number(row.refunded_bonus_minor) : 0;
    const cashLeft = row ? Number(row.cash_minor) - Number(row.refunded_cash_minor) : 0;
    if (!row || amountMinor > bonusLeft + cashLeft)
      throw AppError.business('refund-exceeds-payment', 'wallet.refund-exceeds-payment');
    const userId = String(row.user_id);
    const bonus = Math.min(amountMinor, bonusLeft);
    const cash = amountMinor - bonus;
    const user = await lockUserAccounts(tx, userId);
    const revenue = await systemAccount(tx, 'revenue');
    const posted = await post(tx, {
      kind: 'refund',
      reference: opts.postAs ?? reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: revenue, amountMinor: -amountMinor },
        { accountId: user.bonus.id, amountMinor: bonus },
        { accountId: user.available.id, amountMinor: cash },
      ],
    });
    if (posted.duplicate) return { ...posted, cashMinor: 0, bonusMinor: 0 };
    await tx.execute(sql`
      update wallet_payments set refunded_cash_minor = refunded_cash_minor + ${cash},
        refunded_bonus_minor = refunded_bonus_minor + ${bonus}, updated_at = now()
      where reference_type = ${reference.type} and reference_id = ${reference.id}`);
    return { ...posted, cashMinor: cash, bonusMinor: bonus };
  });
}

/**
 * A refund decided outside the wallet (an after-sales request, decision 0088): the platform's
 * revenue gives `amount` back to the user's available cash. Unlike `refund`, it needs no wallet
 * payment of its own to draw on: the order may have been paid by card or PayPal, or by a
 * payment reference the caller does not hold. The caller caps the amount (what the order was
 * paid, less earlier refunds) under its own lock. Posts once per `uniqueKey`: a repeat returns
 * the first entry with `duplicate: true`. Credits enqueue the held-payment settlement like a
 * recharge does.
 */
export async function creditRefund(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<Posted> {
  assertMinor(amountMinor);
  return inTransaction(db, async (uow) => {
    const user = await lockUserAccounts(uow.tx, userId);
    const revenue = await systemAccount(uow.tx, 'revenue');
    const posted = await post(uow.tx, {
      kind: 'refund',
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: revenue, amountMinor: -amountMinor },
        { accountId: user.available.id, amountMinor },
      ],
    });
    if (!posted.duplicate) await enqueueSettleIfHeld(uow, userId);
    return posted;
  });
}

/** Operator: bonus credit for a user (spendable, never withdrawable), from the promotions account. */
export async function grantBonus(db: DbOrUow, userId: string, amountMinor: number, reason: string) {
  assertMinor(amountMinor);
  const why = requireReason(reason);
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const user = await lockUserAccounts(tx, userId);
    const promotions = await systemAccount(tx, 'promotions');
    const posted = await post(tx, {
      kind: 'bonus',
      reason: why,
      reference: { type: 'adjustment', id: userId },
      lines: [
        { accountId: promotions, amountMinor: -amountMinor },
        { accountId: user.bonus.id, amountMinor },
      ],
    });
    await enqueueSettleIfHeld(uow, userId);
    return posted;
  });
}

/** Operator: a signed correction of a user's cash, its own entry with a required reason. */
export async function adjust(db: DbOrUow, userId: string, amountMinor: number, reason: string) {
  assertMinor(amountMinor, { allowNegative: true });
  const why = requireReason(reason);
  return inTransaction(db, async (uow) => {
    const { tx } = uow;
    const user = await lockUserAccounts(tx, userId);
    const adjustments = await systemAccount(tx, 'adjustments');
    const posted = await post(tx, {
      kind: 'adjustment',
      reason: why,
      reference: { type: 'adjustment', id: userId },
      lines: [
        { accountId: adjustments, amountMinor: -amountMinor },
        { accountId: user.available.id, amountMinor },
      ],
    });
    if (amountMinor > 0) await enqueueSettleIfHeld(uow, userId);
    return posted;
  });
}

/**
 * An affiliate's commission (issue 26, decision 0128): the promotions account pays it into the
 * user's available cash or bonus credit, as the programme says, under the commission's reference.
 * Posts once per `uniqueKey`: a job that runs again credits nothing more.
 */
export async function creditCommission(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  into: 'cash' | 'bonus',
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<Posted> {
  assertMinor(amountMinor);
  return inTransaction(db, async (uow) => {
    const user = await lockUserAccounts(uow.tx, userId);
    const promotions = await systemAccount(uow.tx, 'promotions');
    const account = into === 'bonus' ? user.bonus.id : user.available.id;
    const posted = await post(uow.tx, {
      kind: 'commission',
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: promotions, amountMinor: -amountMinor },
        { accountId: account, amountMinor },
      ],
    });
    if (!posted.duplicate) await enqueueSettleIfHeld(uow, userId);
    return posted;
  });
}

/**
 * Takes back up to `amount` of a commission credited earlier (its order was refunded later): its
 * own entry, from the account it went to, then from the other one; never below zero, so what the
 * wallet no longer holds is not taken and the answer says how much was (the caller records the
 * rest). Posts once per `uniqueKey`.
 */
export async function reverseCommission(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  from: 'cash' | 'bonus',
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<{ takenMinor: number; duplicate: boolean }> {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const user = await lockUserAccounts(tx, userId);
    const [first, second] = from === 'bonus' ? [user.bonus, user.available] : [user.available, user.bonus];
    const fromFirst = Math.min(amountMinor, Math.max(first.balanceMinor, 0));
    const fromSecond = Math.min(amountMinor - fromFirst, Math.max(second.balanceMinor, 0));
    const taken = fromFirst + fromSecond;
    if (taken === 0) return { takenMinor: 0, duplicate: false };
    const promotions = await systemAccount(tx, 'promotions');
    const posted = await post(tx, {
      kind: 'commission-reversal',
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: first.id, amountMinor: -fromFirst },
        { accountId: second.id, amountMinor: -fromSecond },
        { accountId: promotions, amountMinor: taken },
      ],
    });
    return { takenMinor: posted.duplicate ? 0 : taken, duplicate: posted.duplicate };
  });
}

/* ---- Withdrawals (decision 0076): cash only, paid out to the `payouts` system account. ---- */
// Kept with the withdrawal functions it serves (import declarations apply to the whole module).
import { exceedsWithdrawable, fromMinor } from '@dsm/contract';

/** The user's withdrawable money: available cash (bonus and locked money are not withdrawable). */
export async function withdrawableMinor(db: Db, userId: string): Promise<number> {
  const [row] = rawRows(
    await db.execute(sql`select balance_minor from ledger_accounts where user_id = ${userId} and kind = 'available'`),
  );
  return Number(row?.balance_minor ?? 0);
}

/**
 * Sets `amount` of CASH aside for a withdrawal (never bonus: bonus credit cannot be withdrawn).
 * Refuses with insufficient-balance and the withdrawal's own words when the cash is short.
 */
export async function lockCashForWithdrawal(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  reference: Reference,
): Promise<string> {
  assertMinor(amountMinor);
  return inTransaction(db, async ({ tx }) => {
    const user = await lockUserAccounts(tx, userId);
    const cash = user.available.balanceMinor;
    if (exceedsWithdrawable(amountMinor, cash)) {
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        'withdrawal.amount-over-balance',
        { available: fromMinor(cash).toFixed(2) },
        { availableMinor: cash, neededMinor: amountMinor },
        'insufficient-balance',
      );
    }
    const [row] = rawRows(
      await tx.execute(sql`
      insert into wallet_locks (user_id, reference_type, reference_id, cash_minor, bonus_minor)
      values (${userId}, ${reference.type}, ${reference.id}, ${amountMinor}, 0) returning id`),
    );
    await post(tx, {
      kind: 'lock',
      reference,
      lines: [
        { accountId: user.available.id, amountMinor: -amountMinor },
        { accountId: user.locked.id, amountMinor },
      ],
    });
    return String(row!.id);
  });
}

/**
 * The operator paid a withdrawal out: its lock goes to the `payouts` system account, one entry of
 * kind `withdrawal` (the user's history shows it as a consume line). A closed lock → 409.
 */
export async function payOutWithdrawal(db: DbOrUow, lockId: string, label?: string): Promise<Posted> {
  return inTransaction(db, async ({ tx }) => {
    const [row] = rawRows(
      await tx.execute(sql`
      select user_id, reference_type, reference_id, cash_minor, bonus_minor, state
      from wallet_locks where id = ${lockId}::uuid for update`),
    );
    if (!row) throw AppError.notFound('wallet.lock-not-found');
    if (row.state !== 'held') throw AppError.conflict('wallet-lock-closed', 'wallet.lock-closed');
    // Only lockCashForWithdrawal makes these locks: a bonus part would be a bug, not a payout.
    if (Number(row.bonus_minor) !== 0) throw new Error('wallet: a withdrawal lock holds cash only');
    const amountMinor = Number(row.cash_minor);
    const user = await lockUserAccounts(tx, String(row.user_id));
    const payouts = await systemAccount(tx, 'payouts');
    const posted = await post(tx, {
      kind: 'withdrawal',
      reference: { type: String(row.reference_type), id: String(row.reference_id), label },
      lines: [
        { accountId: user.locked.id, amountMinor: -amountMinor },
        { accountId: payouts, amountMinor },
      ],
    });
    await tx.execute(sql`update wallet_locks set state = 'captured', closed_at = now() where id = ${lockId}::uuid`);
    return posted;
  });
}

/**
 * A provider refunded a credited recharge (PayPal PAYMENT.CAPTURE.REFUNDED, a Stripe refund): the
 * mirror of recordRecharge — the user's cash gives `amount`, the fee account gives `fee`, the
 * provider's clearing account gets both back. Only when the user's available cash covers the
 * amount: otherwise nothing is posted and `reversed: false` tells the caller to leave it to the
 * operator (decision 0074). Posts once per `uniqueKey` (the provider's refund or event id).
 */
export async function reverseRecharge(
  db: DbOrUow,
  userId: string,
  amountMinor: number,
  feeMinor: number,
  method: RechargeMethod,
  reference: Reference,
  opts: { uniqueKey: string },
): Promise<{ reversed: boolean; duplicate: boolean }> {
  assertMinor(amountMinor);
  if (!Number.isSafeInteger(feeMinor) || feeMinor < 0) throw new Error('wallet: fee must be a non-negative integer');
  return inTransaction(db, async ({ tx }) => {
    const user = await lockUserAccounts(tx, userId);
    if (user.available.balanceMinor < amountMinor) return { reversed: false, duplicate: false };
    const clearing = await systemAccount(tx, 'clearing', `clearing:${method}`);
    const fees = await systemAccount(tx, 'fees');
    const posted = await post(tx, {
      kind: 'recharge-reversal',
      reference,
      uniqueKey: opts.uniqueKey,
      lines: [
        { accountId: user.available.id, amountMinor: -amountMinor },
        { accountId: fees, amountMinor: -feeMinor },
        { accountId: clearing, amountMinor: amountMinor + feeMinor },
      ],
    });
    return { reversed: true, duplicate: posted.duplicate };
  });
}
