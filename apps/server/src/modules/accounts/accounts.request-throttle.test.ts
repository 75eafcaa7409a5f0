import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { registerUser, registration, type TestCtx } from '../../../test/factories';

let ctx: TestCtx;
beforeAll(async () => {
  ctx = await createTestApp({ addressRequestsPerHour: 3 });
});
afterAll(() => ctx.app.close());

const register = (body: object, ip: string, lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });
const askCode = (email: string, ip: string, lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/password/code',
    payload: { email },
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });

function expectRateLimited(res: Awaited<ReturnType<typeof register>>, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.code).toBe('A00008');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(body.data).toEqual({ retryAfterSeconds: retryAfter });
  return body as { msg: string };
}

describe('registration is throttled per client address and per e-mail address', () => {
  it('the 4th registration from one address within the hour is refused; another address still registers', async () => {
    for (let i = 0; i < 3; i++) expect((await register(registration(), '10.9.0.1')).statusCode).toBe(200);
    const body = expectRateLimited(await register(registration(), '10.9.0.1', 'fr-FR'), 3600);
    expect(body.msg).toMatch(/^Trop de tentatives, veuillez patienter \d+ secondes/);
    expect((await register(registration(), '10.9.0.2')).statusCode).toBe(200);
  });

  it('probing one e-mail address: after 5 tries in an hour, "already registered" is no longer answered', async () => {
    const user = await registerUser(ctx);
    for (let i = 0; i < 4; i++) {
      // registerUser counted once already; each try from a fresh address.
      expect((await register(registration(undefined, { email: user.email }), `10.9.1.${i}`)).statusCode).toBe(409);
    }
    expectRateLimited(await register(registration(undefined, { email: user.email.toUpperCase() }), '10.9.1.99'), 3600);
  });
});

describe('reset-code requests are throttled per address and capped per account per day', () => {
  it('the 4th request from one address within the hour is refused', async () => {
    for (let i = 0; i < 3; i++) expect((await askCode(`nobody${i}@example.com`, '10.9.2.1')).statusCode).toBe(200);
    expectRateLimited(await askCode('nobody9@example.com', '10.9.2.1'), 3600);
    expect((await askCode('nobody9@example.com', '10.9.2.2')).statusCode).toBe(200);
  });

  it('at most 10 requests a day for one e-mail address, whatever the client addresses, account or not', async () => {
    const user = await registerUser(ctx);
    for (const email of [user.email, 'no-account@example.com']) {
      for (let i = 0; i < 10; i++) expect((await askCode(email, `10.9.${3 + i}.${email.length}`)).statusCode).toBe(200);
      const body = expectRateLimited(await askCode(email, '10.9.99.1', 'zh-CN'), 24 * 3600);
      expect(body.msg).toContain('尝试次数过多');
    }
  });
});
