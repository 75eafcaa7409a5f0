import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, buyer, confirmBuyNow, product, storeOrder, storeProduct } from './factories';
import { adjust } from '../src/modules/wallet/wallet.service';
import { TINY_PNG } from './bomb-files';
import { createTestApp, sessionFor } from './harness';

/*
 * The authorization matrix (issue 10), generated from the OpenAPI document at run time:
 * - every /api/p/ route without a token and with an expired one → 401 A00004;
 * - every /api/admin/ route without a token → 401, as a plain user → 403 A00003;
 * - every /api/p/ route aimed by user B at user A's objects → 404 (or, for B's own lists and
 *   creations, nothing of A's in the answer), and A's rows exactly as they were, read both from
 *   the database (every row of every table with a user_id, and every row hanging off A's orders
 *   and A's shops)
 *   and through A's own API.
 * A route the tables below cannot aim fails the first test: a path parameter needs an entry in
 * ID_OF (which of A's objects it names), a route without one needs an entry in BODIES (the body
 * that names A's objects) or in OWN (it only ever touches the caller's own data).
 * This file replaces the orders-only ownership test of issue 9.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

interface Route {
  method: string;
  path: string;
  key: string;
}

/** The API's routes, from its own OpenAPI document (kept small on purpose; no shared helper). */
async function readRoutes(): Promise<Route[]> {
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
  );
}
const params = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** A's objects, made through A's own API in beforeAll. */
interface Mine {
  orderId: string;
  unpaidOrderId: string;
  paymentId: string;
  invoiceId: string;
  basketId: number;
  wishId: number;
  prodId: number;
  skuId: number;
  requestId: string;
  imageId: string;
  differenceId: string;
  confirmToken: string;
  consigneeId: string;
  addressId: string;
  withdrawalId: string;
  rechargeId: string;
  storeId: string;
  wooNonce: string;
  aliExpressState: string;
  storeProductId: string;
  storeVariantId: string;
  connectionChangeId: string;
  storeOrderId: string;
  excelImportId: string;
  preferenceId: string;
  methodId: number;
  /** A's referral code (A has joined the affiliate programme): B's affiliate answers never show it. */
  affiliateCode: string;
  listingId: string;
  listingVariantId: string;
  sourcingId: string;
  inventoryItemId: string;
}

/**
 * Which of A's objects each path parameter names, keyed by the path up to that parameter. The
 * unpaid order stands for "an order" everywhere: every order route must answer B not found
 * before it looks at the order's state (a state error would tell B the order exists).
 */
const ID_OF: Record<string, (m: Mine) => string | number> = {
  '/api/p/address/{id}': (m) => m.addressId,
  '/api/p/withdrawals/{id}': (m) => m.withdrawalId,
  '/api/p/recharges/{id}': (m) => m.rechargeId,
  '/api/p/orders/{id}': (m) => m.unpaidOrderId,
  '/api/p/order/payments/{id}': (m) => m.paymentId,
  '/api/p/invoices/{id}': (m) => m.invoiceId,
  '/api/p/after-sales/{id}': (m) => m.requestId,
  '/api/p/after-sales/{id}/images/{image}': (m) => m.imageId,
  '/api/p/wishlist/{id}': (m) => m.wishId,
  '/api/p/price-differences/{id}': (m) => m.differenceId,
  '/api/p/store-products/{id}': (m) => m.storeProductId,
  '/api/p/stores/{id}': (m) => m.storeId,
  '/api/p/stores/woocommerce/authorizations/{nonce}': (m) => m.wooNonce,
  '/api/p/store-orders/{id}': (m) => m.storeOrderId,
  '/api/p/excel-imports/{id}': (m) => m.excelImportId,
  '/api/p/store-orders/sync-status/{storeId}': (m) => m.storeId,
  '/api/p/preferred-shipping/{id}': (m) => m.preferenceId,
  '/api/p/listings/{id}': (m) => m.listingId,
  '/api/p/listings/rules/{storeId}': (m) => m.storeId,
  '/api/p/sourcing/{id}': (m) => m.sourcingId,
  // A's order (not an inventory one): B is told not found before anything looks at its kind.
  '/api/p/private-inventory-order/cancel/{id}': (m) => m.unpaidOrderId,
  // The bulk deposit of A's order (decision 0130): not found for B, nothing charged.
  '/api/p/private-inventory-order/deposit/{id}': (m) => m.unpaidOrderId,
  // The deposit by PayPal (decision 0140): not found for B, no payment made.
  '/api/p/private-inventory-order/deposit/{id}/paypal': (m) => m.unpaidOrderId,
  '/api/p/privateInventory/ship-first/{id}': (m) => m.inventoryItemId,
  // A catalogue order's two parts (decision 0145): not found for B, nothing charged or returned.
  '/api/p/order/{id}': (m) => m.unpaidOrderId,
};

