import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, confirmBuyNow, product } from '../src/modules/checkout/checkout.test-helpers';
import { adjust } from '../src/modules/wallet/wallet.service';
import { createTestApp, sessionFor } from './harness';

/*
 * Issue 9: "another user's order, cart line or invoice → not found on every /api/p/order* and cart
 * route". The route list is read from the OpenAPI document at run time: every /api/p/ route of the
 * cart, wish list, checkout, orders, payments, invoices, after-sales and price differences must have
 * a case below, so a route added later without one fails this test. User B aims each route at user
 * A's rows; A's rows, read back through A's own API, must be exactly as they were.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;

/** The routes this test owns: everything that reads or writes a user's cart, orders and their money. */
const SCOPE = /^\/api\/p\/(order|orders|shopCart|wishlist|invoices|after-sales|price-differences)(\/|$)/;

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
}

/** How B aims a route at A's rows, and what B must get: 404, or for lists, nothing of A's. */
type Case = (a: Mine) => { url: string; body?: object; expect: 404 | 'none-of-mine' | number };

const CASES: Record<string, Case> = {
  'GET /api/p/orders': () => ({ url: '/api/p/orders?tab=all&size=100', expect: 'none-of-mine' }),
  'GET /api/p/orders/counts': () => ({ url: '/api/p/orders/counts', expect: 'none-of-mine' }),
  'GET /api/p/orders/{id}': (a) => ({ url: `/api/p/orders/${a.orderId}`, expect: 404 }),
  'POST /api/p/orders/{id}/trash': (a) => ({ url: `/api/p/orders/${a.unpaidOrderId}/trash`, expect: 404 }),
  'POST /api/p/orders/{id}/split': (a) => ({ url: `/api/p/orders/${a.unpaidOrderId}/split`, body: { mode: 'by-sku' }, expect: 404 }),
  'POST /api/p/orders/{id}/reset-split': (a) => ({ url: `/api/p/orders/${a.unpaidOrderId}/reset-split`, expect: 404 }),
  'POST /api/p/orders/{id}/abnormal/resolve': (a) => ({ url: `/api/p/orders/${a.orderId}/abnormal/resolve`, expect: 404 }),
  'POST /api/p/orders/{id}/abnormal/ignore': (a) => ({ url: `/api/p/orders/${a.orderId}/abnormal/ignore`, expect: 404 }),
  'POST /api/p/orders/restore': (a) => ({ url: '/api/p/orders/restore', body: { ids: [a.unpaidOrderId] }, expect: 404 }),
  // Confirm with A's address: B's own address book is all B may price with.
  'POST /api/p/order/prod/confirm': (a) => ({ url: '/api/p/order/prod/confirm', body: { prodId: a.prodId, skuId: a.skuId, count: 1, consigneeId: a.consigneeId }, expect: 404 }),
  'POST /api/p/order/basket/confirm': (a) => ({
    url: '/api/p/order/basket/confirm',
    body: { lines: [{ prodId: a.prodId, skuId: a.skuId, count: 1 }], consigneeId: a.consigneeId },
    expect: 404,
  }),
  // A's confirm token names A: B cannot place an order with it ("Order information check wrong").
  'POST /api/p/order/submit': (a) => ({ url: '/api/p/order/submit', body: { confirmToken: a.confirmToken }, expect: 422 }),
  'POST /api/p/order/pay': (a) => ({ url: '/api/p/order/pay', body: { orderIds: [a.unpaidOrderId], method: 'wallet' }, expect: 404 }),
  'GET /api/p/order/payments/{id}': (a) => ({ url: `/api/p/order/payments/${a.paymentId}`, expect: 404 }),
  'POST /api/p/order/payments/{id}/cancel': (a) => ({ url: `/api/p/order/payments/${a.paymentId}/cancel`, expect: 404 }),
  'GET /api/p/shopCart': () => ({ url: '/api/p/shopCart', expect: 'none-of-mine' }),
  'GET /api/p/shopCart/count': () => ({ url: '/api/p/shopCart/count', expect: 'none-of-mine' }),
  'POST /api/p/shopCart': (a) => ({ url: '/api/p/shopCart', body: { basketId: a.basketId, prodId: a.prodId, skuId: a.skuId, count: -1 }, expect: 404 }),
  'POST /api/p/shopCart/batch': (a) => ({ url: '/api/p/shopCart/batch?type=2', body: { basketIds: [a.basketId] }, expect: 404 }),
  'GET /api/p/wishlist': () => ({ url: '/api/p/wishlist', expect: 'none-of-mine' }),
  'POST /api/p/wishlist': () => ({ url: '/api/p/wishlist', expect: 'none-of-mine' }),
  'DELETE /api/p/wishlist/{id}': (a) => ({ url: `/api/p/wishlist/${a.wishId}`, expect: 404 }),
  'POST /api/p/wishlist/{id}/cart': (a) => ({ url: `/api/p/wishlist/${a.wishId}/cart`, expect: 404 }),
  'GET /api/p/invoices': () => ({ url: '/api/p/invoices?size=100', expect: 'none-of-mine' }),
  'GET /api/p/invoices/{id}': (a) => ({ url: `/api/p/invoices/${a.invoiceId}`, expect: 404 }),
  'GET /api/p/invoices/{id}/pdf': (a) => ({ url: `/api/p/invoices/${a.invoiceId}/pdf`, expect: 404 }),
  'POST /api/p/invoices/download': (a) => ({ url: '/api/p/invoices/download', body: { ids: [a.invoiceId] }, expect: 404 }),
  'GET /api/p/after-sales': () => ({ url: '/api/p/after-sales?size=100', expect: 'none-of-mine' }),
  'GET /api/p/after-sales/orders': () => ({ url: '/api/p/after-sales/orders', expect: 'none-of-mine' }),
  'POST /api/p/after-sales': (a) => ({ url: '/api/p/after-sales', body: { orderId: a.orderId, kind: 'refund', reason: 'Not mine', amount: 1 }, expect: 404 }),
  'POST /api/p/after-sales/images': () => ({ url: '', expect: 'none-of-mine' }),
  'GET /api/p/after-sales/{id}': (a) => ({ url: `/api/p/after-sales/${a.requestId}`, expect: 404 }),
  'GET /api/p/after-sales/{id}/images/{image}': (a) => ({ url: `/api/p/after-sales/${a.requestId}/images/${a.imageId}`, expect: 404 }),
  'POST /api/p/after-sales/{id}/cancel': (a) => ({ url: `/api/p/after-sales/${a.requestId}/cancel`, expect: 404 }),
  'GET /api/p/price-differences': () => ({ url: '/api/p/price-differences', expect: 'none-of-mine' }),
  'POST /api/p/price-differences/{id}/pay': (a) => ({ url: `/api/p/price-differences/${a.differenceId}/pay`, expect: 404 }),
};

