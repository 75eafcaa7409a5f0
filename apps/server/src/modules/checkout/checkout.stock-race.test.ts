import { translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { rows, rushLastUnits, shownStock, stockOf, type Ctx } from '../../../test/factories';

/**
 * The last units under a rush (decision 0084): distinct buyers submit at once; the SKU row lock
 * lets exactly the stock through. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (a
 * pool of connections, so the requests truly overlap in the database).
 */
let ctx: Ctx;
const BUYERS = 500;
const UNITS = 10;

beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(() => ctx.app.close());

describe('stock under a rush', () => {
  it(`${BUYERS} buyers for the last ${UNITS} units: exactly ${UNITS} orders, stock 0, the rest told it is sold out`, async () => {
    const { lamp, answers, seconds } = await rushLastUnits(ctx, 'RACE-LAST', BUYERS, UNITS);
    console.log(
      `checkout: ${BUYERS} concurrent submits for ${UNITS} units in ${seconds.toFixed(1)} s (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );

    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 200: UNITS, 409: BUYERS - UNITS });
    const soldOut = translate('en-US', 'catalogue.stock-sold-out', { title: 'Lamp RACE-LAST' });
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toMatchObject({ msg: soldOut, data: { reason: 'out-of-stock', available: 0 } });

    const [count] = await rows(ctx, sql`select count(*) as n from order_lines where sku_id = ${lamp.skuId}`);
    expect(Number(count!.n)).toBe(UNITS);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 0, product: 0 });
    expect(await shownStock(ctx, lamp.prodId)).toEqual({ total: 0, sku: 0 });
  }, 300_000);
});
