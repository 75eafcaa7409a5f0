import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { createTestApp, sessionFor } from '../../../test/harness';
import { registerUser, registration } from '../../../test/factories/accounts';
import { line, placeOrder } from '../../../test/factories/orders';
import { inTransaction } from '../../platform/unit-of-work';
import { approveRequest, createRequest } from '../after-sales/after-sales.service';
import { transition } from '../orders/orders.service';
import { releaseDue } from './affiliates.commissions';
import { commissionOf } from './affiliates.terms';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());
// Every test starts from the default terms (5 %, 12 months, 30 days, cash).
beforeEach(async () => {
  expect((await setTerms({})).statusCode).toBe(200);
});

type Row = Record<string, unknown>;
// PostgreSQL's driver gives bigint and count(*) as strings (PGlite as numbers): amounts and counts as numbers on both.
const numeric = (key: string) => key.endsWith('_minor') || key === 'n' || key === 'd';
const rows = async (q: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, numeric(k) && typeof v === 'string' ? Number(v) : v]),
      ) as Row,
  );
let keys = 0;
const headers = (token: string, lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': `aff-${++keys}-${Math.random()}`,
});
const get = (token: string, url: string, lang = 'en-US') =>
  ctx.app.inject({ method: 'GET', url, headers: headers(token, lang) });
const send = (method: 'POST' | 'PUT', token: string, url: string, payload: unknown = {}, lang = 'en-US') =>
  ctx.app.inject({ method, url, payload: payload as object, headers: headers(token, lang) });
const balance = async (userId: string, kind = 'available') =>
  Number(
    (await rows(sql`select balance_minor from ledger_accounts where user_id = ${userId} and kind = ${kind}`))[0]
      ?.balance_minor ?? 0,
  );
const commissionOfOrder = async (orderId: string) =>
  (await rows(sql`select * from affiliate_commissions where order_id = ${orderId}`))[0];
const setTerms = (terms: object) =>
  send('PUT', operator, '/api/admin/affiliates/settings', {
    rateBasisPoints: 500,
    periodMonths: 12,
    holdDays: 30,
    payout: 'cash',
    enabled: true,
    ...terms,
  });

/** A store owner who has joined the programme: their session, user id and code. */
async function affiliate() {
  const a = await registerUser(ctx);
  const joined = await send('POST', a.token, '/api/p/affiliate/join');
  expect(joined.statusCode).toBe(200);
  return { ...a, code: joined.json().data.code as string };
}
const pay = (orderId: string) => transition(ctx.db, orderId, 'pay', { type: 'system', id: null });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('joining and attribution', () => {
  it('gives a code and a link once; a click through the link counts once per visitor per day; registering with it attributes', async () => {
    const a = await affiliate();
    expect(a.code).toMatch(/^[A-Z2-9]{8}$/);
    const again = (await send('POST', a.token, '/api/p/affiliate/join')).json().data;
    expect(again).toMatchObject({ joined: true, code: a.code, link: `/?ref=${a.code}`, state: 'active' });

    const click = (visitor: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/affiliate/clicks',
        payload: { code: a.code.toLowerCase(), visitor },
      });
    expect((await click('visitor-one-0001')).json().data).toEqual({ counted: true });
    expect((await click('visitor-one-0001')).json().data).toEqual({ counted: false });
    expect((await click('visitor-two-0002')).json().data).toEqual({ counted: true });

    // Through the link: the web app kept ?ref= in a cookie and sends it with the form.
    const b = await registerUser(ctx, { ref: a.code });
    // By code: typed by hand, in lower case.
    const c = await registerUser(ctx, { ref: ` ${a.code.toLowerCase()} ` });
    const referred =
      await rows(sql`select referred_user_id from affiliate_referrals r join affiliates f on f.id = r.affiliate_id
      where f.user_id = ${a.userId} order by attributed_at`);
    expect(referred.map((r) => r.referred_user_id)).toEqual([b.userId, c.userId]);

    const dash = (await get(a.token, '/api/p/affiliate/dashboard')).json().data;
    expect(dash).toMatchObject({ clicks: 2, signUps: 2, orders: 0, pending: 0, available: 0, paid: 0 });
    expect(dash.months).toHaveLength(12);
    expect(dash.months.at(-1)).toMatchObject({ clicks: 2, signUps: 2 });
  });

  it('refuses a self-referral, an unknown code and a suspended affiliate’s code, in the user’s language, writing nothing', async () => {
    const a = await affiliate();
    const users = Number((await rows(sql`select count(*) as n from users`))[0]!.n);
    const [local, domain] = a.email.split('@');
    const self = registration(undefined, { email: `${local}+second@${domain}`, ref: a.code });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: self,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'ref', message: 'Vous ne pouvez pas vous parrainer vous-même' }]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { ref: 'NOSUCH99' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual([{ field: 'ref', message: 'This referral code does not exist' }]);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { ref: '=1+1' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Number((await rows(sql`select count(*) as n from users`))[0]!.n)).toBe(users);
  });

  it('answers 404 for a dashboard or export of a user who has not joined; nothing of another affiliate shows', async () => {
    const b = await registerUser(ctx);
    expect((await get(b.token, '/api/p/affiliate/dashboard')).statusCode).toBe(404);
    expect((await get(b.token, '/api/p/affiliate/export')).statusCode).toBe(404);
    const me = (await get(b.token, '/api/p/affiliate')).json().data;
    expect(me).toMatchObject({ joined: false, code: null, link: null });
  });
});

