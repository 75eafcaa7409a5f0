import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, resultPage } from './checkout-page';
import {
  EmulatedError,
  type Params,
  TEST_CARDS,
  fingerprint,
  parseForm,
  sendJson,
  signatureHeader,
  stripeId,
} from './protocol';
import { type EmulatedSession, createSession, expireSession } from './sessions';

/**
 * A local stand-in for the parts of Stripe a card recharge uses (decision 0072): Checkout Sessions
 * (create, retrieve, expire), refunds, the hosted payment page, and signed webhooks. A real HTTP
 * server on 127.0.0.1 with Stripe's paths, form bodies, Bearer keys, Idempotency-Key replay and
 * error shapes. The tests start it; the demo will start it when no STRIPE_SECRET_KEY is set.
 */
export interface StripeEmulatorOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed (the app's webhook route); none → events are only recorded. */
  webhookUrl?: string;
  port?: number;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  body: string;
  signature: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
}

export interface StripeEmulator {
  baseUrl: string;
  setWebhookUrl(url: string | undefined): void;
  readonly deliveries: WebhookDelivery[];
  /** Resolves once `count` deliveries were attempted (answered or failed). */
  waitForDeliveries(count: number, timeoutMs?: number): Promise<WebhookDelivery[]>;
  /** Sends an event again, freshly signed, as Stripe does when a delivery was not acknowledged. */
  redeliver(eventId: string): Promise<WebhookDelivery>;
  /** Settles a session paid by a delayed method: async_payment_succeeded or _failed. */
  settleAsync(sessionId: string, succeeded: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeEmulator(options: StripeEmulatorOptions): Promise<StripeEmulator> {
  const sessions = new Map<string, EmulatedSession>();
  // Charges by session id: kept beside the session so the session's JSON stays Stripe's shape.
  const charges = new Map<string, Charge>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const events = new Map<string, string>();
  const deliveries: WebhookDelivery[] = [];
  const waiters: Array<() => void> = [];
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';

  async function deliver(eventId: string): Promise<WebhookDelivery> {
    const body = events.get(eventId)!;
    const signature = signatureHeader(body, options.webhookSecret, Math.floor(Date.now() / 1000));
    const delivery: WebhookDelivery = {
      eventId,
      type: (JSON.parse(body) as { type: string }).type,
      body,
      signature,
      status: null,
    };
    if (webhookUrl) {
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signature,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = res.status;
        await res.arrayBuffer();
      } catch {
        delivery.status = null;
      }
    }
    deliveries.push(delivery);
    for (const w of waiters.splice(0)) w();
    return delivery;
  }

  /** Records an event and delivers it after the answer that caused it, as Stripe does. */
  function emit(type: string, object: unknown): void {
    const id = stripeId('evt').replace('_test', '');
    const body = JSON.stringify({
      id,
      object: 'event',
      api_version: '2024-06-20',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    events.set(id, body);
    setImmediate(() => void deliver(id));
  }

  function authorize(req: IncomingMessage): void {
    const auth = req.headers.authorization ?? '';
    let key = '';
    if (auth.startsWith('Bearer ')) key = auth.slice(7).trim();
    // Stripe also takes the key as the Basic user name (curl -u sk_test_…:).
    else if (auth.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] ?? '';
    if (!key) {
      throw new EmulatedError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    if (key !== options.secretKey) {
      throw new EmulatedError(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
      });
    }
  }

  function apiRoute(method: string, path: string, params: Params): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const s = createSession(params, baseUrl);
      sessions.set(s.id, s);
      return { status: 200, body: s };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const s = sessions.get(decodeURIComponent(m[1]!));
      if (!s)
        throw new EmulatedError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${m[1]}'`,
        });
      if (method === 'GET' && !m[2]) return { status: 200, body: s };
      if (method === 'POST' && m[2]) {
        expireSession(s);
        emit('checkout.session.expired', s);
        return { status: 200, body: s };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(params);
    throw new EmulatedError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function refund(params: Params): { status: number; body: unknown } {
    const pi = params.payment_intent;
    const s = [...sessions.values()].find((x) => x.payment_intent !== null && x.payment_intent === pi);
    const charge = s && charges.get(s.id);
    if (!s || !charge)
      throw new EmulatedError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${String(pi)}'`,
      });
    const left = charge.amount - charge.amount_refunded;
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new EmulatedError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${String(params.amount)}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('charge.refunded', charge);
    return {
      status: 200,
      body: {
        id: stripeId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        currency: s.currency,
        payment_intent: pi,
        status: 'succeeded',
      },
    };
  }

