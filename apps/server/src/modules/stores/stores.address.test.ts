import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/harness';
import { loadConfig } from '../../config';
import { checkHostname, isPublicAddress } from './stores.address-guard';
import { resolveWooAddress } from './stores.service';

// No calls to private networks (decision 0100), decided before any request is made.
const strict = testConfig({
  stores: {
    allowPrivateAddresses: false,
    pullEverySeconds: 3600,
    sandboxBaseUrls: {
      woocommerce: ['http://127.0.0.1:3000/sandbox/woocommerce', 'http://localhost:3000/sandbox/woocommerce'],
    },
  },
});
const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: { reason?: string }) => e.reason ?? String(e),
  );

describe('store addresses that may be called', () => {
  it('refuses loopback, private, link-local (cloud metadata) and mapped addresses', async () => {
    for (const a of [
      'http://127.0.0.1:5432',
      '169.254.169.254',
      'http://10.0.0.5/shop',
      '192.168.1.10',
      'localhost:8080',
      'http://[::1]:80',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      '0.0.0.0:80',
    ]) {
      expect(await reasonOf(resolveWooAddress(strict, a)), a).toBe('store-address-not-allowed');
    }
  });

  it('allows public addresses, the sandbox by any of its addresses (marked), and private ones when configured', async () => {
    expect(await resolveWooAddress(strict, 'http://93.184.215.14/shop')).toEqual({
      address: '93.184.215.14/shop',
      baseUrl: 'http://93.184.215.14/shop',
      sandbox: false,
    });
    expect(await resolveWooAddress(strict, 'localhost:3000/sandbox/woocommerce/')).toEqual({
      address: '127.0.0.1:3000/sandbox/woocommerce',
      baseUrl: 'http://127.0.0.1:3000/sandbox/woocommerce',
      sandbox: true,
    });
    const lax = testConfig({ stores: { allowPrivateAddresses: true, pullEverySeconds: 3600 } });
    expect((await resolveWooAddress(lax, 'http://127.0.0.1:8080')).sandbox).toBe(false);
  });

  it('classifies addresses', async () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '100.64.0.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
    expect(await checkHostname('localhost')).toBe('private');
    expect(await checkHostname('[::1]')).toBe('private');
  });

  it('STORES_ALLOW_PRIVATE_ADDRESSES and STORES_PULL_MINUTES are read; off and hourly by default', () => {
    const base = { SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base).stores).toEqual({ allowPrivateAddresses: false, pullEverySeconds: 3600 });
    expect(loadConfig({ ...base, STORES_ALLOW_PRIVATE_ADDRESSES: 'true', STORES_PULL_MINUTES: '15' }).stores).toEqual({
      allowPrivateAddresses: true,
      pullEverySeconds: 900,
    });
    expect(() => loadConfig({ ...base, STORES_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /STORES_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});
