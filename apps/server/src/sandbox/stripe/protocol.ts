import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * Protocol pieces of the Stripe emulator, written from Stripe's public documentation and kept
 * apart from the connector on purpose: if both shared one encoder or signer, a mistake in it
 * would pass every test.
 */

export type Params = { [key: string]: string | Params | Params[] | string[] };

/** `a[0][b]=1&c=2` → `{ a: [{ b: '1' }], c: '2' }` (Stripe's bracket notation). */
export function parseForm(body: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!m) continue;
    const keys = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)];
    let node: Record<string, unknown> = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      if (last) {
        node[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(keys[i + 1]!);
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return root;
}

/** Parameters in a canonical order, so that a replay with the same values in another order matches. */
export function fingerprint(method: string, path: string, body: string): string {
  const pairs = [...new URLSearchParams(body)].sort(([a, x], [b, y]) =>
    a === b ? x.localeCompare(y) : a.localeCompare(b),
  );
  return `${method} ${path} ${JSON.stringify(pairs)}`;
}

export function stripeId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** `t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>` as Stripe sends it. */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface ErrorShape {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

export class EmulatedError extends Error {
  constructor(
    readonly status: number,
    readonly shape: ErrorShape,
  ) {
    super(shape.message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': stripeId('req').replace('_test', ''),
    ...extra,
  });
  res.end(text);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Stripe's documented test cards; anything else is refused like an invalid number. */
export const TEST_CARDS: Record<
  string,
  { ok: true } | { ok: false; code: string; decline_code?: string; message: string }
> = {
  '4242424242424242': { ok: true },
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    ok: false,
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};
