/**
 * Typed failures of the PayPal connector. Callers branch on `kind`, never on PayPal's wording;
 * `issue` and `debugId` are kept for the operator's log (PayPal support asks for the debug id).
 * Messages never carry credentials, tokens or request bodies.
 */
export type PayPalErrorKind =
  /** Client id/secret refused, or a bearer token PayPal no longer accepts after one refresh. */
  | 'auth'
  /** The buyer has not approved the order yet (issue ORDER_NOT_APPROVED). */
  | 'order-not-approved'
  /** The funding source was refused (issue INSTRUMENT_DECLINED, or a capture DECLINED/FAILED). */
  | 'declined'
  /** Order or resource unknown to PayPal (404). */
  | 'not-found'
  /** PayPal refused the request as malformed or not allowed (other 400/422 answers). */
  | 'invalid-request'
  /** Network failure, time-out, 429 or 5xx: safe to retry with the same PayPal-Request-Id. */
  | 'unavailable'
  /** An answer we cannot read (not JSON, missing fields). */
  | 'unexpected';

export class PayPalError extends Error {
  readonly kind: PayPalErrorKind;
  readonly httpStatus?: number;
  /** PayPal's `name` (e.g. UNPROCESSABLE_ENTITY) and first `details[].issue`, when given. */
  readonly paypalName?: string;
  readonly issue?: string;
  readonly debugId?: string;

  constructor(
    kind: PayPalErrorKind,
    message: string,
    extra: { httpStatus?: number; paypalName?: string; issue?: string; debugId?: string } = {},
  ) {
    super(message);
    this.name = 'PayPalError';
    this.kind = kind;
    this.httpStatus = extra.httpStatus;
    this.paypalName = extra.paypalName;
    this.issue = extra.issue;
    this.debugId = extra.debugId;
  }

  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

/** PayPal's REST error body: `{name, message, debug_id, details:[{field, issue, description}]}`. */
interface PayPalErrorBody {
  name?: unknown;
  message?: unknown;
  debug_id?: unknown;
  details?: Array<{ issue?: unknown; field?: unknown }>;
  /** The OAuth endpoint answers in RFC 6749 shape instead: `{error, error_description}`. */
  error?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Maps a non-2xx answer to a typed error; `operation` names the call for the log line. */
export function errorFromResponse(operation: string, httpStatus: number, body: unknown): PayPalError {
  const b = (body && typeof body === 'object' ? body : {}) as PayPalErrorBody;
  const issue = str(b.details?.[0]?.issue);
  const extra = { httpStatus, paypalName: str(b.name) ?? str(b.error), issue, debugId: str(b.debug_id) };
  const what = `PayPal ${operation}: HTTP ${httpStatus}${extra.paypalName ? ` ${extra.paypalName}` : ''}${issue ? ` (${issue})` : ''}${extra.debugId ? ` debug_id=${extra.debugId}` : ''}`;
  if (httpStatus === 401 || httpStatus === 403 || extra.paypalName === 'invalid_client')
    return new PayPalError('auth', what, extra);
  if (issue === 'ORDER_NOT_APPROVED') return new PayPalError('order-not-approved', what, extra);
  if (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED')
    return new PayPalError('declined', what, extra);
  if (httpStatus === 404) return new PayPalError('not-found', what, extra);
  if (httpStatus === 429 || httpStatus >= 500) return new PayPalError('unavailable', what, extra);
  return new PayPalError('invalid-request', what, extra);
}
