import { describe, expect, it } from 'vitest';
import { aliExpressStringToSign, signAliExpress } from './ae.sign.js';

// Vectors computed from the documented rule (connector-protocols.md §3.2) by hand: the string
// to sign is written out below, and its HMAC-SHA256 under the secret "helloworld" was computed
// with another implementation (Python's hmac module), not with this code.
const params = {
  app_key: '12345678',
  code: '3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26',
  sign_method: 'sha256',
  timestamp: '1517820392000',
};

describe('signAliExpress', () => {
  it('a system API: its path, then the sorted key+value pairs', () => {
    const expected =
      '/auth/token/create' +
      'app_key12345678' +
      'code3_500102_JxZ05Ux3cnnSSUm6dCxYg6Q26' +
      'sign_methodsha256' +
      'timestamp1517820392000';
    expect(aliExpressStringToSign('/auth/token/create', params)).toBe(expected);
    expect(signAliExpress('helloworld', '/auth/token/create', params)).toBe(
      '35607762342831B6A417A0DED84B79C05FEFBF116969C48AD6DC00279A9F4D81',
    );
  });

  it('a business API: no prefix, `method` and `session` signed like any parameter, `sign` left out', () => {
    const p = {
      timestamp: '1517820392000',
      target_language: 'en_US',
      sign_method: 'sha256',
      ship_to_country: 'US',
      session: '50000abc',
      product_id: '1005001000000001',
      method: 'aliexpress.ds.product.get',
      app_key: '12345678',
      sign: 'ignored',
    };
    expect(aliExpressStringToSign('aliexpress.ds.product.get', p)).toBe(
      'app_key12345678methodaliexpress.ds.product.getproduct_id1005001000000001session50000abcship_to_countryUSsign_methodsha256target_languageen_UStimestamp1517820392000',
    );
    expect(signAliExpress('helloworld', 'aliexpress.ds.product.get', p)).toBe(
      'E6430932A9E5CC49F27A04170CA47029A05018F904E62D453E16A67C16B08D44',
    );
  });

  it('sorts by ASCII code, not by locale (upper case and "_" before lower case letters)', () => {
    expect(aliExpressStringToSign('x.y', { b: '1', B: '2', ab: '4', a_b: '3' })).toBe('B2a_b3ab4b1');
  });

  it('another secret or a changed value gives another signature', () => {
    const sig = signAliExpress('helloworld', '/auth/token/create', params);
    expect(signAliExpress('helloworlds', '/auth/token/create', params)).not.toBe(sig);
    expect(signAliExpress('helloworld', '/auth/token/create', { ...params, code: 'x' })).not.toBe(sig);
    expect(signAliExpress('helloworld', '/auth/token/refresh', params)).not.toBe(sig);
  });
});
