import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { line, newUser, orderIn, placeOrder } from '../../../test/factories';
import { transition } from './orders.states';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

let keys = 0;
const headers = (token: string, lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': `k-${++keys}-${Math.random()}`,
});
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token) });
const post = (token: string, url: string, payload: unknown = {}, lang = 'en-US', extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers(token, lang), ...extra } });

async function buyer() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}

describe('GET /api/p/orders: tabs and counts', () => {
  it('lists each tab with its counts; abnormal and trash as SPEC §4 says; split parents in no tab', async () => {
    const b = await buyer();
    const awaiting = await orderIn(ctx.db, b.userId, 'awaiting-payment');
    await orderIn(ctx.db, b.userId, 'pending');
    const abnormal = await orderIn(ctx.db, b.userId, 'purchasing');
    await transition(
      ctx.db,
      abnormal.id,
      'mark-abnormal',
      { type: 'operator', id: null },
      { reason: 'Address refused' },
    );
    await orderIn(ctx.db, b.userId, 'shipped');
    await orderIn(ctx.db, b.userId, 'delivered');
    await orderIn(ctx.db, b.userId, 'trashed');
    const parent = await placeOrder(ctx.db, b.userId);
    expect((await post(b.token, `/api/p/orders/${parent.id}/split`, { mode: 'by-sku' })).statusCode).toBe(200);
    // Someone else's orders never count.
    const other = await buyer();
    await orderIn(ctx.db, other.userId, 'pending');

    const counts = (await get(b.token, '/api/p/orders/counts')).json().data;
    expect(counts).toEqual({
      all: 7,
      'awaiting-payment': 3,
      pending: 1,
      purchasing: 1,
      shipped: 1,
      delivered: 1,
      trash: 1,
      abnormal: 1,
    });

    const abnormalTab = (await get(b.token, '/api/p/orders?tab=abnormal')).json().data;
    expect(abnormalTab.records).toHaveLength(1);
    expect(abnormalTab.records[0]).toMatchObject({
      id: abnormal.id,
      state: 'purchasing',
      abnormal: true,
      abnormalReason: 'Address refused',
      actions: ['resolve-abnormal', 'ignore-abnormal'],
    });

    const page = (await get(b.token, '/api/p/orders?tab=awaiting-payment&current=1&size=2')).json().data;
    expect(page).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
    const row = (await get(b.token, '/api/p/orders?tab=awaiting-payment&size=10'))
      .json()
      .data.records.find((r: { id: string }) => r.id === awaiting.id);
    expect(row).toMatchObject({
      number: awaiting.number,
      itemCount: 3,
      lineCount: 2,
      goods: 34.99,
      shipping: 7,
      serviceFee: 1,
      tax: 7,
      total: 49.99,
      firstLine: { title: 'Product 1', image: '/img/1.jpg', specs: { Colour: 'Red' } },
      actions: ['pay', 'trash', 'split'],
    });
  });
});

