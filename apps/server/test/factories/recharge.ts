import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, sessionFor } from '../harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../src/sandbox/paypal/emulator';
import { type StripeEmulator, startStripeEmulator } from '../../src/sandbox/stripe/emulator';

/**
 * A test app wired to both emulators over real HTTP, listening on 127.0.0.1 so the Stripe
 * emulator's webhooks reach our route as Stripe's would.
 */
export const STRIPE_SECRET = 'sk_test_recharge_0123456789abcdef';
export const STRIPE_WEBHOOK_SECRET = 'whsec_recharge0123456789abcdef0123456789';
export const PAYPAL_WEBHOOK_ID = 'WH-RECHARGE-TEST';
export const PUBLIC = 'http://shop.test';

export async function rechargeTestApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const pp: PayPalEmulator = await startPayPalEmulator({ webhookId: PAYPAL_WEBHOOK_ID });
  const stripe: StripeEmulator = await startStripeEmulator({
    secretKey: STRIPE_SECRET,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
  });
  const ctx = await createTestApp({
    publicUrl: PUBLIC,
    paypal: { clientId: pp.clientId, clientSecret: pp.clientSecret, baseUrl: pp.baseUrl, webhookId: PAYPAL_WEBHOOK_ID },
    stripe: { secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WEBHOOK_SECRET, baseUrl: stripe.baseUrl },
    ...overrides,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const stripeHook = `${base}/api/webhooks/stripe`;
  stripe.setWebhookUrl(stripeHook);
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  return {
    ...ctx,
    pp,
    stripe,
    base,
    stripeHook,
    paypalHook: `${base}/api/webhooks/paypal`,
    operator,
    async close() {
      const closing = ctx.app.close();
      // The Stripe emulator sends its webhooks without waiting: one still in flight when the
      // last test ends leaves a kept-alive connection that close() would otherwise wait on until
      // the keep-alive timeout (72 s), past the hook's 60 s (seen on PostgreSQL in CI).
      ctx.app.server.closeAllConnections();
      await closing;
      await pp.close();
      await stripe.close();
    },
  };
}

export type RechargeCtx = Awaited<ReturnType<typeof rechargeTestApp>>;

/** Moves an order's expiry (and its scheduled job) into the past, so a drain runs the job now. */
export async function expireNow(ctx: RechargeCtx, id: string) {
  await ctx.db.execute(sql`update recharge_orders set expires_at = now() - interval '1 second' where id = ${id}`);
  await ctx.db.execute(
    sql`update jobs set run_at = now() - interval '1 second' where type = 'recharge.expire' and payload->>'id' = ${id}`,
  );
}
