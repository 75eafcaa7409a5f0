import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { auth, logIn, registerUser, type TestCtx } from '../../../test/factories';

let ctx: TestCtx;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

const users = (token: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: auth(token) });
const setStatus = (token: string, id: string, status: string, lang = 'en-US') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/status`,
    headers: { ...auth(token), 'accept-language': lang },
    payload: { status },
  });

describe('operator user list', () => {
  it('is refused to a store owner with A00003', async () => {
    const user = await sessionFor(ctx.db, 'demo@example.com');
    for (const res of [await users(user), await setStatus(user, '00000000-0000-0000-0000-000000000000', '0')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('A00003');
    }
  });

  it('pages users newest first and finds them by e-mail, user name or name, ignoring case', async () => {
    const a = await registerUser(ctx, { firstname: 'Zelda', lastname: 'Quartermaine' });
    const all = (await users(operator, '?size=2')).json().data;
    expect(all.total).toBe(3);
    expect(all.pages).toBe(2);
    expect(all.records[0]).toMatchObject({ userId: a.userId, email: a.email, role: 'user', status: '1' });
    expect(all.records[0]).not.toHaveProperty('passwordHash');
    expect(all.records[0].createdAt).toMatch(/^\d{4}-/);

    for (const keyword of [a.email.toUpperCase(), 'QUARTER', 'zelda quarter']) {
      const found = (await users(operator, `?keyword=${encodeURIComponent(keyword)}`)).json().data;
      expect(found.records.map((u: { userId: string }) => u.userId)).toEqual([a.userId]);
    }
    const demo = (await users(operator, '?keyword=DeMo')).json().data;
    expect(demo.records.map((u: { email: string }) => u.email)).toEqual(['demo@example.com']);
    const wildcard = (await users(operator, '?keyword=%25')).json().data;
    expect(wildcard.total).toBe(0);
  });

  it('filters by status', async () => {
    const b = await registerUser(ctx);
    await setStatus(operator, b.userId, '0');
    const disabled = (await users(operator, '?status=0')).json().data;
    expect(disabled.records.map((u: { userId: string }) => u.userId)).toEqual([b.userId]);
    await setStatus(operator, b.userId, '1');
  });
});

describe('disabling a user', () => {
  it('ends their sessions at once and keeps them out until enabled again', async () => {
    const user = await registerUser(ctx);
    const res = await setStatus(operator, user.userId, '0');
    expect(res.json()).toMatchObject({ code: '00000', data: { userId: user.userId, status: '0' } });

    const me = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(user.token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('A00004');

    const login = await logIn(ctx, user.email, user.password, { 'accept-language': 'zh-CN' });
    expect(login.json()).toMatchObject({ code: 'A00001', msg: '该账户已被停用，请联系我们' });
    const wrong = await logIn(ctx, user.email, 'wrong-password1');
    expect(wrong.json().msg).toBe('Incorrect email or password');

    await setStatus(operator, user.userId, '1');
    expect((await logIn(ctx, user.email, user.password)).json().code).toBe('00000');
    // The old session stays ended.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(user.token) })).json().code,
    ).toBe('A00004');
  });

  it('the operator cannot disable their own account', async () => {
    const me = (await users(operator, '?keyword=operator@example.com')).json().data.records[0];
    const res = await setStatus(operator, me.userId, '0', 'tr-TR');
    expect(res.json()).toMatchObject({ code: 'A00001', msg: 'Kendi hesabınızı devre dışı bırakamazsınız' });
  });

  it('an unknown user is not found; a bad status is a validation error', async () => {
    const missing = await setStatus(operator, '00000000-0000-4000-8000-000000000000', '0');
    expect(missing.json()).toMatchObject({ code: 'A00006', msg: 'The user was not found' });
    expect((await setStatus(operator, 'nope', '0')).json().code).toBe('A00006');
    const user = await registerUser(ctx);
    expect((await setStatus(operator, user.userId, '2')).json().code).toBe('A00002');
  });
});
