import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createTestCategories, productBody } from '../../../test/factories';
import { createWarehouse } from '../logistics/logistics.admin.service';
import { createProduct } from './catalogue.admin-products.service';

/**
 * The goods list's "ships to my country" (decision 0110): `shipsTo` keeps the products whose
 * warehouse has an active method with a zone for the country, as logistics knows it.
 * Seeded methods: US warehouse → US and Canada only; EU → Europe and, by DHL Express, the world;
 * CN → the world. A warehouse of the operator's without methods reaches no one.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let categoryId: number;
const ids: Record<'cn' | 'us' | 'eu' | 'none', number> = { cn: 0, us: 0, eu: 0, none: 0 };

interface Page {
  records: Array<{ prodId: number; prodName: string; warehouse: string }>;
  total: number;
}

async function search(query: Record<string, string | number>, lang = 'en-US') {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/prod/search',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as { code: string; data: Page & Array<{ message: string }> } };
}
const inCategory = async (extra: Record<string, string> = {}) => {
  const { body } = await search({ categoryId, size: 50, sort: 'price_asc', ...extra });
  expect(body.code).toBe('00000');
  return body.data.records.map((r) => r.prodId);
};

beforeAll(async () => {
  ctx = await createTestApp();
  categoryId = (await createTestCategories(ctx.db, 'Ships to')).childId;
  // A warehouse of the operator's with no shipping method yet.
  await createWarehouse(ctx.db, {
    code: 'NOWAY',
    country: 'JP',
    names: { 'en-US': 'Osaka depot' },
    active: true,
    position: 9,
  });
  const make = async (warehouse: string, title: string, price: number) =>
    (
      await createProduct(ctx.db, {
        ...productBody(categoryId, { 'en-US': { title, brief: '', description: '' } }, { price }),
        warehouse,
      })
    ).prodId;
  ids.cn = await make('CN', 'Shenzhen kettle', 10);
  ids.us = await make('US', 'Los Angeles kettle', 11);
  ids.eu = await make('EU', 'Frankfurt kettle', 12);
  ids.none = await make('NOWAY', 'Osaka kettle', 13);
});
afterAll(() => ctx.app.close());

describe('GET /api/prod/search?shipsTo=', () => {
  it('leaves out a product whose warehouse has no method to the country', async () => {
    // France: the US warehouse's methods stop at Canada, the Osaka depot has none.
    expect(await inCategory({ shipsTo: 'FR' })).toEqual([ids.cn, ids.eu]);
    expect(await inCategory({ shipsTo: 'US' })).toEqual([ids.cn, ids.us, ids.eu]);
    // Germany is the EU warehouse's own country: its '*' zone does not count, its DHL Paket zone does.
    expect(await inCategory({ shipsTo: 'de' })).toEqual([ids.cn, ids.eu]);
    expect(await inCategory()).toEqual([ids.cn, ids.us, ids.eu, ids.none]);
  });

  it('is part of the cache key: the same search with and without it, in any order, each get their own answer', async () => {
    const all = await inCategory({ keyword: 'kettle' });
    const toFrance = await inCategory({ keyword: 'kettle', shipsTo: 'FR' });
    const toCanada = await inCategory({ keyword: 'kettle', shipsTo: 'CA' });
    expect(all).toHaveLength(4);
    expect(toFrance).toEqual([ids.cn, ids.eu]);
    expect(toCanada).toEqual([ids.cn, ids.us, ids.eu]);
    expect(await inCategory({ keyword: 'kettle' })).toEqual(all);
    const { body } = await search({ categoryId, keyword: 'kettle', shipsTo: 'FR' });
    expect(body.data.total).toBe(2);
  });

  it('says where each product ships from', async () => {
    const { body } = await search({ categoryId, sort: 'price_asc' });
    expect(body.data.records.map((r) => r.warehouse)).toEqual(['CN', 'US', 'EU', 'NOWAY']);
  });

  it('refuses a malformed or unknown country with a localized message', async () => {
    const bad = await search({ shipsTo: 'F1' }, 'fr-FR');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('A00002');
    expect(bad.body.data[0]!.message).toMatch(/code pays/i);
    const unknown = await search({ shipsTo: 'XX' }, 'tr-TR');
    expect(unknown.status).toBe(400);
    expect(unknown.body.data[0]!.message).toContain('XX');
  });
});

describe('GET /api/logistics/ships-to', () => {
  it('names the warehouses that reach a country', async () => {
    const reach = async (country: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/logistics/ships-to?country=${country}` })).json().data;
    expect(await reach('fr')).toEqual({ country: 'FR', warehouses: ['CN', 'EU'] });
    expect(await reach('US')).toEqual({ country: 'US', warehouses: ['CN', 'EU', 'US'] });
    expect(await reach('JP')).toEqual({ country: 'JP', warehouses: ['CN', 'EU'] });
  });
});
