import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShopifyEmulator, startShopifyEmulator } from '../../../sandbox/shopify/emulator';
import type { TrackingPush } from '../store-platform';
import { shopifyCarrierOf, trackingInfoOf } from './shopify.carriers';
import { FULFILMENT_CREATE_MUTATION, TRACKING_UPDATE_MUTATION } from './shopify.fulfilment';
import { type ShopifyApp, ShopifyClient, exchangeShopifyCode, tokensToCredentials } from './index';

// Tracking back to a Shopify order (decision 0115), the connector against the emulator over HTTP.
const SHOP = 'tracking-test.myshopify.com';
let emu: ShopifyEmulator;
let app: ShopifyApp;
let client: ShopifyClient;
/** Every GraphQL body the connector sent, to check the request shapes. */
const sent: Array<{ query: string; variables: Record<string, unknown> }> = [];

beforeAll(async () => {
  emu = await startShopifyEmulator({
    apiKey: 'key-1',
    apiSecret: 'secret-1',
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  const recording: typeof fetch = async (url, init) => {
    if (String(url).endsWith('/graphql.json')) sent.push(JSON.parse(String(init?.body)));
    return fetch(url, init);
  };
  app = {
    apiKey: 'key-1',
    apiSecret: 'secret-1',
    shopUrlTemplate: emu.shopUrlTemplate,
    apiVersion: '2026-10',
    http: { timeoutMs: 2000, retries: 2, backoffMs: 5, fetch: recording },
  };
  emu.createShop(SHOP, { seed: true });
  const back = emu.approve(SHOP, {
    clientId: 'key-1',
    scope: 'read_orders,write_merchant_managed_fulfillment_orders',
    redirectUri: 'https://app.example/cb',
    state: 's',
  });
  client = new ShopifyClient({
    app,
    shop: SHOP,
    credentials: tokensToCredentials(SHOP, await exchangeShopifyCode(app, SHOP, back.code!)),
  });
});
afterAll(async () => {
  await emu.close();
});

async function newOrder(quantities = [2, 1]) {
  const variants = [...emu.shop(SHOP).products.values()].flatMap((p) => p.variants);
  const { order } = await emu.createOrder(SHOP, {
    lines: quantities.map((quantity, i) => ({ variantId: variants[i]!.id, quantity })),
  });
  return { order, gid: `gid://shopify/Order/${order.id}` };
}
const push = (number: string, o: Partial<TrackingPush> = {}): TrackingPush => ({
  company: 'YunExpress Standard',
  number,
  url: null,
  notifyCustomer: false,
  ...o,
});
const standing = (id: number) => emu.order(SHOP, id).fulfillments.filter((f) => f.status === 'SUCCESS');

describe('Shopify pushTracking', () => {
  it('creates one fulfilment of every remaining line with the mapped company, and tells the buyer only when asked', async () => {
    const { order, gid } = await newOrder();
    sent.length = 0;
    const result = await client.pushTracking(gid, push('YT2412345678901234', { notifyCustomer: true }));
    expect(result).toEqual({
      fulfilmentId: expect.stringMatching(/^gid:\/\/shopify\/Fulfillment\/\d+$/),
      outcome: 'created',
    });
    // The request as Shopify documents it: fulfillment orders read first, then one fulfillmentCreate.
    expect(sent).toHaveLength(2);
    expect(sent[1]!.query).toBe(FULFILMENT_CREATE_MUTATION);
    expect(sent[1]!.variables).toEqual({
      fulfillment: {
        lineItemsByFulfillmentOrder: [
          {
            fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${order.id}`,
            fulfillmentOrderLineItems: order.lines.map((l) => ({
              id: `gid://shopify/FulfillmentOrderLineItem/${l.id}`,
              quantity: l.quantity,
            })),
          },
        ],
        trackingInfo: { company: 'YunExpress', number: 'YT2412345678901234', url: null },
        notifyCustomer: true,
      },
    });
    const [f] = standing(order.id);
    expect(f).toMatchObject({
      trackingInfo: [{ company: 'YunExpress', number: 'YT2412345678901234' }],
      notifyCustomer: true,
      origin: 'app',
    });
    expect(emu.order(SHOP, order.id).fulfillments).toHaveLength(1);

    const quiet = await newOrder([1]);
    await client.pushTracking(quiet.gid, push('YT0000000000000001'));
    expect(standing(quiet.order.id)[0]!.notifyCustomer).toBe(false);
  });

  it('a carrier Shopify does not know keeps its name and gets a tracking link', async () => {
    const { order, gid } = await newOrder([1]);
    await client.pushTracking(gid, push('ABC123', { company: 'Sea Freight (heavy parcels)' }));
    expect(standing(order.id)[0]!.trackingInfo).toEqual([
      { company: 'Sea Freight (heavy parcels)', number: 'ABC123', url: 'https://t.17track.net/en#nums=ABC123' },
    ]);
  });

  it('waits out HTTP 429 answers and then fulfils once', async () => {
    const { order, gid } = await newOrder([1]);
    emu.fault(SHOP, { throttle: 2, retryAfterSeconds: 0 });
    await expect(client.pushTracking(gid, push('LX429000001CN'))).resolves.toMatchObject({ outcome: 'created' });
    expect(standing(order.id)).toHaveLength(1);
    // More 429s than the client retries: `throttled`, for the job to retry later.
    const next = await newOrder([1]);
    emu.fault(SHOP, { throttle: 3 });
    await expect(client.pushTracking(next.gid, push('LX429000002CN'))).rejects.toMatchObject({ kind: 'throttled' });
    expect(standing(next.order.id)).toHaveLength(0);
    emu.fault(SHOP, { throttle: 0 });
  });

  it('a retry after a lost answer finds the fulfilment it made: no second one', async () => {
    const { order, gid } = await newOrder();
    emu.fault(SHOP, { loseAnswers: 1 });
    await expect(client.pushTracking(gid, push('LOST0001'))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(standing(order.id)).toHaveLength(1); // done in the shop, though we never heard
    const again = await client.pushTracking(gid, push('LOST0001'));
    expect(again).toEqual({
      fulfilmentId: `gid://shopify/Fulfillment/${standing(order.id)[0]!.id}`,
      outcome: 'already',
    });
    expect(standing(order.id)).toHaveLength(1);
  });

  it('an order the merchant fulfilled by hand with other tracking is reported, not fulfilled again', async () => {
    const { order, gid } = await newOrder();
    await emu.fulfilByHand(SHOP, order.id, { company: 'UPS', number: '1ZHAND' });
    const result = await client.pushTracking(gid, push('OURS0001'));
    expect(result).toEqual({
      fulfilmentId: `gid://shopify/Fulfillment/${standing(order.id)[0]!.id}`,
      outcome: 'by-hand',
    });
    expect(standing(order.id)).toHaveLength(1);
    expect(standing(order.id)[0]!.trackingInfo[0]!.number).toBe('1ZHAND');
  });

  it('a changed number updates our fulfilment (fulfillmentTrackingInfoUpdate) instead of adding one', async () => {
    const { order, gid } = await newOrder();
    const first = await client.pushTracking(gid, push('OLD00001'));
    sent.length = 0;
    const second = await client.pushTracking(gid, push('NEW00002', { company: 'DHL Express' }), {
      fulfilmentId: first.fulfilmentId,
    });
    expect(second).toEqual({ fulfilmentId: first.fulfilmentId, outcome: 'updated' });
    expect(sent[1]).toEqual({
      query: TRACKING_UPDATE_MUTATION,
      variables: {
        fulfillmentId: first.fulfilmentId,
        trackingInfoInput: { company: 'DHL Express', number: 'NEW00002', url: null },
        notifyCustomer: false,
      },
    });
    expect(standing(order.id)).toHaveLength(1);
    expect(standing(order.id)[0]!.trackingInfo).toEqual([{ company: 'DHL Express', number: 'NEW00002', url: null }]);
  });

  it('says not-found for an order the shop does not have', async () => {
    await expect(client.pushTracking('gid://shopify/Order/1', push('X1'))).rejects.toMatchObject({ kind: 'not-found' });
    await expect(client.pushTracking('nonsense', push('X1'))).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('carrier names → Shopify companies', () => {
  it('maps our shipping methods, in any of the four languages, to the exact names', () => {
    const cases: Array<[string, string]> = [
      ['YunExpress Standard', 'YunExpress'],
      ['YunExpress – ligne marchandises sensibles', 'YunExpress'],
      ['China Post Registered Air Mail', 'China Post'],
      ['DHL Express Worldwide (from Frankfurt)', 'DHL Express'],
      ['DHL 国际快递', 'DHL Express'],
      ['USPS Ground Advantage', 'USPS'],
      ['UPS 陆运', 'UPS'],
      ['ups ground', 'UPS'],
      ['SF Express (mainland China)', 'SF Express'],
      ['顺丰速运', 'SF Express'],
      ['GLS Europe Economy', 'GLS'],
      ['fedex', 'FedEx'],
      ['dhl ecommerce', 'DHL eCommerce'],
    ];
    for (const [ours, shopify] of cases)
      expect(shopifyCarrierOf(ours), ours).toEqual({ company: shopify, known: true });
    // "USPS" is not "UPS"; an unknown name is kept, trimmed.
    expect(shopifyCarrierOf('  Sea Freight ')).toEqual({ company: 'Sea Freight', known: false });
    expect(shopifyCarrierOf('DHL Parcel Europe')).toEqual({ company: 'DHL Parcel Europe', known: false });
    expect(trackingInfoOf('UPS', '1Z 9', null)).toEqual({ company: 'UPS', number: '1Z 9', url: null });
    expect(trackingInfoOf('My carrier', 'A/1', 'https://track.example/1').url).toBe('https://track.example/1');
  });
});
