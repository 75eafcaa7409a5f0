import { PayPalError, errorFromResponse } from './paypal.errors.js';
import { minorToPayPalValue, payPalValueToMinor } from './paypal.money.js';

/**
 * A thin client over PayPal's REST API (OAuth2 client credentials + Orders v2), decision 0071.
 * It speaks only the documented protocol against `baseUrl`; it does not know whether that is
 * PayPal's sandbox, live, or the repository's emulator.
 */
export interface PayPalClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Time source in ms, replaceable so tests can move past a token's expiry. */
  now?: () => number;
  /** A token is renewed this many seconds before PayPal says it expires (clock skew, slow calls). */
  refreshMarginSeconds?: number;
  timeoutMs?: number;
}

export type PayPalCaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'FAILED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface PayPalCapture {
  id: string;
  status: PayPalCaptureStatus;
  /** `status_details.reason` (PENDING_REVIEW, ECHECK, …) when PayPal gives one. */
  reason?: string;
  amountMinor: number;
  currency: string;
}

export interface PayPalOrder {
  id: string;
  /** CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED */
  status: string;
  /** Where to send the buyer: `links[rel=payer-action]`, or `rel=approve` on older answers. */
  approveUrl?: string;
  captures: PayPalCapture[];
}

export interface CreateOrderInput {
  /** PayPal-Request-Id: the same id returns the same order instead of creating another. */
  requestId: string;
  amountMinor: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string;
  /** Our reference (e.g. the recharge order number), echoed in the order and its webhooks. */
  referenceId?: string;
  customId?: string;
  description?: string;
  brandName?: string;
  /** BCP 47 tag PayPal shows its pages in, e.g. fr-FR. */
  locale?: string;
}

/**
 * What a capture produced. `completed`: money is ours. `pending`: PayPal holds it (review,
 * eCheck); wait for PAYMENT.CAPTURE.COMPLETED or DENIED. A declined capture is thrown instead.
 */
export interface CaptureResult {
  outcome: 'completed' | 'pending';
  orderId: string;
  orderStatus: string;
  capture: PayPalCapture;
  /** True when the order had been captured before (a retry or the other path got there first). */
  alreadyCaptured: boolean;
}

interface CachedToken {
  value: string;
  renewAt: number;
}

export class PayPalClient {
  private readonly base: string;
  private readonly now: () => number;
  private readonly marginMs: number;
  private readonly timeoutMs: number;
  private token?: CachedToken;
  private tokenInFlight?: Promise<string>;

