import { describe, expect, it } from 'vitest';
import { convertMinor, hasAtMostTwoDecimals, toMinor } from './money';
import { resolveLocale } from './locale';

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
