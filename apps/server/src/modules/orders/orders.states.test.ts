import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/harness';
import { inTransaction } from '../../platform/unit-of-work';
import { ADDRESS, line, newUser, orderIn, placeOrder } from '../../../test/factories';
import { createOrder } from './orders.create';
import { TRANSITIONS, type TransitionEvent, transition } from './orders.states';
import { rawRows } from '../../db/rows';

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  database = await createTestDatabase({ connections: 8 });
  db = database.db;
});
afterAll(() => database.close());

const rows = async (q: ReturnType<typeof sql>) => rawRows(await db.execute(q));
const orderRow = async (id: string) => (await rows(sql`select * from orders where id = ${id}`))[0]!;
const events = async (id: string) =>
  rows(
    sql`select event, from_state, to_state, actor_type, reason from order_events where order_id = ${id} order by at, id`,
  );

const system = { type: 'system', id: null } as const;
const operator = { type: 'operator', id: null } as const;
/** Who fires each event in these tests (a permitted actor), and what it needs. */
const ACTOR = (
  userId: string,
): Record<TransitionEvent, { type: 'user' | 'operator' | 'system'; id: string | null }> => ({
  pay: system,
  purchase: operator,
  ship: operator,
  deliver: operator,
  expire: system,
  trash: { type: 'user', id: userId },
  restore: { type: 'user', id: userId },
  'mark-abnormal': operator,
  'resolve-abnormal': { type: 'user', id: userId },
  'ignore-abnormal': { type: 'user', id: userId },
  split: { type: 'user', id: userId },
  'reset-split': { type: 'user', id: userId },
  'raise-price-difference': operator,
  'pay-price-difference': { type: 'user', id: userId },
  'cancel-price-difference': operator,
  'after-sales-requested': { type: 'user', id: userId },
  'after-sales-cancelled': { type: 'user', id: userId },
  'after-sales-approved': operator,
  'after-sales-rejected': operator,
  refunded: operator,
  reshipped: operator,
  'update-tracking': operator,
  'cancel-refund': { type: 'user', id: userId },
});
const DATA = {
  ship: { carrier: 'DHL', trackingNumber: 'JD0001' },
  'update-tracking': { carrier: 'DHL', trackingNumber: 'JD0002' },
  'mark-abnormal': { reason: 'SKU no longer sold' },
  'raise-price-difference': { amountMinor: 500, reason: 'Supplier price rose' },
} as Record<string, object>;

describe('createOrder', () => {
  it('creates an order awaiting payment with a number, its lines and a first event', async () => {
    const { userId } = await newUser(db);
    const order = await placeOrder(db, userId);
    expect(order.state).toBe('awaiting-payment');
    expect(order.number).toMatch(/^O\d{8}$/);
    expect(order.goodsMinor).toBe(1250 * 2 + 999);
    expect(order.totalMinor).toBe(3499 + 700 + 100 + 700);
    expect(
      await rows(
        sql`select sku_id, quantity, line_total_minor from order_lines where order_id = ${order.id} order by position`,
      ),
    ).toEqual([
      { sku_id: 1, quantity: 2, line_total_minor: expect.anything() },
      { sku_id: 2, quantity: 1, line_total_minor: expect.anything() },
    ]);
    expect(await events(order.id)).toEqual([
      { event: 'create', from_state: null, to_state: 'awaiting-payment', actor_type: 'user', reason: null },
    ]);
    const second = await placeOrder(db, userId);
    expect(second.number > order.number).toBe(true);
  });

  it('refuses figures that do not add up and writes nothing', async () => {
    const { userId } = await newUser(db);
    const base = {
      userId,
      consignee: ADDRESS,
      billing: ADDRESS,
      shippingMethodCode: 'X',
      shippingMethodName: 'X',
      shippingMinor: 100,
      serviceFeeMinor: 0,
      taxMinor: 0,
    };
    const wrongTotal = createOrder(db, { ...base, lines: [line(1, 500, 2)], goodsMinor: 1000, totalMinor: 1099 });
    await expect(wrongTotal).rejects.toMatchObject({
      code: 'A00002',
      data: [{ field: 'total', messageKey: 'orders.amounts-mismatch' }],
    });
    const wrongLine = createOrder(db, {
      ...base,
      lines: [line(1, 500, 2, { lineTotalMinor: 999 })],
      goodsMinor: 999,
      totalMinor: 1099,
    });
    await expect(wrongLine).rejects.toMatchObject({
      data: [{ field: 'lines.0', messageKey: 'orders.line-total-mismatch' }],
    });
    const noLines = createOrder(db, { ...base, lines: [], goodsMinor: 0, totalMinor: 100 });
    await expect(noLines).rejects.toMatchObject({ data: [{ field: 'lines', messageKey: 'orders.lines-required' }] });
    expect(await rows(sql`select id from orders where user_id = ${userId}`)).toEqual([]);
  });

  it("joins the caller's unit of work: a rollback there leaves no order", async () => {
    const { userId } = await newUser(db);
    await expect(
      inTransaction(db, async (uow) => {
        await placeOrder(uow.tx, userId);
        throw new Error('checkout failed after creating the order');
      }),
    ).rejects.toThrow('checkout failed');
    expect(await rows(sql`select id from orders where user_id = ${userId}`)).toEqual([]);
  });
});

