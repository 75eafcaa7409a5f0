import { generateKeyPairSync, randomBytes, randomUUID, createSign, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { rawJsonMember } from './emulator-raw-json.js';

/**
 * A local PayPal (OAuth2 + Orders v2 + webhook verification) on 127.0.0.1, for the tests and for
 * the demo without a PayPal account (decision 0071). Same paths, auth checks, states and error
 * shapes as connector-protocols.md §4; not a copy of PayPal's behaviour beyond what we use.
 * It lives under src/ because `npm start` will start it when no credentials are configured; the
 * connector itself never imports it.
 */
export interface PayPalEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  tokenTtlSeconds?: number;
  /** The webhook id events are signed for; verify-webhook-signature succeeds only with it. */
  webhookId?: string;
}

type CaptureOutcome = 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';
interface Capture {
  id: string;
  status: string;
  reason?: string;
  value: string;
  currency: string;
  time: string;
}
interface Order {
  id: string;
  status: string;
  value: string;
  currency: string;
  referenceId?: string;
  returnUrl?: string;
  cancelUrl?: string;
  viaPaymentSource: boolean;
  capture?: Capture;
  createTime: string;
}
interface Reply {
  status: number;
  body: unknown;
}
export interface SignedEvent {
  rawBody: string;
  headers: Record<string, string>;
  event: Record<string, unknown>;
}

export class PayPalEmulator {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly webhookId: string;
  baseUrl = '';
  /** Access tokens issued so far (tests check caching with it). */
  tokensIssued = 0;
  private readonly tokens = new Map<string, number>();
  private readonly orders = new Map<string, Order>();
  private readonly replies = new Map<string, Reply>();
  private readonly nextCaptures: CaptureOutcome[] = [];
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly server: Server;