describe('GET /api/p/orders/:id', () => {
  it('answers the detail with snapshots, lines and the timeline oldest first', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'shipped');
    const res = await get(b.token, `/api/p/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      state: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      shippingMethodCode: 'EXPRESS',
      consignee: { city: 'Paris' },
      billing: { company: 'Billing Ltd' },
    });
    expect(
      d.lines.map((l: { skuCode: string; quantity: number; lineTotal: number }) => [
        l.skuCode,
        l.quantity,
        l.lineTotal,
      ]),
    ).toEqual([
      ['SKU-1', 2, 25],
      ['SKU-2', 1, 9.99],
    ]);
    expect(d.events.map((e: { event: string }) => e.event)).toEqual(['create', 'pay', 'purchase', 'ship']);
  });
});

describe("another user's order is not found on every /api/p/orders route", () => {
  it('GET, trash, restore, split, reset-split, abnormal resolve/ignore → 404 and nothing changes', async () => {
    const owner = await buyer();
    const intruder = await buyer();
    const order = await placeOrder(ctx.db, owner.userId);
    const trashed = await orderIn(ctx.db, owner.userId, 'trashed');
    const calls = [
      get(intruder.token, `/api/p/orders/${order.id}`),
      post(intruder.token, `/api/p/orders/${order.id}/trash`),
      post(intruder.token, '/api/p/orders/restore', { ids: [trashed.id] }),
      post(intruder.token, `/api/p/orders/${order.id}/split`, { mode: 'by-sku' }),
      post(intruder.token, `/api/p/orders/${order.id}/reset-split`),
      post(intruder.token, `/api/p/orders/${order.id}/abnormal/resolve`),
      post(intruder.token, `/api/p/orders/${order.id}/abnormal/ignore`),
      get(intruder.token, '/api/p/orders/not-a-uuid'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'A00006', msg: 'This order does not exist' });
    }
    const states = (
      (await ctx.db.execute(
        sql`select state from orders where user_id = ${owner.userId} order by number`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(states).toEqual([{ state: 'awaiting-payment' }, { state: 'trashed' }]);
  });

  it('an operator route needs the operator role', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'pending');
    expect((await post(b.token, `/api/admin/orders/${order.id}/purchase`)).statusCode).toBe(403);
    expect((await get(b.token, '/api/admin/orders')).statusCode).toBe(403);
  });
});

describe('user actions', () => {
  it('trash then batch restore; a batch with one order not in the trash restores none', async () => {
    const b = await buyer();
    // Restore takes the stock again (checkout's hook, decision 0084): lines of a real SKU with stock.
    const [sku] = (
      (await ctx.db.execute(sql`select id, product_id from skus where stock >= 10 order by id limit 1`)) as unknown as {
        rows: Array<{ id: number; product_id: number }>;
      }
    ).rows;
    const lines = [line(Number(sku!.id), 1250, 1, { productId: Number(sku!.product_id) })];
    const one = await placeOrder(ctx.db, b.userId, { lines });
    const two = await placeOrder(ctx.db, b.userId, { lines });
    const three = await placeOrder(ctx.db, b.userId, { lines });
    for (const o of [one, two])
      expect((await post(b.token, `/api/p/orders/${o.id}/trash`)).json().data.state).toBe('trashed');
    const mixed = await post(b.token, '/api/p/orders/restore', { ids: [one.id, three.id] });
    expect(mixed.statusCode).toBe(409);
    expect((await get(b.token, '/api/p/orders/counts')).json().data.trash).toBe(2);
    const res = await post(b.token, '/api/p/orders/restore', { ids: [one.id, two.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.restored.sort()).toEqual([one.id, two.id].sort());
    expect((await get(b.token, '/api/p/orders/counts')).json().data).toMatchObject({ trash: 0, 'awaiting-payment': 3 });
    expect((await post(b.token, '/api/p/orders/restore', { ids: [] })).statusCode).toBe(400);
  });

  it("a refused transition says, in the caller's language, which state the order is in", async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'pending');
    const msgs: Record<string, string> = {};
    for (const lang of ['en-US', 'fr-FR', 'zh-CN', 'tr-TR']) {
      const res = await post(b.token, `/api/p/orders/${order.id}/trash`, {}, lang);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'A00007',
        data: { reason: 'order-transition-refused', state: 'pending' },
      });
      msgs[lang] = res.json().msg;
    }
    expect(msgs['en-US']).toBe(`This is not possible now: order ${order.number} is pending (paid, not yet purchased)`);
    expect(msgs['fr-FR']).toContain('en attente (payée, pas encore achetée)');
    expect(msgs['zh-CN']).toContain('待处理');
    expect(msgs['tr-TR']).toContain('beklemede');
  });

  it('split and reset over HTTP; a retried split with the same key makes one split', async () => {
    const b = await buyer();
    const parent = await placeOrder(ctx.db, b.userId, { lines: [line(1, 1000, 2), line(2, 500, 2)] });
    const key = { 'idempotency-key': `split-${parent.id}` };
    const [a, c] = await Promise.all([
      post(b.token, `/api/p/orders/${parent.id}/split`, { mode: 'by-sku' }, 'en-US', key),
      post(b.token, `/api/p/orders/${parent.id}/split`, { mode: 'by-sku' }, 'en-US', key),
    ]);
    expect(a.statusCode).toBe(200);
    expect(c.json()).toEqual(a.json());
    expect(a.json().data.children).toHaveLength(2);
    const detail = (await get(b.token, `/api/p/orders/${parent.id}`)).json().data;
    expect(detail).toMatchObject({ state: 'split', actions: ['reset-split'] });
    expect(detail.children.map((x: { number: string }) => x.number)).toEqual(
      a.json().data.children.map((x: { number: string }) => x.number),
    );
    const reset = await post(b.token, `/api/p/orders/${parent.id}/reset-split`);
    expect(reset.json().data).toMatchObject({ state: 'awaiting-payment', children: [] });
  });

  it('a split body that names no items is a validation error', async () => {
    const b = await buyer();
    const parent = await placeOrder(ctx.db, b.userId);
    const res = await post(b.token, `/api/p/orders/${parent.id}/split`, { mode: 'items', groups: [] });
    expect(res.statusCode).toBe(400);
  });
});

describe('operator: /api/admin/orders', () => {
  it('lists pending first-in-first-out, and carries an order to delivered; the user sees the tracking and timeline', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'pending');
    const list = (await get(operator, '/api/admin/orders?state=pending&size=100')).json().data;
    const mine = list.records.find((r: { id: string }) => r.id === order.id);
    expect(mine).toMatchObject({
      userEmail: b.email,
      actions: ['purchase', 'mark-abnormal', 'raise-price-difference'],
    });

    const flagged = await post(operator, `/api/admin/orders/${order.id}/abnormal`, { reason: 'SKU no longer sold' });
    expect(flagged.json().data).toMatchObject({ abnormal: true, abnormalReason: 'SKU no longer sold' });
    expect(
      (await get(operator, '/api/admin/orders?state=abnormal&size=100'))
        .json()
        .data.records.map((r: { id: string }) => r.id),
    ).toContain(order.id);
    expect((await post(operator, `/api/admin/orders/${order.id}/purchase`)).statusCode).toBe(409);
    expect((await post(b.token, `/api/p/orders/${order.id}/abnormal/resolve`)).json().data.abnormal).toBe(false);

    expect((await post(operator, `/api/admin/orders/${order.id}/purchase`)).json().data.state).toBe('purchasing');
    const noTracking = await post(operator, `/api/admin/orders/${order.id}/ship`, {
      carrier: 'DHL',
      trackingNumber: '',
    });
    expect(noTracking.statusCode).toBe(400);
    expect(
      (
        await post(operator, `/api/admin/orders/${order.id}/ship`, { carrier: 'DHL', trackingNumber: 'JD014600' })
      ).json().data.state,
    ).toBe('shipped');
    expect((await post(operator, `/api/admin/orders/${order.id}/deliver`)).json().data.state).toBe('delivered');
    expect((await post(operator, `/api/admin/orders/${order.id}/deliver`)).statusCode).toBe(409);

    const seen = (await get(b.token, `/api/p/orders/${order.id}`)).json().data;
    expect(seen).toMatchObject({ state: 'delivered', carrier: 'DHL', trackingNumber: 'JD014600', actions: [] });
    expect(seen.events.map((e: { event: string; actorType: string }) => `${e.event}:${e.actorType}`)).toEqual([
      'create:user',
      'pay:system',
      'mark-abnormal:operator',
      'resolve-abnormal:user',
      'purchase:operator',
      'ship:operator',
      'deliver:operator',
    ]);
    expect(seen.events[2].reason).toBe('SKU no longer sold');
  });
});
