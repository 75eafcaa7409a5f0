import { describe, expect, it } from 'vitest';
import { DEMO_BANK_DETAILS, loadConfig } from '../../config';

const base = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: '/tmp/recharge-config-test' };

describe('recharge configuration', () => {
  it('defaults: 60 minutes and the demo bank details, marked as demo', () => {
    const c = loadConfig(base);
    expect(c.recharge).toEqual({ expiryMinutes: 60, bank: DEMO_BANK_DETAILS });
    expect(c.recharge!.bank.beneficiary).toMatch(/demo/i);
    expect(c.paymentSandbox).toBeUndefined();
  });

  it('reads the expiry and the bank details (no demo value mixed into a configured account); refuses an expiry out of range', () => {
    const c = loadConfig({
      ...base,
      RECHARGE_EXPIRY_MINUTES: '30',
      RECHARGE_BANK_BENEFICIARY: 'Market Ltd',
      RECHARGE_BANK_IBAN: 'DE89 3704 0044 0532 0130 00',
      RECHARGE_BANK_SWIFT: 'COBADEFFXXX',
    });
    expect(c.recharge).toMatchObject({
      expiryMinutes: 30,
      bank: { beneficiary: 'Market Ltd', iban: 'DE89 3704 0044 0532 0130 00', swiftBic: 'COBADEFFXXX', bankName: '' },
    });
    expect(() => loadConfig({ ...base, RECHARGE_EXPIRY_MINUTES: '1' })).toThrow(/RECHARGE_EXPIRY_MINUTES/);
  });
});
