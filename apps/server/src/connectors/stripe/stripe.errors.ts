/**
 * Stripe answers every failure with `{ error: { type, code?, decline_code?, message?, param? } }`
 * and an HTTP status (docs.stripe.com/api/errors). The callers branch on `kind`, never on the
 * message text, which is Stripe's English and may change.
 */
export type StripeErrorKind =
  | 'authentication' // 401: missing, wrong or revoked secret key
  | 'permission' // 403: a restricted key without the needed right
  | 'card' // 402 / card_error: the card was declined or cannot be charged
  | 'idempotency' // an Idempotency-Key reused with other parameters (400) or while in flight (409)
  | 'invalid_request' // 400 / 404: a parameter the caller got wrong, or an unknown object
  | 'rate_limit' // 429: back off and retry
  | 'api' // 5xx: Stripe's side; safe to retry with the same Idempotency-Key
  | 'connection'; // no answer at all (network, timeout): outcome unknown, retry with the same key

export class StripeError extends Error {
  override readonly name = 'StripeError';
  constructor(
    readonly kind: StripeErrorKind,
    message: string,
    readonly details: {
      httpStatus?: number;
      type?: string;
      code?: string;
      declineCode?: string;
      param?: string;
      requestId?: string;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Whether the same request (same Idempotency-Key) may be sent again later. */
  get retryable(): boolean {
    return this.kind === 'api' || this.kind === 'rate_limit' || this.kind === 'connection';
  }
}

interface StripeErrorBody {
  error?: { type?: unknown; code?: unknown; decline_code?: unknown; message?: unknown; param?: unknown };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Maps an HTTP status and Stripe's error body to a typed error. */
export function stripeErrorFrom(httpStatus: number, body: unknown, requestId?: string): StripeError {
  const e = (body as StripeErrorBody | null)?.error ?? {};
  const type = str(e.type);
  const details = {
    httpStatus,
    type,
    code: str(e.code),
    declineCode: str(e.decline_code),
    param: str(e.param),
    requestId,
  };
  // Stripe's own message may quote a masked key (sk_test_****1234); it never carries the whole key.
  const message = str(e.message) ?? `Stripe answered HTTP ${httpStatus}`;
  return new StripeError(kindOf(httpStatus, type), message, details);
}

function kindOf(status: number, type: string | undefined): StripeErrorKind {
  if (status === 401) return 'authentication';
  if (status === 403) return 'permission';
  if (status === 429) return 'rate_limit';
  if (type === 'idempotency_error') return 'idempotency';
  if (type === 'card_error' || status === 402) return 'card';
  if (status >= 500 || type === 'api_error') return 'api';
  return 'invalid_request';
}
