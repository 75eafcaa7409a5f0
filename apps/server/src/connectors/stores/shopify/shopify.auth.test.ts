import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isShopDomain,
  shopBaseUrl,
  shopifyInstallUrl,
  shopifyQueryHmac,
  shopifyQueryMessage,
  verifyShopifyQuery,
} from './shopify.auth';
import { moneyToMinor, productGid } from './shopify.products';
import { throttleWait } from './shopify.graphql';
import { shopifyWebhookHmac, verifyShopifyWebhook } from './shopify.webhook';

describe('Shopify query HMAC', () => {
  // connector-protocols.md §1.1's worked example (secret "hush").
  const example = {
    code: '0907a61c0c8d55e99db179b68161bc00',
    shop: 'some-shop.myshopify.com',
    timestamp: '1337178173',
  };
  const exampleHmac = '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20';
  const at = new Date(1337178173 * 1000);

  it("reproduces the reference's worked example", () => {
    expect(shopifyQueryMessage(example)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&timestamp=1337178173',
    );
    expect(shopifyQueryHmac(example, 'hush')).toBe(exampleHmac);
    expect(verifyShopifyQuery({ ...example, hmac: exampleHmac }, 'hush', at)).toMatchObject({
      ok: true,
      shop: 'some-shop.myshopify.com',
      timestamp: 1337178173,
    });
  });

  it('is independent of the order given and of a `signature` parameter; repeated keys join with a comma', () => {
    const q = new URLSearchParams(
      `timestamp=1337178173&hmac=${exampleHmac}&shop=some-shop.myshopify.com&signature=x&code=0907a61c0c8d55e99db179b68161bc00`,
    );
    expect(verifyShopifyQuery(q, 'hush', at).ok).toBe(true);
    expect(shopifyQueryMessage(new URLSearchParams('ids[]=2&ids[]=1&a=b c'))).toBe('a=b%20c&ids%5B%5D=2%2C1');
    expect(shopifyQueryMessage({ 'ids[]': ['2', '1'], a: 'b c' })).toBe('a=b%20c&ids%5B%5D=2%2C1');
  });

  it('refuses a tampered value, a wrong secret, a missing or malformed hmac', () => {
    expect(verifyShopifyQuery({ ...example, shop: 'other-shop.myshopify.com', hmac: exampleHmac }, 'hush', at)).toEqual(
      { ok: false, reason: 'hmac' },
    );
    expect(verifyShopifyQuery({ ...example, hmac: exampleHmac }, 'hash', at)).toEqual({ ok: false, reason: 'hmac' });
    expect(verifyShopifyQuery(example, 'hush', at)).toEqual({ ok: false, reason: 'hmac' });
    expect(verifyShopifyQuery({ ...example, hmac: 'zz' }, 'hush', at)).toEqual({ ok: false, reason: 'hmac' });
  });

  it('accepts the old secret beside the new one (rotation)', () => {
    expect(verifyShopifyQuery({ ...example, hmac: exampleHmac }, ['new-secret', 'hush'], at).ok).toBe(true);
  });

  it('refuses a foreign shop domain even when signed, and a timestamp outside ±90 s', () => {
    const signed = (q: Record<string, string>) => ({ ...q, hmac: shopifyQueryHmac(q, 'hush') });
    expect(verifyShopifyQuery(signed({ ...example, shop: 'evil.example.com' }), 'hush', at)).toEqual({
      ok: false,
      reason: 'shop',
    });
    expect(verifyShopifyQuery(signed(example), 'hush', new Date(at.getTime() + 91_000))).toEqual({
      ok: false,
      reason: 'timestamp',
    });
    expect(verifyShopifyQuery(signed(example), 'hush', new Date(at.getTime() - 91_000))).toEqual({
      ok: false,
      reason: 'timestamp',
    });
    expect(verifyShopifyQuery(signed(example), 'hush', new Date(at.getTime() + 89_000)).ok).toBe(true);
  });

  it('knows a shop domain by the strict pattern', () => {
    expect(isShopDomain('my-shop.myshopify.com')).toBe(true);
    for (const bad of [
      '-shop.myshopify.com',
      'shop.myshopify.com.evil.io',
      'shop_x.myshopify.com',
      'shop.myshopify.com/',
      'a.b.myshopify.com',
      'shop.shopify.com',
    ])
      expect(isShopDomain(bad)).toBe(false);
    expect(() => shopBaseUrl('https://{shop}', 'evil.example.com')).toThrow();
    expect(shopBaseUrl('http://127.0.0.1:9/{shop}', 'My-Shop.myshopify.com')).toBe(
      'http://127.0.0.1:9/my-shop.myshopify.com',
    );
  });

  it('builds the authorize link for an offline token', () => {
    const url = new URL(
      shopifyInstallUrl({
        shopUrlTemplate: 'https://{shop}',
        shop: 'a-shop.myshopify.com',
        apiKey: 'key',
        scopes: ['read_products', 'read_orders'],
        redirectUri: 'https://app.example/authensuccess',
        state: 'n1',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://a-shop.myshopify.com/admin/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'key',
      scope: 'read_products,read_orders',
      redirect_uri: 'https://app.example/authensuccess',
      state: 'n1',
    });
    expect(url.searchParams.has('grant_options[]')).toBe(false);
  });
});

describe('Shopify webhook HMAC', () => {
  const body = Buffer.from('{"id":1,"title":"Ünïcode"}');
  const sig = createHmac('sha256', 'secret-1').update(body).digest('base64');

  it('is the base64 HMAC of the raw bytes, with either secret during a rotation', () => {
    expect(shopifyWebhookHmac(body, 'secret-1')).toBe(sig);
    expect(verifyShopifyWebhook(body, sig, ['secret-1'])).toBe(true);
    expect(verifyShopifyWebhook(body, sig, ['secret-2', 'secret-1'])).toBe(true);
  });

  it('refuses another body, another secret, a missing or hex header', () => {
    expect(verifyShopifyWebhook(Buffer.from('{"id":1,"title":"Unicode"}'), sig, ['secret-1'])).toBe(false);
    expect(verifyShopifyWebhook(body, sig, ['secret-2'])).toBe(false);
    expect(verifyShopifyWebhook(body, undefined, ['secret-1'])).toBe(false);
    expect(verifyShopifyWebhook(body, createHmac('sha256', 'secret-1').update(body).digest('hex'), ['secret-1'])).toBe(
      false,
    );
  });
});

describe('Shopify helpers', () => {
  it('turns Money strings into minor units without floating point', () => {
    expect(moneyToMinor('19.99', 'USD')).toEqual({ amount: 1999, currency: 'USD' });
    expect(moneyToMinor('0.1', 'USD')).toEqual({ amount: 10, currency: 'USD' });
    expect(moneyToMinor('1500', 'JPY')).toEqual({ amount: 1500, currency: 'JPY' });
    expect(moneyToMinor('1.005', 'USD')).toEqual({ amount: 101, currency: 'USD' });
    expect(moneyToMinor('abc', 'USD')).toBeNull();
    expect(moneyToMinor('1.00', null)).toBeNull();
  });

  it('knows a product by gid or REST number', () => {
    expect(productGid(42)).toBe('gid://shopify/Product/42');
    expect(productGid('gid://shopify/Product/42')).toBe('gid://shopify/Product/42');
    expect(productGid('gid://shopify/Order/42')).toBeNull();
  });

  it('waits for the missing points at the restore rate, and not at all for a query the bucket cannot hold', () => {
    const cost = (requested: number, available: number, max = 1000, rate = 50) => ({
      requestedQueryCost: requested,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: max, currentlyAvailable: available, restoreRate: rate },
    });
    expect(throttleWait(cost(800, 300))).toBe(10_050);
    expect(throttleWait(cost(100, 300))).toBe(50);
    expect(throttleWait(cost(1200, 300))).toBeNull();
    expect(throttleWait(undefined)).toBe(1000);
  });
});
