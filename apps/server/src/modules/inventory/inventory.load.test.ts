import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser } from '../../../test/factories';

/**
 * The inventory page and one item's log at 1,000 SKUs × 3 warehouses for one owner (issue 24's
 * bench target: p99 < 50 ms on PostgreSQL). Heavy, so it runs only when asked:
 *   INVENTORY_LOAD=1 TEST_DATABASE_URL=postgres://… npx vitest run src/modules/inventory/inventory.load.test.ts
 * Timed through app.inject, one request at a time: the server's own time, without the network.
 */
const RUNS = 300;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
let itemId = '';

describe.skipIf(!process.env.INVENTORY_LOAD)('inventory at 1,000 SKUs × 3 warehouses', () => {
  beforeAll(async () => {
    ctx = await createTestApp();
    const owner = await newUser(ctx.db);
    token = await sessionFor(ctx.db, owner.email);
    // 3,000 items, each with an `ordered` and a `received` line (numbers = sums of the log).
    await ctx.db.execute(sql`
      insert into inventory_items (user_id, product_id, sku_id, sku_code, warehouse, available)
      select ${owner.userId}, 1 + (n % 200), 900000 + n, 'LOAD-' || lpad(n::text, 4, '0'), w, 20
      from generate_series(1, 1000) n cross join (values ('CN'), ('US'), ('EU')) ws(w)`);
    await ctx.db.execute(sql`
      insert into inventory_log (item_id, reason, reference_type, reference_id, unreceived_delta)
      select id, 'ordered', 'load', 'x', 20 from inventory_items where user_id = ${owner.userId}`);
    await ctx.db.execute(sql`
      insert into inventory_log (item_id, reason, reference_type, reference_id, unreceived_delta, available_delta)
      select id, 'received', 'load', 'x', -20, 20 from inventory_items where user_id = ${owner.userId}`);
    const [first] = (await ctx.db.execute(sql`select id from inventory_items where user_id = ${owner.userId} limit 1`))
      .rows as Array<{ id: string }>;
    itemId = first!.id;
  }, 120_000);
  afterAll(async () => {
    await ctx?.app.close();
  });

  async function p99(url: (i: number) => string): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await ctx.app.inject({ method: 'GET', url: url(i), headers: { authorization: `Bearer ${token}` } });
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
    }
    times.sort((a, b) => a - b);
    console.log(`${url(0).split('?')[0]} p50 ${times[Math.floor(RUNS / 2)]!.toFixed(1)} ms`);
    return times[Math.ceil(RUNS * 0.99) - 1]!;
  }

  it('answers the page, a search, a warehouse filter and the log with p99 under 50 ms', async () => {
    const page = await p99((i) => `/api/p/privateInventory/page?current=${1 + (i % 300)}&size=10`);
    const search = await p99((i) => `/api/p/privateInventory/page?keyword=LOAD-0${i % 10}&warehouse=US`);
    const log = await p99(() => `/api/p/privateInventory/inventory/logs?id=${itemId}`);
    console.log(
      `inventory p99 (ms): page ${page.toFixed(1)}, search+filter ${search.toFixed(1)}, log ${log.toFixed(1)}`,
    );
    expect(Math.max(page, search, log)).toBeLessThan(50);
  }, 300_000);
});
