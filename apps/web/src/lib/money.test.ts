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
    expect(formatMoney(7, { currencyCode: 'USD', rate: 1 }, 'zh-CN')).toBe('$7.00');
  });

  it('shows the lira with the symbol the currency selector shows, in English and Chinese too', () => {
    const lira = { currencyCode: 'TRY', symbol: '₺', rate: 34.2 };
    expect(formatMoney(38.99, lira, 'en-US')).toBe('₺1,333.46');
    expect(formatMoney(38.99, lira, 'zh-CN')).toBe('₺1,333.46');
    expect(plain(formatMoney(38.99, lira, 'fr-FR'))).toBe('1 333,46 ₺');
    // Without a symbol in the record, the language's narrow symbol, never the ISO code.
    expect(formatMoney(38.99, TRY, 'en-US')).toBe('₺1,267.18');
    // The operator's symbol wins over the language's.
    expect(formatMoney(1, { currencyCode: 'USD', symbol: 'US$', rate: 1 }, 'en-US')).toBe('US$1.00');
  });
});
