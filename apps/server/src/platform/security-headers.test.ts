import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe('HSTS and upgrade-insecure-requests follow PUBLIC_URL', () => {
  let plain: Ctx;
  let secure: Ctx;
  beforeAll(async () => {
    [plain, secure] = await Promise.all([
      createTestApp({ publicUrl: 'http://shop.example:3000' }),
      createTestApp({ publicUrl: 'https://shop.example' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.app.close(), secure?.app.close()]);
  });

  it('an http public address gets neither, so the site stays reachable over http', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('an https public address gets both', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const res = await secure.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toContain('max-age=');
      expect(res.headers['content-security-policy'], url).toContain('upgrade-insecure-requests');
    }
  });
});
