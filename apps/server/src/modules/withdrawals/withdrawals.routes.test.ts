import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { insertJob } from '../../platform/jobs/jobs.queue';
import { grantBonus, recordRecharge } from '../wallet/wallet.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  // Iran refused by default; the configured list adds Russia to prove the route uses it.
  ctx = await createTestApp({ withdrawalSanctionedCountries: ['CU', 'IR', 'KP', 'SY', 'RU'] });
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;

let serial = 0;
/** A user with a session and `cash` dollars recharged into the wallet. */
async function user(cash = 0) {
  const name = `wd${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.com`;
  const [row] = await rows(
    sql`insert into users (email, username, password_hash, first_name) values (${email}, ${name}, 'x', 'Ada') returning id`,
  );
  const userId = String(row!.id);
  if (cash > 0)
    await recordRecharge(ctx.db, userId, Math.round(cash * 100), 0, 'bank', { type: 'recharge', id: `R-${name}` });
  return { userId, email, token: await sessionFor(ctx.db, email) };
}

const auth = (token: string, lang = 'en-US') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const post = (token: string, url: string, payload: unknown = {}, lang = 'en-US', extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth(token, lang), ...extra } });

/** One valid request per method (real check digits: the IBANs, BICs and ABA number pass their checks). */
const VALID = {
  payoneer: {
    method: 'payoneer',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    payoneerEmail: 'ada@example.com',
    country: 'gb',
  },
  'wise-us': {
    method: 'wise-us',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    routingNumber: '021000021',
    accountNumber: '123456789',
    accountType: 'checking',
    country: 'US',
    city: 'New York',
    address: '1 Main St',
    postCode: '10001',
  },
  swift: {
    method: 'swift',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    swiftBic: 'DEUTDEFF',
    bankName: 'Deutsche Bank',
    bankAddress: 'Taunusanlage 12, Frankfurt',
    bankCountry: 'DE',
    iban: 'DE89 3704 0044 0532 0130 00',
    country: 'DE',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postCode: 'n/a',
  },
  'wise-currency': {
    method: 'wise-currency',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    currency: 'EUR',
    iban: 'BE68539007547034',
    swiftBic: 'TRWIBEB1XXX',
    country: 'BE',
    postCode: '1000',
  },
  'turkish-bank': {
    method: 'turkish-bank',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    bankName: 'Ziraat Bankası',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
  },
} as const;

const fieldErrors = (res: { json: () => { data: Array<{ field: string; message: string }> } }) =>
  Object.fromEntries(res.json().data.map((e) => [e.field, e.message]));

