import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../test/harness';
import type { App } from './types';
import { SESSION_COOKIE } from './auth.plugin';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

const SignUpish = z.object({
  email: z.string().trim().min(1).email(),
  password: z.string().min(7),
  quantity: z.number().int().positive(),
});

beforeAll(async () => {
  ctx = await createTestApp({}, (app: App) => {
    app.post('/api/test/echo', { schema: { body: SignUpish } }, async (req) => ({
      code: '00000',
      data: req.body,
      msg: 'OK',
      success: true,
    }));
    app.get('/api/test/boom', async () => {
      throw new Error('database exploded: secret detail');
    });
  });
});
afterAll(() => ctx.app.close());

describe('envelope', () => {
  it('wraps success as code 00000', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: '00000', success: true, msg: 'OK' });
    expect(body.data.status).toBe('up');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('reports the database as ready', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.json()).toMatchObject({ code: '00000', data: { status: 'ready', database: ctx.database.kind } });
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/test/boom']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("img-src 'self' data: blob:");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('answers readiness with 503 and the envelope while the database is unreachable', async () => {
    const ping = ctx.database.ping;
    ctx.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'A00005', success: false, data: { status: 'unavailable' } });
      expect(res.body).not.toContain('connection refused');
    } finally {
      ctx.database.ping = ping;
    }
  });

  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'A00006', data: null, msg: '该地址不存在', success: false });
  });

  it('turns a thrown error into A00005 without leaking the stack or detail', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('A00005');
    expect(body.success).toBe(false);
    expect(body.msg).toBe('Interface error, please contact the administrator');
    expect(body.data.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toContain('at ');
  });

  it('answers malformed JSON as a validation error, not a server error', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A00002');
  });

  it('refuses a body over the limit with A00009', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('A00009');
  });
});

describe('validation failures list each field in the caller language', () => {
  const bad = { email: 'not-an-address', quantity: 1.5 };
  const cases = [
    ['en-US', 'The email address entered is incorrect'],
    ['zh-CN', '输入的电子邮箱地址不正确'],
    ['fr-FR', "L'adresse e-mail saisie est incorrecte"],
    ['tr-TR', 'Girilen e-posta adresi hatalı'],
  ] as const;
  it.each(cases)('%s', async (lang, emailMessage) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': lang },
      payload: bad,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('A00002');
    expect(body.success).toBe(false);
    const byField = Object.fromEntries(body.data.map((f: { field: string; message: string }) => [f.field, f.message]));
    expect(byField.email).toBe(emailMessage);
    expect(Object.keys(byField).sort()).toEqual(['email', 'password', 'quantity']);
    expect(body.msg).toBe(body.data[0].message);
  });

  it('says a missing field is required, in French', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: { email: 'a@b.co', quantity: 2 },
    });
    const body = res.json();
    expect(body.data).toEqual([{ field: 'password', message: 'Veuillez saisir le mot de passe' }]);
  });

  it('falls back to en-US for an unsupported language', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'de-DE' },
      payload: { email: 'a@b.co', password: 'abcdefg1', quantity: 0 },
    });
    expect(res.json().data).toEqual([{ field: 'quantity', message: 'quantity must be greater than 0' }]);
  });
});

describe('session guard', () => {
  it('answers /api/p without a token with A00004 and 401', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/p/anything' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'A00004', success: false });
  });

  it('answers an unknown token with A00004', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/anything',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A00004');
  });

  it('answers an expired token with A00004', async () => {
    const token = await sessionFor(ctx.db, 'demo@example.com', -10);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/p/anything', headers: { authorization: token } });
    expect(res.json().code).toBe('A00004');
  });

  it('lets a valid token through (raw or Bearer) to the route', async () => {
    const token = await sessionFor(ctx.db, 'demo@example.com');
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/p/anything', headers: { authorization } });
      // Past the guard: the route does not exist, so not-found rather than session-invalid.
      expect(res.json().code).toBe('A00006');
    }
  });

  it('forbids /api/admin to a store owner and allows the operator', async () => {
    const user = await sessionFor(ctx.db, 'demo@example.com');
    const denied = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/currency/EUR',
      headers: { authorization: user },
      payload: { rate: 0.95 },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('A00003');

    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const allowed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/currency/EUR',
      headers: { authorization: operator },
      payload: { rate: 0.95 },
    });
    expect(allowed.json()).toMatchObject({ code: '00000', data: { currencyCode: 'EUR', rate: 0.95 } });
  });

  it('refuses a cookie-authenticated write from another site, accepts it from our own', async () => {
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const base = {
      method: 'PUT' as const,
      url: '/api/admin/currency/GBP',
      payload: { rate: 0.8 },
      cookies: { [SESSION_COOKIE]: operator },
    };
    const cross = await ctx.app.inject({ ...base, headers: { origin: 'https://evil.example', host: 'shop.local' } });
    expect(cross.statusCode).toBe(403);
    const same = await ctx.app.inject({ ...base, headers: { origin: 'http://shop.local', host: 'shop.local' } });
    expect(same.json()).toMatchObject({ code: '00000', data: { rate: 0.8 } });
  });
});

