import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../../test/harness';
import { line, newUser, placeOrder } from '../../../test/factories';
import { resetSplit, shareByWeight, splitOrder } from './orders.split';
import { transition } from './orders.states';
import { rawRows } from '../../db/rows';

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const rows = async (q: ReturnType<typeof sql>) => rawRows(await db.execute(q));
const MONEY = [
  'goods_minor',
  'shipping_minor',
  'service_fee_minor',
  'tax_minor',
  'discount_minor',
  'total_minor',
] as const;

/** Sum of each money column and of quantities per SKU over the given orders. */
async function totals(ids: string[]) {
  const orders = await rows(
    sql`select * from orders where id in ${sql.raw(`(${ids.map((i) => `'${i}'`).join(',')})`)}`,
  );
  const money = Object.fromEntries(MONEY.map((c) => [c, orders.reduce((s, o) => s + Number(o[c]), 0)]));
  const qty = await rows(
    sql`select sku_id, sum(quantity)::int as q from order_lines where order_id in ${sql.raw(`(${ids.map((i) => `'${i}'`).join(',')})`)} group by sku_id order by sku_id`,
  );
  return { money, qty };
}

describe('shareByWeight', () => {
  it('floors each share and puts the remainder on the last, summing exactly', () => {
    expect(shareByWeight(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(shareByWeight(701, [2500, 999])).toEqual([500, 201]);
    expect(shareByWeight(5, [0, 0])).toEqual([0, 5]);
    expect(shareByWeight(0, [3, 7])).toEqual([0, 0]);
    // Large figures stay exact (BigInt in the product).
    const big = shareByWeight(9_000_000_000_001, [3_000_000_000_000, 7_000_000_000_000]);
    expect(big[0]! + big[1]!).toBe(9_000_000_000_001);
  });
});

describe('splitOrder and resetSplit', () => {
  it("by SKU: one child per SKU; quantities and every amount sum to the parent's; the parent records the split", async () => {
    const { userId } = await newUser(db);
    const parent = await placeOrder(db, userId, {
      lines: [line(1, 1250, 2), line(2, 999, 1), line(3, 333, 3)],
      shippingMinor: 701,
      serviceFeeMinor: 101,
      taxMinor: 733,
      discountMinor: 50,
    });
    const user = { type: 'user', id: userId } as const;
    const children = await splitOrder(db, parent.id, { mode: 'by-sku' }, user, { ownerId: userId });
    expect(children).toHaveLength(3);
    expect(children.every((c) => c.state === 'awaiting-payment' && c.parentOrderId === parent.id)).toBe(true);
    const before = await totals([parent.id]);
    expect(await totals(children.map((c) => c.id))).toEqual(before);
    // Each child adds up on its own too (the table's check would refuse it otherwise).
    for (const c of children)
      expect(c.totalMinor).toBe(c.goodsMinor + c.shippingMinor + c.serviceFeeMinor + c.taxMinor - c.discountMinor);
    const [p] = await rows(sql`select state from orders where id = ${parent.id}`);
    expect(p!.state).toBe('split');
    const [ev] = await rows(
      sql`select event, data from order_events where order_id = ${parent.id} and event = 'split'`,
    );
    expect(ev!.data).toEqual({ mode: 'by-sku', children: children.map((c) => c.number) });
  });

  it('by selected items: the listed groups plus the rest; a line can be shared between children', async () => {
    const { userId } = await newUser(db);
    const parent = await placeOrder(db, userId, { lines: [line(1, 1250, 4), line(2, 999, 1)] });
    const lines = await rows(sql`select id, sku_id from order_lines where order_id = ${parent.id} order by position`);
    const user = { type: 'user', id: userId } as const;
    const children = await splitOrder(
      db,
      parent.id,
      { mode: 'items', groups: [[{ lineId: String(lines[0]!.id), quantity: 1 }]] },
      user,
    );
    expect(children).toHaveLength(2);
    const q = await rows(
      sql`select o.number, l.sku_id, l.quantity from order_lines l join orders o on o.id = l.order_id where o.parent_order_id = ${parent.id} order by o.number, l.position`,
    );
    expect(q.map((r) => [r.sku_id, r.quantity])).toEqual([
      [1, 1],
      [1, 3],
      [2, 1],
    ]);
    expect(await totals(children.map((c) => c.id))).toEqual(await totals([parent.id]));
  });

  it('refuses a split that makes fewer than two orders, takes too many items or names a foreign line; nothing changes', async () => {
    const { userId } = await newUser(db);
    const parent = await placeOrder(db, userId, { lines: [line(1, 1250, 2)] });
    const [l] = await rows(sql`select id from order_lines where order_id = ${parent.id}`);
    const user = { type: 'user', id: userId } as const;
    await expect(splitOrder(db, parent.id, { mode: 'by-sku' }, user)).rejects.toMatchObject({
      data: [{ messageKey: 'orders.split-needs-two' }],
    });
    await expect(
      splitOrder(db, parent.id, { mode: 'items', groups: [[{ lineId: String(l!.id), quantity: 3 }]] }, user),
    ).rejects.toMatchObject({
      data: [{ messageKey: 'orders.split-quantity-exceeds' }],
    });
    await expect(
      splitOrder(db, parent.id, { mode: 'items', groups: [[{ lineId: crypto.randomUUID(), quantity: 1 }]] }, user),
    ).rejects.toMatchObject({
      data: [{ messageKey: 'orders.split-line-unknown' }],
    });
    expect(await rows(sql`select state from orders where user_id = ${userId}`)).toEqual([
      { state: 'awaiting-payment' },
    ]);
  });

  it('only an order awaiting payment splits; a child is not split again', async () => {
    const { userId } = await newUser(db);
    const user = { type: 'user', id: userId } as const;
    const paid = await placeOrder(db, userId);
    await transition(db, paid.id, 'pay', { type: 'system', id: null });
    await expect(splitOrder(db, paid.id, { mode: 'by-sku' }, user)).rejects.toMatchObject({
      reason: 'order-transition-refused',
      data: { state: 'pending' },
    });
    const parent = await placeOrder(db, userId);
    const [child] = await splitOrder(db, parent.id, { mode: 'by-sku' }, user);
    await expect(splitOrder(db, child!.id, { mode: 'by-sku' }, user)).rejects.toMatchObject({
      reason: 'order-transition-refused',
      messageKey: 'orders.split-child',
    });
  });

  it('reset merges the children back: they are gone, the parent awaits payment with its lines and money unchanged', async () => {
    const { userId } = await newUser(db);
    const user = { type: 'user', id: userId } as const;
    const parent = await placeOrder(db, userId, { shippingMinor: 999 });
    const before = await totals([parent.id]);
    await splitOrder(db, parent.id, { mode: 'by-sku' }, user);
    const merged = await resetSplit(db, parent.id, user, { ownerId: userId });
    expect(merged.state).toBe('awaiting-payment');
    expect(await rows(sql`select id from orders where parent_order_id = ${parent.id}`)).toEqual([]);
    expect(await totals([parent.id])).toEqual(before);
    expect(
      (await rows(sql`select event from order_events where order_id = ${parent.id} order by at, id`)).map(
        (e) => e.event,
      ),
    ).toEqual(['create', 'split', 'reset-split']);
    // And it may be split again.
    expect(await splitOrder(db, parent.id, { mode: 'by-sku' }, user)).toHaveLength(2);
  });

  it('reset is refused once a child is paid or trashed, naming that child; nothing changes', async () => {
    const { userId } = await newUser(db);
    const user = { type: 'user', id: userId } as const;
    const parent = await placeOrder(db, userId);
    const [first, second] = await splitOrder(db, parent.id, { mode: 'by-sku' }, user);
    await transition(db, first!.id, 'pay', { type: 'system', id: null });
    await expect(resetSplit(db, parent.id, user)).rejects.toMatchObject({
      status: 409,
      reason: 'order-transition-refused',
      params: { number: first!.number },
    });
    const [p] = await rows(sql`select state from orders where id = ${parent.id}`);
    expect(p!.state).toBe('split');
    expect(await rows(sql`select count(*)::int as n from orders where parent_order_id = ${parent.id}`)).toEqual([
      { n: 2 },
    ]);
    expect(second!.state).toBe('awaiting-payment');
    // Reset on an order that is not split is refused too.
    const plain = await placeOrder(db, userId);
    await expect(resetSplit(db, plain.id, user)).rejects.toMatchObject({
      reason: 'order-transition-refused',
      data: { state: 'awaiting-payment' },
    });
  });
});
