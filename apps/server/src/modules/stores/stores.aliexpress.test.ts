import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type AliExpressEmulator, startAliExpressEmulator } from '../../sandbox/aliexpress/emulator';
import { loadConfig } from '../../config';
import { createMailer } from '../../platform/mail/mailer';
import { newUser } from '../../../test/factories';
import { startAliExpressAuthorize } from './stores.aliexpress';
import { storeProductsOf } from './stores.queries';
import { openCredentials } from './stores.secrets';
import { refreshDueTokens, sendExpiryWarnings } from './stores.tokens';
import { rawRows } from '../../db/rows';

// AliExpress stores against the emulated open platform: the seller authorization bound to the
// user who started it, the signed token exchange, the import, token refresh and rotation,
// re-authorization when a refresh fails, and the expiry warning.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ae: AliExpressEmulator;
beforeAll(async () => {
  ae = await startAliExpressEmulator();
  ctx = await createTestApp(
    {
      stores: {
        allowPrivateAddresses: false,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 5000 },
      },
      aliexpress: {
        appKey: ae.appKey,
        appSecret: ae.appSecret,
        authUrl: `${ae.baseUrl}/oauth/authorize`,
        apiUrl: ae.baseUrl,
      },
    },
    undefined,
    { jobOptions: { retryBaseMs: 1 } },
  );
});
afterAll(async () => {
  await ctx.app.close();
  await ae.close();
});

const rows = async (q: ReturnType<typeof sql>) => rawRows(await ctx.db.execute(q));
let serial = 0;
async function owner() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}
const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, locale = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
const drain = async () => {
  for (let i = 0; i < 3; i++) await ctx.app.jobs.drain();
};
/** The seller approves on AliExpress's page: the code and state the SPA's /aliexpressstatus receives. */
async function authorize(token: string, account: string) {
  const res = await call(token, 'POST', '/api/p/stores/aliexpress/authorize');
  expect(res.statusCode, res.body).toBe(200);
  const back = new URL(ae.approve(res.json().data.url, account));
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}
async function connect(token: string, account = `seller-${++serial}-${Date.now()}`) {
  const { code, state } = await authorize(token, account);
  const res = await call(token, 'POST', '/api/p/stores/aliexpress/callback', { code, state });
  expect(res.statusCode, res.body).toBe(200);
  return { store: res.json().data, account };
}
const storeRow = async (id: string) => (await rows(sql`select * from stores where id = ${id}`))[0]!;
const credsOf = async (id: string) => openCredentials(ctx.config, id, String((await storeRow(id)).credentials));

