import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of the migrated data directory ('' on a PostgreSQL server). */
    pgliteTemplate: string;
    /** PGlite: the same, seeded as `createTestApp` seeds with the default test config. */
    pgliteSeededTemplate: string;
    /** PostgreSQL (TEST_DATABASE_URL): template databases, migrated and migrated + seeded. */
    postgresTemplate: string;
    postgresSeededTemplate: string;
  }
}

/**
 * Starting a database, migrating and seeding cost seconds of CPU, and over a hundred test files
 * each need them: do it once here and let every file copy the result (decision 0141). PGlite
 * files load a dump of the data directory (kept uncompressed: unzipping it per file cost more
 * than reading it); on a PostgreSQL server each file's database is `CREATE DATABASE … TEMPLATE`.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = randomBytes(4).toString('hex');
    const plain = `dsm_tpl_${suffix}`;
    const seeded = `dsm_tpl_seeded_${suffix}`;
    await admin(serverUrl, `CREATE DATABASE ${plain}`);
    await prepare(await openPostgres(databaseUrl(serverUrl, plain), 1, () => undefined), false);
    await admin(serverUrl, `CREATE DATABASE ${seeded} TEMPLATE ${plain}`);
    await prepare(await openPostgres(databaseUrl(serverUrl, seeded), 1, () => undefined), true);
    project.provide('pgliteTemplate', '');
    project.provide('pgliteSeededTemplate', '');
    project.provide('postgresTemplate', plain);
    project.provide('postgresSeededTemplate', seeded);
    return async () => {
      for (const name of [seeded, plain]) await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'dsm-template-'));
  const database = await openPglite(undefined);
  await migrate(database);
  const plain = await dump(database, path.join(dir, 'migrated.tar'));
  await seed(database.db, testConfig());
  const seeded = await dump(database, path.join(dir, 'seeded.tar'));
  await database.close();
  project.provide('pgliteTemplate', plain);
  project.provide('pgliteSeededTemplate', seeded);
  project.provide('postgresTemplate', '');
  project.provide('postgresSeededTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function prepare(database: Database, seeded: boolean) {
  await migrate(database);
  if (seeded) await seed(database.db, testConfig());
  await database.close();
}

async function dump(database: Database, file: string): Promise<string> {
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  return file;
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