describe('transition: the allowed ones', () => {
  it('carries an order from awaiting payment to delivered, setting each time and writing the timeline in order', async () => {
    const { userId } = await newUser(db);
    const { id } = await placeOrder(db, userId);
    const paid = await transition(db, id, 'pay', system);
    expect(paid).toMatchObject({ state: 'pending', paidAt: expect.any(Date) });
    expect((await transition(db, id, 'purchase', operator)).state).toBe('purchasing');
    const shipped = await transition(db, id, 'ship', operator, { carrier: 'DHL', trackingNumber: 'JD0001' });
    expect(shipped).toMatchObject({
      state: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD0001',
      shippedAt: expect.any(Date),
    });
    expect(await transition(db, id, 'deliver', operator)).toMatchObject({
      state: 'delivered',
      deliveredAt: expect.any(Date),
    });
    expect((await events(id)).map((e) => [e.event, e.from_state, e.to_state, e.actor_type])).toEqual([
      ['create', null, 'awaiting-payment', 'user'],
      ['pay', 'awaiting-payment', 'pending', 'system'],
      ['purchase', 'pending', 'purchasing', 'operator'],
      ['ship', 'purchasing', 'shipped', 'operator'],
      ['deliver', 'shipped', 'delivered', 'operator'],
    ]);
  });

  it('trashes an unpaid order into the draft box and restores it', async () => {
    const { userId } = await newUser(db);
    const { id } = await placeOrder(db, userId);
    const user = { type: 'user', id: userId } as const;
    expect(await transition(db, id, 'trash', user)).toMatchObject({ state: 'trashed', trashedAt: expect.any(Date) });
    expect(await transition(db, id, 'restore', user)).toMatchObject({ state: 'awaiting-payment', trashedAt: null });
    expect((await events(id)).map((e) => e.event)).toEqual(['create', 'trash', 'restore']);
  });

  it('abnormal: marked with a reason, it blocks the process until the user resolves or ignores it, in the state it was in', async () => {
    const { userId } = await newUser(db);
    const user = { type: 'user', id: userId } as const;
    const order = await orderIn(db, userId, 'pending');
    expect(await transition(db, order.id, 'mark-abnormal', operator, { reason: 'SKU no longer sold' })).toMatchObject({
      state: 'pending',
      abnormalReason: 'SKU no longer sold',
    });
    await expect(transition(db, order.id, 'purchase', operator)).rejects.toMatchObject({
      status: 409,
      reason: 'order-transition-refused',
      messageKey: 'orders.abnormal-blocks',
    });
    expect(await transition(db, order.id, 'resolve-abnormal', user)).toMatchObject({
      state: 'pending',
      abnormalReason: null,
    });
    expect((await transition(db, order.id, 'purchase', operator)).state).toBe('purchasing');

    const other = await orderIn(db, userId, 'awaiting-payment');
    await transition(db, other.id, 'mark-abnormal', operator, { reason: 'Address refused by the carrier' });
    await expect(transition(db, other.id, 'pay', system)).rejects.toMatchObject({
      messageKey: 'orders.abnormal-blocks',
    });
    expect(await transition(db, other.id, 'ignore-abnormal', user)).toMatchObject({
      state: 'awaiting-payment',
      abnormalReason: null,
    });
    const timeline = await events(other.id);
    expect(timeline.map((e) => e.event)).toEqual(['create', 'mark-abnormal', 'ignore-abnormal']);
    expect(timeline[1]!.reason).toBe('Address refused by the carrier');

    // An abnormal unpaid order may also be trashed (SPEC §4).
    const third = await orderIn(db, userId, 'awaiting-payment');
    await transition(db, third.id, 'mark-abnormal', operator, { reason: 'SKU no longer sold' });
    expect((await transition(db, third.id, 'trash', user)).state).toBe('trashed');
  });
});

