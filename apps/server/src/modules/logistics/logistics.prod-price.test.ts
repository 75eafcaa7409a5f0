import { SaveProductBody } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createProduct, setProductStatus } from '../catalogue/catalogue.admin-products.service';
import { listAdminCategories } from '../catalogue/catalogue.categories.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let lamp: { prodId: number; skuId: number };
let powerBank: { prodId: number; skuId: number };
let usChair: { prodId: number; skuId: number };

/** A product through the catalogue's own service, with known weight, sizes, attribute and warehouse. */
async function product(
  code: string,
  attribute: 'general' | 'battery',
  warehouse: 'CN' | 'US',
  sku: { weight: number; length: number; width: number; height: number },
) {
  const [category] = await listAdminCategories(ctx.db);
  const created = await createProduct(
    ctx.db,
    SaveProductBody.parse({
      categoryId: category!.categoryId,
      attribute,
      warehouse,
      translations: { 'en-US': { title: `Test ${code}`, brief: '', description: '' } },
      skus: [{ skuCode: code, price: 10, oriPrice: 12, stocks: 100, ...sku }],
    }),
  );
  return { prodId: created.prodId, skuId: created.skus[0]!.skuId };
}

beforeAll(async () => {
  ctx = await createTestApp();
  lamp = await product('LOG-LAMP', 'general', 'CN', { weight: 0.4, length: 20, width: 15, height: 10 });
  powerBank = await product('LOG-POWER', 'battery', 'CN', { weight: 0.25, length: 15, width: 8, height: 2 });
  usChair = await product('LOG-CHAIR', 'general', 'US', { weight: 6.5, length: 60, width: 50, height: 20 });
});
afterAll(() => ctx.app.close());

const price = (payload: Record<string, unknown>, lang = 'en-US') =>
  ctx.app.inject({ method: 'POST', url: '/api/logistics/prod/price', headers: { 'accept-language': lang }, payload });

describe('POST /api/logistics/prod/price', () => {
  it('prices one unit of a SKU from its warehouse, cheapest first', async () => {
    const res = await price({ ...lamp, count: 1, countryCode: 'FR' });
    expect(res.statusCode).toBe(200);
    const options = res.json().data.options as Array<{ code: string; price: number; chargeableWeight: number }>;
    // 0.4 kg, 20×15×10 cm: volumetric 0.375 (8000), 0.5 (6000), 0.6 (5000) kg.
    expect(options.map((o) => [o.code, o.price, o.chargeableWeight])).toEqual([
      ['CN_POST_AIR', 4.8, 0.4],
      ['YUN_STANDARD', 5.8, 0.5],
      ['YUN_SENSITIVE', 8.2, 0.5],
      ['DHL_EXPRESS', 22.5, 0.6],
      ['SEA_FREIGHT', 45, 0.5],
    ]);
  });

  it('multiplies the weight by the count and stacks the units in one box', async () => {
    const res = await price({ ...lamp, count: 3, countryCode: 'FR' });
    const options = res.json().data.options as Array<{ code: string; price: number; chargeableWeight: number }>;
    // 1.2 kg actual; 20×15×30 cm = 9000 cm³: 1.125 (8000), 1.5 (6000), 1.8 (5000) kg.
    expect(options.find((o) => o.code === 'CN_POST_AIR')).toMatchObject({ chargeableWeight: 1.2, price: 7.2 });
    expect(options.find((o) => o.code === 'YUN_STANDARD')).toMatchObject({ chargeableWeight: 1.5, price: 9.2 });
    expect(options.find((o) => o.code === 'DHL_EXPRESS')).toMatchObject({ chargeableWeight: 1.8, price: 31.5 });
  });

  it("uses the product's attribute: battery goods leave out the methods refusing them", async () => {
    const res = await price({ ...powerBank, count: 2, countryCode: 'TR' }, 'tr-TR');
    const body = res.json().data;
    expect(body.options.map((o: { code: string }) => o.code)).toEqual(['YUN_STANDARD', 'YUN_SENSITIVE', 'DHL_EXPRESS']);
    expect(
      body.excluded
        .filter((e: { reasonCode: string }) => e.reasonCode === 'attribute')
        .map((e: { reason: string }) => e.reason),
    ).toEqual(['Pilli ürünleri kabul etmiyor', 'Pilli ürünleri kabul etmiyor']);
  });

  it("uses the product's warehouse: a US product has only the US methods", async () => {
    const res = await price({ ...usChair, count: 1, countryCode: 'CA' });
    expect(res.json().data.options.map((o: { code: string }) => o.code)).toEqual(['UPS_GROUND']);
  });

  it('answers "no method ships there" as a success: no options, every method with its reason', async () => {
    const none = await price({ ...usChair, count: 1, countryCode: 'GB' }, 'zh-CN');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ code: '00000', success: true, data: { options: [] } });
    expect(
      none
        .json()
        .data.excluded.map((e: { code: string; reasonCode: string; reason: string }) => [
          e.code,
          e.reasonCode,
          e.reason,
        ]),
    ).toEqual([
      ['USPS_GROUND', 'destination', '不配送至英国'],
      ['UPS_GROUND', 'destination', '不配送至英国'],
    ]);
  });

  it('answers an unknown product, a SKU of another product and a taken-down product with not-found', async () => {
    for (const payload of [
      { prodId: 999_999, skuId: lamp.skuId },
      { prodId: lamp.prodId, skuId: powerBank.skuId },
    ]) {
      const res = await price({ ...payload, count: 1, countryCode: 'FR' }, 'fr-FR');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'A00006', msg: 'Le produit est introuvable' });
    }
    await setProductStatus(ctx.db, powerBank.prodId, 'off');
    const off = await price({ ...powerBank, count: 1, countryCode: 'FR' });
    expect(off.statusCode).toBe(404);
    expect(off.json().msg).toBe('The product was not found');
  });

  it('validates the count and the country', async () => {
    const res = await price({ ...lamp, count: 0, countryCode: 'XX' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'count', message: 'quantity must be greater than 0' }]);
    const country = await price({ ...lamp, count: 1, countryCode: 'XX' });
    expect(country.json().data).toEqual([{ field: 'countryCode', message: 'XX is not a known country code' }]);
    const missing = await price({ prodId: lamp.prodId, count: 1, countryCode: 'FR' });
    expect(missing.json().data).toEqual([{ field: 'skuId', message: 'Please enter product variant' }]);
  });
});
