import { describe, expect, it } from 'vitest';
import { translate } from './messages';
import {
  MIN_WITHDRAWAL_MINOR,
  MIN_WITHDRAWAL_USD,
  SANCTIONED_COUNTRIES,
  WithdrawalRequestBody,
  exceedsWithdrawable,
  withdrawalAmountMinor,
  withdrawalRequestBody,
} from './withdrawals';

const VALID = {
  payoneer: {
    method: 'payoneer',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    payoneerEmail: 'ada@example.com',
    country: 'gb',
  },
  'wise-us': {
    method: 'wise-us',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    routingNumber: '021000021',
    accountNumber: '000123456789',
    accountType: 'checking',
    country: 'US',
    city: 'New York',
    address: '1 Main Street',
    postCode: '10001',
  },
  swift: {
    method: 'swift',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    swiftBic: 'DEUTDEFF',
    bankName: 'Deutsche Bank',
    bankAddress: 'Taunusanlage 12, Frankfurt am Main',
    bankCountry: 'DE',
    iban: 'DE89 3704 0044 0532 0130 00',
    country: 'DE',
    city: 'Berlin',
    address: 'Unter den Linden 1',
    postCode: '10117',
  },
  'wise-currency': {
    method: 'wise-currency',
    amount: 60,
    beneficiaryName: 'Ada Lovelace',
    currency: 'EUR',
    iban: 'BE68539007547034',
    swiftBic: 'TRWIBEB1XXX',
    country: 'FR',
    postCode: 'n/a',
  },
  'turkish-bank': {
    method: 'turkish-bank',
    amount: 60,
    beneficiaryName: 'Ayşe Yılmaz',
    bankName: 'Ziraat Bankası',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
  },
} as const;

/** The message keys of the issues, by field path. */
function problems(input: unknown, schema = WithdrawalRequestBody): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('withdrawal request: each method with its fields', () => {
  it.each(Object.keys(VALID))('accepts a complete %s request, normalized', (method) => {
    const parsed = WithdrawalRequestBody.parse(VALID[method as keyof typeof VALID]);
    expect(parsed.method).toBe(method);
    if (parsed.method === 'payoneer') expect(parsed.country).toBe('GB');
    if (parsed.method === 'swift') expect(parsed.iban).toBe('DE89370400440532013000');
    if (parsed.method === 'wise-currency') expect(parsed.postCode).toBe('N/A');
  });

  it.each(Object.entries(VALID))('requires every field of %s', (_method, valid) => {
    const optional = new Set(['iban', 'accountNumber']);
    for (const field of Object.keys(valid).filter((f) => f !== 'method')) {
      const { [field]: _dropped, ...rest } = valid as Record<string, unknown>;
      const found = problems(rest);
      if (optional.has(field) && valid.method === 'swift') continue;
      expect(Object.keys(found), `${valid.method} without ${field}`).toContain(field);
    }
  });

  it('refuses an unknown method', () => {
    expect(WithdrawalRequestBody.safeParse({ ...VALID.payoneer, method: 'cash' }).success).toBe(false);
  });

  it('takes checking or savings only', () => {
    expect(problems({ ...VALID['wise-us'], accountType: 'savings' })).toEqual({});
    expect(Object.keys(problems({ ...VALID['wise-us'], accountType: 'current' }))).toEqual(['accountType']);
  });

  it('checks the ACH routing number and the US account number', () => {
    expect(problems({ ...VALID['wise-us'], routingNumber: '021000022' })).toEqual({
      routingNumber: ['withdrawal.routing'],
    });
    expect(problems({ ...VALID['wise-us'], accountNumber: '12a' })).toEqual({
      accountNumber: ['withdrawal.account-number'],
    });
  });

  it('checks the Payoneer e-mail', () => {
    expect(problems({ ...VALID.payoneer, payoneerEmail: 'ada@' })).toEqual({ payoneerEmail: ['validation.email'] });
  });

  it('takes N/A for a missing post code, refuses junk', () => {
    expect(problems({ ...VALID['wise-us'], postCode: 'N/A' })).toEqual({});
    expect(problems({ ...VALID['wise-us'], postCode: '#?' })).toEqual({ postCode: ['withdrawal.post-code'] });
  });
});