interface Aim {
  body?: object;
  query?: string;
  /** A multipart form with one file (`file`), for the upload routes. */
  upload?: boolean;
  /** What B must get when not 404 (e.g. 422 for A's confirm token). */
  status?: number;
}

/** Bodies: those naming A's objects by id (→ 404), and those a route needs to reach its ownership check. */
const BODIES: Record<string, (m: Mine) => Aim> = {
  'PUT /api/p/address/{id}': () => ({ body: address('consignee', 'FR') }),
  'POST /api/p/recharges/{id}/slip': () => ({ upload: true }),
  'POST /api/p/orders/{id}/split': () => ({ body: { mode: 'by-sku' } }),
  'POST /api/p/orders/restore': (m) => ({ body: { ids: [m.unpaidOrderId] } }),
  // Confirm with A's address: B's own address book is all B may price with.
  'POST /api/p/order/prod/confirm': (m) => ({
    body: { prodId: m.prodId, skuId: m.skuId, count: 1, consigneeId: m.consigneeId },
  }),
  'POST /api/p/order/basket/confirm': (m) => ({
    body: { lines: [{ prodId: m.prodId, skuId: m.skuId, count: 1 }], consigneeId: m.consigneeId },
  }),
  // A's confirm token names A: B cannot place an order with it ("Order information check wrong").
  'POST /api/p/order/submit': (m) => ({ body: { confirmToken: m.confirmToken }, status: 422 }),
  'POST /api/p/order/pay': (m) => ({ body: { orderIds: [m.unpaidOrderId], method: 'wallet' } }),
  'POST /api/p/order/{id}/deposit': () => ({ body: { method: 'wallet', percent: 30 } }),
  'POST /api/p/order/{id}/deposit/paypal': () => ({ body: { percent: 30 } }),
  'POST /api/p/invoices/download': (m) => ({ body: { ids: [m.invoiceId] } }),
  'POST /api/p/after-sales': (m) => ({ body: { orderId: m.orderId, kind: 'refund', reason: 'Not mine', amount: 1 } }),
  'POST /api/p/shopCart': (m) => ({ body: { basketId: m.basketId, prodId: m.prodId, skuId: m.skuId, count: -1 } }),
  'POST /api/p/shopCart/batch': (m) => ({ query: 'type=2', body: { basketIds: [m.basketId] } }),
  'POST /api/p/store-products/{id}/connections': (m) => ({
    body: { links: [{ variantId: m.storeVariantId, skuId: String(m.skuId) }] },
  }),
  'POST /api/p/store-products/{id}/disconnect': (m) => ({ body: { variantIds: [m.storeVariantId] } }),
  'POST /api/p/store-products/{id}/undo': (m) => ({ body: { changeId: m.connectionChangeId } }),
  'PATCH /api/p/stores/{id}': () => ({ body: { name: 'Taken over' } }),
  'POST /api/p/store-orders/trash': (m) => ({ body: { ids: [m.storeOrderId] } }),
  'POST /api/p/store-orders/restore': (m) => ({ body: { ids: [m.storeOrderId] } }),
  'POST /api/p/store-orders/{id}/abnormal/resolve': () => ({ body: { confirm: true } }),
  'POST /api/p/excel-imports/{id}/import': () => ({ body: { confirmDuplicate: true } }),
  'POST /api/p/store-orders/pay/confirm': (m) => ({ body: { ids: [m.storeOrderId] } }),
  // A's token (signed for A, and for checkout, not store pay): "Order information check wrong".
  'POST /api/p/store-orders/pay': (m) => ({ body: { confirmToken: m.confirmToken, method: 'wallet' }, status: 422 }),
  // A's checkout token: signed for A and for checkout, not inventory → "confirm again".
  'POST /api/p/private-inventory-order/submit': (m) => ({ body: { confirmToken: m.confirmToken }, status: 422 }),
  'GET /api/p/privateInventory/inventory/logs': (m) => ({ query: `id=${m.unpaidOrderId}` }),
  // A's inventory item: B switching it is not found, and A's switch stays on.
  'PUT /api/p/privateInventory/ship-first/{id}': () => ({ body: { shipFirst: false } }),
  // A valid rule, so that only the ownership check can refuse it.
  'PUT /api/p/preferred-shipping/{id}': (m) => ({ body: { prodId: null, country: null, methodId: m.methodId } }),
  // Listing (issue 22): valid bodies naming A's store, so only the ownership check can refuse them.
  'POST /api/p/listings': (m) => ({ body: { storeIds: [m.storeId], items: [{ prodId: m.prodId }] } }),
  'POST /api/p/listings/quote': (m) => ({ body: { storeId: m.storeId, item: { prodId: m.prodId } } }),
  'PUT /api/p/listings/rules/{storeId}': () => ({
    body: { rule: { mode: 'multiple', multiple: 9 }, currency: 'USD', market: 'FR' },
  }),
  'POST /api/p/listings/rules/{storeId}/preview': () => ({ body: { rule: { mode: 'multiple', multiple: 9 } } }),
  'POST /api/p/listings/rules/{storeId}/approve': (m) => ({
    body: {
      rule: { mode: 'multiple', multiple: 9 },
      rows: [{ variantId: m.listingVariantId, newPrice: 1, compareAtPrice: null }],
    },
  }),
  // B locking A's listing: not found, and A's listing keeps its price unlocked.
  'PATCH /api/p/listings/{id}': () => ({ body: { lockPrice: true } }),
  // A has no price update waiting in this seed (a catalogue price change makes one; B deciding A's
  // real one is in listings.follow.test.ts): an id B does not own is not found, whoever's it is.
  'POST /api/p/listings/price-updates/decide': () => ({
    body: { ids: ['00000000-0000-4000-8000-000000000000'], approve: true },
  }),
  'POST /api/p/sourcing/{id}/messages': () => ({ body: { text: 'Taken over?' } }),
  // A's key-page authorization: B is told to log in as the right user, and learns nothing of it.
  'GET /api/p/stores/woocommerce/authorizations/{nonce}': () => ({ status: 422 }),
  // A's AliExpress authorization coming back with B logged in: "You are not the current user".
  'POST /api/p/stores/aliexpress/callback': (m) => ({
    body: { code: 'code-of-a', state: m.aliExpressState },
    status: 422,
  }),
};