  constructor(private readonly options: PayPalClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
    this.marginMs = (options.refreshMarginSeconds ?? 300) * 1000;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** A bearer token, from cache until shortly before `expires_in`; concurrent callers share one request. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.tokenInFlight ??= this.fetchToken().finally(() => {
      this.tokenInFlight = undefined;
    });
    return this.tokenInFlight;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const started = this.now();
    const { status, body } = await this.send('token', '/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (status !== 200) throw errorFromResponse('token', status, body);
    const b = body as { access_token?: unknown; expires_in?: unknown };
    if (typeof b.access_token !== 'string' || typeof b.expires_in !== 'number')
      throw new PayPalError('unexpected', 'PayPal token: answer without access_token/expires_in');
    // Never renew later than half-way through a short lifetime, whatever the margin says.
    const lifeMs = b.expires_in * 1000;
    this.token = { value: b.access_token, renewAt: started + Math.max(lifeMs - this.marginMs, lifeMs / 2) };
    return b.access_token;
  }

  async createOrder(input: CreateOrderInput): Promise<PayPalOrder> {
    const unit: Record<string, unknown> = {
      amount: {
        currency_code: input.currency.toUpperCase(),
        value: minorToPayPalValue(input.amountMinor, input.currency),
      },
    };
    if (input.referenceId) unit.reference_id = input.referenceId;
    if (input.customId) unit.custom_id = input.customId;
    if (input.description) unit.description = input.description;
    const body = {
      intent: 'CAPTURE',
      purchase_units: [unit],
      // The current way to give return/cancel URLs; the top-level application_context is deprecated.
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            ...(input.brandName ? { brand_name: input.brandName } : {}),
            ...(input.locale ? { locale: input.locale } : {}),
          },
        },
      },
    };
    const { status, body: res } = await this.api('create order', 'POST', '/v2/checkout/orders', body, input.requestId);
    if (status !== 200 && status !== 201) throw errorFromResponse('create order', status, res);
    return readOrder(res);
  }

  async getOrder(orderId: string): Promise<PayPalOrder> {
    const { status, body } = await this.api('get order', 'GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status !== 200) throw errorFromResponse('get order', status, body);
    return readOrder(body);
  }

  /**
   * Captures an approved order. The result is decided by the CAPTURE's own status, not the
   * order's: a COMPLETED order can hold a DECLINED capture. ORDER_ALREADY_CAPTURED is read back
   * as the existing capture, so a retry or a race with the webhook path gives the same answer.
   */
  async captureOrder(orderId: string, requestId: string): Promise<CaptureResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    const { status, body } = await this.api('capture', 'POST', path, {}, requestId);
    let order: PayPalOrder;
    let alreadyCaptured = false;
    if (status === 200 || status === 201) {
      order = readOrder(body);
    } else {
      const err = errorFromResponse('capture', status, body);
      if (err.issue !== 'ORDER_ALREADY_CAPTURED') throw err;
      order = await this.getOrder(orderId);
      alreadyCaptured = true;
    }
    const capture = order.captures[0];
    if (!capture) throw new PayPalError('unexpected', `PayPal capture: order ${order.id} has no capture`);
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      throw new PayPalError(
        'declined',
        `PayPal capture ${capture.id}: ${capture.status}${capture.reason ? ` (${capture.reason})` : ''}`,
        { issue: capture.status },
      );
    }
    const outcome = capture.status === 'PENDING' ? 'pending' : 'completed';
    return { outcome, orderId: order.id, orderStatus: order.status, capture, alreadyCaptured };
  }

  /** Sends an authenticated API call; one 401 drops the cached token and retries with a fresh one. */
  async api(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
    requestId?: string,
    rawBody?: string,
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (json !== undefined || rawBody !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const res = await this.send(operation, path, {
        method,
        headers,
        body: rawBody ?? (json === undefined ? undefined : JSON.stringify(json)),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = undefined;
        continue;
      }
      return res;
    }
  }

  private async send(operation: string, path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(this.base + path, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      const why = e instanceof Error && e.name === 'TimeoutError' ? 'timed out' : 'could not connect';
      throw new PayPalError('unavailable', `PayPal ${operation}: ${why}`);
    }
    const text = await res.text();
    if (text === '') return { status: res.status, body: {} };
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      if (res.status >= 500)
        throw new PayPalError('unavailable', `PayPal ${operation}: HTTP ${res.status}`, { httpStatus: res.status });
      throw new PayPalError('unexpected', `PayPal ${operation}: HTTP ${res.status}, not JSON`, {
        httpStatus: res.status,
      });
    }
  }
}

interface RawOrder {
  id?: unknown;
  status?: unknown;
  links?: Array<{ rel?: unknown; href?: unknown }>;
  purchase_units?: Array<{ payments?: { captures?: Array<Record<string, unknown>> } }>;
}

function readOrder(body: unknown): PayPalOrder {
  const o = (body ?? {}) as RawOrder;
  if (typeof o.id !== 'string' || typeof o.status !== 'string')
    throw new PayPalError('unexpected', 'PayPal order: answer without id/status');
  const link = (rel: string) => o.links?.find((l) => l.rel === rel)?.href;
  const approve = link('payer-action') ?? link('approve');
  const captures: PayPalCapture[] = [];
  for (const unit of o.purchase_units ?? []) {
    for (const c of unit.payments?.captures ?? []) captures.push(readCapture(c));
  }
  return { id: o.id, status: o.status, approveUrl: typeof approve === 'string' ? approve : undefined, captures };
}

export function readCapture(c: Record<string, unknown>): PayPalCapture {
  const amount = (c.amount ?? {}) as { currency_code?: unknown; value?: unknown };
  const details = (c.status_details ?? {}) as { reason?: unknown };
  if (typeof c.id !== 'string' || typeof c.status !== 'string' || typeof amount.currency_code !== 'string') {
    throw new PayPalError('unexpected', 'PayPal capture: answer without id/status/amount');
  }
  return {
    id: c.id,
    status: c.status as PayPalCaptureStatus,
    reason: typeof details.reason === 'string' ? details.reason : undefined,
    amountMinor: payPalValueToMinor(amount.value, amount.currency_code),
    currency: amount.currency_code,
  };
}
