import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { balancesOf, countOf, ledgerTotal, systemBalance, walletOwner } from '../../../test/factories';
import { reconcileLedger } from './wallet.reconcile';
import {
  WALLET_SETTLE_HELD_JOB,
  adjust,
  cancelHeld,
  grantBonus,
  onHeldPaymentCompleted,
  payOrHold,
  recordRecharge,
} from './wallet.service';
import { settleHeldPayments } from './wallet.settle';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let db: Awaited<ReturnType<typeof createTestApp>>['db'];
/** What the owner of `held-test` references was told, in its unit of work. */
let completions: string[] = [];
let failNext = false;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.db;
  onHeldPaymentCompleted(db, 'held-test', async (uow: UnitOfWork, reference) => {
    if (failNext) {
      failNext = false;
      throw new Error('the owner refused');
    }
    // Proves the handler runs inside the completing unit of work (a write that commits with it).
    await uow.tx.execute(sql`select 1`);
    completions.push(reference.id);
  });
});
afterAll(() => ctx.app.close());
beforeEach(() => {
  completions = [];
});

const ref = (id: string) => ({ type: 'held-test', id });
let n = 0;
const rechargeRef = () => ({ type: 'recharge', id: `RC-${++n}-${Date.now()}` });
const settleJobs = (userId: string) =>
  countOf(
    db,
    sql`select count(*) as n from jobs where type = ${WALLET_SETTLE_HELD_JOB} and payload->>'userId' = ${userId}`,
  );
const heldRow = async (id: string) =>
  (
    (await db.execute(
      sql`select state, shortfall_minor, cardinality(lock_ids) as locks from wallet_held_payments where reference_id = ${id} order by created_at desc limit 1`,
    )) as unknown as {
      rows: Array<{ state: string; shortfall_minor: string; locks: number }>;
    }
  ).rows[0];

async function expectBalanced() {
  expect(await ledgerTotal(db)).toBe(0);
  expect(await reconcileLedger(db)).toEqual([]);
}

