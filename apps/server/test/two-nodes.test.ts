import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCluster } from './harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The "done when": two API nodes on one PostgreSQL server, each with its own data
 * directory (nothing shared but the database), share sessions, jobs and files. Each node here
 * is a whole app with its own connection pool and its own job worker, as two processes would be.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes on one PostgreSQL server', () => {
  let cluster: Awaited<ReturnType<typeof createServerCluster>>;
  const nodes = () => cluster.nodes;

  beforeAll(async () => {
    cluster = await createServerCluster();
    for (let i = 0; i < 2; i++) await cluster.node({ resetCodeAnswerMs: 0 }, { workJobs: true, jobOptions: { pollMs: 50 } });
  });
  afterAll(() => cluster?.close());

  it('a session made on one node is honoured by the other, and a log-out on it ends it everywhere', async () => {
    const [a, b] = [nodes()[0]!.app, nodes()[1]!.app];
    const login = await a.inject({ method: 'POST', url: '/api/login', payload: { email: 'demo@example.com', password: 'demo12345' } });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.accessToken as string;
    const profile = await b.inject({ method: 'GET', url: '/api/p/user/info', headers: { authorization: token } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.email).toBe('demo@example.com');

    expect((await b.inject({ method: 'POST', url: '/api/logout', headers: { authorization: token } })).statusCode).toBe(200);
    const after = await a.inject({ method: 'GET', url: '/api/p/user/info', headers: { authorization: token } });
    expect(after.statusCode).toBe(401);
  });

  it('an image uploaded through one node is served by the other', async () => {
    const [a, b] = [nodes()[0]!.app, nodes()[1]!.app];
    const login = await a.inject({ method: 'POST', url: '/api/login', payload: { email: 'operator@example.com', password: 'operator123' } });
    const token = login.json().data.accessToken as string;
    // Bytes after IEND make this run's file new (its name is its hash) and keep it a PNG.
    const bytes = Buffer.concat([PNG, randomBytes(8)]);
    const upload = await a.inject({
      method: 'POST',
      url: '/api/admin/catalogue/images',
      headers: { authorization: token },
      payload: { contentType: 'image/png', data: bytes.toString('base64') },
    });
    expect(upload.statusCode).toBe(200);
    const served = await b.inject({ method: 'GET', url: upload.json().data.url as string });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it('an e-mail job enqueued through one node is sent once, by whichever node claims it', async () => {
    const a = nodes()[0]!.app;
    const res = await a.inject({ method: 'POST', url: '/api/password/code', payload: { email: 'demo@example.com' } });
    expect(res.statusCode).toBe(200);
    const db = nodes()[1]!.database.db;
    const deadline = Date.now() + 10_000;
    let rows: Array<Record<string, unknown>> = [];
    while (Date.now() < deadline) {
      rows = (await db.execute(sql`select state, attempts from jobs where type = 'mail.send'`)).rows;
      if (rows.length && rows.every((r) => r.state === 'done')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([{ state: 'done', attempts: 1 }]);
    const mail = (await db.execute(sql`select sent_at from mail_outbox where "to" = 'demo@example.com'`)).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.sent_at).not.toBeNull();
  });
});