describe('sliding session cookie', () => {
  it('renews the cookie with a full lifetime when the session slides, and only for a cookie client', async () => {
    // A session with 10 minutes left, on a server whose sessions last an hour.
    const token = await sessionFor(ctx.db, 'demo@example.com', 600);
    const viaCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/user/info',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(viaCookie.json().code).toBe('00000');
    const renewed = viaCookie.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(renewed).toMatchObject({
      value: token,
      maxAge: ctx.config.sessionTtlSeconds,
      httpOnly: true,
      sameSite: 'Lax',
    });

    // Just renewed: the next use within the minute writes nothing and sends no cookie.
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/user/info',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    const other = await sessionFor(ctx.db, 'demo@example.com', 600);
    const viaHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/user/info',
      headers: { authorization: other },
    });
    expect(viaHeader.json().code).toBe('00000');
    expect(viaHeader.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });
});

describe('session guard against escaped paths', () => {
  // The router decodes %-escapes before matching: the guard must judge the matched route.
  it('asks for a session on an admin route reached through an escaped path', async () => {
    for (const url of ['/api/%61dmin/users', '/api/admin%2Fusers', '/api/%61dmin/mail-outbox']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.json().code, url).not.toBe('00000');
      expect(res.json().data, url).toBeNull();
    }
    const escaped = await ctx.app.inject({ method: 'GET', url: '/api/%61dmin/users' });
    expect(escaped.statusCode).toBe(401);
    expect(escaped.json().code).toBe('A00004');
  });

  it('forbids an escaped admin path to a store owner', async () => {
    const user = await sessionFor(ctx.db, 'demo@example.com');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/%61dmin/currency/EUR',
      headers: { authorization: user },
      payload: { rate: 5 },
    });
    expect(res.statusCode).toBe(403);
    const rates = await ctx.app.inject({ method: 'GET', url: '/api/currency/rates' });
    expect(rates.json().data.find((r: { currencyCode: string }) => r.currencyCode === 'EUR').rate).not.toBe(5);
  });

  it('answers an escaped /api/p path without a token with A00004, not a server error', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/%70/user/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A00004');
  });

  it('refuses a cookie-authenticated write with a malformed Referer as cross-site, not as a server error', async () => {
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/currency/GBP',
      payload: { rate: 0.7 },
      cookies: { [SESSION_COOKIE]: operator },
      headers: { referer: 'not a url', host: 'shop.local' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('A00003');
  });
});

describe('currency and config', () => {
  it('lists USD, EUR, GBP and TRY with USD at rate 1 on both paths', async () => {
    for (const url of ['/api/currency/rates', '/api/currency/exchange']) {
      const body = (await ctx.app.inject({ method: 'GET', url })).json();
      const codes = body.data.map((c: { currencyCode: string }) => c.currencyCode);
      expect(codes).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP', 'TRY']));
      const usd = body.data.find((c: { currencyCode: string }) => c.currencyCode === 'USD');
      expect(usd).toEqual({ currencyCode: 'USD', symbol: '$', name: 'US Dollar', rate: 1 });
    }
  });

  it('keeps USD as the base rate', async () => {
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/currency/USD',
      headers: { authorization: operator, 'accept-language': 'tr-TR' },
      payload: { rate: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'rate', message: "Temel para birimi USD'nin kuru her zaman 1'dir" }]);
  });

  it('returns a named config value and not-found for an unknown one', async () => {
    const found = (await ctx.app.inject({ method: 'GET', url: '/api/config-info/chat-link' })).json();
    expect(found.data.code).toBe('chat-link');
    expect(found.data.value).toMatch(/^https:\/\//);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/config-info/no-such-code' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('A00006');
  });

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/currency/rates']).toBeDefined();
    expect(doc.paths['/api/admin/currency/{code}'].put.requestBody).toBeDefined();
  });
});
