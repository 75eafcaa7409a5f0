import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { auth, fieldMessages, registerUser, type TestCtx } from '../../../test/factories';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const profile = {
  username: 'renamed',
  firstname: 'Grace',
  lastname: 'Hopper',
  phoneNumber: '+1 555 0100',
  taxId: 'TX-42',
  country: 'us',
  address: '1 Navy Way',
};

describe('profile', () => {
  it('shows the profile without secrets', async () => {
    const user = await registerUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(user.token) });
    expect(res.json().data).toEqual({
      userId: user.userId,
      username: user.username,
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: user.email,
      phoneNumber: '+4420 7946 0000',
      taxId: '',
      country: 'GB',
      address: '',
      status: '1',
      role: 'user',
      userType: 'dropshipping',
    });
  });

  it('updates the editable fields; the e-mail address stays', async () => {
    const user = await registerUser(ctx);
    const username = `renamed${Date.now()}`;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/p/user/info',
      headers: auth(user.token),
      payload: { ...profile, username: ` ${username} `, email: 'changed@example.com' },
    });
    expect(res.json().data).toMatchObject({ ...profile, username, country: 'US', email: user.email });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(user.token) });
    expect(again.json().data).toMatchObject({ username, taxId: 'TX-42', address: '1 Navy Way', email: user.email });
  });

  it('keeps its own user name in another case, refuses one taken by someone else', async () => {
    const user = await registerUser(ctx);
    const own = await ctx.app.inject({
      method: 'PUT',
      url: '/api/p/user/info',
      headers: auth(user.token),
      payload: { ...profile, username: user.username.toUpperCase() },
    });
    expect(own.json().code).toBe('00000');
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/p/user/info',
      headers: { ...auth(user.token), 'accept-language': 'fr-FR' },
      payload: { ...profile, username: 'OPERATOR' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'A00007',
      msg: "Ce nom d'utilisateur est déjà pris",
      data: { field: 'username' },
    });
  });

  it('validates the profile like the registration', async () => {
    const user = await registerUser(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/p/user/info',
      headers: auth(user.token),
      payload: { ...profile, firstname: '', country: 'ZZ' },
    });
    expect(fieldMessages(res.json())).toEqual({
      firstname: 'Please enter first name',
      country: 'Please choose a country from the list',
    });
  });
});

describe('countries', () => {
  const countries = async (lang: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-language': lang } })).json()
      .data as Array<{
      code: string;
      name: string;
    }>;

  it.each([
    ['en-US', 'France', 'Germany'],
    ['zh-CN', '法国', '德国'],
    ['fr-FR', 'France', 'Allemagne'],
    ['tr-TR', 'Fransa', 'Almanya'],
  ])('names every ISO 3166 alpha-2 country in %s, sorted by name', async (lang, france, germany) => {
    const list = await countries(lang);
    expect(list.length).toBeGreaterThanOrEqual(249);
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const byCode = Object.fromEntries(list.map((c) => [c.code, c.name]));
    expect(byCode.FR).toBe(france);
    expect(byCode.DE).toBe(germany);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator(lang).compare));
  });
});

describe('API document', () => {
  it('describes the accounts routes with their request bodies', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/register', '/api/login', '/api/password/code', '/api/password/reset', '/api/p/address']) {
      expect(doc.paths[path].post.requestBody).toBeDefined();
    }
    expect(doc.paths['/api/p/address/{id}/default'].put).toBeDefined();
    expect(doc.paths['/api/admin/users'].get).toBeDefined();
    expect(doc.paths['/api/admin/mail-outbox'].get).toBeDefined();
  });
});
