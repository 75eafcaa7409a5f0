import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreCredentials } from '../store-platform.js';
import { StorePlatformError } from '../store-platform.js';
import {
  aliExpressAuthorizeUrl,
  createAliExpressToken,
  refreshAliExpressToken,
  tokensOf,
  tokensToCredentials,
} from './ae.auth.js';
import { type AliExpressApp, callAliExpress } from './ae.call.js';
import { AliExpressClient } from './ae.client.js';
import { aliExpressError } from './ae.errors.js';
import { signAliExpress } from './ae.sign.js';
import { type AliExpressEmulator, startAliExpressEmulator } from '../../../sandbox/aliexpress/emulator.js';

// The connector against the emulator over HTTP, as it would talk to api-sg.aliexpress.com.
let ae: AliExpressEmulator;
let app: AliExpressApp;
const http = { retries: 0, backoffMs: 1, timeoutMs: 5000 };
beforeAll(async () => {
  ae = await startAliExpressEmulator();
  app = { appKey: ae.appKey, appSecret: ae.appSecret, authUrl: `${ae.baseUrl}/oauth/authorize`, apiUrl: ae.baseUrl };
});
afterAll(async () => {
  await ae.close();
});

async function authorize(account: string) {
  const url = aliExpressAuthorizeUrl(app, { redirectUri: 'https://market.example/aliexpressstatus', state: 'st-1' });
  const back = new URL(ae.approve(url, account));
  expect(back.origin + back.pathname).toBe('https://market.example/aliexpressstatus');
  expect(back.searchParams.get('state')).toBe('st-1');
  return createAliExpressToken(app, back.searchParams.get('code')!, http);
}

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (err) {
    if (err instanceof StorePlatformError) return err.kind;
    throw err;
  }
}

describe('authorization', () => {
  it('builds the authorize URL of the reference', () => {
    const u = new URL(
      aliExpressAuthorizeUrl(
        { appKey: '500001', authUrl: 'https://api-sg.aliexpress.com/oauth/authorize' },
        { redirectUri: 'https://m.example/aliexpressstatus', state: 'abc' },
      ),
    );
    expect(u.origin + u.pathname).toBe('https://api-sg.aliexpress.com/oauth/authorize');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: 'https://m.example/aliexpressstatus',
      client_id: '500001',
      state: 'abc',
    });
  });

  it('exchanges the code once for tokens with their lifetimes and the seller', async () => {
    const before = Date.now();
    const t = await authorize('seller-a');
    expect(t.accessToken).toMatch(/^50000/);
    expect(t.sellerId).toMatch(/^\d+$/);
    expect(t.account).toBe('seller-a');
    expect(t.accessExpiresAt).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(t.refreshExpiresAt).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
  });

  it('a code used twice, or made up, is refused as auth', async () => {
    const url = aliExpressAuthorizeUrl(app, { redirectUri: 'https://m.example/cb', state: 's' });
    const code = new URL(ae.approve(url)).searchParams.get('code')!;
    await createAliExpressToken(app, code, http);
    expect(await kindOf(createAliExpressToken(app, code, http))).toBe('auth');
    expect(await kindOf(createAliExpressToken(app, 'made-up', http))).toBe('auth');
  });

  it('refresh rotates both tokens; the old refresh token then fails as auth', async () => {
    const t = await authorize('seller-b');
    const next = await refreshAliExpressToken(app, t.refreshToken, http);
    expect(next.accessToken).not.toBe(t.accessToken);
    expect(next.refreshToken).not.toBe(t.refreshToken);
    expect(next.sellerId).toBe(t.sellerId);
    expect(await kindOf(refreshAliExpressToken(app, t.refreshToken, http))).toBe('auth');
  });

  it("a wrong app secret is our mistake (invalid), not the seller's token", async () => {
    const t = await authorize('seller-c');
    const err = await refreshAliExpressToken({ ...app, appSecret: 'wrong' }, t.refreshToken, http).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      kind: 'invalid',
      detail: 'IncompleteSignature: The request signature does not conform to platform standards',
    });
  });

  it('reads expires_in / refresh_expires_in and expire_time / refresh_token_valid_time, the earlier winning', () => {
    const now = 1_000_000;
    const base = { access_token: 'a', refresh_token: 'r', seller_id: '9' };
    expect(tokensOf({ ...base, expires_in: 60, refresh_expires_in: 120 }, now)).toMatchObject({
      accessExpiresAt: now + 60_000,
      refreshExpiresAt: now + 120_000,
    });
    expect(
      tokensOf(
        { ...base, expire_time: now + 5000, expires_in: '60', refresh_token_valid_time: String(now + 9000) },
        now,
      ),
    ).toMatchObject({ accessExpiresAt: now + 5000, refreshExpiresAt: now + 9000 });
    expect(tokensOf({ ...base, expires_in: 60 }, now).refreshExpiresAt).toBeNull();
    expect(() => tokensOf({ ...base }, now)).toThrow(StorePlatformError);
  });
});

