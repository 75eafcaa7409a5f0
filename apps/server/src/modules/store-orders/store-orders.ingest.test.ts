import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { newUser, placeOrder, storeOrderData, storeProduct } from '../../../test/factories';
import { rawRows } from '../../db/rows';
import { ingestStoreOrders } from './store-orders.ingest';
import { ingestStoreOrder } from './store-orders.service';

// Exactly once (issue 21): whatever arrives twice, late, early or at the same time, one row per
// (store, the store's order id), holding the newest copy; and what a change after arrival does.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

async function aStore() {
  const user = await newUser(ctx.db);
  const shop = await storeProduct(ctx.db, user.userId, { title: 'Linen dress', variants: [{ title: 'Red' }] });
  return { id: shop.storeId, userId: user.userId, platform: 'woocommerce' as const };
}
const rows = async (storeId: string) =>
  rawRows<{
    id: string;
    number: string;
    total_minor: number;
    status: string;
    state: string;
    trash_reason: string | null;
    abnormal_reason: string | null;
    last_changes: string[];
    store_updated_at: string;
  }>(
    await ctx.db.execute(sql`select *, total_minor::int as total_minor from store_orders where store_id = ${storeId}`),
  );
const addressOf = async (id: string) =>
  rawRows<{ address: { line1: string } | null }>(
    await ctx.db.execute(sql`select address from store_order_people where store_order_id = ${id}`),
  )[0]!.address;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();

