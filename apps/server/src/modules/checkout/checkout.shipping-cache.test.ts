import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { buyer, post, product, rows, type Ctx } from '../../../test/factories';

/**
 * Confirm prices shipping from the logistics reference data cached in process (decision 0092):
 * an operator's edit on this node is in the very next confirm; a change made elsewhere (another
 * node, bypassing this process) is seen once the cache's time is up.
 */
let ctx: Ctx;
let operator: string;
let shopper: { token: string };
let lamp: { prodId: number; skuId: number };

type Zone = { zoneId: number; name: string; countries: string[] };
type Method = {
  methodId: number;
  code: string;
  warehouse: string;
  names: Record<string, string>;
  volumetricDivisor: number;
  minDays: number;
  maxDays: number;
  refusedAttributes: string[];
  position: number;
  zones: Zone[];
};

const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${operator}` }, ...(payload ? { payload } : {}) });

async function shippingOptions(): Promise<Record<string, number>> {
  const res = await post(ctx, shopper.token, '/api/p/order/prod/confirm', { ...lamp, count: 1 });
  expect(res.json().code).toBe('00000');
  const options = res.json().data.shippingOptions as Array<{ code: string; price: number }>;
  return Object.fromEntries(options.map((o) => [o.code, o.price]));
}

async function method(code: string): Promise<Method> {
  const methods = (await admin('GET', '/api/admin/logistics/methods')).json().data as Method[];
  return methods.find((m) => m.code === code)!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  shopper = await buyer(ctx);
  lamp = await product(ctx, 'CACHE-LAMP', 50);
});
afterAll(() => ctx.app.close());

describe('confirm after an operator edits the logistics reference data', () => {
  it('a new rate for the destination is in the next confirm', async () => {
    const before = await shippingOptions();
    expect(before.CN_POST_AIR).toBe(4.8);
    const post_ = await method('CN_POST_AIR');
    const zone = post_.zones.find((z) => z.countries.includes('FR'))!;
    const res = await admin('PUT', `/api/admin/logistics/zones/${zone.zoneId}`, {
      name: zone.name,
      countries: zone.countries,
      rates: [{ maxWeight: 2, firstWeight: 0.5, firstPrice: 3, stepWeight: 0.5, stepPrice: 1 }],
    });
    expect(res.statusCode).toBe(200);
    // 0.4 kg (volumetric 3000 cm³ / 8000 = 0.375 kg): the first 0.5 kg only.
    expect((await shippingOptions()).CN_POST_AIR).toBe(3);
  });

  it('a method switched off is gone from the next confirm, and back once switched on', async () => {
    const m = await method('CN_POST_AIR');
    const body = {
      warehouse: m.warehouse,
      names: m.names,
      volumetricDivisor: m.volumetricDivisor,
      minDays: m.minDays,
      maxDays: m.maxDays,
      refusedAttributes: m.refusedAttributes,
      position: m.position,
    };
    expect(
      (await admin('PUT', `/api/admin/logistics/methods/${m.methodId}`, { ...body, active: false })).statusCode,
    ).toBe(200);
    expect(await shippingOptions()).not.toHaveProperty('CN_POST_AIR');
    expect(
      (await admin('PUT', `/api/admin/logistics/methods/${m.methodId}`, { ...body, active: true })).statusCode,
    ).toBe(200);
    expect(await shippingOptions()).toHaveProperty('CN_POST_AIR');
  });

  it('a change written by another node (no invalidation here) is seen within the cache time', async () => {
    const zone = (await method('CN_POST_AIR')).zones.find((z) => z.countries.includes('FR'))!;
    expect((await shippingOptions()).CN_POST_AIR).toBe(3);
    await rows(ctx, sql`update shipping_rates set first_price_minor = 350 where zone_id = ${zone.zoneId}`);
    // Still the cached price: this process was not told.
    expect((await shippingOptions()).CN_POST_AIR).toBe(3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16_000 });
    try {
      // Past 3 × the 5 s TTL nothing stale is served: the next read loads the tables again.
      expect((await shippingOptions()).CN_POST_AIR).toBe(3.5);
    } finally {
      vi.useRealTimers();
    }
  });
});
