import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { signedInUser } from '../../../test/factories';
import { adjust, grantBonus, pay, recordRecharge } from './wallet.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });
const post = (token: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth(token), ...headers } });
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Moves an entry (and its lines) back in time: the journal refuses UPDATE, so the test lifts its guard. */
async function backdate(entryId: string, days: number) {
  await ctx.db.execute(sql`alter table journal_entries disable trigger user`);
  await ctx.db.execute(sql`alter table journal_lines disable trigger user`);
  await ctx.db.execute(
    sql`update journal_entries set created_at = created_at - make_interval(days => ${days}) where id = ${entryId}`,
  );
  await ctx.db.execute(
    sql`update journal_lines set created_at = created_at - make_interval(days => ${days}) where entry_id = ${entryId}`,
  );
  await ctx.db.execute(sql`alter table journal_entries enable trigger user`);
  await ctx.db.execute(sql`alter table journal_lines enable trigger user`);
}

describe('the balance chart', () => {
  it('one point per day with the end-of-day balance of the whole wallet; another user sees only their own', async () => {
    const alice = await signedInUser(ctx.db);
    const bob = await signedInUser(ctx.db);
    const r1 = await recordRecharge(ctx.db, alice.userId, 10_000, 0, 'bank', {
      type: 'recharge',
      id: `S1-${alice.userId}`,
    });
    await backdate(r1.entryId, 5);
    const p1 = await pay(ctx.db, alice.userId, 2_500, { type: 'order', id: `S2-${alice.userId}` });
    await backdate(p1.entryId, 2);
    await grantBonus(ctx.db, alice.userId, 1_000, 'promo');
    await recordRecharge(ctx.db, bob.userId, 99_900, 0, 'bank', { type: 'recharge', id: `S3-${bob.userId}` });

    const res = await get(alice.token, `/api/p/wallet/balance-series?from=${daysAgo(6)}&to=${today()}`);
    expect(res.statusCode).toBe(200);
    const { points } = res.json().data;
    expect(points).toHaveLength(7);
    expect(points.map((p: { balance: number }) => p.balance)).toEqual([0, 100, 100, 100, 75, 75, 85]);
    expect(points[0].day).toBe(daysAgo(6));
    expect(points[6].day).toBe(today());

    // The opening balance before `from` carries in.
    const late = (await get(alice.token, `/api/p/wallet/balance-series?from=${daysAgo(1)}&to=${daysAgo(1)}`)).json()
      .data;
    expect(late.points).toEqual([{ day: daysAgo(1), balance: 75 }]);
    // Default: the last 30 days.
    expect((await get(alice.token, '/api/p/wallet/balance-series')).json().data.points).toHaveLength(30);
    expect(
      (await get(bob.token, `/api/p/wallet/balance-series?from=${today()}&to=${today()}`)).json().data.points,
    ).toEqual([{ day: today(), balance: 999 }]);
    expect((await get(alice.token, '/api/p/wallet/balance-series?from=2020-01-01&to=2022-01-01')).json().code).toBe(
      'A00002',
    );
    expect((await get(alice.token, `/api/p/wallet/balance-series?from=${today()}&to=${daysAgo(1)}`)).json().code).toBe(
      'A00002',
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/p/wallet/balance-series' })).statusCode).toBe(401);
    // The right shape but no calendar day (or PostgreSQL's missing year 0): refused, not a 500 from the cast.
    for (const url of [
      '/api/p/wallet/balance-series?from=2024-13-45',
      '/api/p/wallet/lines?to=2024-02-30',
      '/api/p/wallet/statement.csv?from=0000-01-01',
    ]) {
      const res = await get(alice.token, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('A00002');
    }
  });
});

describe('the statement export', () => {
  it('CSV with a BOM, a header and kinds in the asked language, signed amounts with 2 decimals, only the caller’s lines', async () => {
    const carol = await signedInUser(ctx.db);
    const dan = await signedInUser(ctx.db);
    await recordRecharge(ctx.db, carol.userId, 12_345, 0, 'paypal', { type: 'recharge', id: `T1-${carol.userId}` });
    await pay(ctx.db, carol.userId, 2_000, { type: 'order', id: `T2-${carol.userId}` });
    await adjust(ctx.db, carol.userId, -5, '=HYPERLINK("x"), "quoted"');
    await recordRecharge(ctx.db, dan.userId, 700, 0, 'bank', { type: 'recharge', id: `T3-${dan.userId}` });

    const res = await get(carol.token, '/api/p/wallet/statement.csv?lang=zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="wallet-statement.*\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('时间 (UTC),收支,类型,金额 (USD),备注,关联单据');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},支出,调整,-0\.05,"'=HYPERLINK\(""x""\), ""quoted""",adjustment:/,
    );
    expect(rows[2]).toMatch(/,支出,支付,-20\.00,,order:T2-/);
    expect(rows[3]).toMatch(/,收入,充值,123\.45,,recharge:T1-/);
    expect(res.body).not.toContain('T3-');

    const income = await get(carol.token, `/api/p/wallet/statement.csv?type=income&from=${today()}&to=${today()}`, {
      'accept-language': 'fr-FR',
    });
    const incomeRows = income.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(incomeRows[0]).toBe('Date (UTC),Sens,Type,Montant (USD),Note,Référence');
    expect(incomeRows.slice(1).map((r) => r.split(',').slice(1, 4).join(','))).toEqual(['Entrée,Rechargement,123.45']);
    expect(
      (await get(carol.token, '/api/p/wallet/statement.csv?to=2020-01-01')).body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/p/wallet/statement.csv' })).statusCode).toBe(401);
  });
});

describe('the operator’s ledger tools', () => {
  it('a user’s wallet and lines, paged, like the user sees them; unknown users are not found', async () => {
    const erin = await signedInUser(ctx.db);
    await recordRecharge(ctx.db, erin.userId, 5_000, 0, 'bank', { type: 'recharge', id: `U1-${erin.userId}` });
    await pay(ctx.db, erin.userId, 1_000, { type: 'order', id: `U2-${erin.userId}` });
    const res = await get(operator, `/api/admin/wallets/${erin.userId}?size=1&current=2`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user).toMatchObject({ userId: erin.userId });
    expect(data.user.email).toMatch(/@example\.com$/);
    expect(data.wallet).toEqual((await get(erin.token, '/api/p/wallet')).json().data);
    expect(data.lines).toMatchObject({ total: 2, current: 2, pages: 2 });
    expect(data.lines.records.map((l: { kind: string }) => l.kind)).toEqual(['recharge']);
    expect((await get(operator, '/api/admin/wallets/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(operator, '/api/admin/wallets/not-a-uuid')).statusCode).toBe(404);
  });

  it('adjustments and bonus: signed amounts, a reason required, idempotent, seen in the user’s wallet', async () => {
    const fay = await signedInUser(ctx.db);
    const url = `/api/admin/wallets/${fay.userId}`;
    const key = { 'idempotency-key': `adj-${fay.userId}` };
    const first = await post(
      operator,
      `${url}/adjustments`,
      { amount: 12.5, reason: 'bank transfer credited by hand' },
      key,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data.wallet).toMatchObject({ balance: 12.5 });
    const replay = await post(
      operator,
      `${url}/adjustments`,
      { amount: 12.5, reason: 'bank transfer credited by hand' },
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.entryId).toBe(first.json().data.entryId);

    expect(
      (await post(operator, `${url}/adjustments`, { amount: -2.25, reason: 'fee reversed' })).json().data.wallet,
    ).toMatchObject({ balance: 10.25 });
    const bonus = await post(operator, `${url}/bonus`, { amount: 5, reason: 'welcome' });
    expect(bonus.json().data.wallet).toMatchObject({ balance: 10.25, bonus: 5 });

    const refusals = await Promise.all([
      post(operator, `${url}/adjustments`, { amount: 0, reason: 'nothing' }),
      post(operator, `${url}/adjustments`, { amount: 1.234, reason: 'x' }),
      post(operator, `${url}/adjustments`, { amount: 1, reason: '   ' }),
      post(operator, `${url}/bonus`, { amount: -1, reason: 'x' }),
    ]);
    expect(refusals.map((r) => r.json().code)).toEqual(['A00002', 'A00002', 'A00002', 'A00002']);
    // Taking more than the cash there is is refused for balance, in the caller's language.
    const over = await post(
      operator,
      `${url}/adjustments`,
      { amount: -100, reason: 'too much' },
      { 'accept-language': 'tr-TR' },
    );
    expect(over.json().code).toBe('A00010');
    expect(over.json().msg).toMatch(/Cüzdan bakiyeniz yetersiz/);

    const lines = (await get(fay.token, '/api/p/wallet/lines')).json().data.records;
    expect(lines.map((l: { kind: string; note: string }) => [l.kind, l.note])).toEqual([
      ['bonus', 'welcome'],
      ['adjustment', 'fee reversed'],
      ['adjustment', 'bank transfer credited by hand'],
    ]);
    expect(
      (
        await post(operator, '/api/admin/wallets/00000000-0000-4000-8000-000000000000/bonus', {
          amount: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('the reconciliation report: last run and its findings; "run now" runs the check', async () => {
    const run = await post(operator, '/api/admin/wallet/reconciliation', {});
    expect(run.statusCode).toBe(200);
    expect(run.json().data.findings).toEqual([]);
    const ranAt = Date.parse(run.json().data.lastRunAt);
    expect(Date.now() - ranAt).toBeLessThan(60_000);
    expect((await get(operator, '/api/admin/wallet/reconciliation')).json().data).toEqual(run.json().data);

    // A hand edit of a cached balance is what the check exists to find.
    const gus = await signedInUser(ctx.db);
    await recordRecharge(ctx.db, gus.userId, 1_000, 0, 'bank', { type: 'recharge', id: `V1-${gus.userId}` });
    await ctx.db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor + 1 where user_id = ${gus.userId} and kind = 'available'`,
    );
    const found = (await post(operator, '/api/admin/wallet/reconciliation', {})).json().data;
    expect(found.findings).toEqual([expect.objectContaining({ kind: 'balance', actual: 10.01, expected: 10 })]);
    await ctx.db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor - 1 where user_id = ${gus.userId} and kind = 'available'`,
    );
    expect((await post(operator, '/api/admin/wallet/reconciliation', {})).json().data.findings).toEqual([]);
  });

  it('every operator route refuses a user', async () => {
    const hal = await signedInUser(ctx.db);
    const answers = await Promise.all([
      get(hal.token, `/api/admin/wallets/${hal.userId}`),
      post(hal.token, `/api/admin/wallets/${hal.userId}/adjustments`, { amount: 100, reason: 'mine' }),
      post(hal.token, `/api/admin/wallets/${hal.userId}/bonus`, { amount: 100, reason: 'mine' }),
      get(hal.token, '/api/admin/wallet/reconciliation'),
      post(hal.token, '/api/admin/wallet/reconciliation', {}),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect((await get(hal.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 0, bonus: 0 });
  });
});
