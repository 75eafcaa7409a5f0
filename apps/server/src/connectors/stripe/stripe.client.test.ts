import { DEFAULT_FEE_RULES, feeMinor } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeEmulator, startStripeEmulator } from '../../sandbox/stripe/emulator';
import { type CreateCheckoutSession, type StripeClient, createStripeClient } from './stripe.client';
import { StripeError } from './stripe.errors';

const SECRET = 'sk_test_emulator_0123456789abcdef';
let emulator: StripeEmulator;
let stripe: StripeClient;

// A recharge of 100.00 USD by card: the payer is charged the amount plus the card fee (3.42).
const recharge = (ref: string): CreateCheckoutSession => ({
  amountMinor: 10_000 + feeMinor(DEFAULT_FEE_RULES.card, 10_000),
  currency: 'USD',
  productName: `Wallet recharge ${ref}`,
  successUrl: 'http://shop.test/paystate?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://shop.test/user/recharge',
  clientReferenceId: ref,
  metadata: { recharge_order: ref },
});

async function failure(p: Promise<unknown>): Promise<StripeError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StripeError);
  return err as StripeError;
}

/** Submits the emulator's hosted page as a payer's browser would (no redirect following). */
async function payWithCard(url: string, card: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card }),
  });
}

beforeAll(async () => {
  emulator = await startStripeEmulator({ secretKey: SECRET, webhookSecret: 'whsec_unused' });
  stripe = createStripeClient({ secretKey: SECRET, baseUrl: emulator.baseUrl });
});
afterAll(() => emulator.close());

describe('Stripe Checkout connector against the emulator (real HTTP)', () => {
  it('creates one session for one Idempotency-Key, however often the request is retried', async () => {
    const first = await stripe.createCheckoutSession(recharge('R-1'), 'recharge-R-1');
    const again = await stripe.createCheckoutSession(recharge('R-1'), 'recharge-R-1');
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalMinor: 10_342,
      currency: 'usd',
      clientReferenceId: 'R-1',
    });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    // Another key is another session.
    const other = await stripe.createCheckoutSession(recharge('R-1'), 'recharge-R-1-second');
    expect(other.id).not.toBe(first.id);
  });

  it('refuses the same key with other parameters as an idempotency error', async () => {
    await stripe.createCheckoutSession(recharge('R-2'), 'recharge-R-2');
    const err = await failure(stripe.createCheckoutSession({ ...recharge('R-2'), amountMinor: 5_000 }, 'recharge-R-2'));
    expect(err).toMatchObject({ kind: 'idempotency', details: { httpStatus: 400, type: 'idempotency_error' } });
    expect(err.retryable).toBe(false);
  });

  it('shows the session paid with its amount after the payer pays on the hosted page', async () => {
    const session = await stripe.createCheckoutSession(recharge('R-3'), 'recharge-R-3');
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('103.42 USD');

    const paid = await payWithCard(session.url!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://shop.test/paystate?session=${session.id}`);

    const now = await stripe.retrieveCheckoutSession(session.id);
    expect(now).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalMinor: 10_342,
      url: null,
      metadata: { recharge_order: 'R-3' },
    });
    expect(now.paymentIntentId).toMatch(/^pi_test_/);
    // A paid session cannot be paid twice.
    expect((await payWithCard(session.url!, '4242424242424242')).status).toBe(410);
  });

  it('keeps a session unpaid and open when the card is declined, so another card can pay it', async () => {
    const session = await stripe.createCheckoutSession(recharge('R-4'), 'recharge-R-4');
    const declined = await payWithCard(session.url!, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await stripe.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });

    expect((await payWithCard(session.url!, '4242424242424242')).status).toBe(303);
    expect((await stripe.retrieveCheckoutSession(session.id)).paymentStatus).toBe('paid');
  });

  it('expires an open session so that it can no longer be paid', async () => {
    const session = await stripe.createCheckoutSession(recharge('R-5'), 'recharge-R-5');
    const expired = await stripe.expireCheckoutSession(session.id, 'expire-R-5');
    expect(expired).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', url: null });
    expect((await payWithCard(session.url!, '4242424242424242')).status).toBe(410);
    const again = await failure(stripe.expireCheckoutSession(session.id, 'expire-R-5-again'));
    expect(again).toMatchObject({ kind: 'invalid_request', details: { httpStatus: 400 } });
  });

  it('answers a wrong secret key with a typed authentication error that does not repeat the key', async () => {
    const wrongKey = 'sk_test_wrong_key_abcdefghijklmnop';
    const wrong = createStripeClient({ secretKey: wrongKey, baseUrl: emulator.baseUrl });
    const err = await failure(wrong.createCheckoutSession(recharge('R-6'), 'recharge-R-6'));
    expect(err).toMatchObject({ kind: 'authentication', details: { httpStatus: 401, type: 'invalid_request_error' } });
    expect(err.message).not.toContain(wrongKey);
    expect(JSON.stringify(err)).not.toContain(wrongKey);
    expect(err.details.requestId).toMatch(/^req_/);
  });

  it('types a missing parameter, an unknown session and an unreachable Stripe', async () => {
    const bad = await failure(stripe.createCheckoutSession({ ...recharge('R-7'), productName: '' }, 'recharge-R-7'));
    expect(bad).toMatchObject({
      kind: 'invalid_request',
      details: { code: 'parameter_missing', param: 'line_items[0][price_data][product_data][name]' },
    });

    const unknown = await failure(stripe.retrieveCheckoutSession('cs_test_nothing'));
    expect(unknown).toMatchObject({ kind: 'invalid_request', details: { httpStatus: 404, code: 'resource_missing' } });

    const closed = await startStripeEmulator({ secretKey: SECRET, webhookSecret: 'whsec_x' });
    await closed.close();
    const down = createStripeClient({ secretKey: SECRET, baseUrl: closed.baseUrl });
    const err = await failure(down.retrieveCheckoutSession('cs_test_any'));
    expect(err).toMatchObject({ kind: 'connection', retryable: true });
  });

  it('refuses a charge under Stripe minimum and amounts that are not whole minor units', async () => {
    const small = await failure(stripe.createCheckoutSession({ ...recharge('R-8'), amountMinor: 49 }, 'recharge-R-8'));
    expect(small).toMatchObject({ kind: 'invalid_request', details: { code: 'amount_too_small' } });
    await expect(
      stripe.createCheckoutSession({ ...recharge('R-9'), amountMinor: 10.5 }, 'recharge-R-9'),
    ).rejects.toThrow(RangeError);
  });
});
