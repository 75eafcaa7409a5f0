import type { PreferredShippingMethod } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { type ShippingWorld, shippingWorld, signedInUser } from '../../../test/factories';
import { type PreferenceChange, onPreferenceChange } from './preferred-shipping.service';

/** `/api/p/preferred-shipping…` on the test's own shipping world (test/factories/preferred-shipping.ts). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
const changes: PreferenceChange[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
  // What store orders will subscribe in composition.ts: here a recorder.
  onPreferenceChange(ctx.db, 'test.record', async (_uow, change) => {
    changes.push(change);
  });
});
afterAll(() => ctx.app.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'en-US',
) =>
  ctx.app.inject({
    method,
    url: `/api/p/preferred-shipping${url}`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
const ours = (list: PreferredShippingMethod[]) => list.filter((m) => m.warehouse.code.startsWith('PS'));

describe('the methods to choose from', () => {
  it('for a product to a country: its warehouse’s methods priced for one unit, cheapest first, then those that cannot with why', async () => {
    const { token } = await signedInUser(ctx.db);
    const res = await call(token, 'GET', `/methods?prodId=${world.products.heavy.prodId}&country=jp`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ code: 'PSA_SEA', price: 3, days: { min: 20, max: 40 }, available: true, reason: null }),
      expect.objectContaining({ code: 'PSA_AIR', name: 'PSA_AIR line', price: 6, available: true, priceFrom: false }),
      expect.objectContaining({
        code: 'PSA_EXP',
        price: null,
        available: false,
        reason: 'Over the weight limit (1 kg at most)',
        warehouse: { code: 'PSA', name: 'Warehouse PSA', country: 'CN' },
      }),
    ]);
    const fr = await call(token, 'GET', `/methods?prodId=${world.products.batt.prodId}&country=JP`, undefined, 'fr-FR');
    expect(fr.json().data.find((m: { code: string }) => m.code === 'PSA_SEA')).toMatchObject({
      name: 'Ligne PSA_SEA',
      available: false,
    });
  });

  it('for all products: every method, from its least price there, or why it does not reach the country', async () => {
    const { token } = await signedInUser(ctx.db);
    const res = await call(token, 'GET', '/methods?country=FR');
    const list = ours(res.json().data);
    expect(list.map((m) => [m.code, m.price, m.priceFrom, m.available, m.reason])).toEqual([
      ['PSA_SEA', 3, true, true, null],
      ['PSA_AIR', 5, true, true, null],
      ['PSA_EXP', null, false, false, 'Does not deliver to France'],
      ['PSB_GROUND', null, false, false, 'Does not deliver to France'],
    ]);
    // All countries: no price, every method available.
    const all = ours((await call(token, 'GET', '/methods')).json().data);
    expect(all.every((m) => m.price === null && m.available)).toBe(true);
    expect(all).toHaveLength(4);
  });

  it('refuses an unknown country and a product that is not in the catalogue, in the caller’s language', async () => {
    const { token } = await signedInUser(ctx.db);
    const bad = await call(token, 'GET', '/methods?country=QQ', undefined, 'fr-FR');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'A00002', data: [{ field: 'country' }] });
    const malformed = await call(token, 'GET', '/methods?country=USA');
    expect(malformed.json().data).toEqual([
      { field: 'country', message: 'Please use a two-letter country code, such as US' },
    ]);
    const missing = await call(token, 'GET', '/methods?prodId=99999999&country=JP');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The product was not found');
  });
});

describe('rules: create, list, change, delete', () => {
  it('creates a rule and lists it with the product, the country and what the method costs and takes', async () => {
    const { token, userId } = await signedInUser(ctx.db);
    const created = await call(token, 'POST', '', {
      prodId: world.products.a.prodId,
      country: 'jp',
      methodId: world.methods.PSA_AIR,
    });
    expect(created.statusCode).toBe(200);
    const rule = created.json().data;
    expect(rule).toMatchObject({
      prodId: world.products.a.prodId,
      product: { title: 'Item PS-A' },
      country: 'JP',
      countryName: 'Japan',
      method: { code: 'PSA_AIR', name: 'PSA_AIR line', price: 5, days: { min: 6, max: 10 }, available: true },
    });
    const all = await call(token, 'POST', '', { prodId: null, country: null, methodId: world.methods.PSA_EXP });
    expect(all.json().data).toMatchObject({ prodId: null, product: null, country: null, method: { price: null } });
    const list = await call(token, 'GET', '', undefined, 'fr-FR');
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([all.json().data.id, rule.id]);
    expect(list.json().data[1]).toMatchObject({ countryName: 'Japon', product: { title: 'Article PS-A' } });
    expect(changes.filter((c) => c.userId === userId)).toEqual([
      {
        userId,
        ruleId: rule.id,
        kind: 'saved',
        before: null,
        after: { prodId: world.products.a.prodId, country: 'JP', methodId: world.methods.PSA_AIR },
      },
      expect.objectContaining({
        kind: 'saved',
        after: { prodId: null, country: null, methodId: world.methods.PSA_EXP },
      }),
    ]);
  });

  it('keeps one rule per product and country: a second is a 409 that says to change the first', async () => {
    const { token } = await signedInUser(ctx.db);
    const body = { prodId: null, country: 'JP', methodId: world.methods.PSA_AIR };
    expect((await call(token, 'POST', '', body)).statusCode).toBe(200);
    const again = await call(token, 'POST', '', { ...body, methodId: world.methods.PSA_SEA }, 'tr-TR');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'A00007', data: { reason: 'preference-exists' } });
    expect(again.json().msg).toBe('Bu ürün ve ülke için zaten bir tercihiniz var: onu değiştirin');
    expect((await call(token, 'GET', '')).json().data).toHaveLength(1);
  });

  it('refuses a method that cannot carry the product there, one of another warehouse, or none, under the field', async () => {
    const { token } = await signedInUser(ctx.db);
    const heavy = world.products.heavy.prodId;
    const tooHeavy = await call(token, 'POST', '', { prodId: heavy, country: 'JP', methodId: world.methods.PSA_EXP });
    expect(tooHeavy.statusCode).toBe(400);
    expect(tooHeavy.json().data).toEqual([
      {
        field: 'methodId',
        message: 'PSA_EXP line cannot carry this product there: Over the weight limit (1 kg at most)',
      },
    ]);
    const elsewhere = await call(token, 'POST', '', {
      prodId: heavy,
      country: null,
      methodId: world.methods.PSB_GROUND,
    });
    expect(elsewhere.json().data).toEqual([
      { field: 'methodId', message: 'PSB_GROUND line ships from Warehouse PSB, and this product does not' },
    ]);
    const notThere = await call(
      token,
      'POST',
      '',
      { prodId: null, country: 'FR', methodId: world.methods.PSA_EXP },
      'fr-FR',
    );
    expect(notThere.json().data).toEqual([
      { field: 'methodId', message: 'Ligne PSA_EXP : Pas de livraison vers ce pays : France' },
    ]);
    const none = await call(token, 'POST', '', { prodId: null, country: 'FR' });
    expect(none.json()).toMatchObject({ code: 'A00002', data: [{ field: 'methodId' }] });
    const unknown = await call(token, 'POST', '', { country: 'FR', methodId: 99999999 });
    expect(unknown.json().data).toEqual([
      { field: 'methodId', message: 'This shipping method does not exist or is no longer offered' },
    ]);
    expect((await call(token, 'GET', '')).json().data).toEqual([]);
  });

  it('changes a rule and deletes it; a clash on change is a 409 and changes nothing', async () => {
    const { token, userId } = await signedInUser(ctx.db);
    const a = world.products.a.prodId;
    const first = (await call(token, 'POST', '', { prodId: a, country: 'JP', methodId: world.methods.PSA_AIR })).json()
      .data;
    const second = (await call(token, 'POST', '', { prodId: a, country: null, methodId: world.methods.PSA_AIR })).json()
      .data;
    const changed = await call(token, 'PUT', `/${first.id}`, {
      prodId: a,
      country: 'JP',
      methodId: world.methods.PSA_EXP,
    });
    expect(changed.json().data).toMatchObject({ id: first.id, method: { code: 'PSA_EXP', price: 12 } });
    const clash = await call(token, 'PUT', `/${second.id}`, {
      prodId: a,
      country: 'JP',
      methodId: world.methods.PSA_SEA,
    });
    expect(clash.statusCode).toBe(409);
    expect((await call(token, 'DELETE', `/${first.id}`)).statusCode).toBe(200);
    expect((await call(token, 'DELETE', `/${first.id}`)).statusCode).toBe(404);
    expect((await call(token, 'GET', '')).json().data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const mine = changes.filter((c) => c.userId === userId).map((c) => [c.kind, c.before?.methodId, c.after?.methodId]);
    expect(mine).toEqual([
      ['saved', undefined, world.methods.PSA_AIR],
      ['saved', undefined, world.methods.PSA_AIR],
      ['saved', world.methods.PSA_AIR, world.methods.PSA_EXP],
      ['removed', world.methods.PSA_EXP, undefined],
    ]);
  });

  it('shows a rule whose method the operator turned off as not available, with why', async () => {
    const { token } = await signedInUser(ctx.db);
    await call(token, 'POST', '', { prodId: null, country: 'JP', methodId: world.methods.PSB_GROUND });
    await world.setActive('PSB_GROUND', false);
    try {
      const [rule] = (await call(token, 'GET', '')).json().data;
      expect(rule.method).toMatchObject({
        code: 'PSB_GROUND',
        available: false,
        reason: 'PSB_GROUND line is no longer offered',
      });
    } finally {
      await world.setActive('PSB_GROUND', true);
    }
  });

  it('answers 404 for another user’s rule and for an id that is not one, and 401 without a session', async () => {
    const owner = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    const rule = (await call(owner.token, 'POST', '', { country: 'JP', methodId: world.methods.PSA_AIR })).json().data;
    const body = { country: 'JP', methodId: world.methods.PSA_SEA };
    const put = await call(other.token, 'PUT', `/${rule.id}`, body, 'zh-CN');
    expect(put.statusCode).toBe(404);
    expect(put.json().msg).toBe('该运输偏好不存在');
    expect((await call(other.token, 'DELETE', `/${rule.id}`)).statusCode).toBe(404);
    expect((await call(other.token, 'GET', '')).json().data).toEqual([]);
    expect((await call(other.token, 'DELETE', '/not-a-rule')).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', '')).json().data[0].method.code).toBe('PSA_AIR');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/p/preferred-shipping' });
    expect(anonymous.statusCode).toBe(401);
  });
});
