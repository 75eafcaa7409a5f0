import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { createTestCategories, createTestProduct, newUser, topUp } from '../../../test/factories';
import { unreconciledItems } from './inventory.ledger';

/**
 * Buying into inventory end to end over the API (issue 24): confirm with bulk tiers and the
 * handling fee, submit, pay from the wallet, cancel with the money back, the operator purchases
 * and receives part, adjusts with a reason; the page, the log, paging, the download, and 404s for
 * another user's rows. After every step the numbers are the sums of the log.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let prodId: number;
let skuId: number;
let key = 0;

const headers = (token: string, lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': `inv-${++key}-${Date.now()}`,
});
const call = (method: 'GET' | 'POST' | 'PUT', token: string, url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: headers(token) });

async function owner() {
  const u = await newUser(ctx.db);
  const token = await sessionFor(ctx.db, u.email);
  const res = await call('POST', token, '/api/p/address', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country: 'FR',
    company: 'AL Ltd',
    companyID: 'C-1',
    vatnumber: 'V-1',
    province: 'P',
    city: 'City',
    street: 'Street',
    houseNo: '1',
    address: 'Flat 2',
    phoneNumber: '+33 1 00 00 00 00',
    emails: 'ada@example.com',
    postCode: '75001',
    kind: 'billing',
    isDefault: true,
  });
  expect(res.json(), res.body).toMatchObject({ code: '00000' });
  return { ...u, token };
}

/** Confirm + submit + pay from the wallet (topped up first): the order's id and total. */
async function buy(who: { userId: string; token: string }, count: number) {
  const confirmed = await call('POST', who.token, '/api/p/private-inventory-order/basket/confirm', {
    lines: [{ prodId, skuId, count }],
  });
  expect(confirmed.json(), confirmed.body).toMatchObject({ code: '00000' });
  const { confirmToken, total } = confirmed.json().data;
  const submitted = await call('POST', who.token, '/api/p/private-inventory-order/submit', { confirmToken });
  expect(submitted.json(), submitted.body).toMatchObject({ code: '00000' });
  const order = submitted.json().data;
  expect(order.state).toBe('awaiting-payment');
  await topUp(ctx.db, who.userId, Math.round(total * 100));
  const paid = await call('POST', who.token, '/api/p/order/pay', { orderIds: [order.id], method: 'wallet' });
  expect(paid.json().data?.outcome, paid.body).toBe('success');
  return { id: order.id as string, total: total as number };
}

async function items(token: string, query = '') {
  return (await call('GET', token, `/api/p/privateInventory/page${query}`)).json().data;
}

async function wallet(token: string) {
  return (await call('GET', token, '/api/p/wallet')).json().data;
}

beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  const { childId } = await createTestCategories(ctx.db, 'Inventory');
  const product = await createTestProduct(
    ctx.db,
    childId,
    { 'en-US': { title: 'Bulk mug', brief: '', description: '' } },
    { price: 10, skus: [{ skuCode: '=MUG-1', stocks: 1000 }] },
  );
  prodId = product.prodId;
  skuId = product.skus[0]!.skuId;
  expect(
    (
      await call('PUT', operator, `/api/admin/catalogue/products/${prodId}/price-tiers`, {
        tiers: [{ minQuantity: 50, unitPrice: 8 }],
      })
    ).statusCode,
  ).toBe(200);
  expect((await call('PUT', operator, '/api/admin/inventory/settings', { handlingFeePerUnit: 0.25 })).statusCode).toBe(
    200,
  );
});
afterAll(async () => {
  await ctx?.app.close();
});