describe('POST /api/p/withdrawals: the rules per type', () => {
  it('accepts each type with its fields, locks the amount in cash and stores the normalized destination', async () => {
    const ada = await user(400);
    for (const body of Object.values(VALID)) {
      const res = await post(ada.token, '/api/p/withdrawals', body);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      expect(res.json().data).toMatchObject({
        method: body.method,
        amount: 60,
        state: 'pending',
        payoutReference: null,
        rejectReason: null,
      });
      expect(res.json().data.number).toMatch(/^W\d{6,}$/);
    }
    const list = (await get(ada.token, '/api/p/withdrawals?size=10')).json().data;
    expect(list.total).toBe(5);
    const byMethod = Object.fromEntries(
      list.records.map((w: { method: string; destination: Row }) => [w.method, w.destination]),
    );
    expect(byMethod.swift).toMatchObject({ iban: 'DE89370400440532013000', postCode: 'N/A', bankCountry: 'DE' });
    expect(byMethod.payoneer).toEqual({
      beneficiaryName: 'Ada Lovelace',
      payoneerEmail: 'ada@example.com',
      country: 'GB',
    });
    expect(byMethod['turkish-bank']).toMatchObject({ iban: 'TR330006100519786457841326' });
    expect(byMethod['wise-us']).toMatchObject({ accountType: 'checking', routingNumber: '021000021' });
    // 5 × 60.00 held: the wallet shows them locked, 100.00 left to withdraw.
    expect((await get(ada.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 100, locked: 300 });
    expect((await get(ada.token, '/api/p/withdrawals/limits')).json().data).toEqual({
      withdrawable: 100,
      minimum: 50,
      maximum: 1_000_000,
      sanctionedCountries: ['CU', 'IR', 'KP', 'SY', 'RU'],
    });
  });

  it('refuses a wrong IBAN checksum, a non-TR IBAN for a Turkish bank, a bad SWIFT/BIC and a missing account type, per field', async () => {
    const bob = await user(400);
    const bad = await post(bob.token, '/api/p/withdrawals', {
      ...VALID.swift,
      iban: 'DE89370400440532013001',
      swiftBic: 'DEUT1EFF',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('A00002');
    expect(fieldErrors(bad)).toMatchObject({
      iban: expect.stringContaining('check digits do not match'),
      swiftBic: expect.stringContaining('8 or 11 characters'),
    });
    const notTurkish = await post(bob.token, '/api/p/withdrawals', {
      ...VALID['turkish-bank'],
      iban: 'DE89370400440532013000',
    });
    expect(fieldErrors(notTurkish).iban).toBe('A Turkish IBAN is TR followed by 24 digits');
    const shortTr = await post(
      bob.token,
      '/api/p/withdrawals',
      { ...VALID['turkish-bank'], iban: 'TR33000610051978645784132' },
      'tr-TR',
    );
    expect(shortTr.json().code).toBe('A00002');
    expect(Object.keys(fieldErrors(shortTr))).toEqual(['iban']);
    const { accountType: _omit, ...noType } = VALID['wise-us'];
    expect(
      Object.keys(fieldErrors(await post(bob.token, '/api/p/withdrawals', { ...noType, accountType: 'business' }))),
    ).toEqual(['accountType']);
    const noEmail = await post(bob.token, '/api/p/withdrawals', { ...VALID.payoneer, payoneerEmail: 'not-an-email' });
    expect(Object.keys(fieldErrors(noEmail))).toEqual(['payoneerEmail']);
    // Nothing was locked by the refused requests.
    expect((await get(bob.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 400, locked: 0 });
    expect((await get(bob.token, '/api/p/withdrawals')).json().data.total).toBe(0);
  });

  it('49.99 is under the minimum, 3 decimals are refused, 50.00 is accepted', async () => {
    const cem = await user(100);
    const low = await post(cem.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 49.99 });
    expect(fieldErrors(low)).toEqual({ amount: 'The minimum withdrawal is 50.00 USD' });
    const frLow = await post(cem.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 49.99 }, 'fr-FR');
    expect(fieldErrors(frLow).amount).toBe('Le retrait minimum est de 50,00 USD');
    expect(
      Object.keys(fieldErrors(await post(cem.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 50.001 }))),
    ).toEqual(['amount']);
    expect((await post(cem.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 50 })).statusCode).toBe(200);
  });

  it('refuses more than the available cash; bonus credit is never withdrawable', async () => {
    const dan = await user(80);
    await grantBonus(ctx.db, dan.userId, 10_000, 'welcome credit');
    expect((await get(dan.token, '/api/p/withdrawals/limits')).json().data.withdrawable).toBe(80);
    const over = await post(dan.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 80.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'A00010',
      msg: 'The amount is more than you can withdraw',
      data: { reason: 'insufficient-balance', availableMinor: 8_000, neededMinor: 8_001 },
    });
    expect((await post(dan.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 80 })).statusCode).toBe(200);
    // Only bonus is left: 100.00 of it, and still nothing to withdraw.
    expect((await get(dan.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 0, locked: 80, bonus: 100 });
    expect((await post(dan.token, '/api/p/withdrawals', { ...VALID.payoneer, amount: 50 })).json().data.reason).toBe(
      'insufficient-balance',
    );
  });

  it('refuses sanctioned destinations with the notice, on every country the request names, from the configured list', async () => {
    const eve = await user(400);
    const notice =
      'We cannot send payments to this country or region because of international sanctions. The amount stays in your wallet.';
    expect(fieldErrors(await post(eve.token, '/api/p/withdrawals', { ...VALID.payoneer, country: 'IR' }))).toEqual({
      country: notice,
    });
    // Russia is in this server's configured list only.
    expect(fieldErrors(await post(eve.token, '/api/p/withdrawals', { ...VALID.payoneer, country: 'ru' }))).toEqual({
      country: notice,
    });
    const wire = await post(eve.token, '/api/p/withdrawals', { ...VALID.swift, country: 'CU' });
    expect(fieldErrors(wire)).toEqual({ country: notice });
    expect((await get(eve.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 400, locked: 0 });
  });
});

