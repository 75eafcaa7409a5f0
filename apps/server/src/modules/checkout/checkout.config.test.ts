import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const base = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: '/tmp/checkout-config-test' };

describe('checkout configuration', () => {
  it('ORDER_PAY_MINUTES: 30 by default, read when set, refused out of range', () => {
    expect(loadConfig(base).checkout).toEqual({ serviceFeeBps: 200, confirmMinutes: 15, payMinutes: 30 });
    expect(loadConfig({ ...base, ORDER_PAY_MINUTES: '90' }).checkout?.payMinutes).toBe(90);
    expect(() => loadConfig({ ...base, ORDER_PAY_MINUTES: '0' })).toThrow(/ORDER_PAY_MINUTES/);
  });
});
