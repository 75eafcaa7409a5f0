import { describe, expect, it } from 'vitest';
import { cardWalletFeeMinor, convertMinor, crossBorderFeeMinor, fromMinor, hasAtMostTwoDecimals, toMinor } from './money';
import { resolveLocale } from './locale';

describe('fees of SPEC §9 with their worked examples', () => {
  it('card wallet: 100 gives 4.70', () => expect(fromMinor(cardWalletFeeMinor(toMinor(100)))).toBe(4.7));
  it('cross-border: 100 gives 3.42', () => expect(fromMinor(crossBorderFeeMinor(toMinor(100)))).toBe(3.42));
  it('cross-border of 0 still charges the fixed part', () => expect(crossBorderFeeMinor(0)).toBe(52));
});

describe('minor units', () => {
  it('rounds half-up once', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(12.344)).toBe(1234);
    expect(toMinor(-2.5)).toBe(-250);
  });
  it('checks two decimals', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
  });
  it('converts with a rate, half-up', () => expect(convertMinor(1000, 34.2)).toBe(34200));
});

describe('resolveLocale', () => {
  it.each([
    [undefined, 'en-US'],
    ['zh-CN', 'zh-CN'],
    ['fr-CA,fr;q=0.9', 'fr-FR'],
    ['de-DE,tr;q=0.5', 'tr-TR'],
    ['de', 'en-US'],
  ])('%s → %s', (header, expected) => expect(resolveLocale(header)).toBe(expected));
});
