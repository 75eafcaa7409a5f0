import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness';
import { auth, logIn } from '../../../../test/factories';

/**
 * The demo's first journeys never dead-end (issue 20): logged in as the seeded demo store owner,
 * every product of the goods list's first page (default sort) and of the home page's "new" and
 * "trending" shelves can be confirmed as it stands, with a shipping method to the default
 * consignee's country, stock, and a wallet that pays it. A seed change that breaks this fails here.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

interface ListItem {
  prodId: number;
  prodName: string;
  warehouse: string;
}
interface Detail {
  skuList: Array<{ skuId: number; stocks: number }>;
}

const get = async <T>(url: string): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: auth(token) });
  expect(res.json().code, url).toBe('00000');
  return res.json().data as T;
};
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { ...auth(token), ...headers } });

/** The products the demo user meets first: the goods list's first page and the home shelves. */
async function firstProducts(): Promise<Map<number, { name: string; where: string }>> {
  // The web's goods list asks 20 per page; the home shelves show 10 (SHELF_SIZE).
  const page = await get<{ records: ListItem[] }>('/api/prod/search?current=1&size=20');
  const tags = await get<Array<{ tagId: number; code: string }>>('/api/prod/tag/prodTagList');
  const found = new Map<number, { name: string; where: string }>();
  for (const p of page.records) found.set(p.prodId, { name: p.prodName, where: 'goods list' });
  for (const code of ['new', 'trending']) {
    const tag = tags.find((t) => t.code === code);
    expect(tag, `the demo has a "${code}" tag`).toBeDefined();
    const shelf = await get<{ records: ListItem[] }>(`/api/prod/prodListByTagId?tagId=${tag!.tagId}&current=1&size=10`);
    expect(shelf.records.length, `the "${code}" shelf is not empty`).toBeGreaterThan(0);
    for (const p of shelf.records) if (!found.has(p.prodId)) found.set(p.prodId, { name: p.prodName, where: code });
  }
  expect(page.records).toHaveLength(20);
  return found;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await logIn(ctx, ctx.config.demoUser.email, ctx.config.demoUser.password);
  expect(res.json().code).toBe('00000');
  token = res.json().data.accessToken;
});
afterAll(() => ctx.app.close());

describe('the demo store owner can buy what the shop shows first', () => {
  it('confirms every product of the first goods-list page and the new and trending shelves, with shipping, stock and the money for it', async () => {
    const products = await firstProducts();
    const wallet = await get<{ balance: number; bonus: number }>('/api/p/wallet');
    const spendable = wallet.balance + wallet.bonus;
    const stuck: string[] = [];
    for (const [prodId, { name, where }] of products) {
      const detail = await get<Detail>(`/api/prod/prodInfo?prodId=${prodId}`);
      // The SKU the product page preselects: the first one in stock.
      const sku = detail.skuList.find((s) => s.stocks > 0);
      if (!sku) {
        stuck.push(`${where}: ${name} (#${prodId}) has no SKU in stock`);
        continue;
      }
      const res = await post('/api/p/order/prod/confirm', { prodId, skuId: sku.skuId, count: 1 });
      const body = res.json();
      const line = body.data?.lines?.[0];
      const shipment = body.data?.shipments?.[0];
      const label = `${where}: ${name} (#${prodId})`;
      if (body.code !== '00000') stuck.push(`${label}: ${body.msg}`);
      else if (line?.cannotShip) stuck.push(`${label}: ${line.cannotShip.reason}`);
      else if (!shipment || shipment.shippingOptions.length === 0) stuck.push(`${label}: no shipping option`);
      else if (body.data.total > spendable) stuck.push(`${label}: ${body.data.total} > wallet ${spendable}`);
    }
    expect(stuck).toEqual([]);
    // Goods list and both shelves: well over 20 distinct products were tried.
    expect(products.size).toBeGreaterThan(20);
  });

  it('buys and pays the first product of the goods list from the wallet as seeded', async () => {
    const [first] = (await get<{ records: ListItem[] }>('/api/prod/search?current=1&size=20')).records;
    const detail = await get<Detail>(`/api/prod/prodInfo?prodId=${first!.prodId}`);
    const sku = detail.skuList.find((s) => s.stocks > 0)!;
    const confirmed = await post('/api/p/order/prod/confirm', { prodId: first!.prodId, skuId: sku.skuId, count: 1 });
    expect(confirmed.json().code).toBe('00000');
    const submitted = await post(
      '/api/p/order/submit',
      { confirmToken: confirmed.json().data.confirmToken },
      { 'idempotency-key': 'demo-journey-submit' },
    );
    expect(submitted.json().code).toBe('00000');
    const orderIds = submitted.json().data.orders.map((o: { id: string }) => o.id);
    const paid = await post(
      '/api/p/order/pay',
      { orderIds, method: 'wallet' },
      { 'idempotency-key': 'demo-journey-pay' },
    );
    expect(paid.json().code).toBe('00000');
    expect(paid.json().data.outcome).toBe('success');
  });
});
