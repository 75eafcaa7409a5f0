import { createHmac } from 'node:crypto';
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeEmulator, type WebhookDelivery, startStripeEmulator } from '../../sandbox/stripe/emulator';
import { type StripeClient, createStripeClient } from './stripe.client';
import { StripeSignatureError, type StripeSignatureFailure, verifyStripeWebhook } from './stripe.webhook';

const SECRET = 'sk_test_emulator_webhooks_0123456789';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';

interface Received {
  raw: Buffer;
  signature: string | undefined;
}

let emulator: StripeEmulator;
let stripe: StripeClient;
let receiver: Server;
const received: Received[] = [];

/** A real endpoint, as the app's webhook route will be: it keeps the raw bytes it was sent. */
async function startReceiver(): Promise<string> {
  receiver = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), signature: req.headers['stripe-signature'] as string | undefined });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`;
}

function rejection(fn: () => unknown): StripeSignatureFailure {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StripeSignatureError);
    return (err as StripeSignatureError).reason;
  }
  throw new Error('the delivery was accepted');
}

async function paidSession(ref: string): Promise<string> {
  const s = await stripe.createCheckoutSession(
    {
      amountMinor: 10_342,
      currency: 'usd',
      productName: `Wallet recharge ${ref}`,
      successUrl: 'http://shop.test/ok?s={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/no',
      clientReferenceId: ref,
    },
    `create-${ref}`,
  );
  const res = await fetch(s.url!, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ card_number: '4242424242424242' }),
  });
  expect(res.status).toBe(303);
  return s.id;
}

/** The last delivery of a type, with what the receiver actually got for it. */
async function lastDelivery(type: string, count: number): Promise<{ delivery: WebhookDelivery; got: Received }> {
  const all = await emulator.waitForDeliveries(count);
  const delivery = all.filter((d) => d.type === type).at(-1)!;
  const got = received.filter((r) => r.signature === delivery.signature).at(-1)!;
  expect(delivery.status).toBe(200);
  return { delivery, got };
}

beforeAll(async () => {
  const url = await startReceiver();
  emulator = await startStripeEmulator({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: url });
  stripe = createStripeClient({ secretKey: SECRET, baseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await emulator.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

describe("Stripe webhook signatures on the emulator's real deliveries", () => {
  it('accepts checkout.session.completed as sent, and rejects it tampered, late or under another secret', async () => {
    const before = emulator.deliveries.length;
    const sessionId = await paidSession('W-1');
    const { got } = await lastDelivery('checkout.session.completed', before + 1);

    const event = verifyStripeWebhook(got.raw, got.signature, WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    if (event.type !== 'checkout.session.completed') return;
    expect(event.id).toMatch(/^evt_/);
    expect(event.session).toMatchObject({
      id: sessionId,
      paymentStatus: 'paid',
      status: 'complete',
      amountTotalMinor: 10_342,
      clientReferenceId: 'W-1',
    });

    const tampered = Buffer.from(got.raw.toString('utf8').replace('"amount_total":10342', '"amount_total":99999'));
    expect(tampered.equals(got.raw)).toBe(false);
    expect(rejection(() => verifyStripeWebhook(tampered, got.signature, WEBHOOK_SECRET))).toBe('signature-mismatch');
    // Six minutes later the same delivery is a replay: past the 300 s tolerance.
    const sentAt = Number(/t=(\d+)/.exec(got.signature!)![1]);
    expect(rejection(() => verifyStripeWebhook(got.raw, got.signature, WEBHOOK_SECRET, { now: sentAt + 301 }))).toBe(
      'timestamp-out-of-tolerance',
    );
    expect(verifyStripeWebhook(got.raw, got.signature, WEBHOOK_SECRET, { now: sentAt + 299 }).id).toBe(event.id);
    expect(rejection(() => verifyStripeWebhook(got.raw, got.signature, 'whsec_someone_else'))).toBe(
      'signature-mismatch',
    );
    expect(rejection(() => verifyStripeWebhook(got.raw, undefined, WEBHOOK_SECRET))).toBe('missing-header');
    expect(rejection(() => verifyStripeWebhook(got.raw, 'v1=abc', WEBHOOK_SECRET))).toBe('malformed-header');
  });

  it('accepts a header with several v1 signatures when one matches (a secret being rolled)', async () => {
    const before = emulator.deliveries.length;
    await paidSession('W-2');
    const { got } = await lastDelivery('checkout.session.completed', before + 1);
    const [t, v1] = got.signature!.split(',');
    const stale = createHmac('sha256', 'whsec_old_secret')
      .update(`${t!.slice(2)}.`)
      .update(got.raw)
      .digest('hex');
    expect(verifyStripeWebhook(got.raw, `${t},v1=${stale},${v1},v0=ignored`, WEBHOOK_SECRET).type).toBe(
      'checkout.session.completed',
    );
    expect(rejection(() => verifyStripeWebhook(got.raw, `${t},v1=${stale}`, WEBHOOK_SECRET))).toBe(
      'signature-mismatch',
    );
  });

  it('redelivers an event with the same id, freshly signed, so the receiver can de-duplicate by id', async () => {
    const before = emulator.deliveries.length;
    await paidSession('W-3');
    const { delivery, got } = await lastDelivery('checkout.session.completed', before + 1);
    const again = await emulator.redeliver(delivery.eventId);
    const gotAgain = received.at(-1)!;
    expect(gotAgain.signature).toBe(again.signature);
    const first = verifyStripeWebhook(got.raw, got.signature, WEBHOOK_SECRET);
    const second = verifyStripeWebhook(gotAgain.raw, gotAgain.signature, WEBHOOK_SECRET);
    expect(second.id).toBe(first.id);
  });

  it('parses charge.refunded after a refund through POST /v1/refunds', async () => {
    const paidAt = emulator.deliveries.length;
    const sessionId = await paidSession('W-4');
    await emulator.waitForDeliveries(paidAt + 1);
    const pi = (await stripe.retrieveCheckoutSession(sessionId)).paymentIntentId!;
    const before = emulator.deliveries.length;
    const res = await fetch(`${emulator.baseUrl}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_intent: pi, amount: '342' }),
    });
    expect(res.status).toBe(200);
    const { got } = await lastDelivery('charge.refunded', before + 1);
    const event = verifyStripeWebhook(got.raw, got.signature, WEBHOOK_SECRET);
    expect(event).toMatchObject({
      type: 'charge.refunded',
      charge: { paymentIntentId: pi, amountMinor: 10_342, amountRefundedMinor: 342, currency: 'usd', refunded: false },
    });
  });

  it('sends completed-unpaid then async_payment_succeeded or _failed for a delayed payment method', async () => {
    for (const succeeded of [true, false]) {
      const s = await stripe.createCheckoutSession(
        {
          amountMinor: 5_000,
          currency: 'usd',
          productName: 'Wallet recharge',
          successUrl: 'http://shop.test/ok',
          cancelUrl: 'http://shop.test/no',
          clientReferenceId: `A-${succeeded}`,
        },
        `async-${succeeded}`,
      );
      const before = emulator.deliveries.length;
      await fetch(s.url!, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ method: 'delayed' }) });
      const completed = await lastDelivery('checkout.session.completed', before + 1);
      expect(verifyStripeWebhook(completed.got.raw, completed.got.signature, WEBHOOK_SECRET)).toMatchObject({
        session: { status: 'complete', paymentStatus: 'unpaid' },
      });

      await emulator.settleAsync(s.id, succeeded);
      const type = succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed';
      const settled = await lastDelivery(type, before + 2);
      expect(verifyStripeWebhook(settled.got.raw, settled.got.signature, WEBHOOK_SECRET)).toMatchObject({
        type,
        session: { id: s.id, paymentStatus: succeeded ? 'paid' : 'unpaid' },
      });
    }
  });
});
