import { describe, expect, it } from 'vitest';
import { addressLines, formatAddress } from './address';
import { LOCALES } from './locale';

const berlin = {
  street: 'Hauptstraße',
  houseNo: '5',
  address: 'Hinterhaus, 3. OG',
  postCode: '10115',
  city: 'Berlin',
  province: 'Brandenburg',
  country: 'DE',
};
const namesIn = (locale: string) => {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return (code: string) => names.of(code) ?? code;
};

describe('formatAddress', () => {
  it('keeps the street and house number when the second line is filled', () => {
    expect(addressLines(berlin)).toEqual(['Hauptstraße 5', 'Hinterhaus, 3. OG', '10115 Berlin', 'Brandenburg', 'DE']);
  });

  it('leaves out an empty second line and empty parts', () => {
    expect(formatAddress({ ...berlin, address: '', province: '  ' })).toBe('Hauptstraße 5, 10115 Berlin, DE');
    expect(formatAddress({ street: 'Main St', city: 'Springfield' })).toBe('Main St, Springfield');
    expect(formatAddress({})).toBe('');
  });

  it('puts the house number first where the country writes it so', () => {
    const us = { street: 'Main St', houseNo: '100', address: 'Apt 4B', postCode: '62701', city: 'Springfield' };
    expect(formatAddress({ ...us, province: 'IL', country: 'US' })).toBe(
      '100 Main St, Apt 4B, 62701 Springfield, IL, US',
    );
    expect(formatAddress({ ...us, address: '', country: 'FR' })).toBe('100 Main St, 62701 Springfield, FR');
  });

  it('names the country in the reader language, with and without the second line', () => {
    const expected: Record<string, string> = {
      'en-US': 'Germany',
      'zh-CN': '德国',
      'fr-FR': 'Allemagne',
      'tr-TR': 'Almanya',
    };
    for (const locale of LOCALES) {
      const countryName = namesIn(locale);
      expect(formatAddress(berlin, { countryName })).toBe(
        `Hauptstraße 5, Hinterhaus, 3. OG, 10115 Berlin, Brandenburg, ${expected[locale]}`,
      );
      expect(formatAddress({ ...berlin, address: '' }, { countryName }, ' / ')).toBe(
        `Hauptstraße 5 / 10115 Berlin / Brandenburg / ${expected[locale]}`,
      );
    }
  });

  it('can leave the country out and says a province named like its city once', () => {
    expect(formatAddress({ ...berlin, province: 'berlin' }, { withoutCountry: true })).toBe(
      'Hauptstraße 5, Hinterhaus, 3. OG, 10115 Berlin',
    );
  });
});
