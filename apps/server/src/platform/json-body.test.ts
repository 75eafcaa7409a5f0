import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { auth, logIn } from '../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('a JSON content type with an empty body counts as no body', () => {
  it.each([[''], ['  \n']])(
    'POST /api/logout with Content-Type: application/json and body %j ends the session',
    async (payload) => {
      const token = (await logIn(ctx, 'demo@example.com', 'demo12345')).json().data.accessToken;
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...auth(token), 'content-type': 'application/json' },
        payload,
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({ code: '00000', success: true });
      const after = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(token) });
      expect(after.json().code).toBe('A00004');
    },
  );

  it('a route that needs a body answers "required" fields, in the envelope', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr-FR' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A00002', success: false });
  });

  it('malformed JSON is still refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A00002');
  });

  it('prototype poisoning is still refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A00002');
  });
});
