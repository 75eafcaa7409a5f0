import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp, sessionFor } from '../../../test/harness';
import { type PayPalEmulator, startPayPalEmulator } from '../../sandbox/paypal/emulator';
import { type StripeEmulator, startStripeEmulator } from '../../sandbox/stripe/emulator';

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

export const rows = async (ctx: RechargeCtx, q: ReturnType<typeof sql>) =>
  ((await ctx.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** Moves an order's expiry (and its scheduled job) into the past, so a drain runs the job now. */
export async function expireNow(ctx: RechargeCtx, id: string) {
  await ctx.db.execute(sql`update recharge_orders set expires_at = now() - interval '1 second' where id = ${id}`);
  await ctx.db.execute(sql`update jobs set run_at = now() - interval '1 second' where type = 'recharge.expire' and payload->>'id' = ${id}`);
}

/** A user with a session, made the way a registration leaves one (tests only). */
let serial = 0;
export async function rechargeUser(db: RechargeCtx['db']): Promise<{ userId: string; token: string }> {
  const name = `r${Date.now().toString(36)}${++serial}${Math.random().toString(36).slice(2, 6)}`;
  const res = (await db.execute(sql`
    insert into users (email, username, password_hash) values (${`${name}@example.com`}, ${name}, 'x') returning id`)) as unknown as { rows: Array<{ id: string }> };
  return { userId: res.rows[0]!.id, token: await sessionFor(db, `${name}@example.com`) };
}

const one = async (db: RechargeCtx['db'], q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0];

/** The user's available cash in minor units, as the ledger holds it. */
export async function availableOf(db: RechargeCtx['db'], userId: string): Promise<number> {
  return Number((await one(db, sql`select balance_minor from ledger_accounts where user_id = ${userId} and kind = 'available'`))?.balance_minor ?? 0);
}
/** A system account's balance: the sum of its lines (system accounts cache none; decision 0078). */
export async function systemBalance(db: RechargeCtx['db'], code: string): Promise<number> {
  return Number(
    (await one(db, sql`select coalesce(sum(l.amount_minor), 0) as n from journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = ${code}`))!.n,
  );
}
/** The sum of every journal line: 0 in a balanced ledger. */
export async function ledgerTotal(db: RechargeCtx['db']): Promise<number> {
  return Number((await one(db, sql`select coalesce(sum(amount_minor), 0) as n from journal_lines`))!.n);
}
export async function countOf(db: RechargeCtx['db'], q: ReturnType<typeof sql>): Promise<number> {
  return Number((await one(db, q))!.n);
}
