import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '../../sandbox/paypal/emulator.js';
import { PayPalClient, PayPalError } from './index.js';

// Every call crosses real HTTP to the emulator on 127.0.0.1 (decision 0071).
let pp: PayPalEmulator;
beforeAll(async () => {
  pp = await startPayPalEmulator({ tokenTtlSeconds: 3600 });
});
afterAll(async () => {
  await pp.close();
});

const client = (over: Partial<ConstructorParameters<typeof PayPalClient>[0]> = {}) =>
  new PayPalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret, ...over });

const order = (c: PayPalClient, requestId = crypto.randomUUID(), amountMinor = 10_470) =>
  c.createOrder({
    requestId,
    amountMinor,
    currency: 'USD',
    returnUrl: 'https://shop.example/paypalstatus',
    cancelUrl: 'https://shop.example/paypal?cancelled=1',
    referenceId: 'R-1',
  });

async function approveByBrowser(approveUrl: string): Promise<URL> {
  const res = await fetch(approveUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('PayPal token', () => {
  it('is fetched once, reused from cache, and renewed shortly before expires_in', async () => {
    let now = 1_000_000;
    const c = client({ now: () => now, refreshMarginSeconds: 300 });
    const before = pp.tokensIssued;
    const [a, b] = await Promise.all([c.accessToken(), c.accessToken()]);
    expect(a).toBe(b);
    now += 3000 * 1000; // 50 min of a 60 min token: still inside the margin
    expect(await c.accessToken()).toBe(a);
    expect(pp.tokensIssued).toBe(before + 1);
    now += 301 * 1000; // past expires_in - 300 s
    const renewed = await c.accessToken();
    expect(renewed).not.toBe(a);
    expect(pp.tokensIssued).toBe(before + 2);
  });

  it('is fetched again when PayPal refuses the cached one (401), and the call succeeds', async () => {
    const c = client();
    await c.accessToken();
    pp.revokeTokens();
    const o = await order(c);
    expect(o.id).toMatch(/^[0-9A-F]{17}$/);
  });

  it('bad credentials surface as a typed auth error without the secret in the message', async () => {
    const c = client({ clientSecret: 'wrong-secret-value' });
    const err = await order(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).kind).toBe('auth');
    expect((err as PayPalError).httpStatus).toBe(401);
    expect((err as PayPalError).message).not.toContain('wrong-secret-value');
  });

  it('a server that does not answer surfaces as unavailable (retryable)', async () => {
    const err = await new PayPalClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' })
      .accessToken()
      .catch((e: unknown) => e);
    expect((err as PayPalError).kind).toBe('unavailable');
    expect((err as PayPalError).retryable).toBe(true);
  });
});

describe('PayPal Orders v2', () => {
  it('the same PayPal-Request-Id twice gives one order', async () => {
    const c = client();
    const id = crypto.randomUUID();
    const first = await order(c, id);
    const again = await order(c, id);
    expect(again.id).toBe(first.id);
    expect(first.status).toBe('PAYER_ACTION_REQUIRED');
    expect(first.approveUrl).toBe(`${pp.baseUrl}/checkoutnow?token=${first.id}`);
    expect((await order(c)).id).not.toBe(first.id);
  });

  it('the same PayPal-Request-Id 20 times at once gives one order, and 20 concurrent captures one capture', async () => {
    const c = client();
    const id = crypto.randomUUID();
    const orders = await Promise.all(Array.from({ length: 20 }, () => order(c, id)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    pp.approve(orders[0]!.id);
    const captures = await Promise.all(
      Array.from({ length: 20 }, (_, i) => c.captureOrder(orders[0]!.id, i % 2 ? 'cap-key' : crypto.randomUUID())),
    );
    expect(new Set(captures.map((r) => r.capture.id)).size).toBe(1);
    expect(captures.every((r) => r.outcome === 'completed')).toBe(true);
  });

  it('approve → capture gives a COMPLETED capture with the amount; the buyer comes back with token=<order id>', async () => {
    const c = client();
    const o = await order(c, undefined, 10_470);
    const back = await approveByBrowser(o.approveUrl!);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/paypalstatus');
    expect(back.searchParams.get('token')).toBe(o.id);
    expect((await c.getOrder(o.id)).status).toBe('APPROVED');
    const r = await c.captureOrder(o.id, crypto.randomUUID());
    expect(r).toMatchObject({ outcome: 'completed', orderId: o.id, orderStatus: 'COMPLETED', alreadyCaptured: false });
    expect(r.capture).toMatchObject({ status: 'COMPLETED', amountMinor: 10_470, currency: 'USD' });
  });

  it("capture before approval is a typed order-not-approved error with PayPal's debug id", async () => {
    const c = client();
    const o = await order(c);
    const err = (await c.captureOrder(o.id, crypto.randomUUID()).catch((e: unknown) => e)) as PayPalError;
    expect(err.kind).toBe('order-not-approved');
    expect(err.issue).toBe('ORDER_NOT_APPROVED');
    expect(err.httpStatus).toBe(422);
    expect(err.debugId).toMatch(/^[0-9a-f]+$/);
  });

  it('capturing twice gives the same capture: same request id replayed, new request id via ORDER_ALREADY_CAPTURED', async () => {
    const c = client();
    const o = await order(c);
    pp.approve(o.id);
    const key = crypto.randomUUID();
    const first = await c.captureOrder(o.id, key);
    const replay = await c.captureOrder(o.id, key);
    const other = await c.captureOrder(o.id, crypto.randomUUID());
    expect(replay.capture.id).toBe(first.capture.id);
    expect(replay.alreadyCaptured).toBe(false);
    expect(other.capture.id).toBe(first.capture.id);
    expect(other.alreadyCaptured).toBe(true);
    expect(other.outcome).toBe('completed');
  });

  it('a capture PayPal holds for review is pending, with its reason', async () => {
    const c = client();
    const o = await order(c);
    pp.approve(o.id);
    pp.failNextCapture('PENDING');
    const r = await c.captureOrder(o.id, crypto.randomUUID());
    expect(r.outcome).toBe('pending');
    expect(r.capture).toMatchObject({ status: 'PENDING', reason: 'PENDING_REVIEW' });
  });

  it('a DECLINED capture inside a COMPLETED order is a typed declined failure', async () => {
    const c = client();
    const o = await order(c);
    pp.approve(o.id);
    pp.failNextCapture('DECLINED');
    const err = (await c.captureOrder(o.id, crypto.randomUUID()).catch((e: unknown) => e)) as PayPalError;
    expect(err).toBeInstanceOf(PayPalError);
    expect(err.kind).toBe('declined');
    expect((await c.getOrder(o.id)).status).toBe('COMPLETED');
  });

  it('INSTRUMENT_DECLINED (422) is a typed declined failure', async () => {
    const c = client();
    const o = await order(c);
    pp.approve(o.id);
    pp.failNextCapture('INSTRUMENT_DECLINED');
    const err = (await c.captureOrder(o.id, crypto.randomUUID()).catch((e: unknown) => e)) as PayPalError;
    expect(err).toMatchObject({ kind: 'declined', issue: 'INSTRUMENT_DECLINED', httpStatus: 422 });
  });

  it('an unknown order is not-found', async () => {
    const err = (await client()
      .getOrder('NOPE0000000000000')
      .catch((e: unknown) => e)) as PayPalError;
    expect(err.kind).toBe('not-found');
  });
});