describe('confirm prices as the bulk page does, with the handling fee instead of shipping', () => {
  it('reaches the tier at its MOQ and charges the fee per unit', async () => {
    const a = await owner();
    const below = await call('POST', a.token, '/api/p/private-inventory-order/basket/confirm', {
      lines: [{ prodId, skuId, count: 49 }],
    });
    expect(below.json().data).toMatchObject({ goods: 490, handlingFee: 12.25, total: 502.25 });
    expect(below.json().data.lines[0]).toMatchObject({ unitPrice: 10, tier: null, moq: 50, warehouse: 'CN' });
    const at = await call('POST', a.token, '/api/p/private-inventory-order/basket/confirm', {
      lines: [{ prodId, skuId, count: 50 }],
    });
    expect(at.json().data).toMatchObject({ goods: 400, handlingFeePerUnit: 0.25, handlingFee: 12.5, total: 412.5 });
    expect(at.json().data.lines[0]).toMatchObject({ unitPrice: 8, basePrice: 10, tier: { minQuantity: 50 } });
  });

  it('refuses a warehouse that does not stock the SKU and an unknown SKU, in the envelope', async () => {
    const a = await owner();
    const wrong = await call('POST', a.token, '/api/p/private-inventory-order/basket/confirm', {
      lines: [{ prodId, skuId, count: 5, warehouse: 'US' }],
    });
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.json().data.reason).toBe('warehouse-not-stocking');
    const unknown = await call('POST', a.token, '/api/p/private-inventory-order/basket/confirm', {
      lines: [{ prodId, skuId: 999_999, count: 5 }],
    });
    expect(unknown.json().code).toBe('A00002');
  });
});

describe('an inventory order from payment to stock', () => {
  it('is to be purchased once paid, its pieces unreceived; the operator purchases and receives part', async () => {
    const a = await owner();
    const order = await buy(a, 20);
    const [row] = (await items(a.token)).records;
    expect(row).toMatchObject({ skuCode: '=MUG-1', total: 0, frozen: 0, available: 0, unreceived: 20, lowStock: true });
    const listed = (await call('GET', a.token, '/api/p/private-inventory-order/page')).json().data;
    expect(listed.records[0]).toMatchObject({ id: order.id, state: 'to-be-purchased', cancellable: true });

    const purchased = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/purchase`);
    expect(purchased.json().data.state).toBe('ready-to-stock');
    const late = await call('PUT', a.token, `/api/p/private-inventory-order/cancel/${order.id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain('can no longer be cancelled');

    const part = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 12 }],
    });
    expect(part.json().data).toMatchObject({ state: 'in-stock', lines: [{ quantity: 20, received: 12 }] });
    const tooMany = await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 9 }],
    });
    expect(tooMany.json().code).toBe('A00002');
    expect(JSON.stringify(tooMany.json())).toContain('only 8 pieces left');
    expect((await items(a.token)).records[0]).toMatchObject({ total: 12, available: 12, unreceived: 8, frozen: 0 });

    await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 8 }],
    });
    const item = (await items(a.token)).records[0];
    expect(item).toMatchObject({ total: 20, available: 20, unreceived: 0, lowStock: false });
    const log = (await call('GET', a.token, `/api/p/privateInventory/inventory/logs?id=${item.id}`)).json().data;
    expect(log.records.map((l: { reason: string }) => l.reason)).toEqual(['received', 'received', 'ordered']);
    expect(log.records[0]).toMatchObject({ available: 20, unreceived: 0, availableDelta: 8 });
    expect(await unreconciledItems(ctx.db, a.userId)).toEqual([]);
  });

  it('cancelled before purchase gives the whole amount back to the wallet, fee-free, and the unreceived pieces out', async () => {
    const a = await owner();
    const order = await buy(a, 60);
    expect((await wallet(a.token)).balance).toBe(0);
    const cancelled = await call('PUT', a.token, `/api/p/private-inventory-order/cancel/${order.id}`);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', cancellable: false });
    expect((await wallet(a.token)).balance).toBe(order.total);
    expect((await items(a.token)).records[0]).toMatchObject({ unreceived: 0, available: 0 });
    const again = await call('PUT', a.token, `/api/p/private-inventory-order/cancel/${order.id}`);
    expect(again.statusCode).toBe(409);
    expect((await wallet(a.token)).balance).toBe(order.total);
    expect(await unreconciledItems(ctx.db, a.userId)).toEqual([]);
  });

  it("answers 404 for another user's order and inventory", async () => {
    const a = await owner();
    const b = await owner();
    const order = await buy(a, 3);
    const [item] = (await items(a.token)).records;
    expect((await call('PUT', b.token, `/api/p/private-inventory-order/cancel/${order.id}`)).statusCode).toBe(404);
    expect((await call('GET', b.token, `/api/p/privateInventory/inventory/logs?id=${item.id}`)).statusCode).toBe(404);
    expect((await items(b.token)).total).toBe(0);
    expect((await call('GET', b.token, '/api/p/private-inventory-order/page')).json().data.total).toBe(0);
  });
});