/** Routes that only read or create the caller's own data: B must see nothing of A's. */
const OWN: Record<string, Aim> = {
  'GET /api/p/user/info': {},
  'PUT /api/p/user/info': {
    body: { username: 'b-renamed', firstname: 'B', lastname: 'B', phoneNumber: '+33 1 00 00 00 01', country: 'FR' },
  },
  'GET /api/p/address': {},
  'POST /api/p/address': { body: address('billing', 'GB') },
  'GET /api/p/wallet': {},
  'GET /api/p/wallet/lines': {},
  'GET /api/p/wallet/balance-series': {},
  'GET /api/p/wallet/statement.csv': {},
  'GET /api/p/withdrawals/limits': {},
  'GET /api/p/withdrawals': {},
  'POST /api/p/withdrawals': {
    body: { method: 'payoneer', amount: 60, beneficiaryName: 'B', payoneerEmail: 'b@example.com', country: 'gb' },
  },
  'GET /api/p/recharge/methods': {},
  'GET /api/p/recharges': {},
  'POST /api/p/recharges': { body: { amount: 100, method: 'bank' } },
  'GET /api/p/orders': { query: 'tab=all&size=100' },
  'GET /api/p/orders/counts': {},
  'GET /api/p/invoices': { query: 'size=100' },
  'GET /api/p/after-sales': { query: 'size=100' },
  'GET /api/p/after-sales/orders': {},
  'POST /api/p/after-sales/images': { upload: true },
  'GET /api/p/shopCart': {},
  'GET /api/p/shopCart/count': {},
  'GET /api/p/wishlist': {},
  'POST /api/p/wishlist': {},
  'GET /api/p/price-differences': {},
  'GET /api/p/store-products': {},
  'GET /api/p/stores': {},
  'GET /api/p/store-orders': { query: 'tab=all&size=100' },
  'GET /api/p/store-orders/counts': {},
  'GET /api/p/store-orders/sync-status': {},
  'GET /api/p/store-orders/invoices': { query: 'size=100' },
  'GET /api/p/preferred-shipping': {},
  'GET /api/p/excel-imports': { query: 'size=100' },
  'GET /api/p/excel-imports/template': {},
  // A picture is not a spreadsheet: refused ("The file format is incorrect"), nothing of A's seen.
  'POST /api/p/excel-imports': { upload: true },
  'GET /api/p/private-inventory-order/page': {},
  'POST /api/p/private-inventory-order/basket/confirm': {},
  'GET /api/p/privateInventory/page': {},
  'GET /api/p/privateInventory/download': {},
  'GET /api/p/preferred-shipping/methods': {},
  'GET /api/p/listings': {},
  'GET /api/p/listings/price-updates': {},
  // Only ever creates the caller's own rule (the empty body is refused: no method).
  'POST /api/p/preferred-shipping': {},
  // Refused by validation before any call to a store: B can only ever add B's own store.
  'POST /api/p/stores/woocommerce': {},
  'POST /api/p/stores/woocommerce/authorize': {},
  'POST /api/p/stores/aliexpress/authorize': {},
  'POST /api/p/stores/shopify/install': {},
  // The callback's query is verified (HMAC, shop, timestamp) before its state is looked up; the
  // state bound to another user is tested with a signed query in stores.shopify.test.ts.
  'POST /api/p/stores/shopify/callback': {},
  // The affiliate programme (issue 26): only ever the caller's own programme (B joins as B).
  'GET /api/p/affiliate': {},
  'POST /api/p/affiliate/join': {},
  'GET /api/p/affiliate/dashboard': {},
  'GET /api/p/affiliate/export': { query: 'format=csv' },
  'GET /api/p/sourcing': {},
  'GET /api/p/sourcing/counts': {},
  'GET /api/p/sourcing/agent': {},
  // The same URL as A's open request: B gets a request of B's own, not A's.
  'POST /api/p/sourcing': {
    body: { url: 'https://www.aliexpress.com/item/authz.html', title: 'Lamp', quantity: 5, purchaseType: 'bulk' },
  },
  'POST /api/p/sourcing/images': { upload: true },
  // The thread with one's agent (decision 0137): only ever the caller's own.
  'GET /api/p/agent-messages': {},
  'POST /api/p/agent-messages': { body: { text: 'Hello' } },
};

