import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { inTransaction } from '../../platform/unit-of-work';
import { balancesOf, countOf, ledgerTotal, systemBalance, walletOwner } from '../../../test/factories';
import { lockUserAccounts, post, systemAccount } from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';
import {
  adjust,
  capture,
  grantBonus,
  lock,
  lockAvailable,
  pay,
  recordRecharge,
  refund,
  release,
} from './wallet.service';

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  // On PostgreSQL the concurrency tests run 20 transactions at once (PGlite has one connection).
  database = await createTestDatabase({ connections: 20 });
  db = database.db;
});
afterAll(() => database.close());

const order = (id: string) => ({ type: 'order', id });
const recharge = (id: string) => ({ type: 'recharge', id });
/** The error a call fails with, or undefined. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err as AppError,
  );

async function expectBalanced() {
  expect(await ledgerTotal(db)).toBe(0);
  expect(await reconcileLedger(db)).toEqual([]);
}

describe('posting rules', () => {
  it('with balances the caller locked (the payment path), the database still refuses to overdraw and a user account posing as a system one', async () => {
    const user = await walletOwner(db);
    const other = await walletOwner(db);
    await adjust(db, user, 1_000, 'seed');
    const entries = await countOf(db, sql`select count(*) as n from journal_entries`);
    // A stale balance (as if 5.00 were there): the check passes, the write statement refuses.
    const stale = await failure(
      inTransaction(db, async (uow) => {
        const a = await lockUserAccounts(uow.tx, user);
        const revenue = await systemAccount(uow.tx, 'revenue');
        const lockedUser = { ...a, available: { ...a.available, balanceMinor: 50_000 } };
        return post(
          uow,
          {
            kind: 'payment',
            reference: order('stale'),
            lines: [
              { accountId: a.available.id, amountMinor: -5_000 },
              { accountId: revenue, amountMinor: 5_000 },
            ],
          },
          { lockedUser },
        );
      }),
    );
    expect(String(stale)).toContain('below zero');
    // Another user's account where a system account belongs: refused, not posted.
    const posing = await failure(
      inTransaction(db, async (uow) => {
        const a = await lockUserAccounts(uow.tx, user);
        const b = await lockUserAccounts(uow.tx, other);
        return post(
          uow,
          {
            kind: 'payment',
            reference: order('posing'),
            lines: [
              { accountId: a.available.id, amountMinor: -100 },
              { accountId: b.available.id, amountMinor: 100 },
            ],
          },
          { lockedUser: a },
        );
      }),
    );
    expect(String(posing)).toContain('system account');
    expect(await countOf(db, sql`select count(*) as n from journal_entries`)).toBe(entries);
    expect((await balancesOf(db, user)).available).toBe(1_000);
    expect((await balancesOf(db, other)).available).toBe(0);
    await expectBalanced();
  });

  it('refuses an entry whose lines do not sum to zero, and writes nothing', async () => {
    const user = await walletOwner(db);
    const before = await countOf(db, sql`select count(*) as n from journal_entries`);
    const err = await failure(
      inTransaction(db, async (uow) => {
        const a = await lockUserAccounts(uow.tx, user);
        return post(uow, {
          kind: 'adjustment',
          reference: order('x'),
          lines: [
            { accountId: a.available.id, amountMinor: 100 },
            { accountId: a.bonus.id, amountMinor: -99 },
          ],
        });
      }),
    );
    expect(String(err)).toMatch(/does not sum to zero/);
    expect(await countOf(db, sql`select count(*) as n from journal_entries`)).toBe(before);
  });

  it('never lets available cash go negative: insufficient-balance (A00010, 422) and nothing posted', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 1000, 0, 'bank', recharge(`r-${user}`));
    const err = await failure(adjust(db, user, -1001, 'correction'));
    expect(err).toBeInstanceOf(AppError);
    expect([err!.code, err!.status, err!.reason]).toEqual(['A00010', 422, 'insufficient-balance']);
    expect(await balancesOf(db, user)).toEqual({ available: 1000, locked: 0, bonus: 0 });
    await adjust(db, user, -1000, 'correction');
    expect((await balancesOf(db, user)).available).toBe(0);
    await expectBalanced();
  });

  it('an adjustment needs a reason; amounts are positive whole cents', async () => {
    const user = await walletOwner(db);
    expect((await failure(adjust(db, user, 500, '  ')))!.code).toBe('A00002');
    expect((await failure(pay(db, user, 1.5, order('o'))))!.code).toBe('A00002');
    expect((await failure(pay(db, user, -100, order('o'))))!.code).toBe('A00002');
  });

  it('a recharge credits the amount, the fee goes to the fee account, the provider clearing gives both', async () => {
    const user = await walletOwner(db);
    const clearingBefore = await systemBalance(db, 'clearing:paypal');
    const feesBefore = await systemBalance(db, 'fees');
    const posted = await recordRecharge(db, user, 10_000, 470, 'paypal', recharge(`pp-${user}`));
    expect(posted.duplicate).toBe(false);
    expect(await balancesOf(db, user)).toEqual({ available: 10_000, locked: 0, bonus: 0 });
    expect((await systemBalance(db, 'clearing:paypal')) - clearingBefore).toBe(-10_470);
    expect((await systemBalance(db, 'fees')) - feesBefore).toBe(470);
    // The same recharge order credited again (a second capture or webhook): nothing more.
    expect((await recordRecharge(db, user, 10_000, 470, 'paypal', recharge(`pp-${user}`))).duplicate).toBe(true);
    expect((await balancesOf(db, user)).available).toBe(10_000);
    await expectBalanced();
  });
  it('a system account created in a unit of work that rolls back is not remembered', async () => {
    const code = `clearing:rollback-${Date.now()}`;
    let created = '';
    const err = await failure(
      inTransaction(db, async (uow) => {
        created = await systemAccount(uow.tx, 'clearing', code);
        throw new Error('the use case fails');
      }),
    );
    expect(String(err)).toMatch(/the use case fails/);
    expect(await countOf(db, sql`select count(*) as n from ledger_accounts where code = ${code}`)).toBe(0);
    const again = await systemAccount(db, 'clearing', code);
    expect(again).not.toBe(created);
    expect(await countOf(db, sql`select count(*) as n from ledger_accounts where id = ${again}::uuid`)).toBe(1);
  });
});

describe('bonus is spent before cash, and refunded first', () => {
  it('pays from bonus first, refuses what bonus + cash cannot cover, refunds bonus first', async () => {
    const user = await walletOwner(db);
    await grantBonus(db, user, 1000, 'welcome credit');
    await recordRecharge(db, user, 10_000, 0, 'card', recharge(`c-${user}`));
    const paid = await pay(db, user, 2500, order(`o1-${user}`));
    expect([paid.bonusMinor, paid.cashMinor]).toEqual([1000, 1500]);
    expect(await balancesOf(db, user)).toEqual({ available: 8500, locked: 0, bonus: 0 });

    const err = await failure(pay(db, user, 8501, order(`o2-${user}`)));
    expect(err!.reason).toBe('insufficient-balance');
    expect(err!.data).toEqual({ availableMinor: 8500, neededMinor: 8501 });

    const back = await refund(db, order(`o1-${user}`), 2000);
    expect([back.bonusMinor, back.cashMinor]).toEqual([1000, 1000]);
    expect(await balancesOf(db, user)).toEqual({ available: 9500, locked: 0, bonus: 1000 });
    expect((await failure(refund(db, order(`o1-${user}`), 501)))!.reason).toBe('refund-exceeds-payment');
    await refund(db, order(`o1-${user}`), 500);
    expect(await balancesOf(db, user)).toEqual({ available: 10_000, locked: 0, bonus: 1000 });
    expect((await failure(refund(db, order('never-paid'), 1)))!.reason).toBe('refund-exceeds-payment');
    await expectBalanced();
  });
});

describe('locks', () => {
  it('lock → capture takes the money once; lock → release gives bonus and cash back where they came from', async () => {
    const user = await walletOwner(db);
    await grantBonus(db, user, 300, 'promo');
    await recordRecharge(db, user, 1000, 0, 'bank', recharge(`b-${user}`));
    const held = await lock(db, user, 800, order(`l1-${user}`));
    expect(await balancesOf(db, user)).toEqual({ available: 500, locked: 800, bonus: 0 });
    await capture(db, held);
    expect(await balancesOf(db, user)).toEqual({ available: 500, locked: 0, bonus: 0 });
    expect((await failure(capture(db, held)))!.reason).toBe('wallet-lock-closed');
    expect((await failure(release(db, held)))!.reason).toBe('wallet-lock-closed');
    // What was captured can be refunded (bonus first).
    await refund(db, order(`l1-${user}`), 800);
    expect(await balancesOf(db, user)).toEqual({ available: 1000, locked: 0, bonus: 300 });

    const second = await lock(db, user, 1100, order(`l2-${user}`));
    expect(await balancesOf(db, user)).toEqual({ available: 200, locked: 1100, bonus: 0 });
    await release(db, second);
    expect(await balancesOf(db, user)).toEqual({ available: 1000, locked: 0, bonus: 300 });
    expect((await failure(lock(db, user, 1301, order(`l3-${user}`))))!.reason).toBe('insufficient-balance');
    expect((await failure(capture(db, '00000000-0000-0000-0000-000000000000')))!.code).toBe('A00006');
    await expectBalanced();
  });

  it('insufficient balance (SPEC §4): locks what is there and reports the shortfall', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 3000, 0, 'bank', recharge(`s-${user}`));
    const held = await lockAvailable(db, user, 5000, order(`h-${user}`));
    expect([held.lockedMinor, held.shortfallMinor]).toEqual([3000, 2000]);
    expect(await balancesOf(db, user)).toEqual({ available: 0, locked: 3000, bonus: 0 });
    const empty = await lockAvailable(db, user, 700, order(`h2-${user}`));
    expect([empty.lockedMinor, empty.shortfallMinor]).toEqual([0, 700]);
    await release(db, held.lockId);
    await release(db, empty.lockId);
    expect(await balancesOf(db, user)).toEqual({ available: 3000, locked: 0, bonus: 0 });
    await expectBalanced();
  });
});

describe('concurrency', () => {
  it('200 concurrent payments against one wallet never overdraw it; the ledger still balances', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 15_000, 0, 'bank', recharge(`big-${user}`));
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        inTransaction(db, (uow) => pay(uow, user, 100, order(`c${i}-${user}`))).then(
          () => 'paid',
          (e: AppError) => e.reason ?? String(e),
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `wallet: 200 concurrent payments in ${seconds.toFixed(2)} s (${(200 / seconds).toFixed(0)} attempts/s, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(150);
    expect(outcomes.filter((o) => o === 'insufficient-balance')).toHaveLength(50);
    expect(await balancesOf(db, user)).toEqual({ available: 0, locked: 0, bonus: 0 });
    // Never below zero at any moment: the account's lines, in the order they were written (one
    // at a time, under the row lock), keep a running balance that never goes negative.
    const [running] = rawRows(
      await db.execute(sql`
        select min(balance) as lowest, count(*) as lines from (
          select sum(l.amount_minor) over (order by l.id) as balance from journal_lines l
          join ledger_accounts a on a.id = l.account_id where a.user_id = ${user} and a.kind = 'available') r`),
    );
    expect([Number(running!.lowest), Number(running!.lines)]).toEqual([0, 151]);
    // Each paid order: one balanced entry and one payment row; the refused ones left nothing.
    expect(
      await countOf(db, sql`select count(*) as n from journal_entries where user_id = ${user} and kind = 'payment'`),
    ).toBe(150);
    expect(
      await countOf(db, sql`select count(*) as n from wallet_payments where user_id = ${user} and cash_minor = 100`),
    ).toBe(150);
    await expectBalanced();
  });

  it('payments of many users at once: each wallet stops at what it holds, revenue gets exactly what they paid', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => walletOwner(db)));
    for (const user of users) await recordRecharge(db, user, 1000, 0, 'bank', recharge(`many-${user}`));
    const revenueBefore = await systemBalance(db, 'revenue');
    const outcomes = await Promise.all(
      users.flatMap((user) =>
        Array.from({ length: 10 }, (_, i) =>
          pay(db, user, 100 + i, order(`m${i}-${user}`)).then(
            () => 'paid',
            (e: AppError) => e.reason ?? String(e),
          ),
        ),
      ),
    );
    // 100 + … + 109 = 1045 per user: the last payments to arrive find 1000 no longer covers them.
    expect(outcomes.filter((o) => o !== 'paid' && o !== 'insufficient-balance')).toEqual([]);
    const spent = await Promise.all(users.map(async (u) => 1000 - (await balancesOf(db, u)).available));
    for (const s of spent) expect(s).toBeGreaterThanOrEqual(1000 - 109);
    expect((await systemBalance(db, 'revenue')) - revenueBefore).toBe(spent.reduce((a, b) => a + b, 0));
    await expectBalanced();
  });

  it('a system account caches no balance: the database refuses one (its balance is the sum of its lines)', async () => {
    const user = await walletOwner(db);
    await recordRecharge(db, user, 700, 30, 'card', recharge(`sys-${user}`));
    await pay(db, user, 700, order(`sys-${user}`));
    expect(
      await countOf(db, sql`select count(*) as n from ledger_accounts where user_id is null and balance_minor <> 0`),
    ).toBe(0);
    const err = await failure(db.execute(sql`update ledger_accounts set balance_minor = 1 where code = 'revenue'`));
    expect(String((err as { cause?: unknown })?.cause ?? err)).toMatch(/ledger_accounts_system_uncached/);
    expect(await systemBalance(db, 'revenue')).toBeGreaterThanOrEqual(700);
    await expectBalanced();
  });

  it('the same provider event posted 20 times at once credits once', async () => {
    const user = await walletOwner(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        recordRecharge(db, user, 2500, 0, 'paypal', recharge(`dup-${user}`), { uniqueKey: `paypal:CAPTURE-${user}` }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect((await balancesOf(db, user)).available).toBe(2500);
    await expectBalanced();
  });
});