describe('transition: the refused ones change nothing', () => {
  const STATES = ['awaiting-payment', 'pending', 'purchasing', 'shipped', 'delivered', 'trashed'] as const;
  // Every (state, event) pair the table does not allow, on a non-abnormal order.
  const refusedPairs = STATES.flatMap((state) =>
    (Object.keys(TRANSITIONS) as TransitionEvent[])
      .filter((e) => !TRANSITIONS[e].from.includes(state) || TRANSITIONS[e].abnormal === 'require')
      .map((event) => [state, event] as const),
  );

  it.each(refusedPairs)(
    '%s refuses %s with a 409 naming the state; the row and the timeline stay as they were',
    async (state, event) => {
      const { userId } = await newUser(db);
      const order = await orderIn(db, userId, state);
      const before = await orderRow(order.id);
      const timeline = await events(order.id);
      const attempt = transition(db, order.id, event, ACTOR(userId)[event], DATA[event] ?? {});
      const notAbnormal = TRANSITIONS[event].from.includes(state);
      await expect(attempt).rejects.toMatchObject({
        status: 409,
        reason: 'order-transition-refused',
        messageKey: notAbnormal ? 'orders.not-abnormal' : 'orders.transition-refused',
        data: { state },
      });
      expect(await orderRow(order.id)).toEqual(before);
      expect(await events(order.id)).toEqual(timeline);
    },
  );

  it('ship without a tracking number is invalid and changes nothing', async () => {
    const { userId } = await newUser(db);
    const order = await orderIn(db, userId, 'purchasing');
    await expect(
      transition(db, order.id, 'ship', operator, { carrier: 'DHL', trackingNumber: ' ' }),
    ).rejects.toMatchObject({
      code: 'A00002',
      data: [{ field: 'trackingNumber', messageKey: 'orders.tracking-required' }],
    });
    expect((await orderRow(order.id)).state).toBe('purchasing');
  });

  it("a user cannot fire an operator event, nor touch another user's order (404)", async () => {
    const { userId } = await newUser(db);
    const other = await newUser(db);
    const order = await orderIn(db, userId, 'pending');
    await expect(transition(db, order.id, 'purchase', { type: 'user', id: userId })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      transition(db, order.id, 'trash', { type: 'user', id: other.userId }, {}, { ownerId: other.userId }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      transition(db, 'not-a-uuid', 'trash', { type: 'user', id: userId }, {}, { ownerId: userId }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('transition: concurrency', () => {
  it('pay and trash racing on one unpaid order: exactly one wins, the timeline has one of them', async () => {
    for (let round = 0; round < 5; round++) {
      const { userId } = await newUser(db);
      const { id } = await placeOrder(db, userId);
      const results = await Promise.allSettled([
        transition(db, id, 'pay', system),
        transition(db, id, 'trash', { type: 'user', id: userId }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(loser.reason).toMatchObject({ reason: 'order-transition-refused' });
      const timeline = await events(id);
      expect(timeline).toHaveLength(2);
      expect((await orderRow(id)).state).toBe(timeline[1]!.to_state);
    }
  });

  it('eight operators shipping one order: one shipment recorded', async () => {
    const { userId } = await newUser(db);
    const order = await orderIn(db, userId, 'purchasing');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        transition(db, order.id, 'ship', operator, { carrier: 'DHL', trackingNumber: `T${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const row = await orderRow(order.id);
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ trackingNumber: string }>)
      .value;
    expect(row.tracking_number).toBe(winner.trackingNumber);
    expect((await events(order.id)).filter((e) => e.event === 'ship')).toHaveLength(1);
  });
});
