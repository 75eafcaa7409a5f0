import type { StoreOrderRow } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ShippingWorld,
  balancesOf,
  countOf,
  ledgerTotal,
  shippingWorld,
  signedInUser,
  connectedDressShop,
  storeOrder,
  storeProduct,
  topUp,
} from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { rawRows } from '../../db/rows';
import { inTransaction } from '../../platform/unit-of-work';
import { approveRequest, createRequest } from '../after-sales/after-sales.service';
import { transition } from '../orders/orders.service';
import { payPriceDifference, raisePriceDifference } from '../price-differences/price-differences.service';
import { ingestStoreOrder } from './store-orders.service';

// "Refund to wallet" (issue 21, decision 0120): a store order paid with us, then cancelled in the
// store before purchasing, is refunded in one idempotent unit of work; once purchasing began it is
// refused. On PGlite or PostgreSQL (TEST_DATABASE_URL).
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;
const post = (o: Owner, url: string, payload: object, key: string | null = crypto.randomUUID(), lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${o.token}`,
      'accept-language': lang,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
const refund = (o: Owner, id: string, key?: string, lang?: string) =>
  post(o, `/api/p/store-orders/${id}/refund`, {}, key ?? crypto.randomUUID(), lang);
const rowOf = async (o: Owner, id: string, tab: string) =>
  (
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/p/store-orders?tab=${tab}`,
        headers: { authorization: `Bearer ${o.token}` },
      })
    ).json().data.records as StoreOrderRow[]
  ).find((r) => r.id === id);
const orderIdsOf = async (id: string) =>
  rawRows<{ id: string }>(
    await ctx.db.execute(sql`select o.id from orders o join store_orders s
      on s.store_id::text = o.store_id::text and s.external_id = o.store_order_ref where s.id = ${id} order by o.id`),
  ).map((r) => r.id);
const stockOf = async (skuId: number) => countOf(ctx.db, sql`select stock as n from skus where id = ${skuId}`);
/**
 * A store order of the owner's (a ×1 from PSA, b ×1 from PSB: two marketplace orders), paid from
 * the wallet, then cancelled in the store: flagged `cancelled-after-payment`.
 */
async function paidThenCancelled(o: Owner) {
  const { store, productExternalId, variants } = await connectedDressShop(ctx.db, world, o.userId, 'Dress');
  const made = await storeOrder(ctx.db, store, {
    total: { amount: 5000, currency: 'EUR' },
    shippingAddress: {
      name: 'Aiko Tanaka',
      company: '',
      line1: '1-2-3 Shibuya',
      line2: '',
      city: 'Tokyo',
      province: 'Tokyo',
      postcode: '150-0002',
      countryCode: 'JP',
      phone: '+81 3 1234',
    },
    lines: variants.map((v, i) => ({
      externalId: `l${i}`,
      productExternalId,
      variantExternalId: v,
      sku: `DRESS-${i}`,
      title: `Dress ${i}`,
      quantity: 1,
      unitPrice: { amount: 2500, currency: 'EUR' },
    })),
  });
  const quote = (await post(o, '/api/p/store-orders/pay/confirm', { ids: [made.id] }, null)).json().data;
  const paid = await post(o, '/api/p/store-orders/pay', { confirmToken: quote.confirmToken, method: 'wallet' });
  expect(paid.statusCode, paid.body).toBe(200);
  const later = new Date(Date.parse(made.data.updatedAt) + 60_000).toISOString();
  await ingestStoreOrder(ctx.db, store, { ...made.data, status: 'cancelled', updatedAt: later });
  return { id: made.id, paidMinor: Math.round(quote.total * 100) };
}

