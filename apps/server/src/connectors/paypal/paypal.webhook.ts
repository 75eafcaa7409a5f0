import type { PayPalClient } from './paypal.client.js';
import { PayPalError, errorFromResponse } from './paypal.errors.js';
import { payPalValueToMinor } from './paypal.money.js';

/** The transmission headers PayPal signs a webhook with (Node gives header names in lower case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

const header = (h: WebhookHeaders, name: string): string | undefined => {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Asks PayPal whether a webhook delivery is genuine (POST /v1/notifications/verify-webhook-signature).
 * The event is spliced in as the exact bytes received: PayPal checks a CRC32 of the body it sent,
 * and re-serialising the JSON could change them. Returns false for a missing header or FAILURE;
 * throws PayPalError only when PayPal could not be asked (so the delivery is retried, not dropped).
 */
export async function verifyWebhookSignature(
  client: PayPalClient,
  webhookId: string,
  headers: WebhookHeaders,
  rawBody: string,
): Promise<boolean> {
  const fields = {
    auth_algo: header(headers, 'paypal-auth-algo'),
    cert_url: header(headers, 'paypal-cert-url'),
    transmission_id: header(headers, 'paypal-transmission-id'),
    transmission_sig: header(headers, 'paypal-transmission-sig'),
    transmission_time: header(headers, 'paypal-transmission-time'),
    webhook_id: webhookId,
  };
  if (Object.values(fields).some((v) => !v)) return false;
  try {
    JSON.parse(rawBody);
  } catch {
    return false;
  }
  const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
  const { status, body: res } = await client.api(
    'verify webhook',
    'POST',
    '/v1/notifications/verify-webhook-signature',
    undefined,
    undefined,
    body,
  );
  if (status !== 200) {
    const err = errorFromResponse('verify webhook', status, res);
    // A malformed verification request means the delivery is not one we can trust.
    if (err.kind === 'invalid-request') return false;
    throw err;
  }
  return (res as { verification_status?: unknown }).verification_status === 'SUCCESS';
}

export type PayPalWebhookEvent =
  | {
      kind: 'capture-completed' | 'capture-denied';
      eventId: string;
      eventType: string;
      captureId: string;
      /** From `resource.supplementary_data.related_ids.order_id`: how we find our recharge order. */
      orderId?: string;
      amountMinor: number;
      currency: string;
      createTime?: string;
    }
  | {
      kind: 'capture-refunded';
      eventId: string;
      eventType: string;
      refundId: string;
      /** The refunded capture, from the refund's `links[rel=up]`. */
      captureId?: string;
      orderId?: string;
      amountMinor: number;
      currency: string;
      createTime?: string;
    }
  /** Any other event type: acknowledged, not acted on. */
  | { kind: 'other'; eventId: string; eventType: string };

const KINDS: Record<string, 'capture-completed' | 'capture-denied' | 'capture-refunded'> = {
  'PAYMENT.CAPTURE.COMPLETED': 'capture-completed',
  'PAYMENT.CAPTURE.DENIED': 'capture-denied',
  'PAYMENT.CAPTURE.REFUNDED': 'capture-refunded',
};

/** Reads a (verified) webhook body into a typed event; a body we cannot read throws `unexpected`. */
export function parseWebhookEvent(rawBody: string): PayPalWebhookEvent {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new PayPalError('unexpected', 'PayPal webhook: body is not JSON');
  }
  const eventId = e.id;
  const eventType = e.event_type;
  if (typeof eventId !== 'string' || typeof eventType !== 'string')
    throw new PayPalError('unexpected', 'PayPal webhook: no id/event_type');
  const kind = KINDS[eventType];
  if (!kind) return { kind: 'other', eventId, eventType };
  const r = (e.resource ?? {}) as Record<string, unknown>;
  const amount = (r.amount ?? {}) as { value?: unknown; currency_code?: unknown };
  if (typeof r.id !== 'string' || typeof amount.currency_code !== 'string')
    throw new PayPalError('unexpected', `PayPal webhook ${eventType}: resource without id/amount`);
  const related = (r.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids ?? {};
  const orderId = typeof related.order_id === 'string' ? related.order_id : undefined;
  const createTime = typeof e.create_time === 'string' ? e.create_time : undefined;
  const money = { amountMinor: payPalValueToMinor(amount.value, amount.currency_code), currency: amount.currency_code };
  if (kind === 'capture-refunded') {
    const up = (r.links as Array<{ rel?: unknown; href?: unknown }> | undefined)?.find((l) => l.rel === 'up')?.href;
    const captureId = typeof up === 'string' ? /\/captures\/([^/?#]+)/.exec(up)?.[1] : undefined;
    return { kind, eventId, eventType, refundId: r.id, captureId, orderId, ...money, createTime };
  }
  return { kind, eventId, eventType, captureId: r.id, orderId, ...money, createTime };
}