describe('IBAN and BIC inside the request', () => {
  it('names the IBAN problem on the iban field', () => {
    expect(problems({ ...VALID.swift, iban: 'DE89370400440532013001' })).toEqual({
      iban: ['withdrawal.iban-checksum'],
    });
    expect(problems({ ...VALID.swift, iban: 'DE8937040044053201300' })).toEqual({ iban: ['withdrawal.iban-length'] });
    expect(problems({ ...VALID['wise-currency'], swiftBic: 'TRWIBEB' })).toEqual({ swiftBic: ['withdrawal.bic'] });
  });

  it('a Turkish bank takes only a TR IBAN of TR + 24 digits with a good checksum', () => {
    expect(problems({ ...VALID['turkish-bank'], iban: 'DE89370400440532013000' })).toEqual({
      iban: ['withdrawal.iban-turkish'],
    });
    expect(problems({ ...VALID['turkish-bank'], iban: 'TR33000610051978645784132' })).toEqual({
      iban: ['withdrawal.iban-turkish'],
    });
    expect(problems({ ...VALID['turkish-bank'], iban: 'TR330006100519786457841327' })).toEqual({
      iban: ['withdrawal.iban-checksum'],
    });
  });

  it('a wire needs the IBAN where the bank country uses one, else an account number', () => {
    const { iban: _iban, ...noIban } = VALID.swift;
    expect(problems(noIban)).toEqual({ iban: ['withdrawal.iban-required'] });
    const us = { ...noIban, swiftBic: 'CHASUS33', bankCountry: 'US', country: 'US' };
    expect(problems(us)).toEqual({ accountNumber: ['withdrawal.account-required'] });
    expect(problems({ ...us, accountNumber: '000123456789' })).toEqual({});
  });

  it('the IBAN and the BIC must belong to the bank country', () => {
    expect(problems({ ...VALID.swift, iban: 'GB82WEST12345698765432' })).toEqual({ iban: ['withdrawal.iban-country'] });
    expect(problems({ ...VALID.swift, swiftBic: 'NWBKGB2L' })).toEqual({ swiftBic: ['withdrawal.bic-country'] });
  });
});

describe('the amount', () => {
  it(`is at least ${MIN_WITHDRAWAL_USD}.00 USD (SPEC §9)`, () => {
    expect(problems({ ...VALID.payoneer, amount: 49.99 })).toEqual({ amount: ['withdrawal.amount-minimum'] });
    expect(problems({ ...VALID.payoneer, amount: 50.0 })).toEqual({});
    expect(MIN_WITHDRAWAL_MINOR).toBe(5000);
  });

  it('the message quotes the minimum constant in every language', () => {
    expect(translate('en-US', 'withdrawal.amount-minimum')).toContain(MIN_WITHDRAWAL_USD.toFixed(2));
    expect(translate('zh-CN', 'withdrawal.amount-minimum')).toContain(MIN_WITHDRAWAL_USD.toFixed(2));
    expect(translate('fr-FR', 'withdrawal.amount-minimum')).toContain(MIN_WITHDRAWAL_USD.toFixed(2).replace('.', ','));
    expect(translate('tr-TR', 'withdrawal.amount-minimum')).toContain(MIN_WITHDRAWAL_USD.toFixed(2).replace('.', ','));
  });

  it('has at most 2 decimals, and is required and a number', () => {
    expect(problems({ ...VALID.payoneer, amount: 60.125 })).toEqual({ amount: ['validation.two-decimals'] });
    expect(problems({ ...VALID.payoneer, amount: 60.12 })).toEqual({});
    expect(problems({ ...VALID.payoneer, amount: 1234567.89 })).toEqual({ amount: ['withdrawal.amount-maximum'] });
    const { amount: _a, ...noAmount } = VALID.payoneer;
    expect(Object.keys(problems(noAmount))).toEqual(['amount']);
    expect(Object.keys(problems({ ...VALID.payoneer, amount: '60' }))).toEqual(['amount']);
  });

  it('converts to minor units, and the balance ceiling is a server helper', () => {
    expect(withdrawalAmountMinor({ amount: 60.1 })).toBe(6010);
    expect(exceedsWithdrawable(6001, 6000n)).toBe(true);
    expect(exceedsWithdrawable(6000, 6000)).toBe(false);
  });
});

describe('sanctioned destinations', () => {
  it('the default list holds the OFAC comprehensively sanctioned countries', () => {
    expect(SANCTIONED_COUNTRIES).toEqual(expect.arrayContaining(['CU', 'IR', 'KP']));
  });

  it.each(['CU', 'ir', 'KP', 'SY'])('refuses the beneficiary country %s', (country) => {
    expect(problems({ ...VALID.payoneer, country })).toEqual({ country: ['withdrawal.sanctioned'] });
  });

  it('refuses the bank country, and an IBAN or BIC from there', () => {
    const config = withdrawalRequestBody(['DE']);
    expect(problems(VALID.swift, config)).toMatchObject({
      bankCountry: ['withdrawal.sanctioned'],
      country: ['withdrawal.sanctioned'],
      iban: ['withdrawal.sanctioned'],
      swiftBic: ['withdrawal.sanctioned'],
    });
    expect(problems({ ...VALID['wise-currency'], country: 'FR' }, withdrawalRequestBody(['BE']))).toEqual({
      iban: ['withdrawal.sanctioned'],
      swiftBic: ['withdrawal.sanctioned'],
    });
  });

  it('a configured list replaces the default', () => {
    expect(problems({ ...VALID.payoneer, country: 'CU' }, withdrawalRequestBody([]))).toEqual({});
  });
});
