import { ADDRESS_FIELDS } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { seed } from '../../db/seed';
import { auth, countRows, fieldMessages, registerUser, type TestCtx } from '../../../test/factories';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

function addressBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Lin',
    lastName: 'Wei',
    country: 'CN',
    company: 'Wei Trading',
    companyID: 'CN-778899',
    vatnumber: 'CN998877',
    province: 'Zhejiang',
    city: 'Hangzhou',
    street: 'Wensan Road',
    houseNo: '88',
    address: 'Building 3, Room 402',
    phoneNumber: '+86 571 0000 0000',
    emails: 'lin@example.com',
    postCode: '310000',
    kind: 'consignee',
    isDefault: false,
    ...overrides,
  };
}

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; lang?: string };
const call = (token: string, { method, url, payload, lang = 'en-US' }: Call) =>
  ctx.app.inject({ method, url, payload, headers: { ...auth(token), 'accept-language': lang } });

const create = async (token: string, overrides: Record<string, unknown> = {}) => {
  const res = await call(token, { method: 'POST', url: '/api/p/address', payload: addressBody(overrides) });
  expect(res.json().code).toBe('00000');
  return res.json().data as { addrId: string; isDefault: boolean; kind: string };
};
const list = async (token: string, kind: string) =>
  (await call(token, { method: 'GET', url: `/api/p/address?kind=${kind}` })).json().data as Array<{
    addrId: string;
    isDefault: boolean;
    street: string;
  }>;

/** Every user with addresses of a kind has exactly one default of that kind. */
async function expectOneDefaultPerKind() {
  const res = await ctx.db.execute(
    sql`select user_id, kind, count(*) filter (where is_default)::int as defaults from addresses group by user_id, kind`,
  );
  for (const row of res.rows as Array<{ defaults: number }>) expect(row.defaults).toBe(1);
}

