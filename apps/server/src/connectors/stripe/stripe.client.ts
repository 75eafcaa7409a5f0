import { z } from 'zod';
import { StripeError, stripeErrorFrom } from './stripe.errors';
import { encodeForm } from './stripe.form';

/**
 * A thin client for the two Stripe Checkout calls a card recharge needs (decision 0072). It speaks
 * Stripe's public v1 protocol to whatever base URL it is given: api.stripe.com, or the local
 * emulator in tests and the demo, which it cannot tell apart.
 */
export interface StripeClient {
  /** POST /v1/checkout/sessions: one card payment of `amountMinor`; send the same key on retries. */
  createCheckoutSession(input: CreateCheckoutSession, idempotencyKey: string): Promise<CheckoutSession>;
  /** GET /v1/checkout/sessions/{id}: the session's state now (trust this, not the return URL). */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** POST /v1/checkout/sessions/{id}/expire: stop an open session so it can never be paid. */
  expireCheckoutSession(id: string, idempotencyKey: string): Promise<CheckoutSession>;
}

export interface StripeClientOptions {
  secretKey: string;
  /** `https://api.stripe.com` unless configured otherwise (STRIPE_BASE_URL). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface CreateCheckoutSession {
  /** Integer minor units of `currency` (cents for USD): what the card is charged, fee included. */
  amountMinor: number;
  /** ISO 4217, any case; Stripe wants it lower case. */
  currency: string;
  /** The line the payer sees on Stripe's page, e.g. "Wallet recharge R20261124-0001". */
  productName: string;
  /** Where Stripe sends the payer after paying; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
  successUrl: string;
  cancelUrl: string;
  /** Our reference (the recharge order), echoed on the session and in its webhooks. */
  clientReferenceId: string;
  metadata?: Record<string, string>;
  customerEmail?: string;
  /** Unix seconds, 30 min to 24 h ahead (Stripe's bounds); Stripe's default is 24 h. */
  expiresAt?: number;
}

const SessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  url: z.string().nullable().optional(),
  status: z.enum(['open', 'complete', 'expired']).nullable(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
  expires_at: z.number().int().optional(),
  livemode: z.boolean().optional(),
});

export interface CheckoutSession {
  id: string;
  /** Stripe's hosted payment page; null once the session is complete or expired. */
  url: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalMinor: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  expiresAt: number | null;
  livemode: boolean;
}

export function toCheckoutSession(raw: unknown): CheckoutSession {
  const s = SessionSchema.parse(raw);
  return {
    id: s.id,
    url: s.url ?? null,
    status: s.status,
    paymentStatus: s.payment_status,
    amountTotalMinor: s.amount_total,
    currency: s.currency,
    clientReferenceId: s.client_reference_id ?? null,
    metadata: s.metadata ?? {},
    paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
    expiresAt: s.expires_at ?? null,
    livemode: s.livemode ?? false,
  };
}

export const STRIPE_DEFAULT_BASE_URL = 'https://api.stripe.com';

export function createStripeClient(options: StripeClientOptions): StripeClient {
  const baseUrl = (options.baseUrl ?? STRIPE_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const doFetch = options.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: string, idempotencyKey?: string): Promise<unknown> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.secretKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await doFetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      // The request may or may not have reached Stripe: the caller retries with the same key.
      throw new StripeError('connection', `Stripe could not be reached (${method} ${path})`, {}, { cause: err });
    }
    const requestId = res.headers.get('request-id') ?? undefined;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page: keep the status, not the page.
    }
    if (!res.ok) throw stripeErrorFrom(res.status, json, requestId);
    if (json === null)
      throw new StripeError('api', `Stripe answered HTTP ${res.status} without JSON`, {
        httpStatus: res.status,
        requestId,
      });
    return json;
  }

  return {
    async createCheckoutSession(input, idempotencyKey) {
      if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
        throw new RangeError('amountMinor must be a positive integer of minor units');
      }
      const body = encodeForm({
        mode: 'payment',
        'payment_method_types[0]': 'card',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.productName },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.clientReferenceId,
        customer_email: input.customerEmail,
        expires_at: input.expiresAt,
        metadata: input.metadata,
      });
      return toCheckoutSession(await call('POST', '/v1/checkout/sessions', body, idempotencyKey));
    },
    async retrieveCheckoutSession(id) {
      return toCheckoutSession(await call('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`));
    },
    async expireCheckoutSession(id, idempotencyKey) {
      return toCheckoutSession(
        await call('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, '', idempotencyKey),
      );
    },
  };
}
