import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { SESSION_COOKIE } from '../../platform/auth.plugin';
import { auth, logIn, registerUser, type TestCtx } from '../../../test/factories';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const info = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers });

describe('log-in', () => {
  it('answers the token, shop name, user id, expiry and user info; the token opens /api/p', async () => {
    const res = await logIn(ctx, 'Demo@Example.com', 'demo12345');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      shopName: 'demo',
      expiresIn: 3600,
      userInfo: {
        username: 'demo',
        email: 'demo@example.com',
        status: '1',
        role: 'user',
        userType: 'dropshipping',
        country: 'US',
      },
    });
    expect(data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await info(auth(data.accessToken));
    expect(me.json()).toMatchObject({ code: '00000', data: { userId: data.userId, email: 'demo@example.com' } });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site, lasting expiresIn', async () => {
    const res = await logIn(ctx, 'demo@example.com', 'demo12345');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({
      value: res.json().data.accessToken,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 3600,
    });
    expect(cookie.secure).toBeFalsy();
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/user/info',
      cookies: { [SESSION_COOKIE]: cookie.value },
    });
    expect(me.json().code).toBe('00000');
  });

  it('marks the cookie Secure when the public address is https', async () => {
    // A second app on the same database (kept open when this one closes).
    const secure = {
      app: await buildApp({
        config: { ...ctx.config, publicUrl: 'https://shop.example' },
        database: { ...ctx.database, close: async () => {} },
      }),
    };
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'demo@example.com', password: 'demo12345' },
      });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.app.close();
    }
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await logIn(ctx, 'nobody@example.com', 'demo12345', {}, '10.1.0.1');
    const wrong = await logIn(ctx, 'demo@example.com', 'wrong-password1', {}, '10.1.0.1');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 'A00001',
      data: { reason: 'login-failed' },
      msg: 'Incorrect email or password',
      success: false,
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it('words the failure in the caller language', async () => {
    const res = await logIn(ctx, 'nobody@example.com', 'x1234567', { 'accept-language': 'fr-FR' }, '10.1.0.2');
    expect(res.json().msg).toBe('Adresse e-mail ou mot de passe incorrect');
  });

  it('asks for the e-mail and the password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {},
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.json().data).toEqual([
      { field: 'email', message: '请输入电子邮箱' },
      { field: 'password', message: '请输入密码' },
    ]);
  });
});

describe('log-in throttling (per address and per account+address, decision 0065)', () => {
  it('10 wrong passwords from address A: A is refused even with the right password; from B the right password works', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await logIn(ctx, user.email, 'wrong-password1', {}, '10.2.0.1');
      expect(res.json().code).toBe('A00001');
    }
    const res = await logIn(ctx, user.email, user.password, { 'accept-language': 'tr-TR' }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.code).toBe('A00008');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(body.data).toEqual({ retryAfterSeconds: retryAfter });
    expect(body.msg).toBe(`Çok fazla deneme yapıldı, lütfen ${retryAfter} saniye bekleyip tekrar deneyin`);

    const fromB = await logIn(ctx, user.email, user.password, {}, '10.2.9.9');
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().code).toBe('00000');
    // The owner's success elsewhere does not reset the guesser's count.
    expect((await logIn(ctx, user.email, user.password, {}, '10.2.0.1')).statusCode).toBe(429);
  });

  it('wrong passwords spread over many addresses never lock the owner out', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 12; i++) await logIn(ctx, user.email, 'wrong-password1', {}, `10.7.0.${i}`);
    const res = await logIn(ctx, user.email, user.password, {}, '10.7.1.1');
    expect(res.json().code).toBe('00000');
  });

  it('an account under attack from many addresses answers slowly, and its owner still gets in', async () => {
    const user = await registerUser(ctx);
    // 100 failures from 100 addresses within the window (written directly: 100 scrypt runs are slow).
    await ctx.db.execute(sql`
      insert into login_attempts (email, ip, created_at)
      select ${user.email}, '10.8.' || (g / 250) || '.' || (g % 250), now() from generate_series(1, 100) g`);
    const started = Date.now();
    const res = await logIn(ctx, user.email, user.password, {}, '10.8.200.1');
    expect(res.json().code).toBe('00000');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('lets the address in again once its oldest failure leaves the 15-minute window', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 10; i++) await logIn(ctx, user.email, 'wrong-password1', {}, '10.3.0.1');
    // Move the clock: the oldest failure is now 15 minutes old.
    await ctx.db.execute(sql`
      update login_attempts set created_at = now() - interval '15 minutes 1 second'
      where id = (select id from login_attempts where email = ${user.email} order by created_at limit 1)`);
    const res = await logIn(ctx, user.email, user.password, {}, '10.3.0.1');
    expect(res.json().code).toBe('00000');
  });

  it('refuses the 31st failure from one client address, whatever the e-mail', async () => {
    for (let i = 0; i < 30; i++) await logIn(ctx, `stranger${i}@example.com`, 'guess12345', {}, '10.4.0.1');
    const blocked = await logIn(ctx, 'demo@example.com', 'demo12345', {}, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('A00008');
    const elsewhere = await logIn(ctx, 'demo@example.com', 'demo12345', {}, '10.4.0.2');
    expect(elsewhere.json().code).toBe('00000');
  });

  it('resets the address counter on a successful log-in from it', async () => {
    const user = await registerUser(ctx);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) await logIn(ctx, user.email, 'wrong-password1', {}, '10.5.0.1');
      const res = await logIn(ctx, user.email, user.password, {}, '10.5.0.1');
      expect(res.json().code).toBe('00000');
    }
  });

  it('counts a burst of parallel guesses: never more than 10 failures get through', async () => {
    const user = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => logIn(ctx, user.email, 'wrong-password1', {}, '10.6.0.1')),
    );
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'A00001').length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 'A00008').length).toBeGreaterThanOrEqual(6);
  });
});

describe('sessions', () => {
  it('logout ends the token and clears the cookie', async () => {
    const token = (await logIn(ctx, 'demo@example.com', 'demo12345')).json().data.accessToken;
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) });
    expect(out.json()).toMatchObject({ code: '00000', success: true });
    const cleared = out.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const after = await info(auth(token));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('A00004');
  });

  it('logout ends a cookie session sent from our own site', async () => {
    const token = (await logIn(ctx, 'demo@example.com', 'demo12345')).json().data.accessToken;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      cookies: { [SESSION_COOKIE]: token },
      headers: { origin: 'http://shop.local', host: 'shop.local' },
    });
    expect((await info(auth(token))).json().code).toBe('A00004');
  });

  it('logout answers success without a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
  });

  it('an expired token answers A00004', async () => {
    const { token, userId } = await registerUser(ctx);
    expect((await info(auth(token))).json().code).toBe('00000');
    await ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${userId}`);
    const res = await info(auth(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A00004');
  });

  it('remembers the language of the last log-in for e-mails', async () => {
    const user = await registerUser(ctx);
    await logIn(ctx, user.email, user.password, { 'accept-language': 'zh-CN' });
    const rows = await ctx.db.execute(sql`select locale from users where id = ${user.userId}`);
    expect(rows.rows[0]).toEqual({ locale: 'zh-CN' });
  });
});
