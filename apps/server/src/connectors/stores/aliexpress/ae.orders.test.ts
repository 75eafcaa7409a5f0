import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AliExpressEmulator, startAliExpressEmulator } from '../../../sandbox/aliexpress/emulator.js';
import { StorePlatformError, type TrackingPush } from '../store-platform.js';
import { aliExpressAuthorizeUrl, createAliExpressToken, tokensToCredentials } from './ae.auth.js';
import type { AliExpressApp } from './ae.call.js';
import { AliExpressClient } from './ae.client.js';

// A seller's orders and shipments through the connector, against the emulated gateway over HTTP.
let ae: AliExpressEmulator;
let app: AliExpressApp;
let client: AliExpressClient;
const http = { retries: 2, backoffMs: 1, timeoutMs: 5000 };
const SELLER = 'orders-seller';
let earbuds: ReturnType<AliExpressEmulator['addProduct']>;
let stand: ReturnType<AliExpressEmulator['addProduct']>;

beforeAll(async () => {
  ae = await startAliExpressEmulator();
  app = { appKey: ae.appKey, appSecret: ae.appSecret, authUrl: `${ae.baseUrl}/oauth/authorize`, apiUrl: ae.baseUrl };
  earbuds = ae.addProduct(SELLER, {
    subject: 'Earbuds',
    price: '18.90',
    option: 'Color',
    values: ['Black', 'White'],
    skuCode: 'EB',
  });
  stand = ae.addProduct(SELLER, { subject: 'Stand', price: '6.50', skuCode: 'ST' });
  const url = aliExpressAuthorizeUrl(app, { redirectUri: 'https://market.example/aliexpressstatus', state: 's' });
  const code = new URL(ae.approve(url, SELLER)).searchParams.get('code')!;
  const tokens = await createAliExpressToken(app, code, http);
  client = new AliExpressClient({ app, credentials: tokensToCredentials(tokens), http });
});
afterAll(async () => {
  await ae.close();
});

const address = {
  contactPerson: 'Lin Wei',
  address: '500 Pine Street',
  city: 'Seattle',
  province: 'WA',
  zip: '98101',
  country: 'us',
  phoneCountry: '1',
  mobile: '5550100',
};
const place = (count = 1) =>
  ae.createOrder(SELLER, {
    lines: [
      { productId: earbuds.productId, skuCode: 'EB-WHITE', count },
      { productId: stand.productId, count: 1 },
    ],
    buyer: { firstName: 'Lin', lastName: 'Wei' },
    address,
  });
const push = (number: string, company = 'DHL'): TrackingPush => ({ company, number, url: null, notifyCustomer: true });

describe('AliExpress orders', () => {
  it('pages to the end, each order in full: lines on the SKU ids the products import uses, address, money', async () => {
    const first = place(2);
    for (let i = 0; i < 4; i++) place();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listOrders(cursor, { pageSize: 2 });
      seen.push(...page.orders.map((o) => o.externalId));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);

    const o = (await client.getOrder(first.orderId))!;
    const product = (await client.getProduct(earbuds.productId))!;
    const white = product.variants.find((v) => v.sku === 'EB-WHITE')!;
    const standVariant = (await client.getProduct(stand.productId))!.variants[0]!;
    expect(o).toMatchObject({
      externalId: first.orderId,
      number: first.orderId,
      status: 'open',
      fulfilled: false,
      total: { amount: 2 * 1890 + 650, currency: 'USD' },
      buyer: { name: 'Lin Wei', email: null, phone: '+1 5550100' },
      shippingAddress: {
        name: 'Lin Wei',
        line1: '500 Pine Street',
        city: 'Seattle',
        postcode: '98101',
        countryCode: 'US',
      },
      fulfilments: [],
    });
    expect(o.lines.map((l) => [l.productExternalId, l.variantExternalId, l.sku, l.quantity, l.unitPrice])).toEqual([
      [earbuds.productId, white.externalId, 'EB-WHITE', 2, { amount: 1890, currency: 'USD' }],
      [stand.productId, standVariant.externalId, 'ST', 1, { amount: 650, currency: 'USD' }],
    ]);
    expect(await client.getOrder('42')).toBeNull();
    expect(await client.getOrder('not-an-id')).toBeNull();
  });

  it('an order id above 2^53 keeps every digit, and so do its child orders', async () => {
    // 2^53 + 1: as a double it reads 9007199254740992; its child orders end in 01 and 02.
    const big = ae.createOrder(SELLER, {
      orderId: '9007199254740993',
      lines: [
        { productId: earbuds.productId, skuCode: 'EB-BLACK', count: 1 },
        { productId: stand.productId, count: 1 },
      ],
      address,
    });
    const o = (await client.getOrder(big.orderId))!;
    expect([o.externalId, o.number]).toEqual(['9007199254740993', '9007199254740993']);
    expect(o.lines.map((l) => l.externalId)).toEqual(['900719925474099301', '900719925474099302']);
    // The list too: the id it names is the one read in full.
    const listed = await client.listOrders(null, { pageSize: 50 });
    expect(listed.orders.map((x) => x.externalId)).toContain('9007199254740993');
    // Asked for by its neighbour's id, the emulated gateway finds no such order.
    expect(await client.getOrder('9007199254740992')).toBeNull();
  });

  it('a modified-time window catches up what changed since', async () => {
    const old = ae.createOrder(SELLER, { lines: [{ productId: stand.productId, count: 1 }], address });
    await new Promise((r) => setTimeout(r, 1100)); // the window has whole seconds
    const since = new Date();
    const fresh = place();
    ae.setOrderStatus(old.orderId, 'IN_CANCEL'); // the buyer asks to cancel an older order
    const page = await client.listOrders(null, { updatedSince: since });
    expect(page.orders.map((o) => o.externalId).sort()).toEqual([fresh.orderId, old.orderId].sort());
  });

  it('maps the statuses', async () => {
    const cases: Array<[string, string, string, boolean]> = [
      ['PLACE_ORDER_SUCCESS', '', 'open', false],
      ['WAIT_SELLER_SEND_GOODS', '', 'open', false],
      ['SELLER_PART_SEND_GOODS', '', 'open', false],
      ['WAIT_BUYER_ACCEPT_GOODS', '', 'open', true],
      ['IN_CANCEL', '', 'cancelled', false],
      ['FINISH', '', 'open', true],
      ['FINISH', 'buyer_cancel_order', 'cancelled', false],
      ['FINISH', 'refund_success', 'refunded', false],
    ];
    for (const [status, reason, ours, fulfilled] of cases) {
      const o = place();
      ae.setOrderStatus(o.orderId, status, reason);
      expect([status, reason, (await client.getOrder(o.orderId))!]).toEqual([
        status,
        reason,
        expect.objectContaining({ status: ours, fulfilled }),
      ]);
    }
  });
});

