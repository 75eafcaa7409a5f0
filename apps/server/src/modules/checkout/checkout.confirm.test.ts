import { SaveProductBody, translate } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../../test/harness';
import { address, signedInUser } from '../../../test/factories';
import { AppError } from '../../platform/app-error';
import { createProduct, setProductStatus } from '../catalogue/catalogue.admin-products.service';
import { listAdminCategories } from '../catalogue/catalogue.categories.service';
import { verifyConfirmToken } from './checkout.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let lamp: { prodId: number; skuId: number };
const SECRET = testConfig().secretKey;

/** A user with a session and, optionally, a consignee address in `country` and a billing address. */
async function user({ consignee, billing = true }: { consignee?: string; billing?: boolean } = {}) {
  const { userId, token } = await signedInUser(ctx.db);
  const addresses: Record<string, string> = {};
  for (const [kind, country] of [
    ['consignee', consignee],
    ['billing', billing ? 'GB' : undefined],
  ] as const) {
    if (!country) continue;
    const res = await post(token, '/api/p/address', address(kind, country));
    expect(res.json().code).toBe('00000');
    addresses[kind] = res.json().data.addrId;
  }
  return { userId, token, addresses };
}

const post = (token: string, url: string, payload: object, lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
const confirm = (token: string, body: object, lang = 'en-US') => post(token, '/api/p/order/prod/confirm', body, lang);

beforeAll(async () => {
  ctx = await createTestApp();
  const [category] = await listAdminCategories(ctx.db);
  // 0.4 kg, 20×15×10 cm from the CN warehouse: the logistics tests price it (CN_POST_AIR to FR: 4.80 for one, 7.20 for three).
  const created = await createProduct(
    ctx.db,
    SaveProductBody.parse({
      categoryId: category!.categoryId,
      attribute: 'general',
      warehouse: 'CN',
      translations: {
        'en-US': { title: 'Desk lamp', brief: '', description: '' },
        'fr-FR': { title: 'Lampe de bureau', brief: '', description: '' },
      },
      skus: [
        { skuCode: 'CO-LAMP', price: 19.99, oriPrice: 25, stocks: 5, weight: 0.4, length: 20, width: 15, height: 10 },
      ],
    }),
  );
  lamp = { prodId: created.prodId, skuId: created.skus[0]!.skuId };
});
afterAll(() => ctx.app.close());

describe('POST /api/p/order/prod/confirm', () => {
  it('prices three lamps to France: goods, cheapest shipping, 2 % fee, 20 % VAT rounded once', async () => {
    const ada = await user({ consignee: 'FR' });
    const res = await confirm(ada.token, { ...lamp, count: 3 }, 'fr-FR');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.lines).toEqual([
      expect.objectContaining({
        ...lamp,
        skuCode: 'CO-LAMP',
        title: 'Lampe de bureau',
        count: 3,
        unitPrice: 19.99,
        lineTotal: 59.97,
      }),
    ]);
    // 59.97 goods; CN_POST_AIR 7.20; fee 59.97 × 2 % = 1.1994 → 1.20; VAT 59.97 × 20 % = 11.994 → 11.99.
    expect(data).toMatchObject({
      goodsTotal: 59.97,
      shipping: 7.2,
      serviceFee: 1.2,
      serviceFeeRate: 2,
      tax: 11.99,
      taxRate: 20,
      total: 80.36,
    });
    expect(data.shippingOptions[0]).toMatchObject({ code: 'CN_POST_AIR', price: 7.2, selected: true });
    expect(data.shippingOptions.filter((o: { selected: boolean }) => o.selected)).toHaveLength(1);
    expect(data.consignee).toMatchObject({ addrId: ada.addresses.consignee, country: 'FR' });
    expect(data.billing).toMatchObject({ addrId: ada.addresses.billing, country: 'GB' });
  });

  it('prices one lamp to Turkey with the chosen method and the logistics quote for it', async () => {
    const can = await user({ consignee: 'TR' });
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/logistics/prod/price',
      payload: { ...lamp, count: 1, countryCode: 'TR' },
    });
    const options = quote.json().data.options as Array<{
      code: string;
      price: number;
      days: { min: number; max: number };
    }>;
    const dearest = options[options.length - 1]!;
    const res = await confirm(can.token, { ...lamp, count: 1, shippingMethod: dearest.code });
    const data = res.json().data;
    expect(data.shippingOptions.map((o: { code: string; price: number }) => [o.code, o.price])).toEqual(
      options.map((o) => [o.code, o.price]),
    );
    expect(data.shippingOptions.find((o: { selected: boolean }) => o.selected)).toMatchObject({
      code: dearest.code,
      days: dearest.days,
    });
    // 19.99 goods; fee 0.3998 → 0.40; KDV 20 %: 3.998 → 4.00.
    expect(data).toMatchObject({ goodsTotal: 19.99, shipping: dearest.price, serviceFee: 0.4, tax: 4, taxRate: 20 });
    expect(data.total).toBe(Math.round((19.99 + dearest.price + 0.4 + 4) * 100) / 100);
  });

  it('without a consignee address: "The shipping address is empty" with the link to the profile', async () => {
    const bea = await user();
    const res = await confirm(bea.token, { ...lamp, count: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'A00001',
      msg: 'The shipping address is empty, please set one in your profile',
    });
    expect(res.json().data).toMatchObject({ reason: 'shipping-address-empty', link: '/user/profile' });
  });

  it('without a billing address: the similar prompt', async () => {
    const cem = await user({ consignee: 'FR', billing: false });
    const res = await confirm(cem.token, { ...lamp, count: 1 }, 'tr-TR');
    expect(res.json()).toMatchObject({
      code: 'A00001',
      msg: 'Fatura adresi boş, lütfen profilinizden bir adres ekleyin',
    });
    expect(res.json().data).toMatchObject({ reason: 'billing-address-empty', link: '/user/profile' });
  });

  it("another user's consignee id is not found, and so is one's own billing address used as consignee", async () => {
    const ada = await user({ consignee: 'FR' });
    const eve = await user({ consignee: 'TR' });
    const res = await confirm(eve.token, { ...lamp, count: 1, consigneeId: ada.addresses.consignee });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The address was not found');
    const billingAsConsignee = await confirm(eve.token, { ...lamp, count: 1, consigneeId: eve.addresses.billing });
    expect(billingAsConsignee.statusCode).toBe(404);
  });

  it('more than the stock, or a taken-down product, is refused with the catalogue messages', async () => {
    const ada = await user({ consignee: 'FR' });
    const tooMany = await confirm(ada.token, { ...lamp, count: 6 });
    expect(tooMany.json()).toMatchObject({
      code: 'A00001',
      msg: 'Not enough stock: 5 left of this variant',
      data: { reason: 'out-of-stock', available: 5 },
    });
    await setProductStatus(ctx.db, lamp.prodId, 'off');
    try {
      const gone = await confirm(ada.token, { ...lamp, count: 1 });
      expect(gone.json()).toMatchObject({
        code: 'A00001',
        msg: 'Sorry! some of the products you have selected have been taken down.',
      });
    } finally {
      await setProductStatus(ctx.db, lamp.prodId, 'on');
    }
  });

  it('the basket route prices several lines the same way (same SKU twice is one line)', async () => {
    const ada = await user({ consignee: 'FR' });
    const res = await post(ada.token, '/api/p/order/basket/confirm', {
      lines: [
        { ...lamp, count: 1 },
        { ...lamp, count: 2 },
      ],
    });
    expect(res.json().data).toMatchObject({ goodsTotal: 59.97, shipping: 7.2, total: 80.36 });
    expect(res.json().data.lines).toHaveLength(1);
  });
});

