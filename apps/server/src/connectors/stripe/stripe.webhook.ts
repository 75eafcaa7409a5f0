import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CheckoutSession, toCheckoutSession } from './stripe.client';

/**
 * Stripe signs each webhook delivery with the endpoint's secret (whsec_…):
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">[,v1=…]`. Several
 * v1 values appear while a secret is being rolled; any one matching is enough. Other schemes
 * (v0, test-mode extras) are ignored. The body must be the exact bytes received: a re-serialised
 * JSON object does not verify.
 *
 * A signature proves the sender, and the timestamp tolerance bounds how long a captured delivery
 * can be replayed; within that window the caller de-duplicates by `event.id` (Stripe also
 * redelivers the same event id on its own retries).
 */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

export type StripeSignatureFailure =
  | 'missing-header'
  | 'malformed-header'
  | 'timestamp-out-of-tolerance'
  | 'signature-mismatch'
  | 'malformed-body';

export class StripeSignatureError extends Error {
  override readonly name = 'StripeSignatureError';
  constructor(readonly reason: StripeSignatureFailure) {
    super(`Stripe webhook rejected: ${reason}`);
  }
}

export interface ChargeRefund {
  chargeId: string;
  paymentIntentId: string | null;
  amountMinor: number;
  amountRefundedMinor: number;
  currency: string;
  /** True once the whole charge is refunded. */
  refunded: boolean;
}

interface EventBase {
  /** evt_…: the key to de-duplicate deliveries by. */
  id: string;
  created: number;
  livemode: boolean;
}

export type StripeEvent =
  | (EventBase & {
      type:
        | 'checkout.session.completed'
        | 'checkout.session.async_payment_succeeded'
        | 'checkout.session.async_payment_failed'
        | 'checkout.session.expired';
      session: CheckoutSession;
    })
  | (EventBase & { type: 'charge.refunded'; charge: ChargeRefund })
  /** An event type this connector does not act on; answer 2xx so Stripe stops resending it. */
  | (EventBase & { type: 'other'; stripeType: string });

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** Unix seconds; tests move the clock. */
  now?: number;
}

/** Verifies a delivery from its raw body and header, then parses the event. Throws StripeSignatureError. */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | string[] | undefined,
  endpointSecret: string,
  options: VerifyOptions = {},
): StripeEvent {
  const header = Array.isArray(signatureHeader) ? signatureHeader[0] : signatureHeader;
  if (!header) throw new StripeSignatureError('missing-header');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) throw new StripeSignatureError('malformed-header');

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', endpointSecret).update(`${timestamp}.`).update(body).digest();
  // Every candidate is compared in constant time, and all of them, so timing says nothing.
  let matched = false;
  for (const sig of signatures) matched = timingSafeEqual(sig, expected) || matched;
  if (!matched) throw new StripeSignatureError('signature-mismatch');

  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) throw new StripeSignatureError('timestamp-out-of-tolerance');

  return parseEvent(body);
}

function parseEvent(body: Buffer): StripeEvent {
  try {
    const raw = JSON.parse(body.toString('utf8')) as {
      id?: unknown;
      object?: unknown;
      type?: unknown;
      created?: unknown;
      livemode?: unknown;
      data?: { object?: Record<string, unknown> };
    };
    if (raw.object !== 'event' || typeof raw.id !== 'string' || typeof raw.type !== 'string')
      throw new Error('not an event');
    const base: EventBase = {
      id: raw.id,
      created: typeof raw.created === 'number' ? raw.created : 0,
      livemode: raw.livemode === true,
    };
    const obj = raw.data?.object;
    if (SESSION_EVENTS.has(raw.type)) {
      return { ...base, type: raw.type as 'checkout.session.completed', session: toCheckoutSession(obj) };
    }
    if (raw.type === 'charge.refunded' && obj) {
      const pi = obj.payment_intent;
      if (typeof obj.id !== 'string' || typeof obj.amount !== 'number' || typeof obj.amount_refunded !== 'number') {
        throw new Error('not a charge');
      }
      return {
        ...base,
        type: 'charge.refunded',
        charge: {
          chargeId: obj.id,
          paymentIntentId: typeof pi === 'string' ? pi : null,
          amountMinor: obj.amount,
          amountRefundedMinor: obj.amount_refunded,
          currency: String(obj.currency ?? ''),
          refunded: obj.refunded === true,
        },
      };
    }
    return { ...base, type: 'other', stripeType: raw.type };
  } catch {
    throw new StripeSignatureError('malformed-body');
  }
}