describe('AliExpress shipments', () => {
  it('first push ships the order; the same push again sends nothing', async () => {
    const o = place();
    expect(await client.pushTracking(o.orderId, push('LP00123'))).toEqual({
      fulfilmentId: 'LP00123',
      outcome: 'created',
    });
    expect(ae.order(o.orderId)).toMatchObject({
      status: 'WAIT_BUYER_ACCEPT_GOODS',
      shipments: [{ serviceName: 'DHL', logisticsNo: 'LP00123' }],
    });
    expect((await client.getOrder(o.orderId))!).toMatchObject({
      fulfilled: true,
      fulfilments: [{ company: 'DHL', trackingNumber: 'LP00123' }],
    });
    expect((await client.pushTracking(o.orderId, push('LP00123'))).outcome).toBe('already');
    expect(ae.order(o.orderId)!.shipments).toHaveLength(1);
  });

  it('a lost answer: the retry finds the shipment and sends no second one', async () => {
    const o = place();
    ae.loseAnswers(1);
    await expect(client.pushTracking(o.orderId, push('LP00124'))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(ae.order(o.orderId)!.shipments).toHaveLength(1);
    expect(await client.pushTracking(o.orderId, push('LP00124'))).toEqual({
      fulfilmentId: 'LP00124',
      outcome: 'already',
    });
    expect(ae.order(o.orderId)!.shipments).toHaveLength(1);
  });

  it('a changed number corrects our shipment; carriers are matched on words, any other goes as OTHER with a website', async () => {
    const o = place();
    const first = await client.pushTracking(o.orderId, push('LP00125', 'DHL Express'));
    expect(await client.pushTracking(o.orderId, push('LP00126', 'DHL Express'), first)).toEqual({
      fulfilmentId: 'LP00126',
      outcome: 'updated',
    });
    expect(ae.order(o.orderId)!.shipments.map((s) => [s.serviceName, s.logisticsNo])).toEqual([['DHL', 'LP00126']]);
    const epacket = place();
    await client.pushTracking(epacket.orderId, push('LX1CN', 'China Post ePacket'));
    expect(ae.order(epacket.orderId)!.shipments[0]).toMatchObject({ serviceName: 'CPAM', website: '' });
    const other = place();
    expect((await client.pushTracking(other.orderId, push('YT123', 'YunExpress Standard'))).outcome).toBe('created');
    expect(ae.order(other.orderId)!.shipments[0]).toMatchObject({
      serviceName: 'OTHER',
      website: 'https://t.17track.net/en#nums=YT123',
    });
    const linked = place();
    await client.pushTracking(linked.orderId, { ...push('ZX1', 'Tiny Courier'), url: 'https://tiny.example/ZX1' });
    expect(ae.order(linked.orderId)!.shipments[0]).toMatchObject({
      serviceName: 'OTHER',
      website: 'https://tiny.example/ZX1',
    });
  });

  it('shipped by the seller by hand with another number: reported, nothing sent', async () => {
    const o = place();
    ae.order(o.orderId)!.shipments.push({ serviceName: 'UPS', logisticsNo: '1Z999', website: '', sentAt: Date.now() });
    expect(await client.pushTracking(o.orderId, push('LP00127'))).toEqual({
      fulfilmentId: '1Z999',
      outcome: 'by-hand',
    });
    expect(ae.order(o.orderId)!.shipments).toHaveLength(1);
  });

  it('429 and 503 are retried; a cancelled order is refused; a refused token is auth', async () => {
    const o = place();
    ae.throttle(2);
    expect((await client.pushTracking(o.orderId, push('LP00128'))).outcome).toBe('created');
    const p = place();
    ae.fail(2);
    expect((await client.pushTracking(p.orderId, push('LP00129'))).outcome).toBe('created');
    const c = place();
    ae.setOrderStatus(c.orderId, 'IN_CANCEL');
    await expect(client.pushTracking(c.orderId, push('LP00130'))).rejects.toMatchObject({
      kind: 'invalid',
      detail: 'the order is cancelled in the store',
    });
    ae.expireAccessTokens();
    ae.expireRefreshTokens();
    const err = await client.pushTracking(place().orderId, push('LP00131')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorePlatformError);
    expect(err).toMatchObject({ platform: 'aliexpress', kind: 'auth' });
  });
});
