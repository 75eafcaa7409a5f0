import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShippingWorld, connectedStore, shippingWorld, signedInUser, topUp } from '../../../test/factories';
import { createTestApp, sessionFor } from '../../../test/harness';
import { exchangeShopifyCode, tokensToCredentials } from '../../connectors/stores/shopify';
import { type AliExpressEmulator, startAliExpressEmulator } from '../../sandbox/aliexpress/emulator';
import { type ShopifyEmulator, startShopifyEmulator } from '../../sandbox/shopify/emulator';

// Issue 21 end to end for AliExpress, and the split shipment on Shopify and AliExpress, through
// the HTTP app and the emulators (decision 0121): the store's order is pulled ("sync now"), its
// products connected, it is paid from the wallet, the operator purchases and ships each order,
// and the tracking job writes to the store. The shipping world is preferred-shipping's, to Japan:
// product a ships from warehouse PSA, product b from PSB, so an order of both is two shipments.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let ae: AliExpressEmulator;
let shopify: ShopifyEmulator;
let world: ShippingWorld;
let operator: string;
const SECRET = 'journey-secret';
beforeAll(async () => {
  ae = await startAliExpressEmulator();
  shopify = await startShopifyEmulator({
    apiKey: 'journey-app',
    apiSecret: SECRET,
    bucket: { maximumAvailable: 2000, restoreRate: 100_000 },
  });
  ctx = await createTestApp(
    {
      stores: {
        allowPrivateAddresses: true,
        pullEverySeconds: 3600,
        http: { backoffMs: 1, retries: 1, timeoutMs: 5000 },
      },
      aliexpress: {
        appKey: ae.appKey,
        appSecret: ae.appSecret,
        authUrl: `${ae.baseUrl}/oauth/authorize`,
        apiUrl: ae.baseUrl,
      },
      shopify: {
        apiKey: 'journey-app',
        apiSecret: SECRET,
        apiVersion: '2026-10',
        scopes: 'read_orders,write_merchant_managed_fulfillment_orders',
        shopUrlTemplate: shopify.shopUrlTemplate,
      },
    },
    undefined,
    { jobOptions: { retryBaseMs: 1 } },
  );
  world = await shippingWorld(ctx);
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(async () => {
  await ctx.app.close();
  await ae.close();
  await shopify.close();
});

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'GET' ? {} : { 'idempotency-key': crypto.randomUUID() }),
    },
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
};
const drain = async () => {
  for (let i = 0; i < 4; i++) await ctx.app.jobs.drain();
};
let serial = 0;

/**
 * The store's order pulled, each line connected (SKU codes starting with A → product a, else b),
 * paid from the wallet: the marketplace orders it became, each with the SKU it carries.
 */
async function arriveAndPay(owner: { token: string }, storeId: string) {
  await call(owner.token, 'POST', `/api/p/store-orders/sync-status/${storeId}/sync`);
  await drain();
  const [row] = (await call(owner.token, 'GET', `/api/p/store-orders?tab=unrelated&storeId=${storeId}`)).records;
  expect(row, 'the store order arrived, unrelated').toBeTruthy();
  const detail = await call(owner.token, 'GET', `/api/p/store-orders/${row.id}`);
  for (const line of detail.lines) {
    const { storeProductId, variantId } = line.connectTarget;
    const sku = /^A/.test(line.sku ?? '') ? world.products.a.skuId : world.products.b.skuId;
    await call(owner.token, 'POST', `/api/p/store-products/${storeProductId}/connections`, {
      links: [{ variantId, skuId: String(sku) }],
    });
  }
  expect((await call(owner.token, 'GET', `/api/p/store-orders/${row.id}`)).related).toBe(true);
  const quote = await call(owner.token, 'POST', '/api/p/store-orders/pay/confirm', { ids: [row.id] });
  const paid = await call(owner.token, 'POST', '/api/p/store-orders/pay', {
    confirmToken: quote.confirmToken,
    method: 'wallet',
  });
  const orders = await Promise.all(
    (paid.storeOrders[0].orderIds as string[]).map((id) => call(owner.token, 'GET', `/api/p/orders/${id}`)),
  );
  /** The order carrying product a, or b. */
  const carrying = (p: 'a' | 'b') =>
    orders.find((o) => o.lines.some((l: { skuId: number }) => l.skuId === world.products[p].skuId));
  return { orders, carrying };
}

async function ship(orderId: string, carrier: string, trackingNumber: string) {
  await call(operator, 'POST', `/api/admin/orders/${orderId}/purchase`);
  await call(operator, 'POST', `/api/admin/orders/${orderId}/ship`, { carrier, trackingNumber });
  await drain();
}
const pushOf = async (token: string, id: string) => (await call(token, 'GET', `/api/p/orders/${id}`)).trackingPush;

