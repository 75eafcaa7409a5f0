import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ShippingWorld,
  balancesOf,
  heldUnits,
  ledgerTotal,
  shippingWorld,
  signedInUser,
  storeOrder,
  storeProduct,
  topUp,
} from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { rawRows } from '../../db/rows';
import { unreconciledItems } from '../inventory/inventory.service';
import { SYSTEM, transition } from '../orders/orders.service';
import { ingestStoreOrder } from './store-orders.service';

// Store orders ship from the owner's private inventory first (issue 24, decision 0129), over HTTP
// as the pages do, on PGlite or PostgreSQL (TEST_DATABASE_URL). The shipping world is the
// preferred-shipping tests': to JP, product a ships from PSA (PSA_SEA 3.00), b from PSB.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let world: ShippingWorld;
beforeAll(async () => {
  ctx = await createTestApp();
  world = await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;

const headers = (token: string, key: string | null = crypto.randomUUID()) => ({
  authorization: `Bearer ${token}`,
  'accept-language': 'en-US',
  ...(key ? { 'idempotency-key': key } : {}),
});
const api = (o: Owner, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: headers(o.token, method === 'GET' ? null : undefined) });
const confirm = (o: Owner, ids: string[]) => api(o, 'POST', '/api/p/store-orders/pay/confirm', { ids });
const pay = (o: Owner, confirmToken: string) =>
  api(o, 'POST', '/api/p/store-orders/pay', { confirmToken, method: 'wallet' });

/** A store of the owner's whose variant is connected to product a; `order(n)` is a store order to JP for n of it. */
async function connectedShop(o: Owner) {
  const shop = await storeProduct(ctx.db, o.userId, { title: 'Linen dress', variants: [{ title: 'Red' }] });
  const [product] = rawRows<{ external_id: string }>(
    await ctx.db.execute(sql`select external_id from store_products where id = ${shop.productId}`),
  );
  const variantId = shop.variantIds[0]!;
  await ctx.db.execute(sql`insert into variant_connections (variant_id, store_product_id, user_id, sku_id)
    values (${variantId}, ${shop.productId}, ${o.userId}, ${world.products.a.skuId})`);
  const [v] = rawRows<{ external_id: string }>(
    await ctx.db.execute(sql`select external_id from store_variants where id = ${variantId}`),
  );
  const store = { id: shop.storeId, userId: o.userId, platform: 'woocommerce' as const };
  const make = async (n: number) =>
    storeOrder(ctx.db, store, {
      total: { amount: 5000, currency: 'EUR' },
      shippingAddress: {
        name: 'Aiko Tanaka',
        company: '',
        line1: '1-2-3 Shibuya',
        line2: 'Apt 4',
        city: 'Tokyo',
        province: 'Tokyo',
        postcode: '150-0002',
        countryCode: 'JP',
        phone: '+81 3 1234',
      },
      lines: [
        {
          externalId: 'l0',
          productExternalId: product!.external_id,
          variantExternalId: v!.external_id,
          sku: 'RED',
          title: 'Linen dress - RED',
          quantity: n,
          unitPrice: { amount: 1500, currency: 'EUR' },
        },
      ],
    });
  const order = async (n: number) => (await make(n)).id;
  return Object.assign(order, { make, store });
}

/** `units` of product a in the owner's inventory at PSA, received (the log says so). */
const held = (o: Owner, units: number) =>
  heldUnits(
    ctx.db,
    o.userId,
    { prodId: world.products.a.prodId, skuId: world.products.a.skuId, skuCode: 'PS-A', warehouse: 'PSA' },
    units,
  );

/** The item as the owner's inventory page shows it. */
async function shown(o: Owner, itemId: string) {
  const res = await api(o, 'GET', '/api/p/privateInventory/page?current=1&size=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records.find((r: { id: string }) => r.id === itemId);
}

const catalogueStock = async () =>
  Number(
    rawRows<{ stock: number }>(
      await ctx.db.execute(sql`select stock from skus where id = ${world.products.a.skuId}`),
    )[0]!.stock,
  );

describe('store orders ship from the private inventory first', () => {
  it('quotes the held units at 0, reserves them with the payment, says so on the invoice, ships them out', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const order = await connectedShop(o);
    const itemId = await held(o, 20);
    const id = await order(2);

    const quote = (await confirm(o, [id])).json().data;
    const [shipment] = quote.orders[0].shipments;
    expect(shipment.lines[0]).toMatchObject({ count: 2, unitPrice: 0, lineTotal: 0, fromInventory: true });
    // Shipping and the service fee only: the goods were paid when bought into the inventory.
    expect(shipment).toMatchObject({ warehouse: 'PSA', goods: 0, shipping: 3 });
    expect(quote.goods).toBe(0);

    const stockBefore = await catalogueStock();
    const res = await pay(o, quote.confirmToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({ outcome: 'success', amount: quote.total });
    const orderId = res.json().data.storeOrders[0].orderIds[0] as string;
    expect(await shown(o, itemId)).toMatchObject({ available: 18, frozen: 2, total: 20 });
    // The supplier's stock is not touched: the units come from the owner's shelf.
    expect(await catalogueStock()).toBe(stockBefore);

    const detail = (await api(o, 'GET', `/api/p/orders/${orderId}`)).json().data;
    expect(detail.lines[0]).toMatchObject({ unitPrice: 0, quantity: 2, fromInventory: true });
    const log = (await api(o, 'GET', `/api/p/privateInventory/inventory/logs?id=${itemId}&current=1&size=10`)).json()
      .data;
    expect(log.records[0]).toMatchObject({
      reason: 'reserved',
      reference: detail.number,
      availableDelta: -2,
      frozenDelta: 2,
      available: 18,
      frozen: 2,
    });
    const invoices = (await api(o, 'GET', `/api/p/invoices?current=1&size=10&reference=${orderId}`)).json().data;
    const invoice = (await api(o, 'GET', `/api/p/invoices/${invoices.records[0].id}`)).json().data;
    expect(invoice.lines[0]).toMatchObject({ unitPrice: 0, amount: 0, fromInventory: true });
    expect(invoice.productCost).toBe(0);

    // The operator purchases and ships it: the frozen units leave, once.
    await transition(ctx.db, orderId, 'purchase', SYSTEM);
    await transition(ctx.db, orderId, 'ship', SYSTEM, { carrier: 'YunExpress', trackingNumber: 'YT123' });
    expect(await shown(o, itemId)).toMatchObject({ available: 18, frozen: 0, total: 18 });
    expect(await unreconciledItems(ctx.db, o.userId)).toEqual([]);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('a held payment trashed gives the units back; restored, it takes them again', async () => {
    const o = await signedInUser(ctx.db);
    const order = await connectedShop(o);
    const itemId = await held(o, 5);
    const id = await order(3);
    const quote = (await confirm(o, [id])).json().data;
    const res = await pay(o, quote.confirmToken);
    expect(res.json().data.payment.outcome, res.body).toBe('insufficient-balance');
    const orderId = res.json().data.storeOrders[0].orderIds[0] as string;
    expect(await shown(o, itemId)).toMatchObject({ available: 2, frozen: 3 });

    expect((await api(o, 'POST', `/api/p/orders/${orderId}/trash`)).statusCode).toBe(200);
    expect(await shown(o, itemId)).toMatchObject({ available: 5, frozen: 0 });
    const restored = await api(o, 'POST', '/api/p/orders/restore', { ids: [orderId] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await shown(o, itemId)).toMatchObject({ available: 2, frozen: 3 });
    expect(await unreconciledItems(ctx.db, o.userId)).toEqual([]);
  });

  it('a paid store order cancelled in the store and refunded to the wallet gives its units back', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    const shop = await connectedShop(o);
    const itemId = await held(o, 4);
    const made = await shop.make(3);
    const quote = (await confirm(o, [made.id])).json().data;
    expect((await pay(o, quote.confirmToken)).statusCode).toBe(200);
    expect(await shown(o, itemId)).toMatchObject({ available: 1, frozen: 3 });
    const later = new Date(Date.parse(made.data.updatedAt) + 60_000).toISOString();
    await ingestStoreOrder(ctx.db, shop.store, { ...made.data, status: 'cancelled', updatedAt: later });
    const refunded = await api(o, 'POST', `/api/p/store-orders/${made.id}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await shown(o, itemId)).toMatchObject({ available: 4, frozen: 0 });
    const log = (await api(o, 'GET', `/api/p/privateInventory/inventory/logs?id=${itemId}&current=1&size=10`)).json()
      .data;
    expect(log.records[0]).toMatchObject({ reason: 'released', availableDelta: 3, frozenDelta: -3 });
    expect(await unreconciledItems(ctx.db, o.userId)).toEqual([]);
    expect(await ledgerTotal(ctx.db)).toBe(0);
  });

  it('the owner switches a SKU off: it is bought again; another user cannot switch it', async () => {
    const o = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    const order = await connectedShop(o);
    const itemId = await held(o, 10);
    const id = await order(1);
    expect((await shown(o, itemId)).shipFirst).toBe(true);

    expect(
      (await api(other, 'PUT', `/api/p/privateInventory/ship-first/${itemId}`, { shipFirst: false })).statusCode,
    ).toBe(404);
    const off = await api(o, 'PUT', `/api/p/privateInventory/ship-first/${itemId}`, { shipFirst: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: itemId, shipFirst: false, available: 10 });
    const line = (await confirm(o, [id])).json().data.orders[0].shipments[0].lines[0];
    expect(line).toMatchObject({ fromInventory: false, unitPrice: 10 });

    await api(o, 'PUT', `/api/p/privateInventory/ship-first/${itemId}`, { shipFirst: true });
    expect((await confirm(o, [id])).json().data.orders[0].shipments[0].lines[0]).toMatchObject({
      fromInventory: true,
      unitPrice: 0,
    });
  });

  it('a line the stock cannot cover whole is bought whole', async () => {
    const o = await signedInUser(ctx.db);
    const order = await connectedShop(o);
    await held(o, 2);
    const line = (await confirm(o, [await order(3)])).json().data.orders[0].shipments[0].lines[0];
    expect(line).toMatchObject({ count: 3, fromInventory: false, unitPrice: 10 });
  });

  it('50 store orders paid at once for 10 held units: exactly 10 reserved, the rest told the quote changed', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 1_000_000);
    const order = await connectedShop(o);
    const itemId = await held(o, 10);
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await order(1));
    // Each confirmed alone while 10 are available: every quote promises one unit from the shelf.
    const tokens: string[] = [];
    for (const id of ids) {
      const q = (await confirm(o, [id])).json().data;
      expect(q.orders[0].shipments[0].lines[0].fromInventory).toBe(true);
      tokens.push(q.confirmToken);
    }
    const answers = await Promise.all(tokens.map((t) => pay(o, t)));
    const paid = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(paid).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json().data.reason, r.body).toBe('quote-changed');
    // The refused ones were told the new price: their unit is bought now.
    expect(refused[0]!.json().data.quote.orders[0].shipments[0].lines[0]).toMatchObject({ fromInventory: false });

    const item = await shown(o, itemId);
    expect(item).toMatchObject({ available: 0, frozen: 10, total: 10 });
    const [sums] = rawRows<{ a: number; f: number; reserved: number; negative: number }>(
      await ctx.db.execute(sql`select sum(available_delta)::int as a, sum(frozen_delta)::int as f,
        count(*) filter (where reason = 'reserved')::int as reserved,
        (select count(*)::int from inventory_items where user_id = ${o.userId} and available < 0) as negative
        from inventory_log where item_id = ${itemId}`),
    );
    expect(sums).toEqual({ a: 0, f: 10, reserved: 10, negative: 0 });
    expect(await unreconciledItems(ctx.db, o.userId)).toEqual([]);
    const [orders] = rawRows<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as n from orders where user_id = ${o.userId}`),
    );
    expect(orders!.n).toBe(10);
    expect((await balancesOf(ctx.db, o.userId)).available).toBe(
      1_000_000 - paid.reduce((s, r) => s + Math.round(r.json().data.payment.amount * 100), 0),
    );
    expect(await ledgerTotal(ctx.db)).toBe(0);
    // 50 store orders made, quoted and paid: minutes on a busy machine, not the default 30 s.
  }, 180_000);
});
