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
  const tables = await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
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