async function aliExpressOwner() {
  const owner = await signedInUser(ctx.db);
  await topUp(ctx.db, owner.userId, 100_000);
  const account = `journey-${++serial}-${Date.now()}`;
  ae.addProduct(account, { subject: 'Journey kettle', price: '21.00', skuCode: `A-KETTLE${serial}` });
  ae.addProduct(account, { subject: 'Journey tray', price: '9.50', skuCode: `B-TRAY${serial}` });
  const { url } = await call(owner.token, 'POST', '/api/p/stores/aliexpress/authorize');
  const back = new URL(ae.approve(url, account));
  const store = await call(owner.token, 'POST', '/api/p/stores/aliexpress/callback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  await drain();
  const products = ae.seller(account).products;
  const order = (lines: Array<{ product: number; count: number }>) =>
    ae.createOrder(account, {
      lines: lines.map((l) => ({ productId: products[l.product]!.productId, count: l.count })),
      buyer: { firstName: 'Aiko', lastName: 'Tanaka' },
      address: {
        contactPerson: 'Aiko Tanaka',
        address: '1-2-3 Shibuya',
        city: 'Tokyo',
        zip: '150-0002',
        country: 'JP',
      },
    });
  return { owner, storeId: store.id as string, order };
}

describe('an AliExpress store order, end to end', () => {
  it('pulled → connected → paid → shipped: the seller order is shipped with our number, the owner sees "sent"', async () => {
    const s = await aliExpressOwner();
    const aeOrder = s.order([{ product: 0, count: 2 }]);
    const { orders } = await arriveAndPay(s.owner, s.storeId);
    expect(orders).toHaveLength(1);
    await ship(orders[0].id, 'UPS', '1Z AE 0001');
    expect(ae.order(aeOrder.orderId)).toMatchObject({
      status: 'WAIT_BUYER_ACCEPT_GOODS',
      shipments: [expect.objectContaining({ logisticsNo: '1ZAE0001', serviceName: 'UPS' })],
    });
    expect(await pushOf(s.owner.token, orders[0].id)).toMatchObject({ state: 'sent', trackingNumber: '1ZAE0001' });
  });

  it('split into two shipments: a part shipment first, the whole order with the last, neither taken for one by hand', async () => {
    const s = await aliExpressOwner();
    const aeOrder = s.order([
      { product: 0, count: 1 },
      { product: 1, count: 3 },
    ]);
    const { orders, carrying } = await arriveAndPay(s.owner, s.storeId);
    expect(orders).toHaveLength(2);
    await ship(carrying('a').id, 'DHL', 'DHLAE01');
    expect(ae.order(aeOrder.orderId)!.status).toBe('SELLER_PART_SEND_GOODS');
    await ship(carrying('b').id, 'UPS', 'UPSAE02');
    expect(ae.order(aeOrder.orderId)).toMatchObject({
      status: 'WAIT_BUYER_ACCEPT_GOODS',
      shipments: [
        expect.objectContaining({ logisticsNo: 'DHLAE01' }),
        expect.objectContaining({ logisticsNo: 'UPSAE02' }),
      ],
    });
    for (const o of orders) expect(await pushOf(s.owner.token, o.id)).toMatchObject({ state: 'sent' });
  });
});

describe('a Shopify store order split into two shipments', () => {
  it('each push fulfils only the lines of its own parcel', async () => {
    const owner = await signedInUser(ctx.db);
    await topUp(ctx.db, owner.userId, 100_000);
    const shop = `journey-${++serial}-${Date.now().toString(36)}.myshopify.com`;
    shopify.createShop(shop, { seed: false });
    const kettle = shopify.addProduct(shop, { title: 'Journey kettle', price: '21.00', sku: 'A-KETTLE' });
    const tray = shopify.addProduct(shop, { title: 'Journey tray', price: '9.50', sku: 'B-TRAY' });
    const back = shopify.approve(shop, {
      clientId: 'journey-app',
      scope: 'read_orders',
      redirectUri: 'https://app.example/cb',
      state: 's',
    });
    const credentials = tokensToCredentials(
      shop,
      await exchangeShopifyCode(
        {
          apiKey: 'journey-app',
          apiSecret: SECRET,
          apiVersion: '2026-10',
          shopUrlTemplate: shopify.shopUrlTemplate,
          http: { timeoutMs: 3000, retries: 1, backoffMs: 1 },
        },
        shop,
        back.code!,
      ),
    );
    const storeId = await connectedStore(ctx.db, ctx.config, {
      userId: owner.userId,
      platform: 'shopify',
      address: shop,
      credentials,
    });
    const { order: shopOrder } = await shopify.createOrder(shop, {
      lines: [
        { variantId: kettle.variants[0]!.id, quantity: 1 },
        { variantId: tray.variants[0]!.id, quantity: 3 },
      ],
      shippingAddress: { address1: '1-2-3 Shibuya', city: 'Tokyo', zip: '150-0002', countryCode: 'JP' },
    });
    const { orders, carrying } = await arriveAndPay(owner, storeId);
    expect(orders).toHaveLength(2);
    const kettleLine = shopOrder.lines.find((l) => l.sku === 'A-KETTLE')!;
    const trayLine = shopOrder.lines.find((l) => l.sku === 'B-TRAY')!;
    const standing = () => shopify.order(shop, shopOrder.id).fulfillments.filter((f) => f.status === 'SUCCESS');

    await ship(carrying('a').id, 'DHL Express', 'DHLSH01');
    expect(standing()).toHaveLength(1);
    expect(standing()[0]!.lines).toEqual([{ lineId: kettleLine.id, quantity: 1 }]);
    expect(standing()[0]!.trackingInfo[0]).toMatchObject({ number: 'DHLSH01' });

    await ship(carrying('b').id, 'UPS', '1ZSH02');
    expect(standing()).toHaveLength(2);
    expect(standing()[1]!.lines).toEqual([{ lineId: trayLine.id, quantity: 3 }]);
    expect(standing()[1]!.trackingInfo[0]).toMatchObject({ number: '1ZSH02' });
    for (const o of orders) expect(await pushOf(owner.token, o.id)).toMatchObject({ state: 'sent' });
  });
});
