import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const base = { SECRET_KEY: 'k'.repeat(32) };

describe('PayPal configuration', () => {
  it('is absent without credentials (the demo then uses the emulator)', () => {
    expect(loadConfig(base).paypal).toBeUndefined();
    expect(loadConfig({ ...base, PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' }).paypal).toBeUndefined();
  });

  it('defaults to the sandbox base URL and carries the webhook id', () => {
    expect(
      loadConfig({ ...base, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1' }).paypal,
    ).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      baseUrl: 'https://api-m.sandbox.paypal.com',
      webhookId: 'WH-1',
    });
    expect(
      loadConfig({
        ...base,
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 's',
        PAYPAL_BASE_URL: 'https://api-m.paypal.com',
      }).paypal?.baseUrl,
    ).toBe('https://api-m.paypal.com');
  });

  it('refuses half the credentials or a base URL that is not a URL, without echoing the secret', () => {
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, PAYPAL_CLIENT_SECRET: 'top-secret' })).toThrow(/^((?!top-secret)[\s\S])*$/);
    expect(() =>
      loadConfig({ ...base, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_BASE_URL: 'sandbox' }),
    ).toThrow(/PAYPAL_BASE_URL/);
  });
});
