import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let demo: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  demo = await sessionFor(ctx.db, 'demo@example.com');
});
afterAll(() => ctx.app.close());

const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, lang = 'en-US') =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

describe('/api/admin/tax-rates', () => {
  it('lists the demo rates in percent', async () => {
    const res = await call(operator, 'GET', '/api/admin/tax-rates');
    const rates = res.json().data as Array<{ country: string; rate: number; updatedBy: string | null }>;
    expect(Object.fromEntries(rates.map((r) => [r.country, r.rate]))).toMatchObject({
      FR: 20,
      TR: 20,
      DE: 19,
      GB: 20,
      CN: 13,
      US: 0,
    });
  });

  it('sets, changes and deletes a rate; the operator is recorded', async () => {
    const put = await call(operator, 'PUT', '/api/admin/tax-rates/at', { rate: 19.5 });
    expect(put.json().data).toMatchObject({ country: 'AT', rate: 19.5 });
    expect(put.json().data.updatedBy).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(operator, 'PUT', '/api/admin/tax-rates/AT', { rate: 20 })).json().data.rate).toBe(20);
    expect((await call(operator, 'DELETE', '/api/admin/tax-rates/AT')).json().code).toBe('00000');
    const again = await call(operator, 'DELETE', '/api/admin/tax-rates/AT', undefined, 'fr-FR');
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe("Aucun taux de taxe n'est défini pour ce pays");
    const list = (await call(operator, 'GET', '/api/admin/tax-rates')).json().data as Array<{ country: string }>;
    expect(list.map((r) => r.country)).not.toContain('AT');
  });

  it('refuses an unknown country, a rate over 100 % or with three decimals', async () => {
    expect((await call(operator, 'PUT', '/api/admin/tax-rates/XX', { rate: 10 })).json().code).toBe('A00002');
    expect((await call(operator, 'PUT', '/api/admin/tax-rates/FR', { rate: 101 })).json().code).toBe('A00002');
    expect((await call(operator, 'PUT', '/api/admin/tax-rates/FR', { rate: 19.555 })).json().code).toBe('A00002');
  });

  it('is for operators only', async () => {
    expect((await call(demo, 'GET', '/api/admin/tax-rates')).statusCode).toBe(403);
    expect((await call(demo, 'PUT', '/api/admin/tax-rates/FR', { rate: 0 })).statusCode).toBe(403);
    expect((await call(demo, 'DELETE', '/api/admin/tax-rates/FR')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/tax-rates' })).statusCode).toBe(401);
  });
});
