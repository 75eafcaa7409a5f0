import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableOf,
  countOf,
  expireNow,
  ledgerTotal,
  PUBLIC,
  rechargeTestApp,
  rows,
  signedInUser,
  STRIPE_WEBHOOK_SECRET,
  systemBalance,
  type RechargeCtx,
} from '../../../test/factories';

let ctx: RechargeCtx;
beforeAll(async () => {
  ctx = await rechargeTestApp();
});
afterAll(() => ctx.close());

const auth = (token: string, key?: string) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});
const post = (token: string, url: string, body?: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: auth(token, key),
    ...(body === undefined ? {} : { payload: body as object }),
  });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

async function cardCheckout(token: string, amount = 100) {
  const order = (await post(token, '/api/p/recharges', { amount, method: 'card' }, crypto.randomUUID())).json().data;
  const checkout = await post(token, `/api/p/recharges/${order.id}/checkout`, undefined, crypto.randomUUID());
  expect(checkout.statusCode).toBe(200);
  return { order, url: checkout.json().data.redirectUrl as string };
}
const payOnPage = (url: string, card = '4242424242424242') =>
  fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ card_number: card }) });
const deliveriesFor = (sessionId: string) => ctx.stripe.deliveries.filter((d) => d.body.includes(sessionId));

describe('card recharge (Stripe Checkout) against the emulator', () => {
  it('100 → fee 3.42; paid on the hosted page, confirmed on return and by the webhook: credited once', async () => {
    const u = await signedInUser(ctx.db);
    const feesBefore = await systemBalance(ctx.db, 'fees');
    const { order, url } = await cardCheckout(u.token);
    expect(order).toMatchObject({ amount: 100, fee: 3.42, total: 103.42, state: 'awaiting-payment' });
    // A second checkout (double click) gets the same session.
    expect(
      (await post(u.token, `/api/p/recharges/${order.id}/checkout`, undefined, crypto.randomUUID())).json().data
        .redirectUrl,
    ).toBe(url);
    const paid = await payOnPage(url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC}/user/paystate`);
    expect(back.searchParams.get('recharge')).toBe(order.id);
    const [ref] = await rows(ctx, sql`select provider_reference from recharge_orders where id = ${order.id}`);
    expect(back.searchParams.get('session_id')).toBe(ref!.provider_reference);

    const confirmed = await post(u.token, `/api/p/recharges/${order.id}/card/confirm`, undefined, crypto.randomUUID());
    expect(confirmed.json().data.state).toBe('paid');
    // The emulator's checkout.session.completed reached our route and was accepted; redelivered too.
    const sent = await waitFor(() =>
      deliveriesFor(String(ref!.provider_reference)).find((d) => d.type === 'checkout.session.completed'),
    );
    expect(sent.status).toBe(200);
    expect((await ctx.stripe.redeliver(sent.eventId)).status).toBe(200);
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data.state).toBe('completed');
    expect(await availableOf(ctx.db, u.userId)).toBe(10_000);
    expect((await systemBalance(ctx.db, 'fees')) - feesBefore).toBe(342);
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from journal_entries where reference_type = 'recharge' and reference_id = ${order.id}`,
      ),
    ).toBe(1);
    expect(
      await countOf(ctx.db, sql`select count(*) as n from payment_provider_events where event_id = ${sent.eventId}`),
    ).toBe(1);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('the webhook alone credits (the payer never came back); a bad or stale signature is 400 and changes nothing', async () => {
    const u = await signedInUser(ctx.db);
    const { order, url } = await cardCheckout(u.token, 25);
    const [ref] = await rows(ctx, sql`select provider_reference from recharge_orders where id = ${order.id}`);
    ctx.stripe.setWebhookUrl(undefined);
    await payOnPage(url);
    const event = await waitFor(() =>
      deliveriesFor(String(ref!.provider_reference)).find((d) => d.type === 'checkout.session.completed'),
    );
    ctx.stripe.setWebhookUrl(ctx.stripeHook);
    const send = (body: string, signature: string) =>
      fetch(ctx.stripeHook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    const t = Math.floor(Date.now() / 1000);
    const sign = (body: string, at: number, secret = STRIPE_WEBHOOK_SECRET) =>
      `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
    for (const bad of [
      await send(event.body.replace('"paid"', '"unpaid"'), event.signature),
      await send(event.body, sign(event.body, t, 'whsec_someone_else')),
      await send(event.body, sign(event.body, t - 301)),
      await send(event.body, ''),
    ]) {
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { msg: string }).msg).toBe("The event's signature is not valid");
    }
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data.state).toBe('awaiting-payment');
    expect(
      await countOf(ctx.db, sql`select count(*) as n from payment_provider_events where event_id = ${event.eventId}`),
    ).toBe(0);

    expect((await send(event.body, sign(event.body, t))).status).toBe(200);
    expect((await send(event.body, sign(event.body, t))).status).toBe(200);
    await ctx.app.jobs.drain();
    expect(await availableOf(ctx.db, u.userId)).toBe(2_500);
  });

  it('a declined card keeps the order open; a delayed payment that fails closes it as failed', async () => {
    const u = await signedInUser(ctx.db);
    const { order, url } = await cardCheckout(u.token, 10);
    expect((await payOnPage(url, '4000000000000002')).status).toBe(402);
    const open = await post(u.token, `/api/p/recharges/${order.id}/card/confirm`);
    expect(open.json().data).toMatchObject({ reason: 'payment-not-approved' });
    await fetch(url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ method: 'delayed' }) });
    const pending = await post(u.token, `/api/p/recharges/${order.id}/card/confirm`);
    expect(pending.json().data.state).toBe('pending');
    const [ref] = await rows(ctx, sql`select provider_reference from recharge_orders where id = ${order.id}`);
    await ctx.stripe.settleAsync(String(ref!.provider_reference), false);
    await waitFor(async () =>
      (await get(u.token, `/api/p/recharges/${order.id}`)).json().data.state === 'closed' ? true : undefined,
    );
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data).toMatchObject({ closeReason: 'failed' });
  });

  it('expiry: an open session is expired at Stripe and the order closes; a session paid meanwhile is credited instead', async () => {
    const u = await signedInUser(ctx.db);
    const open = await cardCheckout(u.token, 10);
    await expireNow(ctx, open.order.id);
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${open.order.id}`)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'expired',
    });
    expect((await fetch(open.url)).status).toBe(410);

    const paid = await cardCheckout(u.token, 10);
    const [ref] = await rows(ctx, sql`select provider_reference from recharge_orders where id = ${paid.order.id}`);
    ctx.stripe.setWebhookUrl(undefined);
    await payOnPage(paid.url);
    await waitFor(() =>
      deliveriesFor(String(ref!.provider_reference)).find((d) => d.type === 'checkout.session.completed'),
    );
    ctx.stripe.setWebhookUrl(ctx.stripeHook);
    // Paid at Stripe, but we heard nothing: only the expiry job can find out.
    expect((await get(u.token, `/api/p/recharges/${paid.order.id}`)).json().data.state).toBe('awaiting-payment');
    await expireNow(ctx, paid.order.id);
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${paid.order.id}`)).json().data.state).toBe('completed');
    expect(await availableOf(ctx.db, u.userId)).toBe(1_000);
  });

  it('cancel expires the Stripe session first, so a cancelled order can no longer be paid', async () => {
    const u = await signedInUser(ctx.db);
    const { order, url } = await cardCheckout(u.token, 10);
    const res = await post(u.token, `/api/p/recharges/${order.id}/cancel`, undefined, crypto.randomUUID());
    expect(res.json().data).toMatchObject({ state: 'closed', closeReason: 'cancelled' });
    expect((await payOnPage(url)).status).toBe(410);
  });
});

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
