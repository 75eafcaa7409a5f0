import { REGISTER_FIELDS } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { auth, countRows, fieldMessages, logIn, registration, type TestCtx } from '../../../test/factories';
import { users } from './accounts.tables';
import { asConflict } from './accounts.uniqueness';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const register = (payload: unknown, lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: payload as object,
    headers: { 'accept-language': lang },
  });

/** Registers with one change and returns the validation messages by field. */
async function problems(overrides: Record<string, unknown>, lang = 'en-US') {
  const res = await register(registration(undefined, overrides), lang);
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('A00002');
  return fieldMessages(res.json());
}

describe('registration', () => {
  it('creates an active store owner and logs them in', async () => {
    const body = registration('newowner');
    const res = await register(body);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      shopName: 'newowner',
      expiresIn: ctx.config.sessionTtlSeconds,
      userInfo: {
        username: 'newowner',
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'newowner@example.com',
        country: 'GB',
        status: '1',
        role: 'user',
        userType: 'dropshipping',
      },
    });
    expect(data.userId).toBe(data.userInfo.userId);
    expect(res.body).not.toMatch(/password|scrypt/i);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(data.accessToken) });
    expect(info.json().data.email).toBe('newowner@example.com');
    expect(res.cookies.find((c) => c.name === 'dsm_session')?.value).toBe(data.accessToken);
  });

  it('trims text, upper-cases the country and stores the caller language', async () => {
    const res = await register(
      registration('trimmed', {
        username: '  trimmed  ',
        firstname: ' Grace ',
        email: ' trimmed@example.com ',
        country: 'fr',
      }),
      'tr-TR',
    );
    expect(res.json().data.userInfo).toMatchObject({
      username: 'trimmed',
      firstname: 'Grace',
      email: 'trimmed@example.com',
      country: 'FR',
    });
    const rows = await ctx.db.execute(sql`select locale, platform, channel from users where username = 'trimmed'`);
    expect(rows.rows[0]).toEqual({ locale: 'tr-TR', platform: 'shopify', channel: 'search' });
  });

  it('stores only a scrypt hash of the password', async () => {
    await register(registration('hashed'));
    const rows = await ctx.db.execute(sql`select password_hash from users where username = 'hashed'`);
    const hash = (rows.rows[0] as { password_hash: string }).password_hash;
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('lovelace1843');
  });
});

describe('registration validation (SPEC §5)', () => {
  it('asks for every required field by its label', async () => {
    const res = await register({});
    const byField = fieldMessages(res.json());
    expect(Object.keys(byField).sort()).toEqual([...REGISTER_FIELDS].sort());
    expect(byField).toMatchObject({
      username: 'Please enter user name',
      firstname: 'Please enter first name',
      lastname: 'Please enter last name',
      email: 'Please enter email address',
      phoneNumber: 'Please enter phone number',
      country: 'Please enter country',
      password: 'Please enter password',
      confirmPassword: 'Please enter password confirmation',
      platform: 'Please enter platform type',
      channel: 'Please enter channel type',
      userType: 'Please enter user type',
      agreement: 'Please read and accept the user agreement',
    });
  });

  it('treats a blank (spaces only) field as missing', async () => {
    expect((await problems({ firstname: '   ' })).firstname).toBe('Please enter first name');
  });

  it.each([
    ['en-US', 'Please enter user name'],
    ['zh-CN', '请输入用户名'],
    ['fr-FR', "Veuillez saisir le nom d'utilisateur"],
    ['tr-TR', 'Lütfen kullanıcı adı girin'],
  ])('words a missing field in %s', async (lang, message) => {
    expect((await problems({ username: '' }, lang)).username).toBe(message);
  });

  it('rejects a malformed e-mail address', async () => {
    expect(await problems({ email: 'not-an-address' })).toEqual({ email: 'The email address entered is incorrect' });
  });

  it('rejects a password of 6 characters or fewer', async () => {
    expect(await problems({ password: 'abc123', confirmPassword: 'abc123' })).toEqual({
      password: 'The password must be longer than 6 characters and contain letters and digits',
    });
  });

  it('rejects a password without a digit', async () => {
    expect(Object.keys(await problems({ password: 'abcdefgh', confirmPassword: 'abcdefgh' }))).toEqual(['password']);
  });

  it('rejects a password without a letter', async () => {
    expect(Object.keys(await problems({ password: '12345678', confirmPassword: '12345678' }))).toEqual(['password']);
  });

  it('accepts a password of exactly 7 characters with letters and digits', async () => {
    const res = await register(registration(undefined, { password: 'abcde12', confirmPassword: 'abcde12' }));
    expect(res.json().code).toBe('00000');
  });

  it.each([
    ['en-US', 'The two passwords entered do not match'],
    ['zh-CN', '两次输入的密码不一致'],
    ['fr-FR', 'Les deux mots de passe saisis ne correspondent pas'],
    ['tr-TR', 'Girilen iki şifre eşleşmiyor'],
  ])('says the two passwords differ, in %s', async (lang, message) => {
    expect(await problems({ confirmPassword: 'secret124' }, lang)).toEqual({ confirmPassword: message });
  });

  it('reports a mismatch together with other problems', async () => {
    expect(Object.keys(await problems({ confirmPassword: 'other123', email: 'x' })).sort()).toEqual([
      'confirmPassword',
      'email',
    ]);
  });

  it('requires agreeing to the terms', async () => {
    expect(await problems({ agreement: false })).toEqual({ agreement: 'Please read and accept the user agreement' });
  });

  it('rejects a country that is not an ISO 3166 alpha-2 code', async () => {
    expect(await problems({ country: 'ZZ' })).toEqual({ country: 'Please choose a country from the list' });
    expect(await problems({ country: 'USA' })).toEqual({ country: 'Please choose a country from the list' });
  });

  it('rejects an unknown platform, channel or user type', async () => {
    const byField = await problems({ platform: 'ebay', channel: 'tv', userType: 'retail' });
    expect(Object.keys(byField).sort()).toEqual(['channel', 'platform', 'userType']);
    expect(byField.platform).toBe('platform type must be one of: shopify, woocommerce, aliexpress, other');
  });

  it('saves nothing when anything is invalid', async () => {
    const before = await countRows(ctx, 'users');
    await problems({ email: 'nothing-saved@example.com', confirmPassword: 'different1' });
    expect(await countRows(ctx, 'users')).toBe(before);
    const login = await logIn(ctx, 'nothing-saved@example.com', 'lovelace1843');
    expect(login.json().code).toBe('A00001');
  });
});

describe('uniqueness', () => {
  it('refuses an e-mail address already registered in another case', async () => {
    const res = await register(registration('dupemail', { email: 'DEMO@Example.COM' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'A00007',
      data: { field: 'email', reason: 'email-taken' },
      msg: 'This email address is already registered',
      success: false,
    });
  });

  it('refuses a user name already taken in another case', async () => {
    const res = await register(registration('dupname', { username: 'Demo' }), 'zh-CN');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'A00007', data: { field: 'username' }, msg: '该用户名已被占用' });
  });

  it('lets only one of two simultaneous registrations of one address through', async () => {
    const [a, b] = await Promise.all([
      register(registration('race1', { email: 'race@example.com' })),
      register(registration('race2', { email: 'RACE@example.com' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().msg).toBe('This email address is already registered');
  });

  it('turns the unique index violation of a racing insert into the same conflict', async () => {
    const err = await ctx.db
      .insert(users)
      .values({ email: 'Demo@Example.com', username: 'racer', passwordHash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(asConflict(err)).toMatchObject({ code: 'A00007', messageKey: 'accounts.email-taken' });
  });
});
