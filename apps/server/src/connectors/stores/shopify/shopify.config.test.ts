import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';

const base = { SECRET_KEY: 'k'.repeat(32) };

describe('Shopify configuration (decision 0100)', () => {
  it("is absent without the app's key and secret (the demo then runs the emulator)", () => {
    expect(loadConfig(base).shopify).toBeUndefined();
    expect(loadConfig({ ...base, SHOPIFY_API_KEY: '', SHOPIFY_API_SECRET: '' }).shopify).toBeUndefined();
  });

  it('defaults the version, the scopes and the shop URL', () => {
    expect(loadConfig({ ...base, SHOPIFY_API_KEY: 'key', SHOPIFY_API_SECRET: 'secret' }).shopify).toEqual({
      apiKey: 'key',
      apiSecret: 'secret',
      previousApiSecret: undefined,
      apiVersion: '2026-10',
      scopes:
        'read_products,write_products,read_inventory,write_inventory,read_locations,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders',
      shopUrlTemplate: 'https://{shop}',
    });
    const c = loadConfig({
      ...base,
      SHOPIFY_API_KEY: 'key',
      SHOPIFY_API_SECRET: 's',
      SHOPIFY_API_SECRET_PREVIOUS: 'old',
      SHOPIFY_API_VERSION: '2026-07',
      SHOPIFY_SHOP_URL: 'http://127.0.0.1:4010/{shop}',
    }).shopify;
    expect(c).toMatchObject({
      previousApiSecret: 'old',
      apiVersion: '2026-07',
      shopUrlTemplate: 'http://127.0.0.1:4010/{shop}',
    });
  });

  it('refuses half the credentials, a version that is not one, a shop URL without {shop}, without echoing the secret', () => {
    expect(() => loadConfig({ ...base, SHOPIFY_API_KEY: 'key' })).toThrow(/SHOPIFY_API_KEY and SHOPIFY_API_SECRET/);
    expect(() => loadConfig({ ...base, SHOPIFY_API_SECRET: 'top-secret' })).toThrow(/^((?!top-secret)[\s\S])*$/);
    expect(() => loadConfig({ ...base, SHOPIFY_API_VERSION: '2026-11' })).toThrow(/SHOPIFY_API_VERSION/);
    expect(() => loadConfig({ ...base, SHOPIFY_SHOP_URL: 'https://shop.example.com' })).toThrow(/SHOPIFY_SHOP_URL/);
  });
});
