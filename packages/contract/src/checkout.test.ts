import { describe, expect, it } from 'vitest';
import { goodsTotalMinor, lineTotalMinor, priceOrder, serviceFeeMinor, taxMinor } from './checkout';

describe('checkout pricing (SPEC §9 worked examples)', () => {
  it('a line is unit price × quantity, exactly', () => {
    expect(lineTotalMinor(1999, 3)).toBe(5997);
    expect(
      goodsTotalMinor([
        { unitPriceMinor: 1999, count: 3 },
        { unitPriceMinor: 450, count: 2 },
      ]),
    ).toBe(6897);
  });

  it('tax is the goods total × the rate, rounded half-up to the cent once', () => {
    // 68.97 × 20 % = 13.794 → 13.79
    expect(taxMinor(6897, 2000)).toBe(1379);
    // 0.25 × 19 % = 0.0475 → 0.05 (half-up), 0.05 × 19 % = 0.0095 → 0.01
    expect(taxMinor(25, 1900)).toBe(5);
    expect(taxMinor(5, 1900)).toBe(1);
    // 0.02 × 20 % = 0.004 → 0.00
    expect(taxMinor(2, 2000)).toBe(0);
    expect(taxMinor(12345, 0)).toBe(0);
  });

  it('rounds once on the goods total, not per line', () => {
    // Three lines of 0.05 at 10 %: per line 0.005 → 0.01 each = 0.03; on the total 0.15 → 0.015 → 0.02.
    const lines = [1, 2, 3].map(() => ({ unitPriceMinor: 5, count: 1 }));
    expect(priceOrder({ lines, shippingMinor: 0, serviceFeeBps: 0, taxRateBps: 1000 }).taxMinor).toBe(2);
  });

  it('the service fee is a percentage of the goods, half-up', () => {
    // 68.97 × 2 % = 1.3794 → 1.38
    expect(serviceFeeMinor(6897, 200)).toBe(138);
    expect(serviceFeeMinor(6897, 0)).toBe(0);
  });

  it('total = goods + shipping + service fee + tax (shipping and fee are not taxed)', () => {
    // 2 × 19.99 to France: goods 39.98, shipping 4.80, fee 2 % = 0.7996 → 0.80, VAT 20 % = 7.996 → 8.00.
    const fr = priceOrder({
      lines: [{ unitPriceMinor: 1999, count: 2 }],
      shippingMinor: 480,
      serviceFeeBps: 200,
      taxRateBps: 2000,
    });
    expect(fr).toEqual({
      lineTotalsMinor: [3998],
      goodsMinor: 3998,
      shippingMinor: 480,
      serviceFeeMinor: 80,
      taxMinor: 800,
      totalMinor: 5358,
    });
    // The same to the United States (rate 0): 39.98 + 4.80 + 0.80 + 0 = 45.58.
    const us = priceOrder({
      lines: [{ unitPriceMinor: 1999, count: 2 }],
      shippingMinor: 480,
      serviceFeeBps: 200,
      taxRateBps: 0,
    });
    expect(us.totalMinor).toBe(4558);
  });
});