/**
 * The /api/admin routes an agent may call (decision 0127): the sourcing queue, limited to the
 * users assigned to them. Every other /api/admin route refuses an agent like a plain user.
 */
const AGENT_ROUTES: Record<string, Aim> = {
  'GET /api/admin/sourcing': {},
  'POST /api/admin/sourcing/images': { upload: true },
  'GET /api/admin/sourcing/{id}': {},
  'POST /api/admin/sourcing/{id}/take': {},
  'POST /api/admin/sourcing/{id}/succeed': { body: { prodIds: [1] } },
  'POST /api/admin/sourcing/{id}/fail': { body: { reason: 'other' } },
  'GET /api/admin/sourcing/{id}/messages': {},
  'POST /api/admin/sourcing/{id}/messages': { body: { text: 'Taken over?' } },
  // A new product answering A's request (not assigned): not found, and no product is made.
  'POST /api/admin/sourcing/{id}/product': {
    body: {
      categoryId: 1,
      translations: { 'en-US': { title: 'Lamp', brief: '', description: '' } },
      skus: [{ skuCode: 'AUTHZ-AGENT', price: 5, oriPrice: 6, stocks: 1, weight: 0.1, length: 5, width: 5, height: 5 }],
    },
  },
  // What the product form reads and uploads (decision 0134): catalogue data, nobody's rows.
  'GET /api/admin/catalogue/categories': {},
  'GET /api/admin/catalogue/tags': {},
  'GET /api/admin/catalogue/specs': {},
  'GET /api/admin/catalogue/products': {},
  'GET /api/admin/logistics/warehouses': {},
  // The agent's desk (decision 0137): A is not assigned to this agent, so A's account, orders and
  // thread are not found, and the list of the agent's users does not show A.
  'GET /api/admin/desk/users': {},
  'GET /api/admin/desk/users/{userId}/orders': {},
  'GET /api/admin/desk/users/{userId}/orders/{id}': {},
  'GET /api/admin/desk/users/{userId}/messages': {},
  'POST /api/admin/desk/users/{userId}/messages': { body: { text: 'Hello A' } },
  'POST /api/admin/catalogue/images': {
    body: { contentType: 'image/png', data: Buffer.concat([TINY_PNG, Buffer.from('agent')]).toString('base64') },
  },
};