describe('commission', () => {
  it('is rate × goods rounded once half-up, pending; the release job credits it after the hold with a statement line', async () => {
    expect((await setTerms({ rateBasisPoints: 125, holdDays: 14 })).statusCode).toBe(200);
    const a = await affiliate();
    const b = await registerUser(ctx, { ref: a.code });
    // goods 10.00, shipping 7.00, fee 1.00, tax 2.00: 1.25 % of the goods is 12.5 cents → 13.
    const order = await placeOrder(ctx.db, b.userId, { lines: [line(1, 1000, 1)], taxMinor: 200 });
    await pay(order.id);
    const c = await commissionOfOrder(order.id);
    expect(c).toMatchObject({ state: 'pending', amount_minor: 13, goods_minor: 1000, payout: 'cash' });

    const dash = (await get(a.token, '/api/p/affiliate/dashboard')).json().data;
    expect(dash).toMatchObject({ signUps: 1, orders: 1, pending: 0.13, paid: 0 });
    expect(dash.recent[0]).toMatchObject({
      referred: 'Ad*** L.',
      orderNumber: order.number,
      goods: 10,
      commission: 0.13,
    });

    expect(await releaseDue(ctx.db, inDays(13))).toBe(0);
    expect(await balance(a.userId)).toBe(0);
    expect(await releaseDue(ctx.db, inDays(15))).toBe(1);
    expect(await releaseDue(ctx.db, inDays(15))).toBe(0);
    expect(await balance(a.userId)).toBe(13);
    expect((await commissionOfOrder(order.id))!.state).toBe('paid');

    const lines = (await get(a.token, '/api/p/wallet/lines')).json().data.records;
    expect(lines[0]).toMatchObject({ type: 'income', amount: 0.13, kind: 'commission', referenceLabel: order.number });
    expect((await get(a.token, '/api/p/affiliate/dashboard')).json().data).toMatchObject({ pending: 0, paid: 0.13 });
  });

  it('is never earned on orders of users nobody referred, nor after the period', async () => {
    const lone = await registerUser(ctx);
    const o1 = await placeOrder(ctx.db, lone.userId);
    await pay(o1.id);
    expect(await commissionOfOrder(o1.id)).toBeUndefined();

    const a = await affiliate();
    const b = await registerUser(ctx, { ref: a.code });
    await ctx.db.execute(
      sql`update affiliate_referrals set attributed_at = now() - interval '13 months' where referred_user_id = ${b.userId}`,
    );
    const o2 = await placeOrder(ctx.db, b.userId);
    await pay(o2.id);
    expect(await commissionOfOrder(o2.id)).toBeUndefined();
  });

  it('a refund before the hold cancels it; a refund after it takes it back with its own ledger line', async () => {
    const a = await affiliate();
    const b = await registerUser(ctx, { ref: a.code });
    const refund = async (orderId: string, amount: number) => {
      const req = await inTransaction(ctx.db, (uow) =>
        createRequest(uow, b.userId, { orderId, kind: 'refund', reason: 'broken', amount, lines: [], images: [] }),
      );
      await inTransaction(ctx.db, (uow) => approveRequest(uow, null, req.id));
    };
    // Default order: goods 34.99 → 5 % = 174.95 cents → 175.
    const before = await placeOrder(ctx.db, b.userId);
    await pay(before.id);
    expect((await commissionOfOrder(before.id))!.amount_minor).toBe(commissionOf(3499, 500));
    expect(commissionOf(3499, 500)).toBe(175);
    await refund(before.id, 34.99);
    expect(await commissionOfOrder(before.id)).toMatchObject({ state: 'cancelled', amount_minor: 0 });

    const after = await placeOrder(ctx.db, b.userId);
    await pay(after.id);
    await releaseDue(ctx.db, inDays(31));
    expect(await balance(a.userId)).toBe(175);
    // Half the goods back: the commission becomes 5 % of 17.49 = 87.45 → 87; 88 taken back.
    await refund(after.id, 17.5);
    expect(await commissionOfOrder(after.id)).toMatchObject({ state: 'paid', amount_minor: 87, credited_minor: 87 });
    expect(await balance(a.userId)).toBe(87);
    const entries =
      await rows(sql`select e.kind, l.amount_minor from journal_entries e join journal_lines l on l.entry_id = e.id
      join ledger_accounts acc on acc.id = l.account_id where acc.user_id = ${a.userId} order by e.created_at`);
    expect(entries).toEqual([
      { kind: 'commission', amount_minor: 175 },
      { kind: 'commission-reversal', amount_minor: -88 },
    ]);
    const dash = (await get(a.token, '/api/p/affiliate/dashboard')).json().data;
    expect(dash).toMatchObject({ orders: 2, pending: 0, paid: 0.87 });
  });
});

