import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pay } from '../wallet/wallet.service';
import {
  availableOf,
  countOf,
  ledgerTotal,
  PUBLIC,
  rechargeTestApp,
  rows,
  signedInUser,
  systemBalance,
  type RechargeCtx,
} from '../../../test/factories';

let ctx: RechargeCtx;
beforeAll(async () => {
  ctx = await rechargeTestApp();
});
afterAll(() => ctx.close());

const auth = (token: string, key?: string, lang?: string) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
  ...(lang ? { 'accept-language': lang } : {}),
});
const post = (token: string, url: string, body?: unknown, key?: string, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: auth(token, key, lang),
    ...(body === undefined ? {} : { payload: body as object }),
  });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

/** create → checkout → the payer approves on the emulator's page (GET on the approve link). */
async function approvedOrder(token: string, amount = 100) {
  const created = await post(token, '/api/p/recharges', { amount, method: 'paypal' }, crypto.randomUUID());
  expect(created.statusCode).toBe(200);
  const order = created.json().data;
  const checkout = await post(token, `/api/p/recharges/${order.id}/checkout`, undefined, crypto.randomUUID());
  expect(checkout.statusCode).toBe(200);
  const { redirectUrl } = checkout.json().data;
  const back = await fetch(redirectUrl, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location')!);
  const [ref] = await rows(ctx, sql`select provider_reference from recharge_orders where id = ${order.id}`);
  return { order, location, paypalOrderId: String(ref!.provider_reference) };
}

describe('PayPal recharge against the emulator', () => {
  it('create shows the fee (100 → 4.70, total 104.70); capture credits the amount and posts the fee; the ledger balances', async () => {
    const u = await signedInUser(ctx.db);
    const feesBefore = await systemBalance(ctx.db, 'fees');
    const { order, location, paypalOrderId } = await approvedOrder(u.token);
    expect(order).toMatchObject({
      method: 'paypal',
      state: 'awaiting-payment',
      amount: 100,
      fee: 4.7,
      total: 104.7,
      currency: 'USD',
      closeReason: null,
    });
    expect(order.number).toMatch(/^R\d{8}-\d{6}$/);
    // Back to our return page with PayPal's token and PayerID.
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC}/paypalstatus`);
    expect(location.searchParams.get('recharge')).toBe(order.id);
    expect(location.searchParams.get('token')).toBe(paypalOrderId);
    expect(location.searchParams.get('PayerID')).toBeTruthy();

    const captured = await post(u.token, `/api/p/recharges/${order.id}/paypal/capture`, undefined, crypto.randomUUID());
    expect(captured.statusCode).toBe(200);
    expect(captured.json().data.state).toBe('paid');
    await ctx.app.jobs.drain();
    const done = (await get(u.token, `/api/p/recharges/${order.id}`)).json().data;
    expect(done).toMatchObject({ state: 'completed', amount: 100, fee: 4.7 });
    expect(done.completedAt).toBeTruthy();
    expect(await availableOf(ctx.db, u.userId)).toBe(10_000);
    expect((await systemBalance(ctx.db, 'fees')) - feesBefore).toBe(470);
    expect((await get(u.token, '/api/p/wallet')).json().data).toMatchObject({ balance: 100, recharge: 100 });
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('capture 20 times with one idempotency key and 5 times with other keys, at once → one credit', async () => {
    const u = await signedInUser(ctx.db);
    const { order } = await approvedOrder(u.token, 50);
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => post(u.token, `/api/p/recharges/${order.id}/paypal/capture`, undefined, key)),
      ...Array.from({ length: 5 }, () =>
        post(u.token, `/api/p/recharges/${order.id}/paypal/capture`, undefined, crypto.randomUUID()),
      ),
    ]);
    for (const a of answers) expect([a.statusCode, a.json().data?.state]).toEqual([200, 'paid']);
    await ctx.app.jobs.drain();
    expect(await availableOf(ctx.db, u.userId)).toBe(5_000);
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from journal_entries where reference_type = 'recharge' and reference_id = ${order.id}`,
      ),
    ).toBe(1);
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from jobs where type = 'recharge.credit' and payload->>'id' = ${order.id}`,
      ),
    ).toBe(1);
  });

  it('a webhook delivered twice (and after the capture) credits once; a bad signature is 400 and changes nothing', async () => {
    const u = await signedInUser(ctx.db);
    const { order, paypalOrderId } = await approvedOrder(u.token, 20);
    // The buyer closed the tab: only the webhook tells us. Capture at PayPal as the expiry would.
    const signedAfterCapture = async () => {
      const client = (await import('../../connectors/paypal')).PayPalClient;
      const c = new client({ baseUrl: ctx.pp.baseUrl, clientId: ctx.pp.clientId, clientSecret: ctx.pp.clientSecret });
      await c.captureOrder(paypalOrderId, `recharge-${order.id}-capture`);
      return ctx.pp.signedEvent('PAYMENT.CAPTURE.COMPLETED', paypalOrderId);
    };
    const event = await signedAfterCapture();
    const deliver = (rawBody: string, headers: Record<string, string>) =>
      fetch(ctx.paypalHook, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: rawBody,
      });

    const tampered = event.rawBody.replace('"value":"21.18"', '"value":"99999.00"');
    expect(tampered).not.toBe(event.rawBody);
    const bad = await deliver(tampered, event.headers);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { msg: string }).msg).toBe("The event's signature is not valid");
    const noSig = await deliver(event.rawBody, {
      ...event.headers,
      'paypal-transmission-sig': Buffer.from('forged').toString('base64'),
    });
    expect(noSig.status).toBe(400);
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data.state).toBe('awaiting-payment');
    expect(
      await countOf(ctx.db, sql`select count(*) as n from payment_provider_events where recharge_id = ${order.id}`),
    ).toBe(0);

    expect((await deliver(event.rawBody, event.headers)).status).toBe(200);
    expect((await deliver(event.rawBody, event.headers)).status).toBe(200);
    // Another delivery of the same capture under a new event id, and the return page afterwards.
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.COMPLETED', paypalOrderId)).status).toBe(200);
    expect(
      (await post(u.token, `/api/p/recharges/${order.id}/paypal/capture`, undefined, crypto.randomUUID())).json().data
        .state,
    ).toBe('paid');
    await ctx.app.jobs.drain();
    expect(await availableOf(ctx.db, u.userId)).toBe(2_000);
    expect(
      await countOf(ctx.db, sql`select count(*) as n from payment_provider_events where recharge_id = ${order.id}`),
    ).toBe(2);
    expect(
      await countOf(
        ctx.db,
        sql`select count(*) as n from journal_entries where reference_type = 'recharge' and reference_id = ${order.id}`,
      ),
    ).toBe(1);
  });

  it('a DECLINED capture closes the order as failed: "Recharge failed, please contact us", in the user’s language', async () => {
    const u = await signedInUser(ctx.db);
    const { order } = await approvedOrder(u.token);
    ctx.pp.failNextCapture('DECLINED');
    const res = await post(u.token, `/api/p/recharges/${order.id}/paypal/capture`, undefined, crypto.randomUUID());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'A00001',
      msg: 'Recharge failed, please contact us',
      data: { reason: 'recharge-failed' },
    });
    const after = (await get(u.token, `/api/p/recharges/${order.id}`)).json().data;
    expect(after).toMatchObject({ state: 'closed', closeReason: 'failed', note: 'PayPal: DECLINED' });
    const again = await post(
      u.token,
      `/api/p/recharges/${order.id}/paypal/capture`,
      undefined,
      crypto.randomUUID(),
      'fr-FR',
    );
    expect(again.json()).toMatchObject({
      msg: 'Le rechargement a échoué, veuillez nous contacter',
      data: { reason: 'recharge-failed' },
    });
    await ctx.app.jobs.drain();
    expect(await availableOf(ctx.db, u.userId)).toBe(0);
  });

  it('422 INSTRUMENT_DECLINED fails the same way; a capture PENDING waits as pending until the COMPLETED webhook', async () => {
    const u = await signedInUser(ctx.db);
    const a = await approvedOrder(u.token);
    ctx.pp.failNextCapture('INSTRUMENT_DECLINED');
    const res = await post(u.token, `/api/p/recharges/${a.order.id}/paypal/capture`);
    expect(res.json().data).toMatchObject({ reason: 'recharge-failed' });

    const b = await approvedOrder(u.token, 30);
    ctx.pp.failNextCapture('PENDING');
    const pending = await post(
      u.token,
      `/api/p/recharges/${b.order.id}/paypal/capture`,
      undefined,
      crypto.randomUUID(),
    );
    expect(pending.json().data.state).toBe('pending');
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.COMPLETED', b.paypalOrderId)).status).toBe(200);
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${b.order.id}`)).json().data.state).toBe('completed');
    expect(await availableOf(ctx.db, u.userId)).toBe(3_000);
  });

  it('a PENDING capture DENIED by webhook closes as failed; money confirmed for a cancelled order is still credited, with a note', async () => {
    const u = await signedInUser(ctx.db);
    const a = await approvedOrder(u.token, 15);
    ctx.pp.failNextCapture('PENDING');
    await post(u.token, `/api/p/recharges/${a.order.id}/paypal/capture`);
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.DENIED', a.paypalOrderId)).status).toBe(200);
    expect((await get(u.token, `/api/p/recharges/${a.order.id}`)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'failed',
      note: 'PayPal: DENIED',
    });

    const b = await approvedOrder(u.token, 12);
    expect((await post(u.token, `/api/p/recharges/${b.order.id}/cancel`)).json().data.closeReason).toBe('cancelled');
    // The payer had approved; PayPal captured anyway (say, from another tab) and tells us.
    const { PayPalClient } = await import('../../connectors/paypal');
    await new PayPalClient({
      baseUrl: ctx.pp.baseUrl,
      clientId: ctx.pp.clientId,
      clientSecret: ctx.pp.clientSecret,
    }).captureOrder(b.paypalOrderId, 'elsewhere');
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.COMPLETED', b.paypalOrderId)).status).toBe(200);
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${b.order.id}`)).json().data).toMatchObject({
      state: 'completed',
      closeReason: null,
      closedAt: null,
    });
    const [row] = await rows(ctx, sql`select operator_note from recharge_orders where id = ${b.order.id}`);
    expect(String(row!.operator_note)).toContain('paid after the order closed (cancelled)');
    expect(await availableOf(ctx.db, u.userId)).toBe(1_200);
  });

  it('capture before the payer approved → payment-not-approved, nothing changes', async () => {
    const u = await signedInUser(ctx.db);
    const created = (await post(u.token, '/api/p/recharges', { amount: 10, method: 'paypal' })).json().data;
    await post(u.token, `/api/p/recharges/${created.id}/checkout`);
    const res = await post(u.token, `/api/p/recharges/${created.id}/paypal/capture`);
    expect(res.json()).toMatchObject({
      code: 'A00001',
      data: { reason: 'payment-not-approved' },
      msg: 'The payment was not approved at the provider yet',
    });
    expect((await get(u.token, `/api/p/recharges/${created.id}`)).json().data.state).toBe('awaiting-payment');
  });

  it('a refund after completion is reversed from the wallet when the cash covers it, else left to the operator', async () => {
    const u = await signedInUser(ctx.db);
    const a = await approvedOrder(u.token, 40);
    await post(u.token, `/api/p/recharges/${a.order.id}/paypal/capture`);
    await ctx.app.jobs.drain();
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.REFUNDED', a.paypalOrderId)).status).toBe(200);
    expect(await availableOf(ctx.db, u.userId)).toBe(0);
    expect(await ledgerTotal(ctx.db)).toBe(0);

    const b = await approvedOrder(u.token, 40);
    await post(u.token, `/api/p/recharges/${b.order.id}/paypal/capture`);
    await ctx.app.jobs.drain();
    await pay(ctx.db, u.userId, 3_000, { type: 'order', id: `spent-${b.order.id}` });
    expect((await ctx.pp.sendWebhook(ctx.paypalHook, 'PAYMENT.CAPTURE.REFUNDED', b.paypalOrderId)).status).toBe(200);
    expect(await availableOf(ctx.db, u.userId)).toBe(1_000);
    const [row] = await rows(
      ctx,
      sql`select refunded_minor, operator_note, state from recharge_orders where id = ${b.order.id}`,
    );
    expect(Number(row!.refunded_minor)).toBe(4_000 + 206);
    expect(String(row!.operator_note)).toContain('nothing reversed');
    expect(row!.state).toBe('completed');
  });
});
