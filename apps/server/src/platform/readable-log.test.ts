import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import { buildApp } from '../app';
import { seed } from '../db/seed';
import { readableLogStream } from './readable-log';
import type { App } from './types';

/** What a person running `npm start` in a terminal reads. */
const lines: string[] = [];
let app: App;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  const config = testConfig();
  database = await createTestDatabase();
  await seed(database.db, config);
  const stream = readableLogStream({ write: (text: string) => lines.push(...text.split('\n').filter(Boolean)) });
  app = (await buildApp({
    config,
    database,
    logger: { level: 'info', stream, redact: ['req.headers.authorization', 'req.headers.cookie'] },
  })) as unknown as App;
  await app.ready();
});
afterAll(() => app.close());

describe('request logs in a terminal', () => {
  it('one short line per request: time, method, path without the query, status, ms', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/prod/search?keyword=ada.secret%40example.com&token=abc123' });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'demo@example.com', password: 'not-the-password1' },
      headers: { authorization: 'Bearer sekret-token' },
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/prod\/search\?… 200 \d+ ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d POST \/api\/login 422 \d+ ms$/);
    const all = lines.join('\n');
    for (const secret of ['ada.secret', 'abc123', 'sekret-token', 'not-the-password1', 'demo@example.com']) {
      expect(all).not.toContain(secret);
    }
  });

  it('other entries read as time, level and message', () => {
    lines.length = 0;
    app.log.warn({ job: 'mail' }, 'something to look at');
    expect(lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d WARN something to look at \{"job":"mail"\}$/)]);
  });
});
