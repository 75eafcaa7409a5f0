import { describe, expect, it } from 'vitest';
import { convertFromUsd, formatMoney } from './money';

const EUR = { currencyCode: 'EUR', rate: 0.92 };
const TRY = { currencyCode: 'TRY', rate: 32.5 };

// Intl separates with a narrow no-break space in some locales; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money', () => {
  it('converts a USD amount with the rate, rounding once half-up to the cent', () => {
    expect(convertFromUsd(10, EUR)).toBe(9.2);
    expect(convertFromUsd(0.05, { currencyCode: 'X', rate: 0.5 })).toBe(0.03); // 0.025 → 0.03
    expect(convertFromUsd(19.99, null)).toBe(19.99);
  });

  it('formats with exactly two decimals in the chosen currency and the interface language', () => {
    expect(formatMoney(1234.5, null, 'en-US')).toBe('$1,234.50');
    expect(plain(formatMoney(1234.5, EUR, 'fr-FR'))).toBe('1 135,74 €');
    expect(formatMoney(3, TRY, 'tr-TR')).toBe('₺97,50');
    expect(formatMoney(7, { currencyCode: 'USD', rate: 1 }, 'zh-CN')).toBe('US$7.00');
  });
});