describe('POST /api/p/store-orders/:id/refund', () => {
  it('cancels our orders, gives the money back through the ledger and the stock back; a replay does nothing more', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const stock = { a: await stockOf(world.products.a.skuId), b: await stockOf(world.products.b.skuId) };
    const { id, paidMinor } = await paidThenCancelled(o);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000 - paidMinor);
    const flagged = (await rowOf(o, id, 'paid'))!;
    expect(flagged).toMatchObject({ abnormalReason: 'cancelled-after-payment', refundable: true });

    const key = crypto.randomUUID();
    const res = await refund(o, id, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'trashed', trashReason: 'cancelled-in-store', abnormal: false });
    const ours = rawRows<{ state: string }>(
      await ctx.db.execute(sql`select o.state from orders o join store_orders s
        on s.store_id::text = o.store_id::text and s.external_id = o.store_order_ref where s.id = ${id}`),
    );
    expect(ours.map((x) => x.state)).toEqual(['trashed', 'trashed']);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    expect(await ledgerTotal(ctx.db)).toBe(0);
    expect(await stockOf(world.products.a.skuId)).toBe(stock.a);
    expect(await stockOf(world.products.b.skuId)).toBe(stock.b);
    expect(await rowOf(o, id, 'paid')).toBeUndefined();
    expect((await rowOf(o, id, 'trash'))!.refundable).toBe(false);

    // The same key again: the same answer, no second refund. Another key: refused, in the owner's language.
    const replay = await refund(o, id, key);
    expect(replay.statusCode).toBe(200);
    const again = await refund(o, id, undefined, 'zh-CN');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain('已退款');
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    const refunds = await countOf(
      ctx.db,
      sql`select count(*) as n from journal_entries where kind = 'refund' and reference_type = 'store-order-refund' and reference_id = ${id}`,
    );
    expect(refunds).toBe(2); // one per marketplace order
    // Never restored: it was paid.
    expect((await post(o, '/api/p/store-orders/restore', { ids: [id] })).statusCode).toBe(409);
  });

  it('gives back exactly what was paid and not yet returned: price differences paid in, after-sales refunds out', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const { id, paidMinor } = await paidThenCancelled(o);
    const [first, second] = await orderIdsOf(id);
    const [op] = rawRows<{ id: string }>(
      await ctx.db.execute(sql`select id from users where email = 'operator@example.com'`),
    );
    // The operator asked 5.00 more on the first order and the owner paid it from the wallet.
    const pd = await raisePriceDifference(ctx.db, first!, { amountMinor: 500, reason: 'Supplier price rose' }, op!.id);
    await payPriceDifference(ctx.db, pd.id, o.userId);
    // After-sales already gave 3.00 of the second order back.
    await inTransaction(ctx.db, async (uow) => {
      const req = await createRequest(uow, o.userId, {
        orderId: second!,
        kind: 'refund',
        reason: 'Arrived late',
        amount: 3,
        images: [],
        lines: [],
      });
      await approveRequest(uow, op!.id, req.id);
    });
    // Worked numbers: paid = the quote's total + 5.00; returned so far 3.00; so 100,000 − paid − 500 + 300.
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000 - paidMinor - 500 + 300);

    const key = crypto.randomUUID();
    const res = await refund(o, id, key);
    expect(res.statusCode, res.body).toBe(200);
    // Back: (the quote's total − 3.00) + 5.00, so the wallet is whole again, and no more than that.
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    expect(await ledgerTotal(ctx.db)).toBe(0);
    const entries = rawRows<{ amount: number }>(
      await ctx.db.execute(sql`select sum(l.amount_minor)::int as amount from journal_entries e
        join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.kind = 'refund' and e.reference_type = 'store-order-refund' and e.reference_id = ${id}
          and a.code = 'revenue' group by e.id order by 1`),
    ).map((r) => -Number(r.amount));
    expect(entries.reduce((n, x) => n + x, 0)).toBe(paidMinor - 300 + 500);
    expect(entries).toContain(500); // the price difference, on its own line
    // The same key: the same answer, nothing more.
    expect((await refund(o, id, key)).statusCode).toBe(200);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
  });

  it('a price difference still due on it is closed with the order: never charged, no longer asked, the order no longer held', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const { id } = await paidThenCancelled(o);
    const [first] = await orderIdsOf(id);
    const [op] = rawRows<{ id: string }>(
      await ctx.db.execute(sql`select id from users where email = 'operator@example.com'`),
    );
    const pd = await raisePriceDifference(ctx.db, first!, { amountMinor: 700, reason: 'Supplier price rose' }, op!.id);
    const get = async (url: string, lang = 'en-US') =>
      (
        await ctx.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${o.token}`, 'accept-language': lang },
        })
      ).json().data;
    expect((await get('/api/p/price-differences?state=due')).records.map((d: { id: string }) => d.id)).toEqual([pd.id]);

    const res = await refund(o, id);
    expect(res.statusCode, res.body).toBe(200);
    // Nothing was taken for it, so nothing to give back: the wallet is whole, the ledger balanced.
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    expect(await ledgerTotal(ctx.db)).toBe(0);
    // The user's page: no longer to pay, listed as cancelled with the order.
    expect((await get('/api/p/price-differences?state=due')).records).toEqual([]);
    const cancelled = (await get('/api/p/price-differences?state=cancelled')).records;
    expect(cancelled).toEqual([
      expect.objectContaining({ id: pd.id, state: 'order-cancelled', amount: 7, paidAt: null, cancelReason: null }),
    ]);
    expect(cancelled[0].cancelledAt).not.toBeNull();
    // Paying it now is refused with its state in the user's language, and charges nothing.
    const payAttempt = await post(o, `/api/p/price-differences/${pd.id}/pay`, {}, undefined, 'fr-FR');
    expect(payAttempt.statusCode).toBe(409);
    expect(payAttempt.json().msg).toContain('annulé avec la commande');
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    // The marketplace order is no longer held by it, and its timeline says why.
    const [order] = rawRows<{ due: number | null }>(
      await ctx.db.execute(sql`select price_difference_due_minor as due from orders where id = ${first!}`),
    );
    expect(order!.due).toBeNull();
    const events = rawRows<{ event: string; actor_type: string }>(
      await ctx.db.execute(sql`select event, actor_type from order_events where order_id = ${first!} order by id`),
    );
    expect(events.slice(-2).map((e) => e.event)).toEqual(['cancel-refund', 'cancel-price-difference']);
    expect(events.at(-1)!.actor_type).toBe('system');
  });

  it('refused while an after-sales request is open on one of its orders (approving it later would pay twice)', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const { id } = await paidThenCancelled(o);
    const [first] = await orderIdsOf(id);
    await inTransaction(ctx.db, (uow) =>
      createRequest(uow, o.userId, {
        orderId: first!,
        kind: 'refund',
        reason: 'Late',
        amount: 1,
        images: [],
        lines: [],
      }),
    );
    const before = (await balancesOf(ctx.db, o.userId)).available;
    const res = await refund(o, id, undefined, 'tr-TR');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('satış sonrası');
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(before);
  });

  it('two submits at once with their own keys: one refund', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const { id } = await paidThenCancelled(o);
    const [x, y] = await Promise.all([refund(o, id), refund(o, id)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(100_000);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('refused once the operator began purchasing; racing the purchase, exactly one of them wins', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const operator = { type: 'operator', id: null } as const;

    const bought = await paidThenCancelled(o);
    const [first] = await orderIdsOf(bought.id);
    await transition(ctx.db, first!, 'purchase', operator);
    const before = (await balancesOf(ctx.db, o.userId)).available;
    const res = await refund(o, bought.id, undefined, 'fr-FR');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain("l'achat a commencé");
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(before);
    expect((await rowOf(o, bought.id, 'paid'))!).toMatchObject({ abnormalReason: 'cancelled-after-payment' });

    const raced = await paidThenCancelled(o);
    const [target] = await orderIdsOf(raced.id);
    const mid = (await balancesOf(ctx.db, o.userId)).available;
    const [r, p] = await Promise.allSettled([refund(o, raced.id), transition(ctx.db, target!, 'purchase', operator)]);
    const refunded = r.status === 'fulfilled' && r.value.statusCode === 200;
    const purchased = p.status === 'fulfilled';
    expect(refunded !== purchased).toBe(true);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(refunded ? mid + raced.paidMinor : mid);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('only a paid order the store gave up; another user’s is not found', async () => {
    const o = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const { id } = await paidThenCancelled(o);
    expect((await refund(other, id)).statusCode).toBe(404);
    const store = (await storeProduct(ctx.db, o.userId, { title: 'Mug', variants: [{ title: 'One' }] })).storeId;
    const unpaid = (await storeOrder(ctx.db, { id: store, userId: o.userId })).id;
    const res = await refund(o, unpaid);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'store-order-not-refundable' });
  });
});
