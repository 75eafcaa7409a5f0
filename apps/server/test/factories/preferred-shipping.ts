import { SaveProductBody } from '@dsm/contract';
import { expect } from 'vitest';
import { type createTestApp, sessionFor } from '../harness';

/**
 * A shipping world of the preferred-shipping tests' own (a change of the demo rates cannot move
 * their figures), built through the operator's API:
 *   PSA (CN) — PSA_AIR to JP/FR 5.00 the first kg + 1.00 a kg (6–10 days);
 *              PSA_EXP to JP 12.00, at most 1 kg (2–4 days);
 *              PSA_SEA to JP/FR 3.00, refuses batteries (20–40 days).
 *   PSB (US) — PSB_GROUND to JP 7.00 (5–9 days).
 * Products: a (PSA, 0.4 kg), heavy (PSA, 2 kg), batt (PSA, 0.2 kg battery), b (PSB, 0.5 kg).
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
export type ShippingWorld = Awaited<ReturnType<typeof shippingWorld>>;

export async function shippingWorld(ctx: Ctx) {
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const admin = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${operator}` } });
    expect(res.json().code, JSON.stringify(res.json())).toBe('00000');
    return res.json().data;
  };
  for (const [code, country] of [
    ['PSA', 'CN'],
    ['PSB', 'US'],
  ])
    await admin('POST', '/api/admin/logistics/warehouses', {
      code,
      country,
      names: { 'en-US': `Warehouse ${code}`, 'fr-FR': `Entrepôt ${code}` },
    });
  const rate = (firstPrice: number, maxWeight: number | null = null, stepPrice = 0) => ({
    maxWeight,
    firstWeight: 1,
    firstPrice,
    stepWeight: 1,
    stepPrice,
  });
  const methods: Record<string, number> = {};
  const method = async (
    code: string,
    warehouse: string,
    days: [number, number],
    countries: string[],
    r: object,
    refused: string[] = [],
  ) => {
    const created = await admin('POST', '/api/admin/logistics/methods', {
      code,
      warehouse,
      names: { 'en-US': `${code} line`, 'fr-FR': `Ligne ${code}` },
      volumetricDivisor: 5000,
      minDays: days[0],
      maxDays: days[1],
      refusedAttributes: refused,
    });
    await admin('POST', `/api/admin/logistics/methods/${created.methodId}/zones`, {
      name: countries.join(' '),
      countries,
      rates: [r],
    });
    methods[code] = created.methodId as number;
  };
  await method('PSA_AIR', 'PSA', [6, 10], ['JP', 'FR'], rate(5, null, 1));
  await method('PSA_EXP', 'PSA', [2, 4], ['JP'], rate(12, 1));
  await method('PSA_SEA', 'PSA', [20, 40], ['JP', 'FR'], rate(3), ['battery']);
  await method('PSB_GROUND', 'PSB', [5, 9], ['JP'], rate(7));

  const categoryId = ((await admin('GET', '/api/admin/catalogue/categories')) as Array<{ categoryId: number }>)[0]!
    .categoryId;
  const product = async (warehouse: string, code: string, weight: number, attribute = 'general') => {
    const created = await admin(
      'POST',
      '/api/admin/catalogue/products',
      SaveProductBody.parse({
        categoryId,
        attribute,
        warehouse,
        translations: {
          'en-US': { title: `Item ${code}`, brief: '', description: '' },
          'fr-FR': { title: `Article ${code}`, brief: '', description: '' },
        },
        skus: [{ skuCode: code, price: 10, oriPrice: 10, stocks: 50, weight, length: 10, width: 10, height: 5 }],
      }),
    );
    return { prodId: created.prodId as number, skuId: created.skus[0].skuId as number };
  };
  const products = {
    a: await product('PSA', 'PS-A', 0.4),
    heavy: await product('PSA', 'PS-HEAVY', 2),
    batt: await product('PSA', 'PS-BATT', 0.2, 'battery'),
    b: await product('PSB', 'PS-B', 0.5),
  };
  /** Turns a method off (or on) as the operator does. */
  const setActive = async (code: string, active: boolean) => {
    const m = await admin('GET', `/api/admin/logistics/methods/${methods[code]}`);
    await admin('PUT', `/api/admin/logistics/methods/${methods[code]}`, {
      warehouse: m.warehouse,
      names: m.names,
      volumetricDivisor: m.volumetricDivisor,
      minDays: m.minDays,
      maxDays: m.maxDays,
      refusedAttributes: m.refusedAttributes,
      active,
    });
  };
  return { methods, products, setActive };
}
