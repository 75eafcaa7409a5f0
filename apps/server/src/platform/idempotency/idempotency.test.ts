import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { auth, registerUser, registration } from '../../../test/factories';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

function addressBody(street = 'Wensan Road') {
  return {
    firstName: 'Lin',
    lastName: 'Wei',
    country: 'CN',
    company: 'Wei Trading',
    companyID: 'CN-778899',
    vatnumber: 'CN998877',
    province: 'Zhejiang',
    city: 'Hangzhou',
    street,
    houseNo: '88',
    address: 'Building 3, Room 402',
    phoneNumber: '+86 571 0000 0000',
    emails: 'lin@example.com',
    postCode: '310000',
    kind: 'consignee',
    isDefault: false,
  };
}

const addAddress = (
  app: typeof ctx.app,
  token: string,
  key: string | undefined,
  payload: object = addressBody(),
  lang = 'en-US',
) =>
  app.inject({
    method: 'POST',
    url: '/api/p/address',
    payload,
    headers: { ...auth(token), 'accept-language': lang, ...(key ? { 'idempotency-key': key } : {}) },
  });

const addressCount = async (userId: string) =>
  Number(
    (
      (await ctx.db.execute(sql`select count(*) as n from addresses where user_id = ${userId}`)).rows[0] as {
        n: string | number;
      }
    ).n,
  );

describe('Idempotency-Key on record-creating routes', () => {
  it('a repeat with the same key and body returns the stored answer and creates nothing more', async () => {
    const user = await registerUser(ctx);
    const key = randomUUID();
    const first = await addAddress(ctx.app, user.token, key);
    expect(first.json()).toMatchObject({ code: '00000', success: true });
    const again = await addAddress(ctx.app, user.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await addressCount(user.userId)).toBe(1);
    // Without a key every request is a new one.
    await addAddress(ctx.app, user.token, undefined);
    await addAddress(ctx.app, user.token, undefined);
    expect(await addressCount(user.userId)).toBe(3);
  });

  it('the same key with another body is a clear conflict, in the caller’s language', async () => {
    const user = await registerUser(ctx);
    const key = randomUUID();
    await addAddress(ctx.app, user.token, key);
    const other = await addAddress(ctx.app, user.token, key, addressBody('Another Street'), 'fr-FR');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      code: 'A00007',
      data: { reason: 'idempotency-key-reused' },
      msg: 'Cette Idempotency-Key a déjà servi pour une autre requête ; envoyez une nouvelle clé pour une nouvelle requête',
      success: false,
    });
    expect(await addressCount(user.userId)).toBe(1);
  });

  it('a key is per caller: another user with the same key gets an effect of its own', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    const key = randomUUID();
    const ra = await addAddress(ctx.app, a.token, key);
    const rb = await addAddress(ctx.app, b.token, key);
    expect(rb.json().data.addrId).not.toBe(ra.json().data.addrId);
    expect(await addressCount(b.userId)).toBe(1);
  });

  it('20 concurrent requests with one key make one effect; each answers the first’s result or "in progress"', async () => {
    const user = await registerUser(ctx);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => addAddress(ctx.app, user.token, key)));
    expect(await addressCount(user.userId)).toBe(1);
    const ids = new Set<string>();
    for (const res of answers) {
      if (res.statusCode === 409) {
        expect(res.json().msg).toBe('The same request is still being processed; try again in a moment');
      } else {
        expect(res.statusCode).toBe(200);
        ids.add(String(res.json().data.addrId));
      }
    }
    expect(ids.size).toBe(1);
  });

  it('a replay after a restart (a new app on the same database) returns the same answer', async () => {
    const user = await registerUser(ctx);
    const key = randomUUID();
    const first = await addAddress(ctx.app, user.token, key);
    // A fresh process: nothing kept in memory, only the database.
    const restarted = await buildApp({ config: ctx.config, database: { ...ctx.database, close: async () => {} } });
    try {
      const replay = await addAddress(restarted, user.token, key);
      expect(replay.json()).toEqual(first.json());
      expect(await addressCount(user.userId)).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('a retried registration creates one account and logs the caller in again', async () => {
    const body = registration();
    const key = randomUUID();
    const register = () =>
      ctx.app.inject({ method: 'POST', url: '/api/register', payload: body, headers: { 'idempotency-key': key } });
    const first = await register();
    const again = await register();
    expect(first.json().code).toBe('00000');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['set-cookie']).toBeDefined();
    // The stored answer holds the session token only encrypted.
    const stored = await ctx.db.execute(sql`select body::text as body from idempotency_keys where key = ${key}`);
    expect((stored.rows[0] as { body: string }).body).not.toContain(first.json().data.accessToken);
    const users = await ctx.db.execute(sql`select count(*) as n from users where email = ${body.email}`);
    expect(Number((users.rows[0] as { n: string | number }).n)).toBe(1);
  });

  it('a failed request stores nothing: the same key may be used again once the cause is fixed', async () => {
    const user = await registerUser(ctx);
    const key = randomUUID();
    const bad = await addAddress(ctx.app, user.token, key, { ...addressBody(), country: 'XX' });
    expect(bad.statusCode).toBe(400);
    const good = await addAddress(ctx.app, user.token, key);
    expect(good.json().code).toBe('00000');
    expect(await addressCount(user.userId)).toBe(1);
  });

  it('refuses a malformed key with a validation error', async () => {
    const user = await registerUser(ctx);
    const res = await addAddress(ctx.app, user.token, 'x'.repeat(201), addressBody(), 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'Idempotency-Key', message: 'Idempotency-Key 请求头必须为 1 到 200 个可见字符' },
    ]);
    expect(await addressCount(user.userId)).toBe(0);
  });
});
