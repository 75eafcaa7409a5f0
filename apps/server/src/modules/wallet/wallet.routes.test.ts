import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { ok } from '../../platform/envelope';
import { PermanentJobError } from '../../platform/jobs/jobs.runtime';
import { countOf, signedInUser } from '../../../test/factories';
import { WALLET_RECONCILE_JOB, walletReconcileHandlers } from './wallet.reconcile';
import { adjust, grantBonus, lock, pay, recordRecharge, refund } from './wallet.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const newUser = () => signedInUser(ctx.db);
beforeAll(async () => {
  // A route only this test has: how a payment refused for balance reaches a client.
  ctx = await createTestApp({}, (app) => {
    app.post('/api/p/test-wallet-pay', { schema: { body: z.object({ amountMinor: z.number() }) } }, async (req) => {
      const body = req.body as { amountMinor: number };
      return ok(await pay(ctx.db, req.session.userId, body.amountMinor, { type: 'order', id: 'test' }));
    });
  });
});
afterAll(() => ctx.app.close());

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

describe('the wallet routes read only the caller’s wallet', () => {
  it('record and history: income/consume, reasons, references, filters and paging; another user sees none of it', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await recordRecharge(ctx.db, alice.userId, 10_000, 470, 'paypal', { type: 'recharge', id: 'R1' });
    await grantBonus(ctx.db, alice.userId, 500, 'welcome credit');
    await pay(ctx.db, alice.userId, 2_000, { type: 'order', id: 'O1' });
    await refund(ctx.db, { type: 'order', id: 'O1' }, 300);
    await lock(ctx.db, alice.userId, 1_000, { type: 'order', id: 'O2' });
    await adjust(ctx.db, alice.userId, -100, 'duplicate credit reversed');
    await recordRecharge(ctx.db, bob.userId, 700, 0, 'bank', { type: 'recharge', id: 'R2' });

    const record = await get(alice.token, '/api/p/wallet');
    expect(record.statusCode).toBe(200);
    // Cash 100 − 15 paid (the other 5 from bonus) − 7 locked (3 from the refunded bonus) − 1 adjusted.
    expect(record.json().data).toEqual({
      balance: 77,
      locked: 10,
      bonus: 0,
      deposit: 0,
      income: 108,
      consumption: 21,
      recharge: 100,
      heldPayments: 0,
      topUpToRelease: 0,
    });

    const all = (await get(alice.token, '/api/p/wallet/lines?size=10')).json().data;
    expect(all.total).toBe(5); // the lock moved money inside the wallet: not a line
    expect(all.records.map((l: { kind: string; type: string; amount: number }) => [l.kind, l.type, l.amount])).toEqual([
      ['adjustment', 'consume', 1],
      ['refund', 'income', 3],
      ['payment', 'consume', 20],
      ['bonus', 'income', 5],
      ['recharge', 'income', 100],
    ]);
    expect(all.records[0]).toMatchObject({ note: 'duplicate credit reversed', referenceType: 'adjustment' });
    expect(all.records[2]).toMatchObject({ referenceType: 'order', referenceId: 'O1' });

    const consume = (await get(alice.token, '/api/p/wallet/lines?type=consume')).json().data;
    expect(consume.records.map((l: { kind: string }) => l.kind)).toEqual(['adjustment', 'payment']);
    const page2 = (await get(alice.token, '/api/p/wallet/lines?size=2&current=2')).json().data;
    expect([page2.total, page2.pages, page2.current, page2.records.map((l: { kind: string }) => l.kind)]).toEqual([
      5,
      3,
      2,
      ['payment', 'bonus'],
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(alice.token, `/api/p/wallet/lines?from=${today}&to=${today}`)).json().data.total).toBe(5);
    expect((await get(alice.token, '/api/p/wallet/lines?to=2020-01-01')).json().data.total).toBe(0);
    expect((await get(alice.token, '/api/p/wallet/lines?from=yesterday')).json().code).toBe('A00002');

    const bobLines = (await get(bob.token, '/api/p/wallet/lines')).json().data;
    expect(bobLines.records.map((l: { referenceId: string }) => l.referenceId)).toEqual(['R2']);
    expect((await get(bob.token, '/api/p/wallet')).json().data).toMatchObject({
      balance: 7,
      income: 7,
      consumption: 0,
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/p/wallet' })).statusCode).toBe(401);
  });

  it('a new user has an empty wallet', async () => {
    const carol = await newUser();
    expect((await get(carol.token, '/api/p/wallet')).json().data).toEqual({
      balance: 0,
      locked: 0,
      bonus: 0,
      deposit: 0,
      income: 0,
      consumption: 0,
      recharge: 0,
      heldPayments: 0,
      topUpToRelease: 0,
    });
    expect((await get(carol.token, '/api/p/wallet/lines')).json().data).toMatchObject({ records: [], total: 0 });
  });

  it('insufficient balance reaches the client as A00010 with its reason, in the user’s language', async () => {
    const dave = await newUser();
    await recordRecharge(ctx.db, dave.userId, 1_250, 0, 'bank', { type: 'recharge', id: `R-${dave.userId}` });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/test-wallet-pay',
      payload: { amountMinor: 5_000 },
      headers: { ...auth(dave.token), 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'A00010',
      success: false,
      msg: 'Le solde de votre portefeuille est insuffisant : 12.50 USD disponibles, 50.00 USD nécessaires',
      data: { reason: 'insufficient-balance', availableMinor: 1_250, neededMinor: 5_000 },
    });
  });
});

