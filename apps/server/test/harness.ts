import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import type { Config } from '../src/config';
import { type Database, PGLITE_EXTENSIONS, openPglite, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import type { App } from '../src/platform/types';

import { testConfig } from './test-config';

export { testConfig };

/**
 * A fresh, migrated database for one test file: a private PGlite loaded from the migrated
 * template, or, with TEST_DATABASE_URL, a new database on that PostgreSQL server (dropped at close)
 * behind a pool of `connections` (5 unless a concurrency test asks for more; opened on demand).
 * `seeded`: a copy of the template already seeded with the default test config (global-setup.ts).
 */
export async function createTestDatabase({
  connections = 5,
  serverUrl = process.env.TEST_DATABASE_URL,
  seeded = false,
}: {
  connections?: number;
  /** A PostgreSQL server to make the database on; '' for PGlite (default: TEST_DATABASE_URL). */
  serverUrl?: string;
  seeded?: boolean;
} = {}): Promise<Database> {
  if (!serverUrl) {
    const template = inject(seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate');
    if (!template) throw new Error('no PGlite template: run under a config with test/global-setup.ts');
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(template)]),
      extensions: PGLITE_EXTENSIONS,
    });
    return openPglite(client);
  }
  // The templates exist only for the server the global set-up made them on.
  const template =
    serverUrl === process.env.TEST_DATABASE_URL
      ? inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate')
      : undefined;
  if (seeded && !template) throw new Error('no seeded PostgreSQL template for this server');
  const name = `dsm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let closing = false;
  // pool.end() resolves before the server has seen every connection go; the DROP … WITH (FORCE)
  // below may then end one of them, which is expected here and not worth a line in the output.
  const database = await openPostgres(url.toString(), connections, (err) => {
    if (!closing) console.error(`test database: idle connection lost: ${err.message}`);
  });
  if (!template) await migrate(database);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      closing = true;
      await close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The whole API on a fresh database, seeded like a first start. Close it in afterAll. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  extend?: (app: App) => void,
  appOptions: Pick<AppDeps, 'workJobs' | 'jobOptions'> = {},
  databaseOptions: Parameters<typeof createTestDatabase>[0] = {},
) {
  const config = testConfig(overrides);
  // The seeded template holds what seed() makes for the default accounts; other accounts, or a
  // server without the global set-up's templates, are seeded here as a first start does.
  const defaults = testConfig();
  const usual =
    JSON.stringify([config.demoUser, config.operator]) === JSON.stringify([defaults.demoUser, defaults.operator]) &&
    (databaseOptions.serverUrl ?? process.env.TEST_DATABASE_URL) === process.env.TEST_DATABASE_URL;
  const database = await createTestDatabase({ ...databaseOptions, seeded: usual });
  if (!usual) await seed(database.db, config);
  const app = await buildApp({ config, database, ...appOptions });
  extend?.(app);
  await app.ready();
  return { app, db: database.db, database, config };
}

/** Logs a seeded account in directly (the accounts module adds the real /api/login). */
export async function sessionFor(db: Database['db'], email: string, ttlSeconds = 3600): Promise<string> {
  const { users } = await import('../src/modules/accounts/accounts.tables');
  const { createSession } = await import('../src/modules/accounts/accounts.session.service');
  const { sql } = await import('drizzle-orm');
  const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (!user) throw new Error(`no user ${email}`);
  return (await createSession(db, user.id, ttlSeconds)).token;
}

/**
 * Several API nodes on one new PostgreSQL database (TEST_DATABASE_URL), each a whole app with its
 * own pool and its own DATA_DIR, as on separate machines: what scale-out shares is only the
 * database. `node()` adds one; `close()` closes them all and drops the database.
 */
export async function createServerCluster() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('createServerCluster needs TEST_DATABASE_URL');
  const name = `dsm_cluster_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The seeded template of the global set-up is what the steps below it would make.
  const template = inject('postgresSeededTemplate');
  if (template) await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  else {
    await admin(`CREATE DATABASE ${name}`);
    const setup = await openPostgres(url.toString(), 1, () => undefined);
    await migrate(setup);
    await seed(setup.db, testConfig());
    await setup.close();
  }

  const nodes: Array<{ app: App; database: Database }> = [];
  return {
    /** The cluster's database, for a child process that joins it. */
    url: url.toString(),
    nodes,
    async node(overrides: Partial<Config> = {}, options: Pick<AppDeps, 'workJobs' | 'jobOptions'> = {}) {
      const database = await openPostgres(url.toString(), 4, () => undefined);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-node-'));
      const app = await buildApp({
        config: testConfig({ dataDir, fileStore: 'database', ...overrides }),
        database,
        ...options,
      });
      await app.ready();
      nodes.push({ app, database });
      return { app, database };
    },
    async close() {
      for (const n of nodes) await n.app.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
