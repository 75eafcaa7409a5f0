import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { type Database, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { testConfig } from './harness';

/**
 * The "done when": two API nodes on one PostgreSQL server, each with its own data
 * directory (nothing shared but the database), share sessions, jobs and files. Each node here
 * is a whole app with its own connection pool and its own job worker, as two processes would be.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `dsm_nodes_${randomBytes(5).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function databaseUrl() {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.skipIf(!serverUrl)('two API nodes on one PostgreSQL server', () => {
  const nodes: Array<{ app: Awaited<ReturnType<typeof buildApp>>; database: Database }> = [];
  const config = (): Config =>
    testConfig({ dataDir: mkdtempSync(path.join(tmpdir(), 'dsm-node-')), fileStore: 'database', resetCodeAnswerMs: 0 });

  async function node() {
    const database = await openPostgres(databaseUrl(), 4, () => undefined);
    const app = await buildApp({ config: config(), database, workJobs: true, jobOptions: { pollMs: 50 } });
    await app.ready();
    nodes.push({ app, database });
    return app;
  }

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const setup = await openPostgres(databaseUrl(), 1, () => undefined);
    await migrate(setup);
    await seed(setup.db, testConfig());
    await setup.close();
    await node();
    await node();
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('a session made on one node is honoured by the other, and a log-out on it ends it everywhere', async () => {
    const [a, b] = [nodes[0]!.app, nodes[1]!.app];
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
    const [a, b] = [nodes[0]!.app, nodes[1]!.app];
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
    const a = nodes[0]!.app;
    const res = await a.inject({ method: 'POST', url: '/api/password/code', payload: { email: 'demo@example.com' } });
    expect(res.statusCode).toBe(200);
    const db = nodes[1]!.database.db;
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
