import { describe, expect, it } from 'vitest';
import { type PriceRule, priceFor, toStoreMinor, withCentsEnding } from './listings.pricing';

// Worked examples of every listing price rule (issue 22, SPEC §9), in minor units.
const rule = (r: Partial<PriceRule>): PriceRule => ({
  mode: 'multiple',
  multiple: 2.5,
  markupMinor: null,
  centsEnding: null,
  compareAtMultiple: null,
  minMarginPercent: null,
  ...r,
});
const usd = { platformMinor: 1000, shippingMinor: 320, rate: 1 };

describe('listing prices', () => {
  it('multiple: 10.00 × 2.5 + 3.20 shipping = 28.20; cost 13.20, margin 15.00 (53.19 %)', () => {
    expect(priceFor(rule({}), usd)).toEqual({
      ok: true,
      priceMinor: 2820,
      compareAtMinor: null,
      costMinor: 1320,
      marginMinor: 1500,
      marginPercent: 53.19,
    });
  });

  it('rounds once, half-up, after converting: 19.99 × 2.5 = 49.975 → 49.98; 28.20 USD at 0.925 EUR = 26.085 → 26.09', () => {
    expect(priceFor(rule({}), { platformMinor: 1999, shippingMinor: 0, rate: 1 })).toMatchObject({ priceMinor: 4998 });
    expect(priceFor(rule({}), { ...usd, rate: 0.925 })).toMatchObject({ priceMinor: 2609, costMinor: 1221 });
    expect(priceFor(rule({}), { ...usd, rate: 0.92 })).toMatchObject({ priceMinor: 2594, costMinor: 1214 });
    expect(toStoreMinor(1, 0.5)).toBe(1);
  });

  it('cents ending .99 lifts 28.20 to 28.99; 28.99 stays; ending .00 lifts 28.20 to 29.00', () => {
    expect(priceFor(rule({ centsEnding: 99 }), usd)).toMatchObject({ priceMinor: 2899, marginMinor: 1579 });
    expect(withCentsEnding(2899, 99)).toBe(2899);
    expect(withCentsEnding(2800, 99)).toBe(2899);
    expect(withCentsEnding(2820, 0)).toBe(2900);
    expect(withCentsEnding(2820, null)).toBe(2820);
  });

  it('compare-at: a second multiple of the price, with the same ending (28.99 × 1.5 = 43.485 → 43.49 → 43.99)', () => {
    expect(priceFor(rule({ compareAtMultiple: 1.5 }), usd)).toMatchObject({ priceMinor: 2820, compareAtMinor: 4230 });
    expect(priceFor(rule({ compareAtMultiple: 1.5, centsEnding: 99 }), usd)).toMatchObject({
      priceMinor: 2899,
      compareAtMinor: 4399,
    });
    // Not above the price: no saving to show, so none.
    expect(priceFor(rule({ compareAtMultiple: 1 }), usd)).toMatchObject({ compareAtMinor: null });
  });

  it('margin floor: 53.19 % under a 60 % minimum is refused, with the figures; 50 % passes', () => {
    expect(priceFor(rule({ minMarginPercent: 60 }), usd)).toEqual({
      ok: false,
      reason: 'margin-too-low',
      priceMinor: 2820,
      compareAtMinor: null,
      costMinor: 1320,
      marginMinor: 1500,
      marginPercent: 53.19,
    });
    expect(priceFor(rule({ minMarginPercent: 50 }), usd).ok).toBe(true);
  });

  it('fixed markup: the converted cost 13.20 + 5.00 = 18.20, ending applied', () => {
    expect(priceFor(rule({ mode: 'markup', markupMinor: 500 }), usd)).toMatchObject({ ok: true, priceMinor: 1820 });
    expect(priceFor(rule({ mode: 'markup', markupMinor: 500, centsEnding: 95 }), usd)).toMatchObject({
      priceMinor: 1895,
    });
    expect(priceFor(rule({ mode: 'markup', markupMinor: null }), usd)).toEqual({
      ok: false,
      reason: 'rule-incomplete',
    });
  });

  it('own price: kept to the cent (no ending forced), margin 6.79 (33.97 %); missing → refused', () => {
    expect(priceFor(rule({ mode: 'own', centsEnding: 99 }), { ...usd, ownMinor: 1999 })).toEqual({
      ok: true,
      priceMinor: 1999,
      compareAtMinor: null,
      costMinor: 1320,
      marginMinor: 679,
      marginPercent: 33.97,
    });
    expect(priceFor(rule({ mode: 'own' }), usd)).toEqual({ ok: false, reason: 'own-price-missing' });
  });

  it('selling below cost shows a negative margin', () => {
    expect(priceFor(rule({ mode: 'own' }), { ...usd, ownMinor: 1000 })).toMatchObject({
      marginMinor: -320,
      marginPercent: -32,
    });
  });
});
