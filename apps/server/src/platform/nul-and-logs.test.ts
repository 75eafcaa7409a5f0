import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import { buildApp } from '../app';
import { seed } from '../db/seed';
import { registration } from '../../test/factories';
import type { App } from './types';

/** Everything the app logs, as text, so a test can read what an operator would. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logged.push(String(chunk));
    done();
  },
});

let app: App;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  const config = testConfig();
  database = await createTestDatabase();
  await seed(database.db, config);
  app = (await buildApp({ config, database, logger: { level: 'info', stream: logStream } })) as unknown as App;
  // A statement that fails inside PostgreSQL with user data as its parameters.
  app.post('/api/test/failing-statement', async () => {
    await database.db.execute(sql`select ${'ada.secret@example.com'}::int, ${'+44 20 7946 0999'}::text`);
    return null;
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, lang = 'en-US') =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': lang } });

describe('a NUL character is a validation error on every route', () => {
  it('register with a NUL in the name answers 400 A00002 naming the field', async () => {
    const res = await post('/api/register', registration(undefined, { firstname: 'Ada\u0000' }), 'fr-FR');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'A00002', success: false });
    expect(body.data).toEqual([{ field: 'firstname', message: expect.stringContaining('caractère non autorisé') }]);
  });

  it('log-in with a NUL in the e-mail or the password answers 400 A00002', async () => {
    for (const payload of [
      { email: 'demo@example.com\u0000', password: 'demo12345' },
      { email: 'demo@example.com', password: 'demo\u000012345' },
    ]) {
      const res = await post('/api/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('A00002');
    }
  });

  it('in a query string, a nested value and an object key too', async () => {
    const search = await app.inject({ method: 'GET', url: '/api/prod/search?keyword=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json().code).toBe('A00002');
    const key = await post(
      '/api/login',
      JSON.parse('{"email":"demo@example.com","password":"demo12345","x\\u0000":1}'),
    );
    expect(key.statusCode).toBe(400);
    expect(key.json().code).toBe('A00002');
  });
});

describe('input nested deeper than any schema', () => {
  it('is refused as A00002 in the caller’s language, whether the body or a field nests (it overflowed the stack: 500)', async () => {
    const depth = 100_000;
    for (const payload of [
      '['.repeat(depth) + ']'.repeat(depth),
      `{"email":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload,
        headers: { 'content-type': 'application/json', 'accept-language': 'fr-FR' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'A00002',
        success: false,
        msg: expect.stringContaining('trop profondément'),
      });
    }
  });
});

describe('a NUL in a path or query never reaches the database as a 500', () => {
  it.each([
    '/api/content/pages/a%00b',
    '/api/files/content/a%00b.png',
    '/api/files/catalogue/a%00b.png',
    '/api/files/demo/a%00/b.png',
    '/api/content/images/a%00b.png',
    '/api/shop/notice/info/1%00',
    '/api/prod/prodInfo?prodId=1%00',
    '/api/sys/config/info/a%00b',
    '/api/currency/a%00b',
  ])('GET %s answers a client error in the envelope', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.headers['content-type']?.toString().includes('json')) expect(res.json().success).toBe(false);
  });
});

describe('every documented route, as the operator, with a NUL in each path parameter and in the body', () => {
  it('never answers 500', async () => {
    const { sessionFor } = await import('../../test/harness');
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const token = await sessionFor(database.db, 'operator@example.com');
    const failures: string[] = [];
    let tried = 0;
    for (const [path, methods] of Object.entries(docs.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        if (path.endsWith('/logout') || path.startsWith('/api/test/')) continue; // ends the session; this file's own failing route
        const url = path.replace(/\{[^}]+\}/g, 'a%00b') + (method === 'get' ? '?keyword=a%00b&current=1%00' : '');
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { authorization: token },
          ...(method === 'get' || method === 'delete'
            ? {}
            : { payload: { name: 'x\u0000y', email: 'a\u0000@b.co', status: '1\u0000' } }),
        });
        tried++;
        if (res.statusCode >= 500)
          failures.push(`${method.toUpperCase()} ${path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
});

describe('the log of a failed statement', () => {
  it('carries the statement and the database error, never its parameter values', async () => {
    logged.length = 0;
    const res = await post('/api/test/failing-statement', {});
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('A00005');
    const text = logged.join('\n');
    expect(text).toContain('unhandled error');
    expect(text).toContain('Failed query');
    expect(text).toContain('22P02'); // invalid_text_representation: the cause is still there
    expect(text).not.toContain('ada.secret');
    expect(text).not.toContain('7946');
  });
});
