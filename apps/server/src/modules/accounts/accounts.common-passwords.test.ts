import { dictionary } from '@zxcvbn-ts/language-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { registration, type TestCtx } from '../../../test/factories';
import { isCommonPassword } from './accounts.common-passwords';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('common passwords are refused', () => {
  it('the list has well over 10,000 entries and catches what the length rule lets through', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThan(10_000);
    for (const p of ['password1', 'Password1', '1qaz2wsx', 'qwerty123', 'trustno1'])
      expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword('violet-harbour-42')).toBe(false);
  });

  it.each([
    ['en-US', 'This password is too common and easy to guess, please choose another'],
    ['zh-CN', '该密码过于常见，容易被猜到，请换一个'],
    ['fr-FR', 'Ce mot de passe est trop courant et facile à deviner, veuillez en choisir un autre'],
    ['tr-TR', 'Bu şifre çok yaygın ve tahmin edilmesi kolay, lütfen başka bir şifre seçin'],
  ])('register with "Password1" answers A00002 on the password field (%s)', async (lang, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { password: 'Password1', confirmPassword: 'Password1' }),
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A00002', data: [{ field: 'password', message }] });
  });

  it('a reset to a common password is refused before the code is even checked', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: 'demo@example.com', emailCode: '123456', password: 'qwerty123', confirmPassword: 'qwerty123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'password', message: 'This password is too common and easy to guess, please choose another' },
    ]);
  });

  it('an uncommon password registers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration(undefined, { password: 'violet-harbour-42', confirmPassword: 'violet-harbour-42' }),
    });
    expect(res.statusCode).toBe(200);
  });
});