describe('connecting an AliExpress store', () => {
  it('authorize → the seller approves → callback: the store, its tokens sealed, its products imported', async () => {
    const me = await owner();
    const account = `shop-${Date.now()}`;
    ae.addProduct(account, {
      subject: 'Desk lamp',
      price: '12.30',
      option: 'Color',
      values: ['Black', 'White'],
      skuCode: 'LAMP',
    });
    ae.addProduct(account, { subject: 'Cable', price: '2.05', skuCode: 'CABLE' });
    const { code, state, back } = await authorize(me.token, account);
    expect(back.pathname).toBe('/aliexpressstatus');
    const res = await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code, state });
    expect(res.statusCode, res.body).toBe(200);
    const store = res.json().data;
    expect(store).toMatchObject({
      platform: 'aliexpress',
      name: account,
      status: 'connected',
      sandbox: false,
      authorizationExpiring: false,
    });
    expect(Date.parse(store.authorizationExpiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const raw = await storeRow(store.id);
    const creds = await credsOf(store.id);
    expect(String(creds.accessToken)).toMatch(/^50000/);
    expect(String(raw.credentials)).toMatch(/^v1\./);
    expect(JSON.stringify(raw)).not.toContain(String(creds.accessToken));
    expect(JSON.stringify(raw)).not.toContain(String(creds.refreshToken));
    expect(JSON.stringify(res.json())).not.toContain(String(creds.accessToken));
    expect(raw.address).toBe(creds.sellerId);

    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ id: store.id, productCount: 2, lastSync: { state: 'succeeded', imported: 2 } });
    const page = await storeProductsOf(ctx.db, me.userId, { current: 1, size: 10, storeId: store.id, q: 'lamp' });
    expect(page.records[0]!.variants.map((v) => [v.title, v.sku, v.price, v.currency])).toEqual([
      ['Black', 'LAMP-BLACK', 12.3, 'USD'],
      ['White', 'LAMP-WHITE', 12.3, 'USD'],
    ]);

    // The state works once.
    const again = await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code, state });
    expect(again.json()).toMatchObject({ data: { reason: 'store-authorization-expired' } });
  });

  it("another user's state → not the current user; the owner of the state can still finish", async () => {
    const me = await owner();
    const other = await owner();
    const { code, state } = await authorize(me.token, `seller-a-${Date.now()}`);
    const res = await call(other.token, 'POST', '/api/p/stores/aliexpress/callback', { code, state }, 'fr-FR');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      data: { reason: 'store-not-current-user' },
      msg: "Vous n'êtes pas l'utilisateur actuel, reconnectez-vous",
    });
    expect((await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code, state })).statusCode).toBe(200);
  });

  it('an unknown state, a refused code, a seller already connected by someone else', async () => {
    const me = await owner();
    expect(
      (await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code: 'x', state: 'made-up' })).json().data
        .reason,
    ).toBe('store-authorization-expired');
    const { state } = await authorize(me.token, 'whoever');
    const bad = await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code: 'not-a-code', state });
    expect(bad.json()).toMatchObject({
      data: { reason: 'store-authorization-failed' },
      msg: 'Authorization failed, please re-authorize',
    });
    const { account } = await connect((await owner()).token);
    const { code: c2, state: s2 } = await authorize(me.token, account);
    expect(
      (await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', { code: c2, state: s2 })).json().data.reason,
    ).toBe('store-address-taken');
  });

  it('without an AliExpress app configured: not configured', async () => {
    const me = await owner();
    const config = { ...ctx.config, aliexpress: undefined };
    await expect(startAliExpressAuthorize(ctx.db, config, me.userId, 'https://m.example')).rejects.toMatchObject({
      reason: 'store-platform-not-configured',
    });
  });
});

