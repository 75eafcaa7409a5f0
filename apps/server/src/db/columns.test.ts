import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgTable, serial } from 'drizzle-orm/pg-core';
import { createTestDatabase } from '../../test/harness';
import type { Database } from './client';
import { moneyMinor } from './columns';

// A table made for this test only: a balance that has grown past what `integer` holds.
const balances = pgTable('test_money_balances', {
  id: serial('id').primaryKey(),
  amountMinor: moneyMinor('amount_minor').notNull(),
});

describe('moneyMinor', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.execute(
      sql`create table test_money_balances (id serial primary key, amount_minor bigint not null)`,
    );
  });
  afterAll(() => database?.close());

  it('is a bigint column', () => {
    expect(balances.amountMinor.getSQLType()).toBe('bigint');
  });

  it('stores and sums amounts beyond 32 bits and reads them back as exact numbers', async () => {
    const big = 2_147_483_647 + 1_000; // one more than integer holds, in cents: 21.5 million dollars
    await database.db.insert(balances).values([{ amountMinor: big }, { amountMinor: big }]);
    const rows = await database.db.select().from(balances);
    expect(rows.map((r) => r.amountMinor)).toEqual([big, big]);
    const [total] = await database.db.select({ sum: sql<string>`sum(${balances.amountMinor})` }).from(balances);
    expect(Number(total!.sum)).toBe(2 * big);
  });
});
