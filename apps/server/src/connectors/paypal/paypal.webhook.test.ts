import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayPalEmulator, type PayPalEmulator } from '../../sandbox/paypal/emulator.js';
import {
  PayPalClient,
  minorToPayPalValue,
  parseWebhookEvent,
  payPalValueToMinor,
  verifyWebhookSignature,
  type PayPalWebhookEvent,
} from './index.js';

// A receiver on real HTTP verifies what the emulator POSTs, the way the server's webhook route will.
let pp: PayPalEmulator;
let client: PayPalClient;
let receiver: Server;
let receiverUrl: string;
const received: Array<{ verified: boolean; event?: PayPalWebhookEvent }> = [];

beforeAll(async () => {
  pp = await startPayPalEmulator({ webhookId: 'WH-TEST-1' });
  client = new PayPalClient({ baseUrl: pp.baseUrl, clientId: pp.clientId, clientSecret: pp.clientSecret });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      void verifyWebhookSignature(client, 'WH-TEST-1', req.headers, raw).then((verified) => {
        received.push({ verified, event: verified ? parseWebhookEvent(raw) : undefined });
        res.writeHead(verified ? 200 : 400).end();
      });
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/paypal`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await pp.close();
});

async function capturedOrder(amountMinor = 5_000): Promise<{ orderId: string; captureId: string }> {
  const o = await client.createOrder({
    requestId: crypto.randomUUID(),
    amountMinor,
    currency: 'USD',
    returnUrl: 'https://shop.example/r',
    cancelUrl: 'https://shop.example/c',
  });
  pp.approve(o.id);
  const r = await client.captureOrder(o.id, crypto.randomUUID());
  return { orderId: o.id, captureId: r.capture.id };
}

describe('PayPal webhooks', () => {
  it('a real emitted PAYMENT.CAPTURE.COMPLETED is verified and parsed into a typed event', async () => {
    const { orderId, captureId } = await capturedOrder(10_470);
    const { status } = await pp.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.COMPLETED', orderId);
    expect(status).toBe(200);
    expect(received.at(-1)).toMatchObject({
      verified: true,
      event: { kind: 'capture-completed', captureId, orderId, amountMinor: 10_470, currency: 'USD' },
    });
  });

  it('DENIED and REFUNDED events parse with their capture and order', async () => {
    const { orderId, captureId } = await capturedOrder(2_500);
    expect((await pp.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.DENIED', orderId)).status).toBe(200);
    expect(received.at(-1)?.event).toMatchObject({ kind: 'capture-denied', captureId, orderId });
    expect((await pp.sendWebhook(receiverUrl, 'PAYMENT.CAPTURE.REFUNDED', orderId)).status).toBe(200);
    expect(received.at(-1)?.event).toMatchObject({ kind: 'capture-refunded', captureId, orderId, amountMinor: 2_500 });
  });

  it('rejects a tampered body', async () => {
    const { orderId } = await capturedOrder(1_000);
    const s = pp.signedEvent('PAYMENT.CAPTURE.COMPLETED', orderId);
    const tampered = s.rawBody.replace('"value":"10.00"', '"value":"99999.00"');
    expect(tampered).not.toBe(s.rawBody);
    expect(await verifyWebhookSignature(client, 'WH-TEST-1', s.headers, s.rawBody)).toBe(true);
    expect(await verifyWebhookSignature(client, 'WH-TEST-1', s.headers, tampered)).toBe(false);
  });

  it('passes the received bytes through unchanged: an indented delivery verifies, the same event re-indented does not', async () => {
    const { orderId } = await capturedOrder(1_000);
    const s = pp.signedEvent('PAYMENT.CAPTURE.COMPLETED', orderId, { pretty: true });
    expect(s.rawBody).toContain('\n  "id"');
    expect(await verifyWebhookSignature(client, 'WH-TEST-1', s.headers, s.rawBody)).toBe(true);
    expect(await verifyWebhookSignature(client, 'WH-TEST-1', s.headers, JSON.stringify(JSON.parse(s.rawBody)))).toBe(
      false,
    );
  });

  it('rejects wrong or missing headers, another webhook id, and a delivery over plain POST with a forged signature', async () => {
    const { orderId } = await capturedOrder();
    const s = pp.signedEvent('PAYMENT.CAPTURE.COMPLETED', orderId);
    const other = pp.signedEvent('PAYMENT.CAPTURE.COMPLETED', orderId);
    const verify = (h: Record<string, string>, id = 'WH-TEST-1') => verifyWebhookSignature(client, id, h, s.rawBody);
    expect(await verify({ ...s.headers, 'paypal-transmission-id': other.headers['paypal-transmission-id']! })).toBe(
      false,
    );
    expect(await verify({ ...s.headers, 'paypal-transmission-time': '2020-01-01T00:00:00Z' })).toBe(false);
    expect(await verify({ ...s.headers, 'paypal-transmission-sig': other.headers['paypal-transmission-sig']! })).toBe(
      false,
    );
    expect(await verify({ ...s.headers, 'paypal-auth-algo': 'SHA1withRSA' })).toBe(false);
    const { 'paypal-transmission-sig': _sig, ...missing } = s.headers;
    expect(await verify(missing)).toBe(false);
    expect(await verify(s.headers, 'WH-SOMEONE-ELSE')).toBe(false);
    const forged = await fetch(receiverUrl, {
      method: 'POST',
      headers: { ...s.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
      body: s.rawBody,
    });
    expect(forged.status).toBe(400);
    expect(received.at(-1)?.verified).toBe(false);
  });

  it('an event type we do not act on parses as other', () => {
    expect(
      parseWebhookEvent(JSON.stringify({ id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} })),
    ).toEqual({ kind: 'other', eventId: 'WH-1', eventType: 'CHECKOUT.ORDER.APPROVED' });
  });
});

describe('PayPal amounts', () => {
  it('minor units become decimal strings and back exactly', () => {
    expect(minorToPayPalValue(10_470, 'USD')).toBe('104.70');
    expect(minorToPayPalValue(5, 'USD')).toBe('0.05');
    expect(minorToPayPalValue(1234, 'JPY')).toBe('1234');
    expect(payPalValueToMinor('104.70', 'USD')).toBe(10_470);
    expect(payPalValueToMinor('104.7', 'USD')).toBe(10_470);
    expect(payPalValueToMinor('0.29', 'USD')).toBe(29);
    expect(() => payPalValueToMinor('1.234', 'USD')).toThrow();
    expect(() => payPalValueToMinor('-1.00', 'USD')).toThrow();
    expect(() => minorToPayPalValue(0, 'USD')).toThrow();
  });
});