describe('tokens', () => {
  it('an access token about to run out is refreshed by the job; the rotated tokens are stored sealed', async () => {
    const me = await owner();
    ae.accessTtlSeconds = 60;
    const { store } = await connect(me.token);
    ae.accessTtlSeconds = 86_400;
    // (The import is left queued: its client would refresh the short-lived token itself.)
    const before = await credsOf(store.id);
    const result = await refreshDueTokens(ctx.db, ctx.config);
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    const after = await credsOf(store.id);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const row = await storeRow(store.id);
    expect(new Date(String(row.access_expires_at)).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(row.status).toBe('connected');
    // The old refresh token no longer works at the platform: the stored one is the live one.
    const again = await refreshDueTokens(ctx.db, ctx.config, new Date(Date.now() + 23 * 3600_000));
    expect(again.reauthorize).toBe(0);
    expect((await credsOf(store.id)).refreshToken).not.toBe(after.refreshToken);
  });

  it('an access token refused during an import is refreshed once and the import goes on', async () => {
    const me = await owner();
    const { store, account } = await connect(me.token);
    await drain();
    ae.addProduct(account, { subject: 'Late arrival', price: '3.00' });
    const before = await credsOf(store.id);
    ae.expireAccessTokens();
    expect((await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`)).statusCode).toBe(200);
    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ status: 'connected', productCount: 1, lastSync: { state: 'succeeded' } });
    expect((await credsOf(store.id)).refreshToken).not.toBe(before.refreshToken);
  });

  it("a refresh token refused → re-authorization needed, said in the owner's language; re-authorizing reconnects", async () => {
    const me = await owner();
    const { store, account } = await connect(me.token);
    await drain();
    ae.expireAccessTokens();
    ae.expireRefreshTokens();
    await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`);
    await drain();
    const [listed] = (await call(me.token, 'GET', '/api/p/stores', undefined, 'zh-CN')).json().data;
    expect(listed).toMatchObject({
      status: 'reauthorize',
      lastSync: { state: 'failed', error: '授权失败，请重新授权' },
    });
    const sync = await call(me.token, 'POST', `/api/p/stores/${store.id}/sync`, undefined, 'tr-TR');
    expect(sync.json()).toMatchObject({
      data: { reason: 'store-authorization-failed' },
      msg: 'Yetkilendirme başarısız, lütfen yeniden yetkilendirin',
    });

    const { url } = (await call(me.token, 'POST', `/api/p/stores/${store.id}/reauthorize`)).json().data;
    const back = new URL(ae.approve(url, account));
    const res = await call(me.token, 'POST', '/api/p/stores/aliexpress/callback', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(res.json().data).toMatchObject({ id: store.id, status: 'connected' });
  });

  it('the refresh job marks a store whose refresh token is refused', async () => {
    const me = await owner();
    ae.accessTtlSeconds = 60;
    const { store } = await connect(me.token);
    ae.accessTtlSeconds = 86_400;
    ae.expireRefreshTokens();
    expect((await refreshDueTokens(ctx.db, ctx.config)).reauthorize).toBeGreaterThanOrEqual(1);
    expect((await storeRow(store.id)).status).toBe('reauthorize');
  });
});

describe('the expiry warning', () => {
  it('e-mails the owner once, in their language, when the authorization runs out within the warning days', async () => {
    const me = await owner();
    await ctx.db.execute(sql`update users set locale = 'fr-FR' where id = ${me.userId}`);
    ae.refreshTtlSeconds = 3 * 86_400;
    const { store, account } = await connect(me.token);
    ae.refreshTtlSeconds = 30 * 86_400;
    const [listed] = (await call(me.token, 'GET', '/api/p/stores')).json().data;
    expect(listed).toMatchObject({ id: store.id, authorizationExpiring: true });
    const mailer = createMailer(ctx.config);
    expect(await sendExpiryWarnings(ctx.db, mailer)).toBeGreaterThanOrEqual(1);
    expect(await sendExpiryWarnings(ctx.db, mailer)).toBe(0);
    const mails = await rows(sql`select subject, text, locale from mail_outbox where "to" = ${me.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      locale: 'fr-FR',
      subject: `Votre boutique AliExpress ${account} doit être autorisée à nouveau`,
    });
    expect(String(mails[0]!.text)).toContain(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
  });

  it('no warning for an authorization far from its end', async () => {
    const me = await owner();
    await connect(me.token);
    await sendExpiryWarnings(ctx.db, createMailer(ctx.config));
    expect(await rows(sql`select 1 from mail_outbox where "to" = ${me.email}`)).toHaveLength(0);
  });
});

describe('configuration', () => {
  it('ALIEXPRESS_APP_KEY and _SECRET together, the URLs defaulting to api-sg.aliexpress.com', () => {
    const base = { SECRET_KEY: 'x'.repeat(32) };
    expect(loadConfig(base).aliexpress).toBeUndefined();
    expect(loadConfig({ ...base, ALIEXPRESS_APP_KEY: '123', ALIEXPRESS_APP_SECRET: 's' }).aliexpress).toEqual({
      appKey: '123',
      appSecret: 's',
      authUrl: 'https://api-sg.aliexpress.com/oauth/authorize',
      apiUrl: 'https://api-sg.aliexpress.com',
    });
    expect(
      loadConfig({
        ...base,
        ALIEXPRESS_APP_KEY: '1',
        ALIEXPRESS_APP_SECRET: 's',
        ALIEXPRESS_API_URL: 'http://127.0.0.1:9',
      }).aliexpress?.apiUrl,
    ).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ ...base, ALIEXPRESS_APP_KEY: '123' })).toThrow(
      /ALIEXPRESS_APP_KEY and ALIEXPRESS_APP_SECRET/,
    );
  });
});