describe('deciding a withdrawal', () => {
  const create = async (token: string, body: object = VALID['turkish-bank']) =>
    (await post(token, '/api/p/withdrawals', body)).json().data as { id: string; number: string };

  it('the user cancels a pending request: the lock is released and a second cancel is a conflict', async () => {
    const fay = await user(100);
    const w = await create(fay.token);
    expect((await get(fay.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 40, locked: 60 });
    const cancelled = await post(fay.token, `/api/p/withdrawals/${w.id}/cancel`);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', closedAt: expect.any(String) });
    expect((await get(fay.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 100, locked: 0 });
    const again = await post(fay.token, `/api/p/withdrawals/${w.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().data).toMatchObject({ reason: 'withdrawal-closed', state: 'cancelled' });
    // Cancelling moved money only inside the wallet: no history line.
    expect(
      (await get(fay.token, '/api/p/wallet/lines')).json().data.records.map((l: { kind: string }) => l.kind),
    ).toEqual(['recharge']);
  });

  it('the operator approves with a payout reference: a withdrawal line, the payouts account credited, the ledger reconciles, the user is told', async () => {
    const gus = await user(100);
    const w = await create(gus.token);
    const queue = (await get(operator, '/api/admin/withdrawals')).json().data;
    const mine = queue.records.find((r: { id: string }) => r.id === w.id);
    expect(mine).toMatchObject({
      state: 'pending',
      userEmail: gus.email,
      amount: 60,
      method: 'turkish-bank',
      destination: { bankName: 'Ziraat Bankası' },
    });

    expect(
      (await post(operator, `/api/admin/withdrawals/${w.id}/approve`, { payoutReference: '  ' })).json().code,
    ).toBe('A00002');
    const approved = await post(operator, `/api/admin/withdrawals/${w.id}/approve`, {
      payoutReference: 'FAST-2026-0001',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      state: 'approved',
      payoutReference: 'FAST-2026-0001',
      decidedByEmail: 'operator@example.com',
    });

    expect((await get(gus.token, `/api/p/withdrawals/${w.id}`)).json().data).toMatchObject({
      state: 'approved',
      payoutReference: 'FAST-2026-0001',
    });
    expect((await get(gus.token, '/api/p/wallet')).json().data).toMatchObject({
      balance: 40,
      locked: 0,
      consumption: 60,
    });
    const [line] = (await get(gus.token, '/api/p/wallet/lines?type=consume')).json().data.records;
    expect(line).toMatchObject({
      kind: 'withdrawal',
      type: 'consume',
      amount: 60,
      referenceType: 'withdrawal',
      referenceId: w.id,
      referenceLabel: w.number,
    });
    const [payouts] =
      await rows(sql`select l.amount_minor from journal_lines l join ledger_accounts a on a.id = l.account_id
      join journal_entries e on e.id = l.entry_id where a.code = 'payouts' and e.reference_id = ${w.id}`);
    expect(Number(payouts!.amount_minor)).toBe(6_000);

    // No longer in the pending queue; a second decision is refused.
    expect(
      (await get(operator, '/api/admin/withdrawals?size=100'))
        .json()
        .data.records.some((r: { id: string }) => r.id === w.id),
    ).toBe(false);
    const twice = await post(operator, `/api/admin/withdrawals/${w.id}/reject`, { reason: 'late' });
    expect([twice.statusCode, twice.json().data.reason]).toEqual([409, 'withdrawal-closed']);
    expect((await post(gus.token, `/api/p/withdrawals/${w.id}/cancel`)).statusCode).toBe(409);

    // The hourly reconciliation job finds nothing wrong after all of the above.
    await insertJob(ctx.db, { type: 'wallet.reconcile', maxAttempts: 1 });
    await ctx.app.jobs.drain();
    const [job] = await rows(
      sql`select state, last_error from jobs where type = 'wallet.reconcile' order by created_at desc limit 1`,
    );
    expect([job!.state, job!.last_error]).toEqual(['done', null]);
    // The e-mail, in the outbox with the reference.
    const [mail] = await rows(sql`select subject, text from mail_outbox where "to" = ${gus.email}`);
    expect(mail).toMatchObject({
      subject: `Your withdrawal ${w.number} has been paid`,
      text: expect.stringContaining('FAST-2026-0001'),
    });
  });

  it('the operator rejects with a reason the user sees; the amount is available again', async () => {
    const hal = await user(100);
    const w = await create(hal.token, VALID.payoneer);
    expect((await post(operator, `/api/admin/withdrawals/${w.id}/reject`, {})).json().code).toBe('A00002');
    const rejected = await post(operator, `/api/admin/withdrawals/${w.id}/reject`, {
      reason: 'The Payoneer account name does not match',
    });
    expect(rejected.json().data).toMatchObject({
      state: 'rejected',
      rejectReason: 'The Payoneer account name does not match',
    });
    const seen = (await get(hal.token, '/api/p/withdrawals?state=rejected')).json().data;
    expect(seen.records).toEqual([
      expect.objectContaining({ id: w.id, rejectReason: 'The Payoneer account name does not match' }),
    ]);
    expect((await get(hal.token, '/api/p/withdrawals?state=pending')).json().data.total).toBe(0);
    expect((await get(hal.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 100, locked: 0 });
    expect(
      (await get(operator, '/api/admin/withdrawals?state=rejected&size=100'))
        .json()
        .data.records.map((r: { id: string }) => r.id),
    ).toContain(w.id);
  });

  it("another user's withdrawal is not found, for reading and cancelling; users cannot reach the operator routes", async () => {
    const ivy = await user(100);
    const joe = await user(100);
    const w = await create(ivy.token);
    expect((await get(joe.token, `/api/p/withdrawals/${w.id}`)).statusCode).toBe(404);
    expect((await post(joe.token, `/api/p/withdrawals/${w.id}/cancel`)).statusCode).toBe(404);
    expect((await get(joe.token, '/api/p/withdrawals')).json().data.total).toBe(0);
    expect((await get(joe.token, '/api/p/withdrawals/not-a-uuid')).statusCode).toBe(404);
    expect((await post(joe.token, `/api/admin/withdrawals/${w.id}/approve`, { payoutReference: 'x' })).statusCode).toBe(
      403,
    );
    expect((await get(ivy.token, `/api/p/withdrawals/${w.id}`)).json().data.state).toBe('pending');
    expect(
      (await post(operator, `/api/admin/withdrawals/${crypto.randomUUID()}/approve`, { payoutReference: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('an approval and a cancel racing: exactly one wins and the money moves once', async () => {
    for (let i = 0; i < 3; i++) {
      const kim = await user(100);
      const w = await create(kim.token);
      const [approve, cancel] = await Promise.all([
        post(operator, `/api/admin/withdrawals/${w.id}/approve`, { payoutReference: `RACE-${i}` }),
        post(kim.token, `/api/p/withdrawals/${w.id}/cancel`),
      ]);
      const codes = [approve.statusCode, cancel.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      // The loser waited on the request row and found it decided (not a clash deeper in the ledger).
      expect([approve, cancel].find((r) => r.statusCode === 409)!.json().data.reason).toBe('withdrawal-closed');
      const wallet = (await get(kim.token, '/api/p/wallet')).json().data;
      expect(wallet).toEqual(
        approve.statusCode === 200
          ? expect.objectContaining({ balance: 40, locked: 0 })
          : expect.objectContaining({ balance: 100, locked: 0 }),
      );
    }
  });

  it('a retried create with the same Idempotency-Key makes one request and locks once', async () => {
    const lea = await user(100);
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([
      post(lea.token, '/api/p/withdrawals', VALID.payoneer, 'en-US', { 'idempotency-key': key }),
      post(lea.token, '/api/p/withdrawals', VALID.payoneer, 'en-US', { 'idempotency-key': key }),
    ]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect((await get(lea.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 40, locked: 60 });
  });
});
