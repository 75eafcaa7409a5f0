import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const base = { DATA_DIR: '/tmp/unused', SECRET_KEY: 'k'.repeat(32) };

describe('Stripe configuration', () => {
  it('is absent with no STRIPE_* variable: the demo then uses the emulator', () => {
    expect(loadConfig(base).stripe).toBeUndefined();
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeUndefined();
  });

  it('talks to api.stripe.com unless STRIPE_BASE_URL says otherwise', () => {
    const env = { ...base, STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_def456' };
    expect(loadConfig(env).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_def456',
      baseUrl: 'https://api.stripe.com',
    });
    expect(loadConfig({ ...env, STRIPE_BASE_URL: 'http://127.0.0.1:12111' }).stripe?.baseUrl).toBe(
      'http://127.0.0.1:12111',
    );
  });

  it('stops at boot on half a configuration or a value that is not a Stripe key, without echoing it', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_def456' })).toThrow(/go together/);
    const wrong = () =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_publishable99', STRIPE_WEBHOOK_SECRET: 'whsec_def456' });
    expect(wrong).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(wrong).not.toThrow(/pk_test_publishable99/);
  });
});
