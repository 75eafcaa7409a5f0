import { describe, expect, it } from 'vitest';
import { normaliseWooAddress } from './woo.address';
import {
  isWooPing,
  oauthBaseString,
  oauthSignature,
  parseWooKeysCallback,
  signOAuthUrl,
  verifyWooWebhook,
  wooAuthorizeUrl,
} from './woo.auth';
import { decimalToMinor } from './woo.products';

describe('OAuth 1.0a one-legged (WooCommerce over http)', () => {
  // Expected values computed apart from this code (Python's urllib.quote + hmac) from the
  // documented rule: METHOD&pct(url)&pct(sorted pct(k)=pct(v) joined by &), key "secret&".
  const params: Array<[string, string]> = [
    ['page', '2'],
    ['per_page', '10'],
    ['search', 'tee & mug'],
    ['oauth_consumer_key', 'ck_0123456789abcdef'],
    ['oauth_timestamp', '1700000000'],
    ['oauth_nonce', 'n0nce'],
    ['oauth_signature_method', 'HMAC-SHA256'],
  ];
  const base =
    'GET&http%3A%2F%2Fshop.example.test%2Fwp-json%2Fwc%2Fv3%2Fproducts&oauth_consumer_key%3Dck_0123456789abcdef%26oauth_nonce%3Dn0nce%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1700000000%26page%3D2%26per_page%3D10%26search%3Dtee%2520%2526%2520mug';

  it('builds the base string and the HMAC-SHA256 signature of the vector', () => {
    expect(oauthBaseString('get', 'http://shop.example.test/wp-json/wc/v3/products', params)).toBe(base);
    expect(oauthSignature(base, 'cs_fedcba9876543210')).toBe('GsWR+H6m2WHqcfRkz/UGZBxbPKG8u0F2Enn36v2aznw=');
  });

  it('signs a URL with the same parameters and no oauth_version', () => {
    const signed = new URL(
      signOAuthUrl(
        'GET',
        'http://shop.example.test/wp-json/wc/v3/products?page=2&per_page=10&search=tee+%26+mug',
        { consumerKey: 'ck_0123456789abcdef', consumerSecret: 'cs_fedcba9876543210' },
        { timestamp: 1700000000, nonce: 'n0nce' },
      ),
    );
    expect(signed.searchParams.get('oauth_signature')).toBe('GsWR+H6m2WHqcfRkz/UGZBxbPKG8u0F2Enn36v2aznw=');
    expect(signed.searchParams.has('oauth_version')).toBe(false);
  });
});

describe('store address identity', () => {
  it('one store for https://Shop.example.com/ and shop.example.com; www. and scheme dropped, path kept', () => {
    expect(normaliseWooAddress('https://Shop.example.com/')?.address).toBe('shop.example.com');
    expect(normaliseWooAddress('shop.example.com')?.address).toBe('shop.example.com');
    expect(normaliseWooAddress('http://www.shop.example.com/store/')).toEqual({
      address: 'shop.example.com/store',
      baseUrl: 'http://www.shop.example.com/store',
      hostname: 'www.shop.example.com',
    });
    expect(normaliseWooAddress('shop.example.com')?.baseUrl).toBe('https://shop.example.com');
  });
  it('refuses what is not a web address', () => {
    for (const bad of [
      '',
      'ftp://shop.example.com',
      'user:pw@shop.example.com',
      'shop.example.com/?x=1',
      'not a url',
      'localhost-only',
    ])
      expect(normaliseWooAddress(bad)).toBeNull();
  });
});

describe('key provisioning', () => {
  it('builds /wc-auth/v1/authorize with every mandatory parameter', () => {
    const url = new URL(
      wooAuthorizeUrl({
        baseUrl: 'https://shop.example.com',
        appName: 'Marketplace',
        scope: 'read_write',
        userId: 'a1',
        returnUrl: 'https://m.example/n/redirectAccess',
        callbackUrl: 'https://m.example/api/cb/n',
      }),
    );
    expect(url.pathname).toBe('/wc-auth/v1/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_name: 'Marketplace',
      scope: 'read_write',
      user_id: 'a1',
      return_url: 'https://m.example/n/redirectAccess',
      callback_url: 'https://m.example/api/cb/n',
    });
  });
  it('parses the posted keys and refuses anything else', () => {
    expect(
      parseWooKeysCallback(
        '{"key_id":1,"user_id":123,"consumer_key":"ck_abc","consumer_secret":"cs_def","key_permissions":"read_write"}',
      ),
    ).toEqual({
      keyId: 1,
      userId: '123',
      consumerKey: 'ck_abc',
      consumerSecret: 'cs_def',
      permissions: 'read_write',
    });
    expect(parseWooKeysCallback('consumer_key=ck_abc')).toBeNull();
    expect(
      parseWooKeysCallback('{"user_id":1,"consumer_key":"x","consumer_secret":"cs_def","key_permissions":"read"}'),
    ).toBeNull();
  });
});

describe('webhooks', () => {
  it('verifies base64 HMAC-SHA256 of the raw body (vector) and refuses a changed body or signature', () => {
    const body = '{"id":101,"name":"Tee"}';
    expect(verifyWooWebhook(body, 'EJbmyCqTJQbuaV1owizpM2Xaxs0InFtqlSGRvevuH9M=', 'whsecret')).toBe(true);
    expect(verifyWooWebhook(`${body} `, 'EJbmyCqTJQbuaV1owizpM2Xaxs0InFtqlSGRvevuH9M=', 'whsecret')).toBe(false);
    expect(verifyWooWebhook(body, 'EJbmyCqTJQbuaV1owizpM2Xaxs0InFtqlSGRvevuH9M=', 'other')).toBe(false);
    expect(verifyWooWebhook(body, undefined, 'whsecret')).toBe(false);
  });
  it('knows the creation ping', () => {
    expect(isWooPing('application/x-www-form-urlencoded', 'webhook_id=12')).toBe(true);
    expect(isWooPing('application/json', '{"id":1}')).toBe(false);
  });
});

describe('prices', () => {
  it('decimal strings to minor units by the currency, without floating point', () => {
    expect(decimalToMinor('19.99', 'USD')).toEqual({ amount: 1999, currency: 'USD' });
    expect(decimalToMinor('1200', 'JPY')).toEqual({ amount: 1200, currency: 'JPY' });
    expect(decimalToMinor('0.295', 'EUR')).toEqual({ amount: 30, currency: 'EUR' });
    expect(decimalToMinor('', 'USD')).toBeNull();
    expect(decimalToMinor('9.99', null)).toBeNull();
  });
});
