import { describe, expect, it } from 'vitest';
import {
  type MethodForQuote,
  type Parcel,
  chargeableGrams,
  cmToHundredths,
  kgToGrams,
  pickRate,
  quote,
  quoteMethod,
  rateMinor,
  volumetricGrams,
} from './logistics.pricing';

const box = (kg: number, l: number, w: number, h: number, extra: Partial<Parcel> = {}): Parcel => ({
  type: 'parcel',
  to: 'FR',
  weightG: kgToGrams(kg),
  lengthHcm: cmToHundredths(l),
  widthHcm: cmToHundredths(w),
  heightHcm: cmToHundredths(h),
  attribute: 'general',
  ...extra,
});

const firstHalfKilo = {
  maxWeightG: 2000,
  firstWeightG: 500,
  firstPriceMinor: 500,
  stepWeightG: 500,
  stepPriceMinor: 120,
};

const method = (over: Partial<MethodForQuote> = {}): MethodForQuote => ({
  id: 1,
  code: 'TEST',
  name: 'Test',
  volumetricDivisor: 5000,
  minDays: 5,
  maxDays: 9,
  refusedAttributes: [],
  warehouseCountry: 'CN',
  zones: [{ countries: ['FR', 'DE'], rates: [firstHalfKilo] }],
  ...over,
});

describe('chargeable weight', () => {
  it('a 1 kg box of 40×30×20 cm with divisor 5000 weighs 4.8 kg volumetrically', () => {
    expect(volumetricGrams(box(1, 40, 30, 20), 5000)).toBe(4800);
    expect(chargeableGrams(box(1, 40, 30, 20), 5000)).toBe(4800);
  });

  it('the same box with divisor 8000 is 3 kg, and a heavy small box is charged by actual weight', () => {
    expect(chargeableGrams(box(1, 40, 30, 20), 8000)).toBe(3000);
    expect(chargeableGrams(box(6.5, 40, 30, 20), 5000)).toBe(6500);
  });

  it('rounds a volumetric fraction of a gram up, from two-decimal sizes', () => {
    // 10.01 × 10 × 10 = 1001 cm³ / 6000 = 166.83 g → 167 g
    expect(volumetricGrams(box(0.01, 10.01, 10, 10), 6000)).toBe(167);
  });

  it('does not overflow on the largest sizes allowed', () => {
    expect(volumetricGrams(box(1, 1000, 1000, 1000), 5000)).toBe(200_000_000);
  });

  it('charges a document by its actual weight only', () => {
    expect(chargeableGrams(box(0.2, 40, 30, 20, { type: 'document' }), 5000)).toBe(200);
  });
});

describe('step pricing', () => {
  it('first 0.5 kg $5.00 + each extra 0.5 kg $1.20: 1.3 kg costs 5.00 + 2 × 1.20 = 7.40', () => {
    expect(rateMinor(firstHalfKilo, 1300)).toBe(740);
  });

  it('charges only the first weight up to it, and a started step in full', () => {
    expect(rateMinor(firstHalfKilo, 100)).toBe(500);
    expect(rateMinor(firstHalfKilo, 500)).toBe(500);
    expect(rateMinor(firstHalfKilo, 501)).toBe(620);
    expect(rateMinor(firstHalfKilo, 1000)).toBe(620);
  });

  it('picks the lightest band that holds the weight, the open band last', () => {
    const bands = [{ ...firstHalfKilo, maxWeightG: null, stepWeightG: 1000, stepPriceMinor: 800 }, firstHalfKilo];
    expect(pickRate(bands, 2000)).toBe(bands[1]);
    expect(pickRate(bands, 2001)).toBe(bands[0]);
    expect(pickRate([firstHalfKilo], 2001)).toBeUndefined();
  });
});

describe('quote', () => {
  it('excludes a method refusing the attribute, one not serving the country, one over its limit', () => {
    const battery = quoteMethod(
      method({ refusedAttributes: ['battery'] }),
      box(1, 10, 10, 10, { attribute: 'battery' }),
    );
    expect(battery).toMatchObject({ reason: 'attribute', attribute: 'battery' });
    expect(quoteMethod(method(), box(1, 10, 10, 10, { to: 'US' }))).toMatchObject({ reason: 'destination' });
    expect(quoteMethod(method(), box(2.5, 10, 10, 10))).toMatchObject({ reason: 'weight', maxWeightG: 2000 });
  });

  it("serves the rest of the world with '*', but never the warehouse's own country", () => {
    const world = method({ zones: [{ countries: ['*'], rates: [firstHalfKilo] }] });
    expect(quoteMethod(world, box(1, 10, 10, 10, { to: 'BR' }))).toMatchObject({ priceMinor: 620 });
    expect(quoteMethod(world, box(1, 10, 10, 10, { to: 'CN' }))).toMatchObject({ reason: 'destination' });
  });

  it('prefers a zone naming the country over the rest-of-world zone', () => {
    const m = method({
      zones: [
        { countries: ['*'], rates: [{ ...firstHalfKilo, firstPriceMinor: 900 }] },
        { countries: ['FR'], rates: [firstHalfKilo] },
      ],
    });
    expect(quoteMethod(m, box(0.5, 10, 10, 10))).toMatchObject({ priceMinor: 500 });
  });

  it('sorts the options by price ascending', () => {
    const dear = method({
      id: 1,
      code: 'DEAR',
      zones: [{ countries: ['FR'], rates: [{ ...firstHalfKilo, firstPriceMinor: 900 }] }],
    });
    const cheap = method({ id: 2, code: 'CHEAP' });
    const refused = method({ id: 3, code: 'NOPE', refusedAttributes: ['general'] });
    const result = quote([dear, refused, cheap], box(1, 10, 10, 10));
    expect(result.options.map((o) => [o.method.code, o.priceMinor])).toEqual([
      ['CHEAP', 620],
      ['DEAR', 1020],
    ]);
    expect(result.excluded.map((e) => e.method.code)).toEqual(['NOPE']);
  });
});