  constructor(private readonly options: PayPalEmulatorOptions = {}) {
    this.clientId = options.clientId ?? 'emulator-client-id';
    this.clientSecret = options.clientSecret ?? 'emulator-client-secret';
    this.webhookId = options.webhookId ?? 'WH-EMULATOR';
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next capture answers PENDING (review), a DECLINED capture, or 422 INSTRUMENT_DECLINED. */
  failNextCapture(outcome: CaptureOutcome): void {
    this.nextCaptures.push(outcome);
  }

  /** Makes every issued token invalid, as when PayPal expires or revokes it early. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** The buyer approves on PayPal's page: what GET on the approve link does, without the redirect. */
  approve(orderId: string): void {
    const o = this.orders.get(orderId);
    if (o && (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED')) o.status = 'APPROVED';
  }

  /** Builds a webhook for an order's capture, signed the way PayPal signs (RSA-SHA256 over id|time|webhookId|crc32). */
  signedEvent(
    eventType: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.REFUNDED',
    orderId: string,
    format: { pretty?: boolean } = {},
  ): SignedEvent {
    const o = this.orders.get(orderId);
    if (!o?.capture) throw new Error(`emulator: order ${orderId} has no capture`);
    const c = o.capture;
    const amount = { currency_code: c.currency, value: c.value };
    const related = { supplementary_data: { related_ids: { order_id: o.id } } };
    const resource =
      eventType === 'PAYMENT.CAPTURE.REFUNDED'
        ? {
            id: `RF${randomHex(8)}`,
            status: 'COMPLETED',
            amount,
            ...related,
            links: [{ rel: 'up', method: 'GET', href: `${this.baseUrl}/v2/payments/captures/${c.id}` }],
          }
        : {
            id: c.id,
            status: eventType === 'PAYMENT.CAPTURE.DENIED' ? 'DECLINED' : 'COMPLETED',
            amount,
            final_capture: true,
            ...related,
          };
    const event = {
      id: `WH-${randomHex(10)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: eventType === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary: `Emulated ${eventType}`,
      resource,
      links: [],
    };
    // `pretty` sends indented JSON: a receiver that re-serialises it breaks the CRC, as with PayPal.
    const rawBody = JSON.stringify(event, null, format.pretty ? 2 : undefined);
    const id = randomUUID();
    const time = new Date().toISOString();
    const sig = createSign('RSA-SHA256')
      .update(`${id}|${time}|${this.webhookId}|${crc32(rawBody) >>> 0}`)
      .sign(this.keys.privateKey, 'base64');
    const headers = {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sig,
      'paypal-cert-url': `${this.baseUrl}/v1/notifications/certs/emulator`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
    return { rawBody, headers, event };
  }

  /** POSTs a signed event to a webhook URL, as PayPal delivers; returns the receiver's status. */
  async sendWebhook(
    url: string,
    eventType: Parameters<PayPalEmulator['signedEvent']>[0],
    orderId: string,
  ): Promise<{ status: number; signed: SignedEvent }> {
    const signed = this.signedEvent(eventType, orderId);
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...signed.headers, 'content-type': 'application/json' },
      body: signed.rawBody,
    });
    await res.arrayBuffer();
    return { status: res.status, signed };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://emulator');
    const send = (r: Reply) => {
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
    };
    try {
      if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') return send(this.token(req, text));
      if (req.method === 'GET' && url.pathname === '/checkoutnow') return this.buyerPage(url, res);
      if (req.method === 'GET' && url.pathname.startsWith('/v1/notifications/certs/')) {
        res
          .writeHead(200, { 'content-type': 'application/x-pem-file' })
          .end(this.keys.publicKey.export({ type: 'spki', format: 'pem' }));
        return;
      }
      if (!this.bearerOk(req)) {
        return send({
          status: 401,
          body: {
            name: 'AUTHENTICATION_FAILURE',
            message:
              'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
            links: [],
          },
        });
      }
      let body: Record<string, unknown> = {};
      if (text !== '') {
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return send(error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON'));
        }
      }
      const requestId = header(req, 'paypal-request-id');
      const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v2/checkout/orders')
        return send(this.idempotent(`create:${requestId}`, requestId, () => this.create(body)));
      if (req.method === 'GET' && m && !m[2]) return send(this.orderReply(m[1]!, 200));
      if (req.method === 'POST' && m?.[2])
        return send(this.idempotent(`capture:${m[1]}:${requestId}`, requestId, () => this.capture(m[1]!)));
      if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature')
        return send(this.verify(body, text));
      return send(error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    } catch {
      return send(error(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR'));
    }
  }

  private token(req: IncomingMessage, text: string): Reply {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (header(req, 'authorization') !== expected)
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    if (new URLSearchParams(text).get('grant_type') !== 'client_credentials')
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    const ttl = this.options.tokenTtlSeconds ?? 32400;
    const value = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(value, Date.now() + ttl * 1000);
    this.tokensIssued++;
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: value,
        token_type: 'Bearer',
        app_id: 'APP-EMULATOR',
        expires_in: ttl,
        nonce: randomHex(16),
      },
    };
  }

  private bearerOk(req: IncomingMessage): boolean {
    const m = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '');
    const until = m ? this.tokens.get(m[1]!) : undefined;
    return until !== undefined && until > Date.now();
  }

  /** Replays the first answer to a PayPal-Request-Id (201 becomes 200 on replay, as PayPal does). */
  private idempotent(key: string, requestId: string | undefined, run: () => Reply): Reply {
    const seen = requestId ? this.replies.get(key) : undefined;
    if (seen) return { status: seen.status === 201 ? 200 : seen.status, body: seen.body };
    const reply = run();
    if (requestId && reply.status < 500) this.replies.set(key, reply);
    return reply;
  }

  private create(body: Record<string, unknown>): Reply {
    const units = body.purchase_units as
      | Array<{ amount?: { currency_code?: unknown; value?: unknown }; reference_id?: string }>
      | undefined;
    const amount = units?.[0]?.amount;
    if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE')
      return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', '/intent');
    if (
      !units?.length ||
      typeof amount?.currency_code !== 'string' ||
      typeof amount.value !== 'string' ||
      !/^\d+(\.\d{1,2})?$/.test(amount.value)
    ) {
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', '/purchase_units/0/amount');
    }
    const ctx = (body.payment_source as { paypal?: { experience_context?: Record<string, string> } } | undefined)
      ?.paypal?.experience_context;
    const legacy = body.application_context as Record<string, string> | undefined;
    const order: Order = {
      id: randomHex(17).toUpperCase().slice(0, 17),
      status: ctx ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      value: amount.value,
      currency: amount.currency_code,
      referenceId: units[0]!.reference_id,
      returnUrl: ctx?.return_url ?? legacy?.return_url,
      cancelUrl: ctx?.cancel_url ?? legacy?.cancel_url,
      viaPaymentSource: Boolean(ctx),
      createTime: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    return this.orderReply(order.id, 201);
  }

  private capture(orderId: string): Reply {
    const o = this.orders.get(orderId);
    if (!o) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', undefined, 'path');
    if (o.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (o.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const outcome = this.nextCaptures.shift();
    if (outcome === 'INSTRUMENT_DECLINED') return error(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
    const status = outcome === 'PENDING' ? 'PENDING' : outcome === 'DECLINED' ? 'DECLINED' : 'COMPLETED';
    o.capture = {
      id: randomHex(17).toUpperCase().slice(0, 17),
      status,
      value: o.value,
      currency: o.currency,
      time: new Date().toISOString(),
      reason: status === 'PENDING' ? 'PENDING_REVIEW' : undefined,
    };
    o.status = 'COMPLETED';
    return this.orderReply(o.id, 201);
  }

  private orderReply(orderId: string, status: number): Reply {
    const o = this.orders.get(orderId);
    if (!o) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', undefined, 'path');
    const c = o.capture;
    const payments = c
      ? {
          captures: [
            {
              id: c.id,
              status: c.status,
              ...(c.reason ? { status_details: { reason: c.reason } } : {}),
              amount: { currency_code: c.currency, value: c.value },
              final_capture: true,
              create_time: c.time,
              update_time: c.time,
            },
          ],
        }
      : undefined;
    const approveRel = o.viaPaymentSource ? 'payer-action' : 'approve';
    const links = [{ href: `${this.baseUrl}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' }];
    if (o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED')
      links.push({ href: `${this.baseUrl}/checkoutnow?token=${o.id}`, rel: approveRel, method: 'GET' });
    return {
      status,
      body: {
        id: o.id,
        intent: 'CAPTURE',
        status: o.status,
        create_time: o.createTime,
        purchase_units: [
          {
            reference_id: o.referenceId ?? 'default',
            amount: { currency_code: o.currency, value: o.value },
            ...(payments ? { payments } : {}),
          },
        ],
        links,
      },
    };
  }

  /** The buyer's PayPal page, reduced to its outcome: approve and go back, or `?cancel=1` to cancel. */
  private buyerPage(url: URL, res: ServerResponse): void {
    const o = this.orders.get(url.searchParams.get('token') ?? '');
    if (!o) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown order');
      return;
    }
    const cancel = url.searchParams.get('cancel') === '1';
    if (!cancel) this.approve(o.id);
    const back = cancel ? o.cancelUrl : o.returnUrl;
    if (!back) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(cancel ? 'Cancelled' : 'Approved');
      return;
    }
    const target = new URL(back);
    target.searchParams.set('token', o.id);
    if (!cancel) target.searchParams.set('PayerID', 'EMULATORPAYER');
    res.writeHead(302, { location: target.toString() }).end();
  }

  /** SUCCESS only for a signature this emulator made, over this body, for its own webhook id. */
  private verify(body: Record<string, unknown>, text: string): Reply {
    const f = body as Record<string, string | undefined>;
    for (const k of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ] as const) {
      if (typeof f[k] !== 'string' || f[k] === '')
        return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `/${k}`);
    }
    if (!body.webhook_event || typeof body.webhook_event !== 'object')
      return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', '/webhook_event');
    const crc = crc32(rawJsonMember(text, 'webhook_event') ?? '') >>> 0;
    const msg = `${f.transmission_id}|${f.transmission_time}|${f.webhook_id}|${crc}`;
    const ok =
      f.auth_algo === 'SHA256withRSA' &&
      f.webhook_id === this.webhookId &&
      f.cert_url === `${this.baseUrl}/v1/notifications/certs/emulator` &&
      createVerify('RSA-SHA256').update(msg).verify(this.keys.publicKey, f.transmission_sig!, 'base64');
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }
}

/** Starts an emulator on a random port of 127.0.0.1. */
export function startPayPalEmulator(options: PayPalEmulatorOptions = {}): Promise<PayPalEmulator> {
  return new PayPalEmulator(options).start();
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function error(status: number, name: string, issue: string, field?: string, location = 'body'): Reply {
  const debugId = randomHex(7).slice(0, 13);
  return {
    status,
    body: {
      name,
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: debugId,
      details: [
        { ...(field ? { field } : {}), location, issue, description: issue.replaceAll('_', ' ').toLowerCase() },
      ],
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    },
  };
}