describe('held payments (SPEC §4 insufficient balance)', () => {
  it('pays at once when the wallet covers it, bonus first', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 1_000, 0, 'bank', rechargeRef());
    await grantBonus(db, user, 300, 'welcome');
    const outcome = await payOrHold(db, user, 1_200, ref(`P-${user}`));
    expect(outcome.outcome).toBe('paid');
    expect(await balancesOf(db, user)).toEqual({ available: 100, locked: 0, bonus: 0 });
    expect(await heldRow(`P-${user}`)).toBeUndefined();
  });

  it('locks what is there, completes after a recharge covers the shortfall, and tells the owner', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 3_000, 0, 'paypal', rechargeRef());
    expect(await settleJobs(user)).toBe(0); // nothing held: an ordinary recharge creates no job
    const revenueBefore = await systemBalance(db, 'revenue');

    const outcome = await payOrHold(db, user, 5_000, ref(`A-${user}`));
    expect(outcome).toMatchObject({ outcome: 'held', lockedMinor: 3_000, shortfallMinor: 2_000 });
    expect(await balancesOf(db, user)).toEqual({ available: 0, locked: 3_000, bonus: 0 });
    // The same reference cannot be held twice.
    await expect(payOrHold(db, user, 5_000, ref(`A-${user}`))).rejects.toMatchObject({ reason: 'held-payment-exists' });

    await recordRecharge(db, user, 2_500, 75, 'card', rechargeRef());
    expect(await settleJobs(user)).toBe(1);
    await ctx.app.jobs.drain();

    expect(completions).toEqual([`A-${user}`]);
    expect(await heldRow(`A-${user}`)).toMatchObject({ state: 'completed', locks: 2 });
    expect(await balancesOf(db, user)).toEqual({ available: 500, locked: 0, bonus: 0 });
    expect((await systemBalance(db, 'revenue')) - revenueBefore).toBe(5_000);
    // The user's history shows the capture of both locks as what the order consumed.
    const paid = await countOf(
      db,
      sql`select cash_minor as n from wallet_payments where reference_type = 'held-test' and reference_id = ${`A-${user}`}`,
    );
    expect(paid).toBe(5_000);
    await expectBalanced();
  });

  it('still short after a recharge: stays held, nothing moves; the next recharge completes it', async () => {
    const user = await walletOwner(db);
    const held = await payOrHold(db, user, 4_000, ref(`B-${user}`));
    expect(held).toMatchObject({ outcome: 'held', lockedMinor: 0, shortfallMinor: 4_000 });

    await recordRecharge(db, user, 1_000, 0, 'bank', rechargeRef());
    await ctx.app.jobs.drain();
    expect(completions).toEqual([]);
    expect(await heldRow(`B-${user}`)).toMatchObject({ state: 'held', locks: 1 });
    expect(await balancesOf(db, user)).toEqual({ available: 1_000, locked: 0, bonus: 0 });

    // Bonus counts too (spent first), and a positive operator adjustment also starts the job.
    await grantBonus(db, user, 1_000, 'goodwill');
    await adjust(db, user, 2_500, 'bank transfer credited by hand');
    expect(await settleJobs(user)).toBe(3);
    await ctx.app.jobs.drain();
    expect(completions).toEqual([`B-${user}`]);
    expect(await balancesOf(db, user)).toEqual({ available: 500, locked: 0, bonus: 0 });
    await expectBalanced();
  });

  it('completes oldest first what the balance covers and leaves the rest held', async () => {
    const user = await walletOwner(db);
    await payOrHold(db, user, 3_000, ref(`C1-${user}`));
    await payOrHold(db, user, 5_000, ref(`C2-${user}`));
    await payOrHold(db, user, 1_000, ref(`C3-${user}`));
    await recordRecharge(db, user, 4_500, 0, 'bank', rechargeRef());
    await ctx.app.jobs.drain();
    // 45.00: C1 (30.00) first, C2 (50.00) does not fit, C3 (10.00) does.
    expect(completions).toEqual([`C1-${user}`, `C3-${user}`]);
    expect((await heldRow(`C2-${user}`))?.state).toBe('held');
    expect(await balancesOf(db, user)).toEqual({ available: 500, locked: 0, bonus: 0 });
    await expectBalanced();
  });

  it('two settle runs at the same time never spend the same money', async () => {
    const user = await walletOwner(db);
    await payOrHold(db, user, 6_000, ref(`D1-${user}`));
    await payOrHold(db, user, 6_000, ref(`D2-${user}`));
    // 100.00 arrives: enough for one of the two 60.00 payments, not both.
    await recordRecharge(db, user, 10_000, 0, 'bank', rechargeRef());
    const runs = await Promise.all(Array.from({ length: 6 }, () => settleHeldPayments(db, user)));
    await ctx.app.jobs.drain();
    expect(runs.flatMap((r) => r.completed)).toHaveLength(1);
    expect(completions).toEqual([`D1-${user}`]);
    expect((await heldRow(`D2-${user}`))?.state).toBe('held');
    expect(await balancesOf(db, user)).toEqual({ available: 4_000, locked: 0, bonus: 0 });

    // Enough for both now: each completes once, whichever run gets there first.
    completions = [];
    await recordRecharge(db, user, 10_000, 0, 'bank', rechargeRef());
    const again = await Promise.all(Array.from({ length: 6 }, () => settleHeldPayments(db, user)));
    await ctx.app.jobs.drain();
    expect(again.flatMap((r) => r.completed)).toHaveLength(1);
    expect(completions).toEqual([`D2-${user}`]);
    expect(await balancesOf(db, user)).toEqual({ available: 8_000, locked: 0, bonus: 0 });
    await expectBalanced();
  });

  it('an owner that fails rolls the completion back; the money stays where it was', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 1_000, 0, 'bank', rechargeRef());
    await payOrHold(db, user, 2_000, ref(`E-${user}`));
    await recordRecharge(db, user, 2_000, 0, 'bank', rechargeRef());
    failNext = true;
    await expect(settleHeldPayments(db, user)).rejects.toThrow('the owner refused');
    expect((await heldRow(`E-${user}`))?.state).toBe('held');
    expect(await balancesOf(db, user)).toEqual({ available: 2_000, locked: 1_000, bonus: 0 });
    await ctx.app.jobs.drain();
    expect(completions).toEqual([`E-${user}`]);
    await expectBalanced();
  });

  it('cancelling a held payment releases its lock; a second cancel finds nothing', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 700, 0, 'bank', rechargeRef());
    await grantBonus(db, user, 300, 'promo');
    await payOrHold(db, user, 2_500, ref(`F-${user}`));
    expect(await balancesOf(db, user)).toEqual({ available: 0, locked: 1_000, bonus: 0 });
    expect(await cancelHeld(db, ref(`F-${user}`))).toEqual({ releasedMinor: 1_000 });
    expect(await balancesOf(db, user)).toEqual({ available: 700, locked: 0, bonus: 300 });
    expect((await heldRow(`F-${user}`))?.state).toBe('cancelled');
    await expect(cancelHeld(db, ref(`F-${user}`))).rejects.toMatchObject({
      messageKey: 'wallet.held-payment-not-found',
    });
    // A new recharge no longer creates a settle job: nothing is held.
    const before = await settleJobs(user);
    await recordRecharge(db, user, 100, 0, 'bank', rechargeRef());
    expect(await settleJobs(user)).toBe(before);
    await expectBalanced();
  });
});