let keys = 0;
const call = (token: string, method: string, url: string, body?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    ...(body ? { payload: body } : method === 'POST' ? { payload: {} } : {}),
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', 'idempotency-key': `own-${++keys}-${Math.random()}` },
  });
const ok = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.json().code, res.body).toBe('00000');
  return res.json().data;
};

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
function uploadImage(token: string) {
  const boundary = `----own${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/p/after-sales/images',
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

let a: Awaited<ReturnType<typeof buyer>>;
let b: Awaited<ReturnType<typeof buyer>>;
let mine: Mine;

/** Everything of A's, as A's own API shows it. */
async function snapshot() {
  const reads = [
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
  ];
  return Promise.all(reads.map(async (url) => JSON.stringify(await ok(await call(a.token, 'GET', url)))));
}

beforeAll(async () => {
  ctx = await createTestApp({ fileStore: 'database' });
  a = await buyer(ctx);
  b = await buyer(ctx);
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const item = await product(ctx, `OWN-${Date.now()}`, 100);
  await adjust(ctx.db, a.userId, 100_000, 'Test money');
  await adjust(ctx.db, b.userId, 100_000, 'Test money');

  // A: a paid order (invoice, payment, after-sales request, price difference) and an unpaid one.
  const paidOrder = (await ok(await call(a.token, 'POST', '/api/p/order/submit', { confirmToken: (await confirmBuyNow(ctx, a.token, item, 2)).confirmToken }))).orders[0];
  const payment = await ok(await call(a.token, 'POST', '/api/p/order/pay', { orderIds: [paidOrder.id], method: 'wallet' }));
  expect(payment.outcome).toBe('success');
  const unpaid = (await ok(await call(a.token, 'POST', '/api/p/order/submit', { confirmToken: (await confirmBuyNow(ctx, a.token, item, 1)).confirmToken }))).orders[0];
  const invoice = (await ok(await call(a.token, 'GET', `/api/p/invoices?reference=${paidOrder.id}`))).records[0];
  const image = await ok(await uploadImage(a.token));
  const request = await ok(await call(a.token, 'POST', '/api/p/after-sales', { orderId: paidOrder.id, kind: 'reshipment', reason: 'Broken', images: [image.id] }));
  const difference = await ok(await call(operator, 'POST', `/api/admin/orders/${paidOrder.id}/price-difference`, { amount: 1.5, reason: 'Supplier price' }));
  const line = await ok(await call(a.token, 'POST', '/api/p/shopCart', { prodId: item.prodId, skuId: item.skuId, count: 3 }));
  const wish = await ok(await call(a.token, 'POST', '/api/p/wishlist', { prodId: item.prodId, skuId: item.skuId }));
  const addresses = await ok(await call(a.token, 'GET', '/api/p/address'));
  mine = {
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
    consigneeId: (addresses as Array<{ addrId: string; kind: string }>).find((x) => x.kind === 'consignee')!.addrId,
  };
  for (const [k, v] of Object.entries(mine)) expect(v, k).toBeDefined();
});
afterAll(() => ctx.app.close());

describe("another user's orders, cart, payments, invoices, after-sales and price differences", () => {
  it('every route in scope has a case (a new route without one fails here)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const inScope = routes.filter((r) => SCOPE.test(r.split(' ')[1]!));
    expect(inScope.length).toBeGreaterThan(30);
    expect(inScope.filter((r) => !CASES[r])).toEqual([]);
  });

  it("B aimed at A's rows gets not found (or nothing of A's), and A's rows stay exactly as they were", async () => {
    const before = await snapshot();
    const aIds = [mine.orderId, mine.unpaidOrderId, mine.paymentId, mine.invoiceId, mine.requestId, mine.differenceId, mine.imageId];
    const report: string[] = [];
    for (const [route, make] of Object.entries(CASES)) {
      const { url, body, expect: want } = make(mine);
      if (!url) continue; // an upload creates B's own file; nothing of A's to aim at
      const res = await call(b.token, route.split(' ')[0]!, url, body);
      const text = res.body;
      if (want === 'none-of-mine') {
        const leaked = aIds.filter((id) => text.includes(id));
        if (res.statusCode >= 500 || leaked.length) report.push(`${route}: ${res.statusCode} leaked ${leaked.join(', ')}`);
      } else if (res.statusCode !== want || res.json().success !== false) {
        report.push(`${route}: ${res.statusCode} ${text.slice(0, 160)}`);
      }
    }
    expect(report).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // And nothing moved in A's money: B's pay attempts charged neither of them twice.
    const [held] = ((await ctx.db.execute(sql`select count(*) as n from order_payments where user_id = ${b.userId}`)) as unknown as { rows: Array<{ n: number }> }).rows;
    expect(Number(held!.n)).toBe(0);
  });
});