describe('the operator', () => {
  it('sets the terms shown on /affiliate, suspends with a reason (pending cancelled) and adjusts with a reason', async () => {
    const bad = await setTerms({ rateBasisPoints: -1 });
    expect(bad.statusCode).toBe(400);
    await setTerms({ rateBasisPoints: 800, periodMonths: 6, holdDays: 10, payout: 'bonus' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/affiliate/terms' })).json().data).toEqual({
      rateBasisPoints: 800,
      periodMonths: 6,
      holdDays: 10,
      payout: 'bonus',
      enabled: true,
    });
    const a = await affiliate();
    const b = await registerUser(ctx, { ref: a.code });
    const order = await placeOrder(ctx.db, b.userId);
    await pay(order.id);
    expect(await commissionOfOrder(order.id)).toMatchObject({ amount_minor: 280, payout: 'bonus', state: 'pending' });

    const list = (await get(operator, '/api/admin/affiliates')).json().data as Array<{ id: string; userId: string }>;
    const mine = list.find((x) => x.userId === a.userId)!;
    expect(mine).toMatchObject({ code: a.code, signUps: 1, pending: 2.8, paid: 0, state: 'active' });
    const noReason = await send('POST', operator, `/api/admin/affiliates/${mine.id}/suspend`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const suspended = await send('POST', operator, `/api/admin/affiliates/${mine.id}/suspend`, {
      reason: 'fake sign-ups',
    });
    expect(suspended.json().data.find((x: { id: string }) => x.id === mine.id)).toMatchObject({
      state: 'suspended',
      suspendedReason: 'fake sign-ups',
      pending: 0,
    });
    expect(await commissionOfOrder(order.id)).toMatchObject({ state: 'cancelled', note: 'fake sign-ups' });
    await releaseDue(ctx.db, inDays(60));
    expect(await balance(a.userId, 'bonus')).toBe(0);
    // A suspended affiliate's code no longer attributes.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { ref: a.code }),
    });
    expect(late.statusCode).toBe(400);

    const adjusted = await send('POST', operator, `/api/admin/affiliates/${mine.id}/adjustments`, {
      amount: 5,
      reason: 'goodwill',
    });
    expect(adjusted.statusCode).toBe(200);
    expect(await balance(a.userId)).toBe(500);
    expect(
      (
        await send('POST', operator, '/api/admin/affiliates/00000000-0000-0000-0000-000000000000/suspend', {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('export', () => {
  it('gives .xlsx and CSV of the referred orders, masked names, formula-like text made plain', async () => {
    const a = await affiliate();
    const b = await registerUser(ctx, { ref: a.code, firstname: '=cmd', lastname: 'Evil' });
    const order = await placeOrder(ctx.db, b.userId);
    await pay(order.id);
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/affiliate/export?format=xlsx',
      headers: headers(a.token, 'zh-CN'),
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });
    expect(table[0]).toEqual(['支付日期', '订单', '被推荐用户', '商品金额（USD）', '佣金（USD）', '状态', '可用日期']);
    expect(table[1]).toEqual([
      expect.any(String),
      order.number,
      "'=c*** E.",
      34.99,
      1.75,
      '待结算',
      expect.any(String),
    ]);
    const csv = await get(a.token, '/api/p/affiliate/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${order.number},'=c*** E.,34.99,1.75,Pending`);
  });
});

describe('concurrency', () => {
  it('the ledger reconciles after 200 concurrent paid orders of referred users, and every commission is paid once', async () => {
    const affs = [await affiliate(), await affiliate()];
    const referred = [];
    for (let i = 0; i < 10; i++) referred.push(await registerUser(ctx, { ref: affs[i % 2]!.code }));
    const orders = [];
    for (let i = 0; i < 200; i++)
      orders.push(await placeOrder(ctx.db, referred[i % 10]!.userId, { lines: [line(1, 1000 + i, 1)] }));
    await Promise.all(orders.map((o) => pay(o.id)));
    await Promise.all([releaseDue(ctx.db, inDays(31)), releaseDue(ctx.db, inDays(31))]);
    for (const [k, a] of affs.entries()) {
      const expected = orders.filter((_, i) => i % 2 === k).reduce((s, o) => s + commissionOf(o.goodsMinor, 500), 0);
      expect(await balance(a.userId)).toBe(expected);
    }
    const report = await send('POST', operator, '/api/admin/wallet/reconciliation');
    expect(report.statusCode).toBe(200);
    expect(report.json().data.findings).toEqual([]);
    const [sums] = await rows(sql`select count(*) as n, count(distinct order_id) as d from affiliate_commissions c
      join affiliates a on a.id = c.affiliate_id where a.user_id in (${affs[0]!.userId}, ${affs[1]!.userId}) and c.state = 'paid'`);
    expect(sums).toEqual({ n: 200, d: 200 });
  }, 120_000);
});
