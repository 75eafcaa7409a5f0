import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/harness';
import type { Database } from './client';
import { migrate } from './migrate';
import { seed } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('applies every migration, including the trigram extension', async () => {
  const tables = await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  const names = (tables.rows as Array<{ table_name: string }>).map((r) => r.table_name);
  expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'currencies', 'config_values']));
  const trgm = await database.db.execute(sql`select similarity('dresses', 'drses') > 0.3 as close`);
  expect((trgm.rows[0] as { close: boolean }).close).toBe(true);
});

it('migrates again and seeds twice without duplicating anything', async () => {
  await migrate(database);
  const config = testConfig();
  await seed(database.db, config);
  const second = await seed(database.db, config);
  expect(second.operator.created).toBe(false);
  const counts = await database.db.execute(
    sql`select (select count(*) from users)::int as users, (select count(*) from currencies)::int as currencies`,
  );
  expect(counts.rows[0]).toEqual({ users: 2, currencies: 4 });
});

it.runIf(process.env.TEST_DATABASE_URL)(
  'survives the server ending an idle pooled connection, and reports it',
  async () => {
    const { openPostgres } = await import('./client');
    const lost: string[] = [];
    const own = await openPostgres(process.env.TEST_DATABASE_URL!, 2, (err) => lost.push(err.message));
    try {
      const pid = (await own.db.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number };
      // Another session ends that connection while it sits idle in the pool.
      await database.db.execute(sql`select pg_terminate_backend(${pid.pid})`);
      await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1);
      expect(lost[0]).toMatch(/terminat/i);
      // The pool dropped the dead client: the next query opens a new connection.
      const again = (await own.db.execute(sql`select 1 as one`)).rows[0];
      expect(again).toEqual({ one: 1 });
    } finally {
      await own.close();
    }
  },
);