describe('ingest keeps a store order exactly once', () => {
  it('the same copy twice: one row, the second says unchanged', async () => {
    const store = await aStore();
    const data = storeOrderData({ updatedAt: at(1), createdAt: at(0) });
    const first = await ingestStoreOrder(ctx.db, store, data);
    const again = await ingestStoreOrder(ctx.db, store, data);
    expect(first).toMatchObject({ outcome: 'created', changes: ['created'] });
    expect(again).toEqual({ id: first.id, outcome: 'unchanged', changes: [] });
    expect(await rows(store.id)).toHaveLength(1);
  });

  it('an update before the create (or a late webhook after a pull): the older copy changes nothing', async () => {
    const store = await aStore();
    const older = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    const newer = {
      ...older,
      updatedAt: at(5),
      shippingAddress: { ...older.shippingAddress!, line1: '1 Avenue Foch' },
      total: { amount: 3000, currency: 'EUR' },
    };
    await ingestStoreOrder(ctx.db, store, newer);
    const late = await ingestStoreOrder(ctx.db, store, older);
    expect(late.outcome).toBe('stale');
    const [row] = await rows(store.id);
    expect(row).toMatchObject({ total_minor: 3000 });
    expect(new Date(row!.store_updated_at).toISOString()).toBe(at(5));
    expect((await addressOf(row!.id))?.line1).toBe('1 Avenue Foch');
  });

  it('two ingests racing with different copies (two nodes, webhook and pull): one row, the newest copy', async () => {
    const store = await aStore();
    const base = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    const copies = [3, 1, 4, 2, 0].map((m) => ({
      ...base,
      updatedAt: at(m),
      total: { amount: 1000 + m, currency: 'EUR' },
    }));
    const outcomes = await Promise.all(copies.map((c) => ingestStoreOrder(ctx.db, store, c)));
    expect(outcomes.filter((o) => o.outcome === 'created')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.id)).size).toBe(1);
    const all = await rows(store.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ total_minor: 1004 });
    const lines = rawRows(
      await ctx.db.execute(sql`select count(*)::int as n from store_order_lines where store_order_id = ${all[0]!.id}`),
    );
    expect(lines[0]!.n).toBe(1);
  });

  it('an address changed in the store before payment replaces ours, and says so', async () => {
    const store = await aStore();
    const data = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    const { id } = await ingestStoreOrder(ctx.db, store, data);
    const moved = await ingestStoreOrder(ctx.db, store, {
      ...data,
      updatedAt: at(2),
      shippingAddress: { ...data.shippingAddress!, line1: '9 Quai Voltaire' },
    });
    expect(moved).toEqual({ id, outcome: 'updated', changes: ['address'] });
    expect((await addressOf(id))?.line1).toBe('9 Quai Voltaire');
    expect((await rows(store.id))[0]!.last_changes).toEqual(['address']);
  });

  it('cancelled or refunded in the store before payment → the trash, with the reason', async () => {
    const store = await aStore();
    const a = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    const b = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    await ingestStoreOrder(ctx.db, store, a);
    await ingestStoreOrder(ctx.db, store, b);
    await ingestStoreOrder(ctx.db, store, { ...a, updatedAt: at(1), status: 'cancelled' });
    await ingestStoreOrder(ctx.db, store, { ...b, updatedAt: at(1), status: 'refunded' });
    // One that arrives already cancelled goes straight there too.
    await ingestStoreOrder(ctx.db, store, storeOrderData({ status: 'cancelled' }));
    const all = await rows(store.id);
    expect(all.map((r) => [r.state, r.trash_reason]).sort()).toEqual([
      ['trashed', 'cancelled-in-store'],
      ['trashed', 'cancelled-in-store'],
      ['trashed', 'refunded-in-store'],
    ]);
  });

  it('cancelled after payment → abnormal with the reason; the store order keeps its total and stays out of the trash', async () => {
    const store = await aStore();
    const data = storeOrderData({ createdAt: at(0), updatedAt: at(0) });
    const { id } = await ingestStoreOrder(ctx.db, store, data);
    const order = await placeOrder(ctx.db, store.userId);
    await ctx.db.execute(sql`update store_orders set order_id = ${order.id} where id = ${id}`);
    await ingestStoreOrder(ctx.db, store, { ...data, updatedAt: at(3), status: 'cancelled' });
    expect((await rows(store.id))[0]).toMatchObject({
      state: 'open',
      trash_reason: null,
      abnormal_reason: 'cancelled-after-payment',
      total_minor: data.total.amount,
    });
    const [paid] = rawRows(await ctx.db.execute(sql`select state, abnormal_reason from orders where id = ${order.id}`));
    expect(paid).toMatchObject({ state: order.state, abnormal_reason: null });
  });

  it('an incomplete address is abnormal until a later copy completes it', async () => {
    const store = await aStore();
    const data = storeOrderData({
      createdAt: at(0),
      updatedAt: at(0),
      shippingAddress: { ...storeOrderData().shippingAddress!, countryCode: '' },
    });
    await ingestStoreOrder(ctx.db, store, data);
    expect((await rows(store.id))[0]!.abnormal_reason).toBe('address-incomplete');
    await ingestStoreOrder(ctx.db, store, {
      ...data,
      updatedAt: at(1),
      shippingAddress: { ...data.shippingAddress!, countryCode: 'FR' },
    });
    expect((await rows(store.id))[0]!.abnormal_reason).toBeNull();
    await ingestStoreOrder(ctx.db, store, storeOrderData({ shippingAddress: null }));
    expect((await rows(store.id)).map((r) => r.abnormal_reason).sort()).toEqual(['address-incomplete', null]);
  });

  it('a batch (as a pull keeps its pages): each order once, one quote job for all; one refused order keeps none of them', async () => {
    const store = await aStore();
    const a = storeOrderData({ createdAt: at(0), updatedAt: at(1) });
    const b = storeOrderData({ createdAt: at(0), updatedAt: at(1) });
    // The same order twice in one run of pages (updated while the pull read on): kept once, the newer copy.
    const bNewer = { ...b, updatedAt: at(3), total: { amount: 4100, currency: 'EUR' } };
    const out = await ingestStoreOrders(ctx.db, store, [a, b, bNewer]);
    expect(out.map((o) => o.outcome)).toEqual(['created', 'created', 'updated']);
    const kept = await rows(store.id);
    expect(kept).toHaveLength(2);
    expect(kept.find((r) => r.id === out[1]!.id)?.total_minor).toBe(4100);
    const quoteJobs = rawRows<{ ids: string[] }>(
      await ctx.db.execute(
        sql`select payload->'ids' as ids from jobs where type = 'store-orders.quote' and payload->'ids' ? ${out[0]!.id}`,
      ),
    );
    expect(quoteJobs).toHaveLength(1);
    expect([...quoteJobs[0]!.ids].sort()).toEqual([out[0]!.id, out[1]!.id].sort());

    // A quantity the database cannot hold fails the third order: the first two are not kept either.
    const c = storeOrderData();
    const d = storeOrderData();
    const bad = storeOrderData();
    bad.lines[0]!.quantity = 3_000_000_000;
    await expect(ingestStoreOrders(ctx.db, store, [c, d, bad])).rejects.toThrow();
    expect(await rows(store.id)).toHaveLength(2);
  });
});
