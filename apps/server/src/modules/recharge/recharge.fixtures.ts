import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../connectors/paypal/emulator';
import { type StripeEmulator, startStripeEmulator } from '../../emulators/stripe/stripe-emulator';

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
  const stripe: StripeEmulator = await startStripeEmulator({ secretKey: STRIPE_SECRET, webhookSecret: STRIPE_WEBHOOK_SECRET });
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
      await ctx.app.close();
      await pp.close();
      await stripe.close();
    },
  };
}

export type RechargeCtx = Awaited<ReturnType<typeof rechargeTestApp>>;

export const rows = async (ctx: RechargeCtx, q: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** Moves an order's expiry (and its scheduled job) into the past, so a drain runs the job now. */
export async function expireNow(ctx: RechargeCtx, id: string) {
  await ctx.db.execute(sql`update recharge_orders set expires_at = now() - interval '1 second' where id = ${id}`);
  await ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where type = 'recharge.expire' and payload->>'id' = ${id}`);
}
