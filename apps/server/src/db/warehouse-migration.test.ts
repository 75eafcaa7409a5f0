import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/harness';
import type { Database } from './client';

// Migration 0007 maps the warehouse codes products used (once a fixed list in the contract) to
// rows of the operator's warehouses before the foreign key is added. Replayed here on a database
// where a product names a warehouse the table lacks.
const statements = readFileSync(new URL('../../drizzle/0010_warehouse-references.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

describe('migration warehouse-references', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('adds a row for every warehouse code a product uses, so the foreign key can hold', async () => {
    const { db } = database;
    // Back to the state before 0007: no foreign keys, and codes only the old list knew.
    await db.execute(sql`alter table products drop constraint products_warehouse_warehouses_code_fk`);
    await db.execute(sql`alter table skus drop constraint skus_warehouse_warehouses_code_fk`);
    await db.execute(sql`drop index products_warehouse_idx`);
    await db.execute(sql`drop index skus_warehouse_idx`);
    await db.execute(sql`alter table skus drop column warehouse`);
    await db.execute(sql`delete from warehouses where code in ('EU', 'US')`);
    const [category] = (await db.execute(sql`insert into categories (icon) values ('bags') returning id`))
      .rows as Array<{ id: number }>;
    for (const code of ['EU', 'US', 'CN', 'EU']) {
      await db.execute(sql`insert into products (category_id, warehouse) values (${category!.id}, ${code})`);
    }

    for (const statement of statements) await db.execute(sql.raw(statement));

    const rows = (await db.execute(sql`select code, country, active from warehouses order by code`)).rows;
    expect(rows).toEqual(
      expect.arrayContaining([
        { code: 'CN', country: 'CN', active: true },
        { code: 'EU', country: 'DE', active: true },
        { code: 'US', country: 'US', active: true },
      ]),
    );
    // The key holds now: a product cannot name a warehouse that is not a row.
    await expect(
      db.execute(sql`insert into products (category_id, warehouse) values (${category!.id}, 'ZZ')`),
    ).rejects.toThrow();
  });
});