describe('reconciliation', () => {
  it('finds a corrupted cached balance, records it and fails the run with a clear error', async () => {
    const run = () =>
      walletReconcileHandlers[WALLET_RECONCILE_JOB]!(
        {},
        { db: ctx.db, jobId: 'test', attempt: 1, finalAttempt: false },
      );
    await expect(run()).resolves.toBeUndefined();
    const erin = await newUser();
    await recordRecharge(ctx.db, erin.userId, 4_000, 0, 'card', { type: 'recharge', id: `R-${erin.userId}` });
    // Someone edits a cached balance by hand: the lines still say 40.00.
    await ctx.db.execute(
      sql`update ledger_accounts set balance_minor = 999999 where user_id = ${erin.userId} and kind = 'available'`,
    );
    const err = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PermanentJobError);
    expect(String((err as Error).message)).toMatch(/1 cached balance\(s\) differ/);
    const [finding] = (
      (await ctx.db.execute(sql`
        select f.kind, f.actual_minor, f.expected_minor from ledger_reconciliation_findings f
        join ledger_accounts a on a.id = f.subject_id where a.user_id = ${erin.userId}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      }
    ).rows;
    expect([finding!.kind, Number(finding!.actual_minor), Number(finding!.expected_minor)]).toEqual([
      'balance',
      999_999,
      4_000,
    ]);
    // The job is on the app's schedule, hourly.
    await ctx.app.jobs.start();
    await ctx.app.jobs.stop();
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from jobs where schedule_key = ${WALLET_RECONCILE_JOB} and every_seconds = 3600`,
      ),
    ).toBe(1);
  });

  it('finds an entry whose lines do not sum to zero', async () => {
    const [line] = (
      (await ctx.db.execute(sql`select id, entry_id from journal_lines order by id limit 1`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      }
    ).rows;
    // The journal refuses edits; only by switching its guard off can a line be damaged.
    await expect(
      ctx.db.execute(sql`update journal_lines set amount_minor = amount_minor + 1 where id = ${line!.id}`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from journal_entries where id = ${line!.entry_id}`)).rejects.toThrow();
    await ctx.db.execute(sql`alter table journal_lines disable trigger journal_lines_append_only`);
    await ctx.db.execute(sql`update journal_lines set amount_minor = amount_minor + 1 where id = ${line!.id}`);
    await ctx.db.execute(sql`alter table journal_lines enable trigger journal_lines_append_only`);
    const err = await walletReconcileHandlers[WALLET_RECONCILE_JOB]!(
      {},
      { db: ctx.db, jobId: 'test', attempt: 1, finalAttempt: false },
    ).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err!.message).toMatch(/1 entr\(y\/ies\) do not sum to zero/);
    expect(err!.message).toContain(String(line!.entry_id));
  });
});
