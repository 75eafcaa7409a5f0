import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

type Quote = {
  options: Array<{
    methodId: number;
    code: string;
    name: string;
    price: number;
    days: { min: number; max: number };
    chargeableWeight: number;
  }>;
  excluded: Array<{ code: string; name: string; reasonCode: string; reason: string }>;
};

const box = {
  type: 'parcel',
  from: 'CN',
  to: 'FR',
  weight: 1,
  length: 40,
  width: 30,
  height: 20,
  attribute: 'general',
};

async function calculate(payload: Record<string, unknown>, lang = 'en-US') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/logistics/calculate',
    headers: { 'accept-language': lang },
    payload,
  });
}

describe('POST /api/logistics/calculate', () => {
  it('prices every method that can carry a 1 kg box of 40×30×20 cm, cheapest first', async () => {
    const res = await calculate(box);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: '00000', success: true });
    const quote = body.data as Quote;
    expect(quote.options.map((o) => [o.code, o.price, o.chargeableWeight])).toEqual([
      // divisor 6000: 4 kg → 5.80 + 7 × 1.70
      ['YUN_STANDARD', 17.7, 4],
      // the sensitive-goods line, dearer: 8.20 + 7 × 2.20
      ['YUN_SENSITIVE', 23.6, 4],
      // first 10 kg always paid
      ['SEA_FREIGHT', 45, 4],
      // divisor 5000: 4.8 kg (volumetric beats the actual 1 kg) → 18.00 + 5 × 8.00 in the band above 2 kg
      ['DHL_EXPRESS', 58, 4.8],
    ]);
    const dhl = quote.options.find((o) => o.code === 'DHL_EXPRESS')!;
    expect(dhl).toMatchObject({ name: 'DHL Express', days: { min: 3, max: 6 } });
    expect(quote.excluded).toEqual([
      expect.objectContaining({
        code: 'CN_POST_AIR',
        reasonCode: 'weight',
        reason: 'Over the weight limit (2 kg at most)',
      }),
      expect.objectContaining({
        code: 'SF_CN_DOMESTIC',
        reasonCode: 'destination',
        reason: 'Does not deliver to France',
      }),
    ]);
  });

  it.each([
    ['en-US', 'Refuses battery goods', 'China Post Registered Air Mail'],
    ['zh-CN', '不接受带电产品', '中国邮政挂号小包'],
    ['fr-FR', "N'accepte pas les produits avec batterie", 'China Post – courrier aérien recommandé'],
    ['tr-TR', 'Pilli ürünleri kabul etmiyor', 'China Post Kayıtlı Hava Postası'],
  ])('excludes the methods refusing battery goods, saying why in %s', async (lang, reason, name) => {
    const res = await calculate({ ...box, weight: 0.3, length: 10, width: 10, height: 5, attribute: 'battery' }, lang);
    const quote = res.json().data as Quote;
    expect(quote.excluded.find((e) => e.code === 'CN_POST_AIR')).toEqual({
      methodId: expect.any(Number),
      code: 'CN_POST_AIR',
      name,
      reasonCode: 'attribute',
      reason,
    });
    expect(quote.excluded.find((e) => e.code === 'SEA_FREIGHT')?.reasonCode).toBe('attribute');
    // YunExpress (both lines) and DHL carry batteries.
    expect(quote.options.map((o) => o.code)).toEqual(['YUN_STANDARD', 'YUN_SENSITIVE', 'DHL_EXPRESS']);
  });

  it('uses the domestic method and no rest-of-world zone inside the warehouse country', async () => {
    const quote = (await calculate({ ...box, to: 'CN', length: 10, width: 10, height: 10 })).json().data as Quote;
    expect(quote.options.map((o) => [o.code, o.price])).toEqual([['SF_CN_DOMESTIC', 2.5]]);
    expect(quote.excluded.every((e) => e.reasonCode === 'destination')).toBe(true);
  });

  it('prices a document envelope by its actual weight, sizes optional', async () => {
    const res = await calculate({ type: 'document', from: 'CN', to: 'US', weight: 0.2 });
    const quote = res.json().data as Quote;
    expect(quote.options[0]).toMatchObject({ code: 'CN_POST_AIR', price: 4.2, chargeableWeight: 0.2 });
  });

  it.each([
    ['en-US', 'Shipping information not found', 'Does not deliver to France'],
    ['zh-CN', '未找到物流信息', '不配送至法国'],
    ['fr-FR', 'Informations de livraison introuvables', 'Pas de livraison vers ce pays : France'],
    ['tr-TR', 'Kargo bilgisi bulunamadı', 'Şu ülkeye teslimat yapmıyor: Fransa'],
  ])(
    'answers "Shipping information not found" with the reasons when nothing can carry it (%s)',
    async (lang, msg, reason) => {
      const res = await calculate({ ...box, from: 'US' }, lang);
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ code: 'A00001', success: false, msg });
      expect(body.data.options).toEqual([]);
      expect(body.data.excluded.map((e: { code: string; reason: string }) => [e.code, e.reason])).toEqual([
        ['USPS_GROUND', reason],
        ['UPS_GROUND', reason],
      ]);
    },
  );

  describe('validation, in the caller language', () => {
    const cases = [
      [
        'en-US',
        'weight must be greater than 0',
        'weight can have at most 2 decimals',
        'Please choose the warehouse the goods ship from',
      ],
      ['zh-CN', '重量必须大于 0', '重量最多保留两位小数', '请选择发货仓库'],
      [
        'fr-FR',
        'le poids doit être supérieur à 0',
        'le poids peut avoir au plus 2 décimales',
        "Veuillez choisir l'entrepôt d'expédition",
      ],
      [
        'tr-TR',
        "ağırlık 0'dan büyük olmalıdır",
        'ağırlık en fazla 2 ondalık basamak içerebilir',
        'Lütfen gönderimin yapılacağı depoyu seçin',
      ],
    ] as const;

    it.each(cases)('%s: weight 0, weight 1.234, missing from', async (lang, positive, decimals, from) => {
      const zero = await calculate({ ...box, weight: 0 }, lang);
      expect(zero.statusCode).toBe(400);
      expect(zero.json()).toMatchObject({
        code: 'A00002',
        success: false,
        msg: positive,
        data: [{ field: 'weight', message: positive }],
      });

      const tooPrecise = await calculate({ ...box, weight: 1.234 }, lang);
      expect(tooPrecise.json().data).toEqual([{ field: 'weight', message: decimals }]);

      const { from: _omitted, ...noFrom } = box;
      const missing = await calculate(noFrom, lang);
      expect(missing.json().data).toEqual([{ field: 'from', message: from }]);
    });

    it('lists every bad field at once and asks for the sizes of a parcel', async () => {
      const res = await calculate({ from: 'CN', to: 'FR', weight: 1, length: -2, width: 10.5 });
      const byField = Object.fromEntries(
        res.json().data.map((f: { field: string; message: string }) => [f.field, f.message]),
      );
      expect(byField).toEqual({ length: 'length must be greater than 0', height: 'Please enter height' });
    });

    it('refuses an unknown warehouse and an unknown country on their fields', async () => {
      const res = await calculate({ ...box, from: 'XX', to: 'ZZ' }, 'fr-FR');
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toEqual([
        { field: 'from', message: "L'entrepôt XX n'existe pas" },
        { field: 'to', message: "ZZ n'est pas un code pays connu" },
      ]);
    });

    it('refuses an attribute outside the list', async () => {
      const res = await calculate({ ...box, attribute: 'explosive' });
      expect(res.json().data).toEqual([
        { field: 'attribute', message: 'Please choose a goods attribute from the list' },
      ]);
    });
  });
});

describe('GET /api/logistics/warehouse and attributes', () => {
  it('lists the warehouses with names in the caller language', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/logistics/warehouse',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.json().data).toEqual([
      { code: 'CN', name: '中国仓（深圳）', country: 'CN' },
      { code: 'US', name: '美国仓（洛杉矶）', country: 'US' },
      { code: 'EU', name: '欧洲仓（法兰克福）', country: 'DE' },
    ]);
  });

  it('lists the goods attributes with their names', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/logistics/attributes',
      headers: { 'accept-language': 'tr-TR' },
    });
    expect(res.json().data).toContainEqual({ code: 'battery', name: 'Pilli' });
    expect(res.json().data).toHaveLength(6);
  });
});

describe('contract', () => {
  it('documents the logistics and content routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/logistics/calculate'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/logistics/prod/price'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/logistics/zones/{zoneId}'].put).toBeDefined();
    expect(doc.paths['/api/content/pages/{slug}'].get).toBeDefined();
    expect(doc.paths['/api/indexImgs'].get).toBeDefined();
  });
});
