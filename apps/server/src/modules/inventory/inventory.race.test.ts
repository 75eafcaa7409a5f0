import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { newUser } from '../../../test/factories';
import { rawRows } from '../../db/rows';
import { inTransaction } from '../../platform/unit-of-work';
import { ensureItem, move, release, reserve, shipOut, unreconciledItems } from './inventory.ledger';

/**
 * The inventory's invariants under concurrency (issue 24), on PGlite and, in CI, on PostgreSQL
 * (TEST_DATABASE_URL): 50 reservations racing for 10 units reserve exactly 10; available never
 * goes negative; the numbers are the sums of the log after every step.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.app.close();
});

async function numbers(itemId: string) {
  const [row] = rawRows<{ available: number; frozen: number; unreceived: number; lines: number }>(
    await ctx.db.execute(sql`select available, frozen, unreceived,
      (select count(*)::int from inventory_log where item_id = ${itemId}) as lines
      from inventory_items where id = ${itemId}`),
  );
  return { available: Number(row!.available), frozen: Number(row!.frozen), lines: Number(row!.lines) };
}

describe('reservations racing for the last units', () => {
  it('50 orders for 10 units reserve exactly 10; release and ship keep the sums', async () => {
    const { userId } = await newUser(ctx.db);
    const itemId = await ensureItem(ctx.db, { userId, productId: 1, skuId: 424242, skuCode: 'RACE', warehouse: 'CN' });
    expect(await move(ctx.db, itemId, { unreceived: 10 }, 'ordered', { type: 'test', id: 'o' })).not.toBeNull();
    await move(ctx.db, itemId, { unreceived: -10, available: 10 }, 'received', { type: 'test', id: 'o' });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inTransaction(ctx.db, (uow) => reserve(uow.tx, itemId, 1, { type: 'store-order', id: `so-${i}` })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await numbers(itemId)).toEqual({ available: 0, frozen: 10, lines: 12 });
    expect(await unreconciledItems(ctx.db, userId)).toEqual([]);

    // Over-asking changes nothing and writes no line; the table's checks refuse a bypass too.
    expect(await reserve(ctx.db, itemId, 1, { type: 'store-order', id: 'late' })).toBe(false);
    expect(await release(ctx.db, itemId, 11, { type: 'store-order', id: 'too-many' })).toBe(false);
    await expect(ctx.db.execute(sql`update inventory_items set available = -1 where id = ${itemId}`)).rejects.toThrow();
    expect(await numbers(itemId)).toEqual({ available: 0, frozen: 10, lines: 12 });

    // Cancel releases exactly what was locked; shipping takes the rest out.
    await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        inTransaction(ctx.db, (uow) => release(uow.tx, itemId, 1, { type: 'store-order', id: `so-${i}` })),
      ),
    );
    expect(await numbers(itemId)).toEqual({ available: 3, frozen: 7, lines: 15 });
    expect(await shipOut(ctx.db, itemId, 7, { type: 'store-order', id: 'batch' })).toBe(true);
    expect(await numbers(itemId)).toEqual({ available: 3, frozen: 0, lines: 16 });
    expect(await unreconciledItems(ctx.db, userId)).toEqual([]);
  });

  it('the reconcile check finds a number changed without its line', async () => {
    const { userId } = await newUser(ctx.db);
    const itemId = await ensureItem(ctx.db, { userId, productId: 1, skuId: 434343, skuCode: 'DRIFT', warehouse: 'CN' });
    await move(ctx.db, itemId, { available: 5 }, 'adjusted', { type: 'adjustment', id: itemId }, { note: 'count' });
    expect(await unreconciledItems(ctx.db, userId)).toEqual([]);
    await ctx.db.execute(sql`update inventory_items set available = 4 where id = ${itemId}`);
    expect(await unreconciledItems(ctx.db, userId)).toEqual([itemId]);
  });
});
