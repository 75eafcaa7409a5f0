import { ERROR_REASONS } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../test/harness';
import { logIn, registerUser, registration } from '../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('business errors carry a stable reason in data, beside the localized msg', () => {
  it('the contract lists the reasons the money work needs', () => {
    for (const r of ['insufficient-balance', 'out-of-stock', 'price-changed', 'already-associated']) {
      expect(ERROR_REASONS).toContain(r);
    }
  });

  it('a wrong password: A00001, reason login-failed, msg in the caller language', async () => {
    const fr = await logIn(ctx, 'demo@example.com', 'wrong-password1', { 'accept-language': 'fr-FR' }, '10.63.0.1');
    const en = await logIn(ctx, 'demo@example.com', 'wrong-password1', {}, '10.63.0.1');
    expect(fr.statusCode).toBe(422);
    expect(fr.json()).toMatchObject({ code: 'A00001', success: false, data: { reason: 'login-failed' } });
    expect(en.json().data).toEqual(fr.json().data);
    expect(en.json().msg).not.toBe(fr.json().msg);
  });

  it('a taken e-mail: A00007 with the field and the reason email-taken', async () => {
    const user = await registerUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { email: user.email }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'A00007', data: { field: 'email', reason: 'email-taken' } });
  });

  it('an operator disabling themself: reason cannot-disable-self', async () => {
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: { authorization: operator } });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${me.json().data.userId}/status`,
      headers: { authorization: operator },
      payload: { status: '0' },
    });
    expect(res.json()).toMatchObject({ code: 'A00001', data: { reason: 'cannot-disable-self' } });
  });
});