let keys = 0;
function form() {
  const boundary = `----authz${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    // Bytes after IEND keep it a PNG and make each upload a new file: names are content hashes,
    // so B uploading A's very bytes would get A's name back (B had the bytes already).
    Buffer.concat([TINY_PNG, randomBytes(8)]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}
function call(token: string | null, method: string, url: string, aim: Aim = {}) {
  const upload = aim.upload ? form() : null;
  return ctx.app.inject({
    method: method as 'GET',
    url: aim.query ? `${url}?${aim.query}` : url,
    ...(upload
      ? { payload: upload.payload }
      : aim.body
        ? { payload: aim.body }
        : method === 'GET' || method === 'DELETE'
          ? {}
          : { payload: {} }),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(upload ? { 'content-type': upload.type } : {}),
      'accept-language': 'en-US',
      'idempotency-key': `authz-${++keys}-${Math.random()}`,
    },
  });
}
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.json().code, res.body).toBe('00000');
  return res.json().data;
};
/** A placeholder for each path parameter: the guard answers before any parameter is read. */
const placeholderUrl = (path: string) => path.replace(/\{\w+\}/g, '1');

let a: Awaited<ReturnType<typeof buyer>>;
let b: Awaited<ReturnType<typeof buyer>>;
let expiredToken: string;
let mine: Mine;
/** An agent looking after another user (not A). */
let agent: string;
let routes: Route[];

/** Every row of A's: rows of each table with a user_id, and rows hanging off A's orders. */
async function rowsOfA(): Promise<Record<string, string>> {
  const run = async (q: ReturnType<typeof sql>) =>
    ((await ctx.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const columns = await run(sql`select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in ('user_id', 'order_id', 'store_id', 'store_product_id') order by table_name, column_name`);
  const owners: Record<string, ReturnType<typeof sql>> = {
    order_id: sql`select id::text from orders where user_id::text = ${a.userId}`,
    store_id: sql`select id::text from stores where user_id::text = ${a.userId}`,
    store_product_id: sql`select p.id::text from store_products p join stores s on s.id = p.store_id where s.user_id::text = ${a.userId}`,
  };
  const out: Record<string, string> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const t = sql.identifier(String(table));
    const rows =
      column === 'user_id'
        ? await run(sql`select * from ${t} where user_id::text = ${a.userId}`)
        : await run(
            sql`select * from ${t} where ${sql.identifier(String(column))}::text in (${owners[String(column)]!})`,
          );
    out[`${String(table)}.${String(column)}`] = JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

/** Everything of A's, as A's own API shows it. */
async function apiViewOfA() {
  const reads = [
    '/api/p/user/info',
    '/api/p/address',
    '/api/p/orders?tab=all&size=100',
    '/api/p/orders?tab=trash&size=100',
    '/api/p/orders/counts',
    `/api/p/orders/${mine.orderId}`,
    `/api/p/orders/${mine.unpaidOrderId}`,
    `/api/p/order/payments/${mine.paymentId}`,
    '/api/p/shopCart',
    '/api/p/wishlist',
    '/api/p/invoices?size=100',
    '/api/p/after-sales?size=100',
    '/api/p/price-differences',
    '/api/p/wallet',
    '/api/p/withdrawals',
    `/api/p/store-products/${mine.storeProductId}`,
    `/api/p/store-products/${mine.storeProductId}/history`,
    `/api/p/recharges/${mine.rechargeId}`,
    '/api/p/store-orders?tab=all&size=100',
    `/api/p/store-orders/${mine.storeOrderId}`,
    '/api/p/store-orders/sync-status',
    '/api/p/preferred-shipping',
    '/api/p/listings',
    `/api/p/listings/${mine.listingId}`,
    `/api/p/listings/rules/${mine.storeId}`,
    '/api/p/sourcing?tab=processing',
    `/api/p/sourcing/${mine.sourcingId}`,
    `/api/p/sourcing/${mine.sourcingId}/messages`,
    '/api/p/agent-messages',
  ];
  return Promise.all(reads.map(async (url) => JSON.stringify(await ok(await call(a.token, 'GET', url)))));
}

beforeAll(async () => {
  ctx = await createTestApp({ fileStore: 'database' });
  routes = await readRoutes();
  a = await buyer(ctx);
  b = await buyer(ctx);
  const expired = await buyer(ctx);
  await ctx.db.execute(
    sql`update sessions set expires_at = now() - interval '1 second' where user_id::text = ${expired.userId}`,
  );
  expiredToken = expired.token;
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const item = await product(ctx, `AUTHZ-${Date.now()}`, 100);
  await adjust(ctx.db, a.userId, 100_000, 'Test money');
  await adjust(ctx.db, b.userId, 100_000, 'Test money');

  // A: a paid order (invoice, payment, after-sales request, price difference) and an unpaid one.
  const submitOne = async (count: number) =>
    (
      await ok(
        await call(a.token, 'POST', '/api/p/order/submit', {
          body: { confirmToken: (await confirmBuyNow(ctx, a.token, item, count)).confirmToken },
        }),
      )
    ).orders[0];
  const paidOrder = await submitOne(2);
  const payment = await ok(
    await call(a.token, 'POST', '/api/p/order/pay', { body: { orderIds: [paidOrder.id], method: 'wallet' } }),
  );
  expect(payment.outcome).toBe('success');
  const unpaid = await submitOne(1);
  const invoice = (await ok(await call(a.token, 'GET', '/api/p/invoices', { query: `reference=${paidOrder.id}` })))
    .records[0];
  const image = await ok(await call(a.token, 'POST', '/api/p/after-sales/images', { upload: true }));
  const request = await ok(
    await call(a.token, 'POST', '/api/p/after-sales', {
      body: { orderId: paidOrder.id, kind: 'reshipment', reason: 'Broken', images: [image.id] },
    }),
  );
  const difference = await ok(
    await call(operator, 'POST', `/api/admin/orders/${paidOrder.id}/price-difference`, {
      body: { amount: 1.5, reason: 'Supplier price' },
    }),
  );
  const line = await ok(
    await call(a.token, 'POST', '/api/p/shopCart', { body: { prodId: item.prodId, skuId: item.skuId, count: 3 } }),
  );
  const wish = await ok(
    await call(a.token, 'POST', '/api/p/wishlist', { body: { prodId: item.prodId, skuId: item.skuId } }),
  );
  const addresses = (await ok(await call(a.token, 'GET', '/api/p/address'))) as Array<{ addrId: string; kind: string }>;
  const withdrawal = await ok(
    await call(a.token, 'POST', '/api/p/withdrawals', { body: OWN['POST /api/p/withdrawals']!.body }),
  );
  const recharge = await ok(await call(a.token, 'POST', '/api/p/recharges', { body: { amount: 100, method: 'bank' } }));
  const affiliate = (await ok(await call(a.token, 'POST', '/api/p/affiliate/join'))) as { code: string };
  // A's shop product (written as the import job would), connected once so that it has a change to undo.
  const shop = await storeProduct(ctx.db, a.userId, { title: 'Linen dress', variants: [{ title: 'Red' }] });
  await ok(
    await call(a.token, 'POST', `/api/p/store-products/${shop.productId}/connections`, {
      body: { links: [{ variantId: shop.variantIds[0], skuId: String(item.skuId) }] },
    }),
  );
  const history = (await ok(await call(a.token, 'GET', `/api/p/store-products/${shop.productId}/history`))) as Array<{
    id: string;
  }>;
  // A's store order (abnormal: no address, so resolve and ignore have something to act on).
  // A's Excel import, as a preview leaves it (the file itself is never reached by B: 404 first).
  const [aExcelImport] = (
    await ctx.db.execute(sql`insert into excel_imports (user_id, file_name, file, row_count, order_count, success_count,
      fail_count, error_row_count, locale) values (${a.userId}, 'a.xlsx', ${`${'a'.repeat(32)}.xlsx`}, 1, 1, 1, 0, 0, 'en-US') returning id`)
  ).rows as Array<{ id: string }>;
  const aStoreOrder = await storeOrder(ctx.db, { id: shop.storeId, userId: a.userId }, { shippingAddress: null });
  // A's WooCommerce key-page flow in progress (the nonce is stored hashed, as the service does).
  const wooNonce = `authz-${randomBytes(12).toString('hex')}`;
  await ctx.db.execute(sql`insert into store_authorizations (nonce_hash, user_id, platform, context, expires_at)
    values (${createHash('sha256').update(wooNonce).digest('hex')}, ${a.userId}, 'woocommerce', '{}'::jsonb, now() + interval '10 minutes')`);
  const aliExpressState = `authz-${randomBytes(12).toString('hex')}`;
  await ctx.db.execute(sql`insert into store_authorizations (nonce_hash, user_id, platform, context, expires_at)
    values (${createHash('sha256').update(aliExpressState).digest('hex')}, ${a.userId}, 'aliexpress', '{}'::jsonb, now() + interval '10 minutes')`);
  // A's preferred shipping: all products, all countries, by the first active method.
  const [method] = (
    (await ctx.db.execute(sql`select id from shipping_methods where active order by id limit 1`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows;
  const preference = await ok(
    await call(a.token, 'POST', '/api/p/preferred-shipping', { body: { methodId: Number(method!.id) } }),
  );
  // A's sourcing request with a message; an agent who looks after another user, not A.
  const sourcing = await ok(
    await call(a.token, 'POST', '/api/p/sourcing', { body: OWN['POST /api/p/sourcing']!.body }),
  );
  await ok(await call(a.token, 'POST', `/api/p/sourcing/${sourcing.id}/messages`, { body: { text: 'Blue?' } }));
  // A's thread with their agent, naming A's paid order (decision 0137).
  await ok(
    await call(a.token, 'POST', '/api/p/agent-messages', { body: { text: 'Where is it?', orderId: paidOrder.id } }),
  );
  const agentAccount = await buyer(ctx);
  await ok(
    await call(operator, 'PUT', '/api/admin/sourcing/agents', {
      body: {
        email: agentAccount.email,
        name: 'Agent',
        // Not A's language: A is never given this agent automatically (decision 0134).
        languages: ['tr-TR'],
        hoursFrom: '09:00',
        hoursTo: '17:00',
        timeZone: 'Europe/Istanbul',
      },
    }),
  );
  const agentId = (await ok(await call(operator, 'GET', '/api/admin/sourcing/agents')))[0].id;
  await ok(await call(operator, 'PUT', '/api/admin/sourcing/assignments', { body: { userEmail: b.email, agentId } }));
  agent = await sessionFor(ctx.db, agentAccount.email);
  // A's listing, listed (so roll back would act on it), written as the publish job would leave it.
  const [listing] = (
    (await ctx.db.execute(sql`insert into listings (user_id, store_id, prod_id, batch_id, state, external_id, title, currency, market, rule)
      values (${a.userId}, ${shop.storeId}, ${item.prodId}, gen_random_uuid(), 'listed', 'ext-a', 'Listed by A', 'USD', 'US',
        ${JSON.stringify({ mode: 'multiple', multiple: 2, markupMinor: null, centsEnding: null, compareAtMultiple: null, minMarginPercent: null })}::jsonb)
      returning id`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  const [listingVariant] = (
    (await ctx.db.execute(sql`insert into listing_variants (listing_id, sku_id, position, price_minor, platform_minor, shipping_minor)
      values (${listing!.id}, ${item.skuId}, 0, 2000, 1000, 0) returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  // A's stock of one SKU (decision 0129's switch names it).
  const [held] = (
    (await ctx.db.execute(sql`insert into inventory_items (user_id, product_id, sku_id, sku_code, warehouse)
      values (${a.userId}, ${item.prodId}, ${item.skuId}, 'A-HELD', 'CN') returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  mine = {
    inventoryItemId: String(held!.id),
    affiliateCode: affiliate.code,
    listingId: String(listing!.id),
    listingVariantId: String(listingVariant!.id),
    sourcingId: sourcing.id,
    preferenceId: preference.id,
    methodId: Number(method!.id),
    orderId: paidOrder.id,
    unpaidOrderId: unpaid.id,
    paymentId: payment.id,
    invoiceId: invoice.id,
    basketId: line.basketId,
    wishId: wish.id ?? wish.wishId,
    prodId: item.prodId,
    skuId: item.skuId,
    requestId: request.id,
    imageId: image.id,
    differenceId: difference.id,
    confirmToken: (await confirmBuyNow(ctx, a.token, item, 1)).confirmToken,
    consigneeId: addresses.find((x) => x.kind === 'consignee')!.addrId,
    addressId: addresses.find((x) => x.kind === 'billing')!.addrId,
    withdrawalId: withdrawal.id,
    rechargeId: recharge.id,
    storeId: shop.storeId,
    wooNonce,
    aliExpressState,
    storeProductId: shop.productId,
    storeVariantId: shop.variantIds[0]!,
    connectionChangeId: history[0]!.id,
    storeOrderId: aStoreOrder.id,
    excelImportId: aExcelImport!.id,
  };
  for (const [k, v] of Object.entries(mine)) expect(v, k).toBeDefined();
}, 120_000);
afterAll(() => ctx.app.close());

const user = () => routes.filter((r) => r.path.startsWith('/api/p/'));
const admin = () => routes.filter((r) => r.path.startsWith('/api/admin/'));

/** How B aims a route at A's objects, or why it cannot be aimed (a gap in the tables). */
function aimAt(route: Route): { url: string; aim: Aim; own: boolean } | { gap: string } {
  let url = route.path;
  for (const p of params(route.path)) {
    const prefix = route.path.slice(0, route.path.indexOf(`{${p}}`) + p.length + 2);
    const id = ID_OF[prefix];
    if (!id) return { gap: `${route.key}: no ID_OF['${prefix}']` };
    url = url.replace(`{${p}}`, String(id(mine)));
  }
  const body = BODIES[route.key];
  if (body) return { url, aim: body(mine), own: false };
  if (params(route.path).length) return { url, aim: {}, own: false };
  const own = OWN[route.key];
  return own ? { url, aim: own, own: true } : { gap: `${route.key}: in neither BODIES nor OWN` };
}

describe('authorization matrix over every /api/p/ and /api/admin/ route', () => {
  it('has a case for every route (a new route without one fails here)', () => {
    expect(user().length).toBeGreaterThan(50);
    expect(admin().length).toBeGreaterThan(50);
    expect(
      user()
        .map(aimAt)
        .flatMap((x) => ('gap' in x ? [x.gap] : [])),
    ).toEqual([]);
    // And no stale entries: every table key still names a route.
    const keys = new Set(routes.map((r) => r.key));
    expect([...Object.keys(BODIES), ...Object.keys(OWN)].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('without a token, with an expired one, and as a plain user on the operator routes: refused before anything runs', async () => {
    const wrong: string[] = [];
    const expectCode = async (route: Route, token: string | null, status: number, code: string) => {
      const res = await call(token, route.method, placeholderUrl(route.path));
      if (res.statusCode !== status || res.json().code !== code || res.json().success !== false || !res.json().msg) {
        wrong.push(
          `${route.key} (${token === null ? 'no token' : token === expiredToken ? 'expired' : 'user'}): ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      }
    };
    for (const route of user()) {
      await expectCode(route, null, 401, 'A00004');
      await expectCode(route, expiredToken, 401, 'A00004');
    }
    for (const route of admin()) {
      await expectCode(route, null, 401, 'A00004');
      await expectCode(route, b.token, 403, 'A00003');
    }
    console.info(
      `authz matrix: ${user().length} /api/p/ routes × 2 + ${admin().length} /api/admin/ routes × 2 = ${2 * (user().length + admin().length)} refusals`,
    );
    expect(wrong).toEqual([]);
  }, 60_000);

  it("an agent: refused on every /api/admin route but the sourcing queue's, and there A's request (not assigned) is not found", async () => {
    expect(Object.keys(AGENT_ROUTES).filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
    const apiBefore = await apiViewOfA();
    const rowsBefore = await rowsOfA();
    const wrong: string[] = [];
    for (const route of admin()) {
      const aim = AGENT_ROUTES[route.key];
      if (!aim) {
        const res = await call(agent, route.method, placeholderUrl(route.path));
        if (res.statusCode !== 403 || res.json().code !== 'A00003') wrong.push(`${route.key}: ${res.statusCode}`);
        continue;
      }
      // On the desk, {userId} is A and {id} is A's order; elsewhere {id} is A's sourcing request.
      const url = route.path
        .replace('{userId}', a.userId)
        .replace('{id}', route.path.includes('{userId}') ? mine.orderId : mine.sourcingId);
      const res = await call(agent, route.method, url, aim);
      const own = !route.path.includes('{');
      const leaked = res.body.includes(mine.sourcingId) || res.body.includes(a.userId);
      if (own ? res.statusCode >= 400 || leaked : res.statusCode !== 404)
        wrong.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    console.info(`authz matrix: ${admin().length} /api/admin/ routes as an agent`);
    expect(wrong).toEqual([]);
    expect(await rowsOfA()).toEqual(rowsBefore);
    expect(await apiViewOfA()).toEqual(apiBefore);
  }, 60_000);

  it("B aimed at A's objects gets not found (or nothing of A's), and A's rows stay exactly as they were", async () => {
    const apiBefore = await apiViewOfA();
    const rowsBefore = await rowsOfA();
    const secrets = [...Object.values(mine).filter((v) => typeof v === 'string'), a.email];
    const wrong: string[] = [];
    let cases = 0;
    for (const route of user()) {
      const target = aimAt(route);
      if ('gap' in target) continue;
      cases++;
      const res = await call(b.token, route.method, target.url, target.aim);
      if (target.own) {
        const leaked = secrets.filter((s) => res.body.includes(String(s)));
        if (res.statusCode >= 500 || leaked.length)
          wrong.push(`${route.key}: ${res.statusCode} leaked ${leaked.join(', ')}`);
      } else {
        const want = target.aim.status ?? 404;
        if (res.statusCode !== want || res.json().success !== false)
          wrong.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    console.info(`authz matrix: ${cases} cross-user cases over ${user().length} /api/p/ routes`);
    expect(wrong).toEqual([]);
    expect(await rowsOfA()).toEqual(rowsBefore);
    expect(await apiViewOfA()).toEqual(apiBefore);
    // B's pay attempts on A's order charged nobody.
    const held = (await ctx.db.execute(
      sql`select count(*) as n from order_payments where user_id::text = ${b.userId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(Number(held.rows[0]!.n)).toBe(0);
  }, 60_000);
});
