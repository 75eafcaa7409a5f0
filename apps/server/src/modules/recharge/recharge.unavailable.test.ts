import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { signedInUser } from '../../../test/factories';

// Providers configured but unreachable (port 9, discard): the user gets a business answer, never a 5xx.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({
    paypal: { clientId: 'id', clientSecret: 'secret', baseUrl: 'http://127.0.0.1:9', webhookId: 'WH-1' },
    stripe: { secretKey: 'sk_test_unreachable', webhookSecret: 'whsec_unreachable', baseUrl: 'http://127.0.0.1:9' },
  });
});
afterAll(() => ctx.app.close());

describe('a payment provider that cannot be reached', () => {
  it('checkout answers provider-unavailable in the user’s language and changes nothing', async () => {
    const u = await signedInUser(ctx.db);
    for (const method of ['paypal', 'card']) {
      const headers = { authorization: `Bearer ${u.token}` };
      const order = (
        await ctx.app.inject({ method: 'POST', url: '/api/p/recharges', headers, payload: { amount: 10, method } })
      ).json().data;
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/p/recharges/${order.id}/checkout`,
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'A00001', data: { reason: 'provider-unavailable' } });
      expect(res.json().msg).toContain('Nothing was charged');
      const tr = await ctx.app.inject({
        method: 'POST',
        url: `/api/p/recharges/${order.id}/checkout`,
        headers: { ...headers, 'accept-language': 'tr-TR' },
      });
      expect(tr.json().msg).not.toContain('Nothing was charged');
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/p/recharges/${order.id}`, headers })).json().data,
      ).toMatchObject({ state: 'awaiting-payment' });
    }
  });
});
