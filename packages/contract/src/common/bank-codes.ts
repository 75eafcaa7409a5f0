/**
 * Checks for the bank identifiers a withdrawal names (decision 0073). Pure functions, shared by
 * the contract's schemas, the server and the web forms, so both ends refuse the same typos.
 */

/**
 * IBAN lengths per country, from the SWIFT IBAN Registry (ISO 13616). Countries not listed still
 * pass when the general shape and the checksum hold: the registry grows, and the mod-97 checksum
 * already catches almost every typo.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** "tr33 0006 1005…" → "TR330006100…": how people paste an IBAN (grouped by four, any case). */
export function normalizeIban(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * ISO 7064 mod 97-10 as ISO 13616 applies it: move the first four characters to the end, turn
 * letters into numbers (A = 10 … Z = 35) and the remainder by 97 must be 1. Folded digit by digit
 * so no big integers are needed.
 */
export function ibanChecksumValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export type IbanProblem = 'format' | 'length' | 'checksum' | 'turkish';

/**
 * What is wrong with a normalized IBAN, or null. A Turkish IBAN is TR, two check digits and 24
 * digits (5 bank code, 1 reserved zero, 16 account), 26 characters in all: the Turkish rule is
 * named on its own so the form can say exactly that.
 */
export function ibanProblem(iban: string): IbanProblem | null {
  if (iban.startsWith('TR') && !/^TR\d{24}$/.test(iban)) return 'turkish';
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'format';
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return 'length';
  return ibanChecksumValid(iban) ? null : 'checksum';
}

export function isValidIban(text: string): boolean {
  return ibanProblem(normalizeIban(text)) === null;
}

/** The country an IBAN's bank is in: its first two letters. */
export const ibanCountry = (iban: string) => normalizeIban(iban).slice(0, 2);

/**
 * SWIFT/BIC (ISO 9362): 4 letters for the bank, 2 letters for the country, 2 letters or digits
 * for the location, and an optional 3-character branch (8 or 11 characters in all).
 */
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function normalizeBic(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isValidBic(text: string): boolean {
  return BIC.test(normalizeBic(text));
}

/** The country a BIC's bank is in: characters 5 and 6. */
export const bicCountry = (bic: string) => normalizeBic(bic).slice(4, 6);

/**
 * ABA routing transit number (ACH, US): 9 digits whose weighted sum 3·7·1 repeating
 * (3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9)) is a multiple of 10, as the American Bankers
 * Association defines the check digit.
 */
export function isValidAbaRouting(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