describe('the gateway', () => {
  it('a tampered signature is refused with IncompleteSignature', async () => {
    const params: Record<string, string> = {
      app_key: ae.appKey,
      timestamp: String(Date.now()),
      sign_method: 'sha256',
      code: 'x',
    };
    params.sign = signAliExpress(ae.appSecret, '/auth/token/create', params);
    params.code = 'y'; // changed after signing
    const res = await fetch(`${ae.baseUrl}/rest/auth/token/create`, {
      method: 'POST',
      body: new URLSearchParams(params),
    });
    expect(await res.json()).toMatchObject({
      code: 'IncompleteSignature',
      type: 'ISV',
      request_id: expect.any(String),
    });
    // Signed without the path prefix (as a business API would be): refused too.
    params.sign = signAliExpress(ae.appSecret, 'auth.token.create', params);
    expect(
      await (
        await fetch(`${ae.baseUrl}/rest/auth/token/create`, { method: 'POST', body: new URLSearchParams(params) })
      ).json(),
    ).toMatchObject({ code: 'IncompleteSignature' });
  });

  it('business calls need a live session token', async () => {
    const err = await callAliExpress(
      app,
      {
        api: 'aliexpress.ds.product.get',
        params: { product_id: '1', ship_to_country: 'US' },
        session: 'nope',
        idempotent: true,
      },
      http,
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'auth', detail: expect.stringContaining('IllegalAccessToken') });
  });

  it('maps the error types', () => {
    expect(aliExpressError({ code: 'IllegalAccessToken', type: 'ISV' }, 200).kind).toBe('auth');
    expect(aliExpressError({ code: 'ServiceUnavailable', type: 'ISP' }, 200).kind).toBe('unavailable');
    expect(aliExpressError({ code: 'SystemError', type: 'SYSTEM' }, 200).kind).toBe('unavailable');
    expect(aliExpressError({ code: 'InvalidParameter', type: 'ISV' }, 200).kind).toBe('invalid');
    expect(aliExpressError({ code: 'ApiCallLimit', type: 'ISV' }, 200).kind).toBe('throttled');
    expect(aliExpressError({ code: 'SomethingElse', type: 'ISV' }, 200, true).kind).toBe('auth');
    expect(aliExpressError({ code: 'InvalidAppKey', type: 'ISV' }, 200, true).kind).toBe('invalid');
  });
});

describe('AliExpressClient', () => {
  it("lists the seller's products page by page with their SKUs in minor units", async () => {
    const t = await authorize('seller-d');
    const mat = ae.addProduct('seller-d', {
      subject: 'Yoga mat',
      price: '24.99',
      option: 'Size',
      values: ['S', 'M'],
      skuCode: 'YOGA',
    });
    for (let i = 1; i <= 4; i++) ae.addProduct('seller-d', { subject: `Thing ${i}`, price: '1.50' });
    ae.addProduct('someone-else', { subject: 'Not mine', price: '2.00' });
    const client = new AliExpressClient({ app, credentials: tokensToCredentials(t), http });
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await client.listProducts(cursor, { pageSize: 2 });
      pages.push(page);
      cursor = page.next;
    } while (cursor);
    expect(pages.map((p) => [p.products.length, p.totalPages])).toEqual([
      [2, 3],
      [2, 3],
      [1, 3],
    ]);
    const all = pages.flatMap((p) => p.products);
    expect(all.map((p) => p.title)).not.toContain('Not mine');
    const got = all.find((p) => p.externalId === mat.productId)!;
    expect(got).toMatchObject({
      title: 'Yoga mat',
      status: 'active',
      url: `https://www.aliexpress.com/item/${mat.productId}.html`,
    });
    expect(got.variants.map((v) => [v.externalId, v.sku, v.title, v.options, v.price])).toEqual([
      [mat.skus[0]!.skuId, 'YOGA-S', 'S', [{ name: 'Size', value: 'S' }], { amount: 2499, currency: 'USD' }],
      [mat.skus[1]!.skuId, 'YOGA-M', 'M', [{ name: 'Size', value: 'M' }], { amount: 2499, currency: 'USD' }],
    ]);
    expect(await client.getProduct('999')).toBeNull();
  });

  it('refreshes an access token about to run out, hands the rotated tokens on first, and uses them', async () => {
    const t = await authorize('seller-e');
    ae.addProduct('seller-e', { subject: 'Lamp', price: '9.00' });
    const saved: StoreCredentials[] = [];
    const client = new AliExpressClient({
      app,
      credentials: { ...tokensToCredentials(t), accessExpiresAt: Date.now() + 1000 },
      http,
      onCredentials: async (c) => void saved.push(c),
    });
    const page = await client.listProducts(null);
    expect(page.products.map((p) => p.title)).toEqual(['Lamp']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.refreshToken).not.toBe(t.refreshToken);
    expect(Number(saved[0]!.accessExpiresAt)).toBeGreaterThan(Date.now() + 3600_000);
  });

  it('a token refused early is refreshed once; a refresh token refused too → auth', async () => {
    const t = await authorize('seller-f');
    const saved: StoreCredentials[] = [];
    const client = new AliExpressClient({
      app,
      credentials: tokensToCredentials(t),
      http,
      onCredentials: async (c) => void saved.push(c),
    });
    ae.expireAccessTokens();
    await client.listProducts(null);
    expect(saved).toHaveLength(1);
    ae.expireAccessTokens();
    ae.expireRefreshTokens();
    expect(await kindOf(client.listProducts(null))).toBe('auth');
  });
});
