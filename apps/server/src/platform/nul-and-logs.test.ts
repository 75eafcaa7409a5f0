import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import { buildApp } from '../app';
import { seed } from '../db/seed';
import { registration } from '../modules/accounts/accounts.fixtures';
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
beforeAll(async () => {
  const config = testConfig();
  const database = await createTestDatabase();
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
    const key = await post('/api/login', JSON.parse('{"email":"demo@example.com","password":"demo12345","x\\u0000":1}'));
    expect(key.statusCode).toBe(400);
    expect(key.json().code).toBe('A00002');
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