describe('addresses', () => {
  it('the demo user starts with a default consignee and a default billing address', async () => {
    const token = await sessionFor(ctx.db, 'demo@example.com');
    const all = (await call(token, { method: 'GET', url: '/api/p/address' })).json().data;
    expect(all).toHaveLength(2);
    expect(all.map((a: { kind: string; isDefault: boolean }) => [a.kind, a.isDefault]).sort()).toEqual([
      ['billing', true],
      ['consignee', true],
    ]);
  });

  it('seeding again adds no demo addresses', async () => {
    const before = await countRows(ctx, 'addresses');
    await seed(ctx.db, ctx.config);
    expect(await countRows(ctx, 'addresses')).toBe(before);
  });

  it('returns the saved address with its id, trimmed and with the country upper-cased', async () => {
    const { token } = await registerUser(ctx);
    const res = await call(token, {
      method: 'POST',
      url: '/api/p/address',
      payload: addressBody({ city: '  Ningbo ', country: 'cn' }),
    });
    const { data } = res.json();
    expect(data).toMatchObject({ ...addressBody({ city: 'Ningbo', country: 'CN' }), isDefault: true });
    expect(data.addrId).toMatch(/^[0-9a-f-]{36}$/);
    const got = await call(token, { method: 'GET', url: `/api/p/address/${data.addrId}` });
    expect(got.json().data).toEqual(data);
  });

  it('keeps exactly one default per kind through create, set-default and delete', async () => {
    const { token } = await registerUser(ctx);
    const a = await create(token, { street: 'A' });
    expect(a.isDefault).toBe(true); // the first of its kind
    const b = await create(token, { street: 'B' });
    expect(b.isDefault).toBe(false);
    const bill = await create(token, { street: 'Bill', kind: 'billing' });
    expect(bill.isDefault).toBe(true); // the first billing one, whatever consignees there are
    const c = await create(token, { street: 'C', isDefault: true });
    expect(c.isDefault).toBe(true);
    await expectOneDefaultPerKind();
    // default first, then newest
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([
      ['C', true],
      ['B', false],
      ['A', false],
    ]);

    const setB = await call(token, { method: 'PUT', url: `/api/p/address/${b.addrId}/default` });
    expect(setB.json().data).toMatchObject({ addrId: b.addrId, isDefault: true });
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([
      ['B', true],
      ['C', false],
      ['A', false],
    ]);
    await expectOneDefaultPerKind();

    // Deleting the default hands it to the newest remaining one of that kind.
    const del = await call(token, { method: 'DELETE', url: `/api/p/address/${b.addrId}` });
    expect(del.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([
      ['C', true],
      ['A', false],
    ]);
    expect((await list(token, 'billing')).map((x) => [x.street, x.isDefault])).toEqual([['Bill', true]]);
    await expectOneDefaultPerKind();

    // Deleting a non-default one leaves the default alone.
    await call(token, { method: 'DELETE', url: `/api/p/address/${a.addrId}` });
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([['C', true]]);
    await call(token, { method: 'DELETE', url: `/api/p/address/${c.addrId}` });
    expect(await list(token, 'consignee')).toEqual([]);
  });

  it('updates an address; isDefault true takes the default, false does not drop it', async () => {
    const { token } = await registerUser(ctx);
    const a = await create(token, { street: 'A' });
    const b = await create(token, { street: 'B' });
    const upd = await call(token, {
      method: 'PUT',
      url: `/api/p/address/${a.addrId}`,
      payload: addressBody({ street: 'A2', isDefault: false }),
    });
    expect(upd.json().data).toMatchObject({ addrId: a.addrId, street: 'A2', isDefault: true });
    const upB = await call(token, {
      method: 'PUT',
      url: `/api/p/address/${b.addrId}`,
      payload: addressBody({ street: 'B2', isDefault: true }),
    });
    expect(upB.json().data).toMatchObject({ street: 'B2', isDefault: true });
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([
      ['B2', true],
      ['A2', false],
    ]);
    await expectOneDefaultPerKind();
  });

  it('moving the default to the other kind hands its role over on both sides', async () => {
    const { token } = await registerUser(ctx);
    const a = await create(token, { street: 'A' });
    await create(token, { street: 'B' });
    const moved = await call(token, {
      method: 'PUT',
      url: `/api/p/address/${a.addrId}`,
      payload: addressBody({ street: 'A', kind: 'billing' }),
    });
    expect(moved.json().data).toMatchObject({ kind: 'billing', isDefault: true });
    expect((await list(token, 'consignee')).map((x) => [x.street, x.isDefault])).toEqual([['B', true]]);
    await expectOneDefaultPerKind();
  });

  it('the database refuses a second default of a kind', async () => {
    const { token } = await registerUser(ctx);
    await create(token, { street: 'A' });
    const second = await create(token, { street: 'B' });
    const err = await ctx.db.execute(sql`update addresses set is_default = true where id = ${second.addrId}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect((await list(token, 'consignee')).filter((x) => x.isDefault)).toHaveLength(1);
  });

  it('lists all kinds without a filter and rejects an unknown kind', async () => {
    const { token } = await registerUser(ctx);
    await create(token, { kind: 'billing' });
    await create(token, { kind: 'consignee' });
    expect((await call(token, { method: 'GET', url: '/api/p/address' })).json().data).toHaveLength(2);
    const bad = await call(token, { method: 'GET', url: '/api/p/address?kind=home' });
    expect(bad.json().code).toBe('A00002');
  });
});

describe('address validation', () => {
  it('asks for every field', async () => {
    const { token } = await registerUser(ctx);
    const res = await call(token, { method: 'POST', url: '/api/p/address', payload: { kind: 'billing' } });
    expect(res.statusCode).toBe(400);
    const byField = fieldMessages(res.json());
    expect(Object.keys(byField).sort()).toEqual([...ADDRESS_FIELDS].sort());
    expect(byField).toMatchObject({
      firstName: 'Please enter first name',
      companyID: 'Please enter company ID',
      vatnumber: 'Please enter VAT number',
      houseNo: 'Please enter house number',
      emails: 'Please enter email address',
      postCode: 'Please enter post code',
    });
  });

  it.each([
    ['zh-CN', '请输入增值税号'],
    ['fr-FR', 'Veuillez saisir le numéro de TVA'],
    ['tr-TR', 'Lütfen KDV numarası girin'],
  ])('words a missing field in %s', async (lang, message) => {
    const { token } = await registerUser(ctx);
    const res = await call(token, {
      method: 'POST',
      url: '/api/p/address',
      payload: addressBody({ vatnumber: ' ' }),
      lang,
    });
    expect(fieldMessages(res.json())).toEqual({ vatnumber: message });
  });

  it('needs a valid e-mail address and a known country; saves nothing otherwise', async () => {
    const { token } = await registerUser(ctx);
    const before = await countRows(ctx, 'addresses');
    const res = await call(token, {
      method: 'POST',
      url: '/api/p/address',
      payload: addressBody({ emails: 'lin-at-example', country: 'XX' }),
    });
    expect(fieldMessages(res.json())).toEqual({
      emails: 'The email address entered is incorrect',
      country: 'Please choose a country from the list',
    });
    expect(await countRows(ctx, 'addresses')).toBe(before);
  });

  it('an invalid update changes nothing', async () => {
    const { token } = await registerUser(ctx);
    const a = await create(token, { street: 'Kept' });
    const res = await call(token, {
      method: 'PUT',
      url: `/api/p/address/${a.addrId}`,
      payload: addressBody({ street: 'Lost', city: '' }),
    });
    expect(res.json().code).toBe('A00002');
    expect((await list(token, 'consignee'))[0]!.street).toBe('Kept');
  });
});

describe('address ownership', () => {
  it("another user's address is not found for read, update, delete and set-default", async () => {
    const owner = await registerUser(ctx);
    const mine = await create(owner.token, { street: 'Private' });
    const other = await registerUser(ctx);
    const attempts: Call[] = [
      { method: 'GET', url: `/api/p/address/${mine.addrId}` },
      { method: 'PUT', url: `/api/p/address/${mine.addrId}`, payload: addressBody({ street: 'Hijacked' }) },
      { method: 'DELETE', url: `/api/p/address/${mine.addrId}` },
      { method: 'PUT', url: `/api/p/address/${mine.addrId}/default` },
    ];
    for (const attempt of attempts) {
      const res = await call(other.token, attempt);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'A00006', data: null, msg: 'The address was not found', success: false });
    }
    expect(await list(other.token, 'consignee')).toEqual([]);
    expect((await list(owner.token, 'consignee')).map((x) => x.street)).toEqual(['Private']);
  });

  it('an id that is not one of ours is not found either', async () => {
    const { token } = await registerUser(ctx);
    const res = await call(token, { method: 'DELETE', url: '/api/p/address/123', lang: 'fr-FR' });
    expect(res.json()).toMatchObject({ code: 'A00006', msg: 'Adresse introuvable' });
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/p/address' });
    expect(res.json().code).toBe('A00004');
  });
});