describe('confirm token', () => {
  async function priced() {
    const ada = await user({ consignee: 'FR' });
    const data = (await confirm(ada.token, { ...lamp, count: 3 })).json().data;
    return { ada, token: data.confirmToken as string, data };
  }
  const refused = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'A00001', reason: 'confirm-invalid', messageKey: 'checkout.confirm-invalid' });
      return;
    }
    throw new Error('the token was accepted');
  };

  it('carries exactly what was priced, for the user it was priced for', async () => {
    const { ada, token } = await priced();
    const claims = verifyConfirmToken(SECRET, token, ada.userId);
    expect(claims).toMatchObject({
      u: ada.userId,
      l: [[lamp.prodId, lamp.skuId, 3, 1999]],
      c: ada.addresses.consignee,
      b: ada.addresses.billing,
      o: [{ m: 'CN_POST_AIR', i: [0], a: { g: 5997, s: 720, f: 120, t: 1199, r: 2000, T: 8036 } }],
    });
  });

  it('is refused when tampered with, signed with another secret, or used by another user', async () => {
    const { ada, token } = await priced();
    const [payload, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    claims.o[0].a.T = 1;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
    refused(() => verifyConfirmToken(SECRET, forged, ada.userId));
    refused(() => verifyConfirmToken(SECRET, `${payload}.${mac.slice(0, -2)}AA`, ada.userId));
    refused(() => verifyConfirmToken('another-secret-0123456789abcdef0123456789', token, ada.userId));
    refused(() => verifyConfirmToken(SECRET, 'garbage', ada.userId));
    const eve = await user();
    refused(() => verifyConfirmToken(SECRET, token, eve.userId));
  });

  it('expires after 15 minutes', async () => {
    const { ada, token, data } = await priced();
    const expires = new Date(data.expiresAt);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(verifyConfirmToken(SECRET, token, ada.userId, new Date(expires.getTime() - 1000)).u).toBe(ada.userId);
    refused(() => verifyConfirmToken(SECRET, token, ada.userId, expires));
  });

  it('says "Order information check wrong, retry" in the four languages', () => {
    expect(translate('en-US', 'checkout.confirm-invalid')).toBe('Order information check wrong, retry');
    for (const lang of ['zh-CN', 'fr-FR', 'tr-TR'] as const)
      expect(translate(lang, 'checkout.confirm-invalid')).not.toBe('Order information check wrong, retry');
  });
});
