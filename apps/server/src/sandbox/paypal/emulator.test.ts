import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from './emulator.js';

// The emulator's own protocol, spoken raw over HTTP: what a client other than ours would see.
let pp: PayPalEmulator;
let bearer: string;
beforeAll(async () => {
  pp = await startPayPalEmulator();
  const res = await fetch(`${pp.baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${pp.clientId}:${pp.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
  bearer = body.access_token;
});
afterAll(async () => {
  await pp.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(pp.baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const legacyOrder = {
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'USD', value: '12.50' } }],
  application_context: { return_url: 'https://shop.example/ok', cancel_url: 'https://shop.example/cancel' },
};

describe('PayPal emulator', () => {
  it("refuses calls without a valid bearer token in PayPal's shape", async () => {
    const res = await post('/v2/checkout/orders', legacyOrder, { authorization: 'Bearer not-a-token' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });

  it('refuses a token request with another grant type', async () => {
    const res = await fetch(`${pp.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${pp.clientId}:${pp.clientSecret}`).toString('base64')}` },
      body: 'grant_type=password',
    });
    expect(res.status).toBe(400);
  });

  it('answers 201 then 200 with the same order for one PayPal-Request-Id; legacy application_context gives rel=approve', async () => {
    const first = await post('/v2/checkout/orders', legacyOrder, { 'paypal-request-id': 'req-1' });
    const again = await post('/v2/checkout/orders', legacyOrder, { 'paypal-request-id': 'req-1' });
    expect([first.status, again.status]).toEqual([201, 200]);
    const a = (await first.json()) as { id: string; status: string; links: Array<{ rel: string; href: string }> };
    expect(((await again.json()) as { id: string }).id).toBe(a.id);
    expect(a.status).toBe('CREATED');
    expect(a.links.find((l) => l.rel === 'approve')?.href).toBe(`${pp.baseUrl}/checkoutnow?token=${a.id}`);
  });

  it('a buyer who cancels goes back to the cancel URL and the order stays unapproved', async () => {
    const o = (await (await post('/v2/checkout/orders', legacyOrder)).json()) as { id: string };
    const res = await fetch(`${pp.baseUrl}/checkoutnow?token=${o.id}&cancel=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`https://shop.example/cancel?token=${o.id}`);
    const capture = await post(`/v2/checkout/orders/${o.id}/capture`, {});
    expect(capture.status).toBe(422);
    expect(await capture.json()).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_NOT_APPROVED' }],
      debug_id: expect.any(String),
    });
  });

  it('rejects an amount that is not a decimal string', async () => {
    const res = await post('/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: 12.5 } }],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: [{ issue: 'INVALID_PARAMETER_VALUE' }] });
  });
});

describe('rawJsonMember', () => {
  it('returns the exact source text of a top-level member, wherever it stands', async () => {
    const { rawJsonMember } = await import('./emulator-raw-json.js');
    const text = '{"a":"x:\\"}","webhook_event": {\n  "id": "W", "n": [1, {"b": "}"}]\n} ,"z":{"webhook_event":1}}';
    expect(rawJsonMember(text, 'webhook_event')).toBe('{\n  "id": "W", "n": [1, {"b": "}"}]\n}');
    expect(rawJsonMember(text, 'z')).toBe('{"webhook_event":1}');
    expect(rawJsonMember(text, 'a')).toBe('"x:\\"}"');
    expect(rawJsonMember(text, 'missing')).toBeUndefined();
    expect(rawJsonMember('{"k":12}', 'k')).toBe('12');
  });
});
