import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { seedLogistics } from './logistics.seed';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let user: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  user = await sessionFor(ctx.db, 'demo@example.com');
});
afterAll(() => ctx.app.close());

type Method = {
  methodId: number;
  code: string;
  names: Record<string, string>;
  zones: Array<{ zoneId: number; name: string; countries: string[]; rates: Array<Record<string, number | null>> }>;
};

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = operator) =>
  ctx.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

const smallBox = { from: 'CN', to: 'FR', weight: 1.3, length: 10, width: 10, height: 10, attribute: 'general' };
const priceOf = async (code: string, payload: Record<string, unknown> = smallBox) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/logistics/calculate', payload });
  return (res.json().data.options as Array<{ code: string; price: number }>).find((o) => o.code === code)?.price;
};

describe('operator only', () => {
  it.each([
    ['GET', '/api/admin/logistics/methods'],
    ['GET', '/api/admin/logistics/warehouses'],
    ['PUT', '/api/admin/logistics/zones/1'],
    ['POST', '/api/admin/logistics/methods'],
  ] as const)('%s %s: 401 without a session, 403 for a store owner', async (method, url) => {
    const anonymous = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('A00004');
    const denied = await admin(method, url, method === 'GET' ? undefined : {}, user);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('A00003');
  });
});

describe('shipping methods, zones and rates', () => {
  it('lists every method with its names in all languages, zones and rate rows', async () => {
    const res = await admin('GET', '/api/admin/logistics/methods');
    expect(res.statusCode).toBe(200);
    const methods = res.json().data as Method[];
    const dhl = methods.find((m) => m.code === 'DHL_EXPRESS')!;
    expect(dhl.names).toEqual({
      'en-US': 'DHL Express',
      'zh-CN': 'DHL 国际快递',
      'fr-FR': 'DHL Express',
      'tr-TR': 'DHL Express',
    });
    expect(dhl).toMatchObject({
      warehouse: 'CN',
      volumetricDivisor: 5000,
      minDays: 3,
      maxDays: 6,
      refusedAttributes: ['liquid'],
    });
    expect(dhl.zones.find((z) => z.countries.includes('*'))?.rates).toEqual([
      { maxWeight: 2, firstWeight: 0.5, firstPrice: 26, stepWeight: 0.5, stepPrice: 6 },
      { maxWeight: 70, firstWeight: 0.5, firstPrice: 26, stepWeight: 1, stepPrice: 10.5 },
    ]);
  });

  it("an operator's rate edit changes the next calculation: $5.00 first 0.5 kg + $1.20 per 0.5 kg makes 1.3 kg cost 7.40", async () => {
    expect(await priceOf('YUN_STANDARD')).toBe(9.2); // 5.80 + 2 × 1.70
    const methods = (await admin('GET', '/api/admin/logistics/methods')).json().data as Method[];
    const yun = methods.find((m) => m.code === 'YUN_STANDARD')!;
    const europe = yun.zones.find((z) => z.countries.includes('FR'))!;
    const res = await admin('PUT', `/api/admin/logistics/zones/${europe.zoneId}`, {
      name: europe.name,
      countries: europe.countries,
      rates: [{ maxWeight: 20, firstWeight: 0.5, firstPrice: 5, stepWeight: 0.5, stepPrice: 1.2 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await priceOf('YUN_STANDARD')).toBe(7.4);
  });

  it('creates a method with its zone; it is offered at once and can be switched off', async () => {
    const created = await admin('POST', '/api/admin/logistics/methods', {
      code: 'cn_budget',
      warehouse: 'CN',
      names: { 'en-US': 'Budget Line', 'fr-FR': 'Ligne économique' },
      volumetricDivisor: 6000,
      minDays: 10,
      maxDays: 20,
      refusedAttributes: ['battery'],
    });
    expect(created.statusCode).toBe(200);
    const method = created.json().data as Method;
    expect(method).toMatchObject({ code: 'CN_BUDGET', active: true, zones: [] });

    const zoned = await admin('POST', `/api/admin/logistics/methods/${method.methodId}/zones`, {
      name: 'France',
      countries: ['fr'],
      rates: [{ maxWeight: null, firstWeight: 1, firstPrice: 1, stepWeight: 1, stepPrice: 0.5 }],
    });
    expect(zoned.json().data.zones).toEqual([
      {
        zoneId: expect.any(Number),
        name: 'France',
        countries: ['FR'],
        rates: [{ maxWeight: null, firstWeight: 1, firstPrice: 1, stepWeight: 1, stepPrice: 0.5 }],
      },
    ]);
    expect(await priceOf('CN_BUDGET')).toBe(1.5);
    // Falls back to English for a language without its own name.
    const zh = await ctx.app.inject({
      method: 'POST',
      url: '/api/logistics/calculate',
      headers: { 'accept-language': 'zh-CN' },
      payload: smallBox,
    });
    expect(zh.json().data.options.find((o: { code: string }) => o.code === 'CN_BUDGET').name).toBe('Budget Line');

    const off = await admin('PUT', `/api/admin/logistics/methods/${method.methodId}`, {
      warehouse: 'CN',
      names: { 'en-US': 'Budget Line' },
      volumetricDivisor: 6000,
      minDays: 10,
      maxDays: 20,
      refusedAttributes: ['battery'],
      active: false,
    });
    expect(off.json().data.active).toBe(false);
    expect(await priceOf('CN_BUDGET')).toBeUndefined();
  });

  it('refuses a duplicate code, a country already in another zone, and inverted delivery days', async () => {
    const dup = await admin('POST', '/api/admin/logistics/methods', {
      code: 'DHL_EXPRESS',
      warehouse: 'CN',
      names: { 'en-US': 'Again' },
      volumetricDivisor: 5000,
      minDays: 1,
      maxDays: 2,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'A00007',
      msg: 'A shipping method with the code DHL_EXPRESS already exists',
    });

    const dhl = ((await admin('GET', '/api/admin/logistics/methods')).json().data as Method[]).find(
      (m) => m.code === 'DHL_EXPRESS',
    )!;
    const overlap = await admin('POST', `/api/admin/logistics/methods/${dhl.methodId}/zones`, {
      name: 'France again',
      countries: ['FR', 'BE'],
      rates: [{ maxWeight: 10, firstWeight: 0.5, firstPrice: 10, stepWeight: 0.5, stepPrice: 2 }],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().data).toEqual([
      { field: 'countries', message: 'FR is already in the zone "Western Europe"' },
    ]);

    const days = await admin('PUT', `/api/admin/logistics/methods/${dhl.methodId}`, {
      warehouse: 'CN',
      names: { 'en-US': 'DHL Express' },
      volumetricDivisor: 5000,
      minDays: 6,
      maxDays: 3,
    });
    expect(days.json().data).toEqual([
      { field: 'maxDays', message: 'The longest delivery time cannot be shorter than the shortest' },
    ]);
  });

  it('deletes a zone: its countries are no longer served', async () => {
    const post = ((await admin('GET', '/api/admin/logistics/methods')).json().data as Method[]).find(
      (m) => m.code === 'CN_POST_AIR',
    )!;
    const europe = post.zones.find((z) => z.countries.includes('FR'))!;
    const res = await admin('DELETE', `/api/admin/logistics/zones/${europe.zoneId}`);
    expect(res.json().data.zones.map((z: { name: string }) => z.name)).not.toContain('Western Europe');
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/logistics/calculate',
      payload: { ...smallBox, weight: 0.3 },
    });
    // FR now falls into the rest-of-world zone.
    expect(quote.json().data.options.find((o: { code: string }) => o.code === 'CN_POST_AIR').price).toBe(6.5);

    const again = await admin('DELETE', `/api/admin/logistics/zones/${europe.zoneId}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('warehouses', () => {
  it('creates, renames and deactivates a warehouse', async () => {
    const created = await admin('POST', '/api/admin/logistics/warehouses', {
      code: 'uk',
      country: 'GB',
      names: { 'en-US': 'UK warehouse', 'tr-TR': 'İngiltere deposu' },
      position: 4,
    });
    expect(created.json().data).toEqual({
      code: 'UK',
      country: 'GB',
      names: { 'en-US': 'UK warehouse', 'tr-TR': 'İngiltere deposu' },
      active: true,
      position: 4,
    });
    const list = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/logistics/warehouse',
          headers: { 'accept-language': 'tr-TR' },
        })
      ).json().data;
    expect(await list()).toContainEqual({ code: 'UK', name: 'İngiltere deposu', country: 'GB' });

    const off = await admin('PUT', '/api/admin/logistics/warehouses/UK', {
      country: 'GB',
      names: { 'en-US': 'UK warehouse' },
      active: false,
    });
    expect(off.json().data.active).toBe(false);
    expect((await list()).map((w: { code: string }) => w.code)).not.toContain('UK');

    const dup = await admin('POST', '/api/admin/logistics/warehouses', {
      code: 'CN',
      country: 'CN',
      names: { 'en-US': 'x' },
    });
    expect(dup.statusCode).toBe(409);
    const badCountry = await admin('PUT', '/api/admin/logistics/warehouses/UK', {
      country: 'QQ',
      names: { 'en-US': 'x' },
    });
    expect(badCountry.json().data).toEqual([{ field: 'country', message: 'QQ is not a known country code' }]);
  });
});

describe('seeding', () => {
  it('adds nothing on a second start and keeps the operator edits', async () => {
    const counts = async () =>
      (
        await ctx.db.execute(
          sql`select (select count(*) from warehouses)::int as warehouses, (select count(*) from shipping_methods)::int as methods,
                     (select count(*) from shipping_zones)::int as zones, (select count(*) from shipping_rates)::int as rates`,
        )
      ).rows[0];
    const before = await counts();
    const yunBefore = await priceOf('YUN_STANDARD');
    await seedLogistics(ctx.db);
    expect(await counts()).toEqual(before);
    // The rate edited above, and the zone deleted above, stay as the operator left them.
    expect(await priceOf('YUN_STANDARD')).toBe(yunBefore);
    expect(yunBefore).toBe(7.4);
  });
});
