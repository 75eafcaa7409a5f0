import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './common/money';
import { CreateRechargeBody, DEFAULT_FEE_RULES, feeMinor, rechargeOutcome } from './recharge';

describe('recharge fees (SPEC §9 worked examples)', () => {
  it('PayPal: total × 4.4% + 0.30, 100 gives 4.70', () => {
    expect(fromMinor(feeMinor(DEFAULT_FEE_RULES.paypal, toMinor(100)))).toBe(4.7);
  });
  it('card: (total + 0.5) × 2.9% + 0.5, 100 gives 3.42 (rounded up, half-up would give 3.41)', () => {
    expect(fromMinor(feeMinor(DEFAULT_FEE_RULES.card, toMinor(100)))).toBe(3.42);
  });
  it('rounds the percentage part up to the cent', () => {
    // 10.01 × 4.4% = 0.44044 → 0.45, + 0.30
    expect(feeMinor(DEFAULT_FEE_RULES.paypal, 1001)).toBe(75);
    // an exact cent stays: 25.00 × 4.4% = 1.10
    expect(feeMinor(DEFAULT_FEE_RULES.paypal, 2500)).toBe(140);
  });
  it('bank transfer has no fee by default', () => expect(feeMinor(DEFAULT_FEE_RULES.bank, 123_456)).toBe(0));
  it('an operator rule with two-decimal percent', () => {
    expect(feeMinor({ percent: 3.49, base: 0, fixed: 0.49 }, 10_000)).toBe(349 + 49);
  });
  it('large amounts stay exact: (50 000.00 + 0.50) × 2.9% = 1450.0145 → 1450.02, + 0.50', () =>
    expect(feeMinor(DEFAULT_FEE_RULES.card, toMinor(50_000))).toBe(145_002 + 50));
});

describe('recharge request', () => {
  it('takes 10.00 to 50,000.00 with at most 2 decimals', () => {
    expect(CreateRechargeBody.safeParse({ amount: 10, method: 'paypal' }).success).toBe(true);
    expect(CreateRechargeBody.safeParse({ amount: 9.99, method: 'paypal' }).error?.issues[0]?.message).toBe(
      'recharge.amount-minimum',
    );
    expect(CreateRechargeBody.safeParse({ amount: 50_000.01, method: 'card' }).error?.issues[0]?.message).toBe(
      'recharge.amount-maximum',
    );
    expect(CreateRechargeBody.safeParse({ amount: 10.001, method: 'bank' }).success).toBe(false);
    expect(CreateRechargeBody.safeParse({ amount: 10, method: 'cash' }).success).toBe(false);
  });
});

describe('payment outcome of a recharge order', () => {
  it('maps states to what the confirmation page says', () => {
    expect(rechargeOutcome({ state: 'completed', closeReason: null })).toBe('success');
    expect(rechargeOutcome({ state: 'pending', closeReason: null })).toBe('pending');
    expect(rechargeOutcome({ state: 'paid', closeReason: null })).toBe('pending');
    expect(rechargeOutcome({ state: 'closed', closeReason: 'failed' })).toBe('failed');
    expect(rechargeOutcome({ state: 'closed', closeReason: 'expired' })).toBe('error');
  });
});
