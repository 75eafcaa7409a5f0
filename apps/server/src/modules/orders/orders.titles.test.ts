import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import {
  createTestCategories,
  createTestProduct,
  line,
  newUser,
  placeOrder,
  UNKNOWN_PRODUCT_ID,
} from '../../../test/factories';
import { transition } from './orders.states';

/**
 * Order lines are named in the reader's language (issue 20, decision 0111): the catalogue's
 * current name in the request's language when the product still has one, else the name as ordered.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let categoryId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
  categoryId = (await createTestCategories(ctx.db, 'Titles')).childId;
});
afterAll(() => ctx.app.close());

let keys = 0;
const call = (token: string, method: 'GET' | 'POST', url: string, lang: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang, 'idempotency-key': `t-${++keys}` },
  });
const get = (token: string, url: string, lang: string) => call(token, 'GET', url, lang);

/** A chair named in English and Chinese only (no French name). */
async function chair() {
  const p = await createTestProduct(ctx.db, categoryId, {
    'en-US': { title: 'Light folding chair', brief: '', description: '' },
    'zh-CN': { title: '轻便折叠椅', brief: '', description: '' },
  });
  return { prodId: p.prodId, skuId: p.skus[0]!.skuId };
}

/**
 * An order written as checkout writes one for a buyer reading in 中文: the chair's line titled in
 * Chinese, and a line of a product the catalogue never had.
 */
async function orderInChinese(userId: string) {
  const c = await chair();
  const order = await placeOrder(ctx.db, userId, {
    lines: [
      line(c.skuId, 1250, 2, { productId: c.prodId, title: '轻便折叠椅' }),
      line(7, 500, 1, { productId: UNKNOWN_PRODUCT_ID + 7, title: '神秘盒子' }),
    ],
  });
  return { order, chair: c };
}

async function buyer() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}

describe('order lines in the reader’s language', () => {
  it('an order placed in zh-CN is read in English with the English name and the name as ordered beside it', async () => {
    const b = await buyer();
    const { order } = await orderInChinese(b.userId);

    const en = (await get(b.token, `/api/p/orders/${order.id}`, 'en-US')).json().data;
    expect(en.lines.map((l: { title: string; orderedTitle?: string }) => [l.title, l.orderedTitle])).toEqual([
      ['Light folding chair', '轻便折叠椅'],
      // The catalogue has no such product: the name as ordered, and nothing beside it.
      ['神秘盒子', undefined],
    ]);
    expect(en.firstLine).toMatchObject({ title: 'Light folding chair', orderedTitle: '轻便折叠椅' });

    const list = (await get(b.token, '/api/p/orders?tab=all&current=1&size=10', 'en-US')).json().data;
    const row = list.records.find((r: { id: string }) => r.id === order.id);
    expect(row.firstLine).toMatchObject({ title: 'Light folding chair', orderedTitle: '轻便折叠椅' });

    // Read in the language it was ordered in: one name, no second one.
    const zh = (await get(b.token, `/api/p/orders/${order.id}`, 'zh-CN')).json().data;
    expect(zh.lines[0].title).toBe('轻便折叠椅');
    expect(zh.lines[0]).not.toHaveProperty('orderedTitle');
    // The catalogue has no French name: the name as ordered, not the English one.
    const fr = (await get(b.token, `/api/p/orders/${order.id}`, 'fr-FR')).json().data;
    expect(fr.lines[0].title).toBe('轻便折叠椅');
    expect(fr.lines[0]).not.toHaveProperty('orderedTitle');
  });

  it('the operator reads the lines in the console’s language, in the list and the detail', async () => {
    const b = await buyer();
    const { order } = await orderInChinese(b.userId);
    const detail = (await get(operator, `/api/admin/orders/${order.id}`, 'en-US')).json().data;
    expect(detail.lines[0]).toMatchObject({ title: 'Light folding chair', orderedTitle: '轻便折叠椅' });
    const list = (await get(operator, '/api/admin/orders?state=awaiting-payment&current=1&size=100', 'en-US')).json()
      .data;
    const row = list.records.find((r: { id: string }) => r.id === order.id);
    expect(row.firstLine).toMatchObject({ title: 'Light folding chair', orderedTitle: '轻便折叠椅' });
    // A step answers the order as it now is, in the same language.
    await transition(ctx.db, order.id, 'pay', { type: 'system', id: null });
    const purchased = (await call(operator, 'POST', `/api/admin/orders/${order.id}/purchase`, 'en-US')).json().data;
    expect(purchased.state).toBe('purchasing');
    expect(purchased.lines[0].title).toBe('Light folding chair');
  });

  it('a product deleted from the catalogue is shown under the name it was ordered by', async () => {
    const b = await buyer();
    const { order, chair: c } = await orderInChinese(b.userId);
    await ctx.db.execute(sql`delete from products where id = ${c.prodId}`);
    const en = (await get(b.token, `/api/p/orders/${order.id}`, 'en-US')).json().data;
    expect(en.lines[0].title).toBe('轻便折叠椅');
    expect(en.lines[0]).not.toHaveProperty('orderedTitle');
    expect(en.firstLine.title).toBe('轻便折叠椅');
  });

  it('after-sales shows the lines in the reader’s language and keeps the name as ordered in the request', async () => {
    const b = await buyer();
    const { order } = await orderInChinese(b.userId);
    await transition(ctx.db, order.id, 'pay', { type: 'system', id: null });

    const eligible = (await get(b.token, '/api/p/after-sales/orders', 'en-US')).json().data;
    const picked = eligible.find((o: { id: string }) => o.id === order.id);
    expect(picked.lines.map((l: { title: string }) => l.title)).toEqual(['Light folding chair', '神秘盒子']);

    const lineId = picked.lines[0].id;
    const made = await call(b.token, 'POST', '/api/p/after-sales', 'en-US', {
      orderId: order.id,
      kind: 'reshipment',
      reason: 'Arrived broken',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(made.json().data.lines).toEqual([
      { lineId, quantity: 1, title: 'Light folding chair', orderedTitle: '轻便折叠椅' },
    ]);
    const id = made.json().data.id;
    expect((await get(b.token, `/api/p/after-sales/${id}`, 'zh-CN')).json().data.lines).toEqual([
      { lineId, quantity: 1, title: '轻便折叠椅' },
    ]);
    expect((await get(operator, `/api/admin/after-sales/${id}`, 'en-US')).json().data.lines[0].title).toBe(
      'Light folding chair',
    );
  });
});