describe('the operator adjusts with a reason; the owner pages, filters and downloads', () => {
  it('refuses an adjustment below zero or without a reason, and logs one with its words', async () => {
    const a = await owner();
    const order = await buy(a, 5);
    await call('POST', operator, `/api/admin/inventory/orders/${order.id}/purchase`);
    await call('POST', operator, `/api/admin/inventory/orders/${order.id}/receive`, {
      lines: [{ skuId, quantity: 5 }],
    });
    const [item] = (await items(a.token)).records;
    const path = `/api/admin/inventory/stock/${item.id}/adjustments`;
    expect((await call('POST', operator, path, { delta: -6, reason: 'count' })).statusCode).toBe(409);
    expect((await call('POST', operator, path, { delta: -1, reason: ' ' })).json().code).toBe('A00002');
    expect((await call('POST', operator, path, { delta: -2, reason: 'two broken in the count' })).statusCode).toBe(200);
    const log = (await call('GET', a.token, `/api/p/privateInventory/inventory/logs?id=${item.id}&size=1`)).json().data;
    expect(log).toMatchObject({ total: 3, pages: 3, current: 1, size: 1 });
    expect(log.records[0]).toMatchObject({ reason: 'adjusted', note: 'two broken in the count', available: 3 });
    expect(await unreconciledItems(ctx.db, a.userId)).toEqual([]);
  });

  it('pages, searches and filters the inventory and downloads it as .xlsx with formulas escaped', async () => {
    const a = await owner();
    await buy(a, 2);
    const page = await items(a.token, '?size=1&current=1&warehouse=CN&keyword=mug');
    expect(page).toMatchObject({ total: 1, size: 1, current: 1, pages: 1 });
    expect((await items(a.token, '?warehouse=US')).total).toBe(0);
    expect((await items(a.token, '?keyword=nothing-like-it')).total).toBe(0);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/p/privateInventory/download',
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]).toEqual(['SKU', '商品名称', '仓库', '总数', '冻结', '可用', '未入库', '库存不足']);
    expect(rows[1]!.slice(0, 1)).toEqual(["'=MUG-1"]);
    expect(rows[1]!.slice(3, 7)).toEqual([0, 0, 0, 2]);
  });
});

describe('inventory orders stay on their own pages (decision 0129)', () => {
  it('are left out of the general order lists, their tab counts and the operator’s general list', async () => {
    const a = await owner();
    const order = await buy(a, 5);
    // Its own page lists it; the detail stays readable by id.
    const own = (await call('GET', a.token, '/api/p/private-inventory-order/page')).json().data;
    expect(own.records.map((r: { id: string }) => r.id)).toContain(order.id);
    expect((await call('GET', a.token, `/api/p/orders/${order.id}`)).statusCode).toBe(200);
    for (const tab of ['all', 'pending']) {
      const listed = (await call('GET', a.token, `/api/p/orders?tab=${tab}&current=1&size=50`)).json().data;
      expect(listed.records.map((r: { id: string }) => r.id)).not.toContain(order.id);
      expect(listed.total).toBe(0);
    }
    const counts = (await call('GET', a.token, '/api/p/orders/counts')).json().data;
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    for (const state of ['all', 'pending']) {
      const admin = (await call('GET', operator, `/api/admin/orders?state=${state}&current=1&size=100`)).json().data;
      expect(admin.records.map((r: { id: string }) => r.id)).not.toContain(order.id);
    }
  });
});
