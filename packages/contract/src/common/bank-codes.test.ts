import { describe, expect, it } from 'vitest';
import {
  bicCountry,
  ibanChecksumValid,
  ibanProblem,
  isValidAbaRouting,
  isValidBic,
  isValidIban,
  normalizeIban,
} from './bank-codes';

// Example IBANs as the SWIFT IBAN Registry and the banks' public pages print them.
const VALID_IBANS = [
  'GB82 WEST 1234 5698 7654 32',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'NL91 ABNA 0417 1643 00',
  'BE68 5390 0754 7034',
  'CH93 0076 2011 6238 5295 7',
  'TR33 0006 1005 1978 6457 8413 26',
];

describe('IBAN (ISO 13616, mod 97)', () => {
  it.each(VALID_IBANS)('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it('accepts lower case and no spaces, as people paste it', () => {
    expect(isValidIban('gb82west12345698765432')).toBe(true);
    expect(normalizeIban(' gb82 west-1234 ')).toBe('GB82WEST1234');
  });

  it('refuses a changed digit or swapped neighbours (the checksum)', () => {
    expect(ibanProblem('GB82WEST12345698765433')).toBe('checksum');
    expect(ibanProblem('DE89370400440532031000')).toBe('checksum');
    expect(ibanProblem('GB28WEST12345698765432')).toBe('checksum');
    expect(ibanChecksumValid('GB82WEST12345698765432')).toBe(true);
  });

  it('refuses the wrong length for the country', () => {
    expect(ibanProblem('DE8937040044053201300')).toBe('length');
    expect(ibanProblem('GB82WEST123456987654321')).toBe('length');
  });

  it('refuses what is not IBAN-shaped', () => {
    expect(ibanProblem('1234WEST12345698765432')).toBe('format');
    expect(ibanProblem('GBXXWEST12345698765432')).toBe('format');
    expect(ibanProblem('GB82')).toBe('format');
    expect(ibanProblem('GB82WEST1234569876543!')).toBe('format');
  });

  it('holds a Turkish IBAN to TR + 24 digits, then to its checksum', () => {
    expect(ibanProblem('TR330006100519786457841326')).toBeNull();
    expect(ibanProblem('TR33000610051978645784132')).toBe('turkish');
    expect(ibanProblem('TR3300061005197864578413261')).toBe('turkish');
    expect(ibanProblem('TR33000610051978645784132A')).toBe('turkish');
    expect(ibanProblem('TR340006100519786457841326')).toBe('checksum');
  });
});

describe('SWIFT/BIC (ISO 9362)', () => {
  it('accepts 8 and 11 characters', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('nwbk gb 2l')).toBe(true);
    expect(isValidBic('TRWIBEB1XXX')).toBe(true);
  });

  it('refuses other lengths and digits where letters belong', () => {
    for (const bic of ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEU1DEFF', 'DEUTD3FF', 'DEUTDEF_']) {
      expect(isValidBic(bic), bic).toBe(false);
    }
  });

  it('names the bank country from characters 5 and 6', () => {
    expect(bicCountry('deutdeff')).toBe('DE');
  });
});

describe('ACH routing number (ABA check digit)', () => {
  it('accepts published routing numbers', () => {
    // JPMorgan Chase (New York), Federal Reserve Bank of Boston, Bank of America (California).
    for (const n of ['021000021', '011000015', '121000358']) expect(isValidAbaRouting(n), n).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    for (const n of ['021000022', '02100002', '0210000211', '02100002a', ''])
      expect(isValidAbaRouting(n), n).toBe(false);
  });
});