  function pay(s: EmulatedSession, form: Params, res: ServerResponse): void {
    if (s.status !== 'open') return resultPage(res, 410, 'This Checkout Session is no longer available.');
    if (form.method === 'delayed') {
      // A delayed method (bank debit): the session completes unpaid and settles later.
      s.status = 'complete';
      s.url = null;
      s.payment_intent = stripeId('pi');
      emit('checkout.session.completed', s);
    } else {
      const card = TEST_CARDS[String(form.card_number ?? '').replace(/\s/g, '')];
      if (!card) return resultPage(res, 402, 'Your card number is incorrect.');
      if (!card.ok) return resultPage(res, 402, card.message, card.decline_code);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.url = null;
      s.payment_intent = stripeId('pi');
      charges.set(s.id, newCharge(s));
      emit('checkout.session.completed', s);
    }
    res.writeHead(303, { location: s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id) }).end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');

    const page = /^\/c\/(pay|cancel)\/([^/]+)$/.exec(url.pathname);
    if (page) {
      const s = sessions.get(decodeURIComponent(page[2]!));
      if (!s) return resultPage(res, 404, 'Something went wrong: this payment page does not exist.');
      if (page[1] === 'cancel') return void res.writeHead(303, { location: s.cancel_url ?? baseUrl }).end();
      if (method === 'GET')
        return s.status === 'open'
          ? checkoutPage(res, s)
          : resultPage(res, 410, 'This Checkout Session is no longer available.');
      return pay(s, parseForm(body), res);
    }

    authorize(req);
    const key = req.headers['idempotency-key'];
    const scope = typeof key === 'string' && method === 'POST' ? `${options.secretKey}\0${key}` : null;
    const print = fingerprint(method, url.pathname, body);
    if (scope) {
      const seen = idempotent.get(scope);
      if (seen && seen.fingerprint !== print) {
        throw new EmulatedError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        });
      }
      if (seen)
        return sendJson(res, seen.status, seen.body, { 'idempotent-replayed': 'true', 'idempotency-key': String(key) });
    }
    let answer: { status: number; body: unknown };
    try {
      answer = apiRoute(
        method,
        url.pathname,
        method === 'POST' ? parseForm(body) : Object.fromEntries(url.searchParams),
      );
    } catch (err) {
      if (!(err instanceof EmulatedError)) throw err;
      answer = { status: err.status, body: { error: err.shape } };
    }
    // Stripe stores the first answer once the endpoint ran, errors included.
    if (scope) idempotent.set(scope, { fingerprint: print, status: answer.status, body: structuredClone(answer.body) });
    sendJson(res, answer.status, answer.body, scope ? { 'idempotency-key': String(key) } : {});
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof EmulatedError) return sendJson(res, err.status, { error: err.shape });
      sendJson(res, 500, {
        error: { type: 'api_error', message: 'An unknown error occurred in the Stripe emulator.' },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    deliveries,
    setWebhookUrl: (u) => void (webhookUrl = u),
    async waitForDeliveries(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook deliveries, saw ${deliveries.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return deliveries;
    },
    redeliver: (eventId) => deliver(eventId),
    async settleAsync(sessionId, succeeded) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== 'complete' || s.payment_status !== 'unpaid')
        throw new Error(`session ${sessionId} awaits no delayed payment`);
      if (succeeded) {
        s.payment_status = 'paid';
        charges.set(s.id, newCharge(s));
      }
      emit(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', s);
    },
    // Ends kept-alive client connections too: close() alone waits for them to go idle and time out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string | null;
  refunded: boolean;
}

function newCharge(s: EmulatedSession): Charge {
  return {
    id: stripeId('ch'),
    object: 'charge',
    amount: s.amount_total,
    amount_refunded: 0,
    currency: s.currency,
    payment_intent: s.payment_intent,
    refunded: false,
  };
}
