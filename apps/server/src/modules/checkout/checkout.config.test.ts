import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const base = { SECRET_KEY: 'x'.repeat(32), DATA_DIR: '/tmp/checkout-config-test' };

describe('checkout configuration', () => {
  it('ORDER_PAY_MINUTES: 30 by default, read when set, refused out of range', () => {
    expect(loadConfig(base).checkout).toEqual({
      serviceFeeBps: 200,
      confirmMinutes: 15,
      payMinutes: 30,
      maxUnpaidOrders: 100,
    });
    expect(loadConfig({ ...base, ORDER_PAY_MINUTES: '90' }).checkout?.payMinutes).toBe(90);
    expect(() => loadConfig({ ...base, ORDER_PAY_MINUTES: '0' })).toThrow(/ORDER_PAY_MINUTES/);
  });

  it('CHECKOUT_MAX_UNPAID_ORDERS: 100 by default, 0 turns the cap off, refused when negative', () => {
    expect(loadConfig(base).checkout?.maxUnpaidOrders).toBe(100);
    expect(loadConfig({ ...base, CHECKOUT_MAX_UNPAID_ORDERS: '5' }).checkout?.maxUnpaidOrders).toBe(5);
    expect(loadConfig({ ...base, CHECKOUT_MAX_UNPAID_ORDERS: '0' }).checkout?.maxUnpaidOrders).toBe(0);
    expect(() => loadConfig({ ...base, CHECKOUT_MAX_UNPAID_ORDERS: '-1' })).toThrow(/CHECKOUT_MAX_UNPAID_ORDERS/);
  });
});
