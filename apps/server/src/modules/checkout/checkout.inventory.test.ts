import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, heldUnits, ledgerTotal, post, product, rows, stockOf, submit, topUp } from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { unreconciledItems } from '../inventory/inventory.service';
import { SYSTEM, transition } from '../orders/orders.service';

// Catalogue orders ship from the owner's private inventory (issue 24, decision 0139), over HTTP as
// the pages do, on PGlite or PostgreSQL (TEST_DATABASE_URL): confirm prices the held line at 0,
// submit reserves its units, ship takes them out, trash and expiry give them back.
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

type Buyer = Awaited<ReturnType<typeof buyer>>;
type Line = { prodId: number; skuId: number };

const get = (b: Buyer, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${b.token}`, 'accept-language': 'en-US' } });
const buyNow = async (b: Buyer, line: Line, count: number) => {
  const res = await post(ctx, b.token, '/api/p/order/prod/confirm', { ...line, count });
  expect(res.json().code, res.body).toBe('00000');
  return res.json().data;
};
const place = (b: Buyer, confirmToken: string) =>
  submit(ctx, b.token, { confirmToken }, { 'idempotency-key': crypto.randomUUID() });
const pay = (b: Buyer, orderIds: string[]) =>
  post(ctx, b.token, '/api/p/order/pay', { orderIds, method: 'wallet' }, { 'idempotency-key': crypto.randomUUID() });

/** A lamp of the CN warehouse and `units` of it in the buyer's inventory there. */
async function heldLamp(b: Buyer, code: string, units: number) {
  const lamp = await product(ctx, code, 50);
  const itemId = await heldUnits(ctx.db, b.userId, { ...lamp, skuCode: code, warehouse: 'CN' }, units);
  return { lamp, itemId };
}

/** The item as the owner's inventory page shows it. */
async function shown(b: Buyer, itemId: string) {
  const res = await get(b, '/api/p/privateInventory/page?current=1&size=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records.find((r: { id: string }) => r.id === itemId);
}

describe('catalogue orders ship from the private inventory', () => {
  it('buy-now of held units: goods at 0 on the confirm, the order and the invoice; reserved at submit, shipped out', async () => {
    const b = await buyer(ctx);
    await topUp(ctx.db, b.userId, 100_000);
    const { lamp, itemId } = await heldLamp(b, 'INV-LAMP-1', 10);
    const stockBefore = await stockOf(ctx, lamp);

    const quote = await buyNow(b, lamp, 3);
    expect(quote.lines[0]).toMatchObject({ count: 3, unitPrice: 0, lineTotal: 0, fromInventory: true });
    // Shipping, the service fee on it and tax only: the goods were paid when bought into the inventory.
    expect(quote.goodsTotal).toBe(0);
    expect(quote.shipments[0].goodsTotal).toBe(0);
    expect(quote.total).toBeGreaterThan(0);
    expect(quote.total).toBeCloseTo(quote.shipping + quote.serviceFee + quote.tax, 2);

    const placed = await place(b, quote.confirmToken);
    expect(placed.json().code, placed.body).toBe('00000');
    const orderId = placed.json().data.orders[0].id as string;
    expect(placed.json().data.total).toBe(quote.total);
    // Reserved with the unpaid order, as its catalogue stock would be; the supplier's is untouched.
    expect(await shown(b, itemId)).toMatchObject({ available: 7, frozen: 3, total: 10 });
    expect(await stockOf(ctx, lamp)).toEqual(stockBefore);

    const paid = await pay(b, [orderId]);
    expect(paid.json().data?.outcome, paid.body).toBe('success');
    const detail = (await get(b, `/api/p/orders/${orderId}`)).json().data;
    expect(detail.lines[0]).toMatchObject({ unitPrice: 0, quantity: 3, fromInventory: true });
    const log = (await get(b, `/api/p/privateInventory/inventory/logs?id=${itemId}&current=1&size=10`)).json().data;
    expect(log.records[0]).toMatchObject({ reason: 'reserved', reference: detail.number, availableDelta: -3 });
    const invoices = (await get(b, `/api/p/invoices?current=1&size=10&reference=${orderId}`)).json().data;
    const invoice = (await get(b, `/api/p/invoices/${invoices.records[0].id}`)).json().data;
    expect(invoice.lines[0]).toMatchObject({ unitPrice: 0, amount: 0, fromInventory: true });
    expect(invoice.productCost).toBe(0);
    const pdf = await get(b, `/api/p/invoices/${invoices.records[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);

    await transition(ctx.db, orderId, 'purchase', SYSTEM);
    await transition(ctx.db, orderId, 'ship', SYSTEM, { carrier: 'YunExpress', trackingNumber: 'YT139' });
    expect(await shown(b, itemId)).toMatchObject({ available: 7, frozen: 0, total: 7 });
    expect(await unreconciledItems(ctx.db, b.userId)).toEqual([]);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('not split; trashed or expired unpaid, the units come back; restored, they are reserved again', async () => {
    const b = await buyer(ctx);
    const { lamp, itemId } = await heldLamp(b, 'INV-LAMP-2', 4);
    const first = await place(b, (await buyNow(b, lamp, 4)).confirmToken);
    const orderId = first.json().data.orders[0].id as string;
    expect(await shown(b, itemId)).toMatchObject({ available: 0, frozen: 4 });
    // Its units are reserved under its own reference: it is not split into orders that would not move them.
    const split = await post(ctx, b.token, `/api/p/orders/${orderId}/split`, { mode: 'by-sku' });
    expect(split.statusCode, split.body).toBe(409);
    expect(split.json().msg).toContain('cannot be split');

    const trashed = await post(ctx, b.token, `/api/p/orders/${orderId}/trash`, {});
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(await shown(b, itemId)).toMatchObject({ available: 4, frozen: 0 });
    const restored = await post(ctx, b.token, '/api/p/orders/restore', { ids: [orderId] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await shown(b, itemId)).toMatchObject({ available: 0, frozen: 4 });

    await transition(ctx.db, orderId, 'expire', SYSTEM);
    expect(await shown(b, itemId)).toMatchObject({ available: 4, frozen: 0 });
    const log = (await get(b, `/api/p/privateInventory/inventory/logs?id=${itemId}&current=1&size=10`)).json().data;
    expect(log.records.map((r: { reason: string }) => r.reason).slice(0, 4)).toEqual([
      'released',
      'reserved',
      'released',
      'reserved',
    ]);
    expect(await unreconciledItems(ctx.db, b.userId)).toEqual([]);
  });

  it('switched off, or not all units held: the goods are bought at their price', async () => {
    const b = await buyer(ctx);
    const { lamp, itemId } = await heldLamp(b, 'INV-LAMP-3', 2);
    expect((await buyNow(b, lamp, 3)).lines[0]).toMatchObject({ unitPrice: 19.99 });
    expect((await buyNow(b, lamp, 3)).lines[0].fromInventory).toBeUndefined();

    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/api/p/privateInventory/ship-first/${itemId}`,
      payload: { shipFirst: false },
      headers: { authorization: `Bearer ${b.token}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(off.statusCode, off.body).toBe(200);
    const quote = await buyNow(b, lamp, 2);
    expect(quote.lines[0]).toMatchObject({ unitPrice: 19.99, lineTotal: 39.98 });
    expect(quote.goodsTotal).toBe(39.98);
    const placed = await place(b, quote.confirmToken);
    expect(placed.json().code, placed.body).toBe('00000');
    expect(await shown(b, itemId)).toMatchObject({ available: 2, frozen: 0 });
  });

  it('a held SKU the supplier has sold out of can still be ordered from the inventory', async () => {
    const b = await buyer(ctx);
    const lamp = await product(ctx, 'INV-LAMP-4', 0);
    const itemId = await heldUnits(ctx.db, b.userId, { ...lamp, skuCode: 'INV-LAMP-4', warehouse: 'CN' }, 2);
    const quote = await buyNow(b, lamp, 2);
    expect(quote.lines[0]).toMatchObject({ fromInventory: true, unitPrice: 0 });
    expect((await place(b, quote.confirmToken)).json().code).toBe('00000');
    expect(await shown(b, itemId)).toMatchObject({ available: 0, frozen: 2 });
    // One more than held: the supplier's sold-out answer.
    const more = await post(ctx, b.token, '/api/p/order/prod/confirm', { ...lamp, count: 1 });
    expect(more.json().data.reason, more.body).toBe('out-of-stock');
  });

  it('20 orders submitted at once for 5 held units: 5 reserved, 15 told the price changed, nothing else written', async () => {
    const b = await buyer(ctx);
    const { lamp, itemId } = await heldLamp(b, 'INV-LAMP-5', 5);
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push(await buyNow(b, lamp, 1));
    for (const q of quotes) expect(q.lines[0].fromInventory).toBe(true);
    const answers = await Promise.all(quotes.map((q) => place(b, q.confirmToken)));
    const placed = answers.filter((r) => r.json().code === '00000');
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.json().data.reason, r.body).toBe('quote-changed');
      expect(r.json().msg).toContain('priced again');
    }
    expect(await shown(b, itemId)).toMatchObject({ available: 0, frozen: 5, total: 5 });
    const [sums] = await rows(
      ctx,
      sql`select sum(available_delta)::int as a, sum(frozen_delta)::int as f,
        count(*) filter (where reason = 'reserved')::int as reserved
        from inventory_log where item_id = ${itemId}`,
    );
    expect(sums).toEqual({ a: 0, f: 5, reserved: 5 });
    const [orders] = await rows(ctx, sql`select count(*)::int as n from orders where user_id = ${b.userId}`);
    expect(orders!.n).toBe(5);
    // Priced again, the next one buys its unit.
    expect((await buyNow(b, lamp, 1)).lines[0]).toMatchObject({ unitPrice: 19.99 });
    expect(await unreconciledItems(ctx.db, b.userId)).toEqual([]);
  }, 120_000);
});
