import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeEmulator, startStripeEmulator } from './emulator';

// The emulator's wire behaviour as a client other than our connector sees it (curl, Stripe's SDKs).
const KEY = 'sk_test_wire_0123456789';
let emulator: StripeEmulator;

const create = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${emulator.baseUrl}/v1/checkout/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

const ITEM =
  'line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=2500&line_items[0][price_data][product_data][name]=Top-up';

beforeAll(async () => {
  emulator = await startStripeEmulator({ secretKey: KEY, webhookSecret: 'whsec_wire' });
});
afterAll(() => emulator.close());

describe('Stripe emulator on the wire', () => {
  it("takes the key as a Basic user name too, and answers no key with 401 in Stripe's error shape", async () => {
    const basic = await fetch(`${emulator.baseUrl}/v1/checkout/sessions/cs_test_none`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` },
    });
    expect(basic.status).toBe(404);
    expect(await basic.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'resource_missing' } });

    const none = await fetch(`${emulator.baseUrl}/v1/checkout/sessions/cs_test_none`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('did not provide an API key') },
    });
  });

  it('replays the first answer for a key, with Idempotent-Replayed, whatever the parameter order', async () => {
    const body = `mode=payment&success_url=http%3A%2F%2Fx.test%2Fok&${ITEM}&metadata[a]=1&metadata[b]=2`;
    const first = await create(body, { 'idempotency-key': 'wire-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const reordered = body.split('&').reverse().join('&');
    const second = await create(reordered, { 'idempotency-key': 'wire-1' });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as { id: string; amount_total: number; metadata: unknown };
    expect(await second.json()).toEqual(a);
    expect(a).toMatchObject({ amount_total: 2500, metadata: { a: '1', b: '2' } });
  });

  it('stores an error answer under its key as well, as Stripe does', async () => {
    const bad = await create(`success_url=http%3A%2F%2Fx.test%2Fok&${ITEM}`, { 'idempotency-key': 'wire-2' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_missing', param: 'mode' },
    });
    const again = await create(`success_url=http%3A%2F%2Fx.test%2Fok&${ITEM}`, { 'idempotency-key': 'wire-2' });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('sends the payer back to cancel_url from the hosted page, leaving the session open', async () => {
    const res = await create(
      `mode=payment&success_url=http%3A%2F%2Fx.test%2Fok&cancel_url=http%3A%2F%2Fx.test%2Fback&${ITEM}`,
    );
    const session = (await res.json()) as { id: string; url: string };
    const cancel = await fetch(session.url.replace('/c/pay/', '/c/cancel/'), { redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe('http://x.test/back');
    const now = await fetch(`${emulator.baseUrl}/v1/checkout/sessions/${session.id}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(await now.json()).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it("answers an unknown path with Stripe's 404 shape", async () => {
    const res = await fetch(`${emulator.baseUrl}/v1/charges`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('Unrecognized request URL') },
    });
  });
});
