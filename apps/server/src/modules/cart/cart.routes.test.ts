import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { setProductStatus } from '../catalogue/catalogue.admin-products.service';
import { createTestCategories, createTestProduct } from '../../../test/factories';
import { rawRows } from '../../db/rows';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let categoryId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  categoryId = (await createTestCategories(ctx.db, 'Cart')).childId;
});
afterAll(() => ctx.app.close());

const rows = async (q: ReturnType<typeof sql>) => rawRows(await ctx.db.execute(q));

let serial = 0;
async function user() {
  const name = `cart${++serial}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${name}@example.com`;
  await rows(
    sql`insert into users (email, username, password_hash, first_name) values (${email}, ${name}, 'x', 'Ada')`,
  );
  return sessionFor(ctx.db, email);
}

/** A product with one SKU at `price` USD and `stock` units; titles in English and Chinese. */
async function product(price = 12.5, stock = 10) {
  const p = await createTestProduct(
    ctx.db,
    categoryId,
    {
      'en-US': { title: 'Canvas tote', brief: '', description: '' },
      'zh-CN': { title: '帆布包', brief: '', description: '' },
    },
    { price, skus: [{ stocks: stock }] },
  );
  return { prodId: p.prodId, skuId: p.skus[0]!.skuId };
}

const headers = (token: string, lang = 'en-US') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const call = (method: 'GET' | 'POST' | 'DELETE', token: string, url: string, payload?: unknown, lang = 'en-US') =>
  ctx.app.inject({
    method,
    url,
    headers: headers(token, lang),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = (token: string, body: Record<string, unknown>, lang = 'en-US') =>
  call('POST', token, '/api/p/shopCart', body, lang);
const cart = async (token: string, lang = 'en-US') =>
  (await call('GET', token, '/api/p/shopCart', undefined, lang)).json().data;
const badge = async (token: string) => (await call('GET', token, '/api/p/shopCart/count')).json().data;

describe('POST /api/p/shopCart: count is a change', () => {
  it('adds, adds again to the same line, subtracts, and removes the line at 0', async () => {
    const t = await user();
    const p = await product(12.5, 10);
    const first = await add(t, { ...p, count: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ count: 2, cart: { count: 2, lines: 1 } });
    const basketId = first.json().data.basketId;
    expect((await add(t, { ...p, count: 3 })).json().data).toMatchObject({ basketId, count: 5 });
    expect((await add(t, { ...p, basketId, count: -1 })).json().data).toMatchObject({ basketId, count: 4 });
    expect(await badge(t)).toEqual({ count: 4, lines: 1 });
    const c = await cart(t);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({
      basketId,
      count: 4,
      price: 12.5,
      addedPrice: 12.5,
      subtotal: 50,
      priceChanged: false,
      takenDown: false,
      selected: true,
      stocks: 10,
      prodName: 'Canvas tote',
    });
    expect(c.totals).toEqual({ selectedLines: 1, selectedCount: 4, goodsTotal: 50, takenDownSelected: false });
    const gone = await add(t, { ...p, basketId, count: -4 });
    expect(gone.json().data).toMatchObject({ count: 0, cart: { count: 0, lines: 0 } });
    expect((await cart(t)).lines).toEqual([]);
    // Subtracting from a line that no longer exists.
    expect((await add(t, { ...p, count: -1 })).statusCode).toBe(404);
  });

  it('subtracting more than the line holds removes it', async () => {
    const t = await user();
    const p = await product();
    await add(t, { ...p, count: 2 });
    expect((await add(t, { ...p, count: -5 })).json().data.count).toBe(0);
    expect(await badge(t)).toEqual({ count: 0, lines: 0 });
  });

  it('refuses 0 with a localized message', async () => {
    const t = await user();
    const p = await product();
    const en = await add(t, { ...p, count: 0 });
    expect(en.statusCode).toBe(400);
    expect(en.json().data).toEqual([{ field: 'count', message: 'The quantity change cannot be 0' }]);
    const zh = await add(t, { ...p, count: 0 }, 'zh-CN');
    expect(zh.json().data[0].message).toBe('数量变化不能为 0');
  });

  it('refuses more than the stock, says how many are left, and changes nothing', async () => {
    const t = await user();
    const p = await product(5, 3);
    await add(t, { ...p, count: 2 });
    const res = await add(t, { ...p, count: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      msg: 'Only 3 left in stock',
      data: { reason: 'out-of-stock', stock: 3 },
    });
    expect(await badge(t)).toEqual({ count: 2, lines: 1 });
    const none = await product(5, 0);
    const sold = await add(t, { ...none, count: 1 });
    expect(sold.json()).toMatchObject({ msg: 'This item is out of stock', data: { reason: 'out-of-stock', stock: 0 } });
  });

  it('refuses a taken-down product, an unknown SKU, and a SKU of another product with the SPEC text', async () => {
    const t = await user();
    const p = await product();
    const other = await product();
    for (const body of [
      { prodId: p.prodId, skuId: 2_000_000_000, count: 1 },
      { prodId: p.prodId, skuId: other.skuId, count: 1 },
    ]) {
      const res = await add(t, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('The product was not found / does not exist');
    }
    await add(t, { ...p, count: 2 });
    await setProductStatus(ctx.db, p.prodId, 'off');
    const res = await add(t, { ...p, count: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The product was not found / does not exist');
    // The line stays, flagged and out of the totals; subtracting still works.
    const c = await cart(t);
    expect(c.lines[0]).toMatchObject({ takenDown: true, count: 2 });
    expect(c.totals).toMatchObject({ selectedLines: 0, goodsTotal: 0, takenDownSelected: true });
    expect((await add(t, { ...p, count: -1 })).json().data.count).toBe(1);
  });

  it('flags a price that changed since the line was added', async () => {
    const t = await user();
    const p = await product(10, 10);
    await add(t, { ...p, count: 1 });
    await rows(sql`update skus set price_minor = 1200 where id = ${p.skuId}`);
    const line = (await cart(t)).lines[0];
    expect(line).toMatchObject({ price: 12, addedPrice: 10, priceChanged: true, subtotal: 12 });
  });

  it('shows the title in the caller language', async () => {
    const t = await user();
    const p = await product();
    await add(t, { ...p, count: 1 });
    expect((await cart(t, 'zh-CN')).lines[0].prodName).toBe('帆布包');
  });

  it('validates inputs without a 500', async () => {
    const t = await user();
    for (const body of [
      {},
      { prodId: 'x', skuId: 1, count: 1 },
      { prodId: 1, skuId: 1, count: 1.5 },
      { prodId: 1, skuId: 1, count: 10_000 },
    ]) {
      expect((await add(t, body)).statusCode).toBe(400);
    }
  });

  it('ends concurrent adds of the same SKU in one line with the sum', async () => {
    const t = await user();
    const p = await product(3, 100);
    const results = await Promise.all(Array.from({ length: 8 }, () => add(t, { ...p, count: 2 })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await badge(t)).toEqual({ count: 16, lines: 1 });
  });
});

describe('POST /api/p/shopCart/batch', () => {
  it('selects, unselects, deletes and moves to the wish list', async () => {
    const t = await user();
    const a = await product(2, 10);
    const b = await product(3, 10);
    const c = await product(4, 10);
    const ia = (await add(t, { ...a, count: 1 })).json().data.basketId;
    const ib = (await add(t, { ...b, count: 2 })).json().data.basketId;
    const ic = (await add(t, { ...c, count: 3 })).json().data.basketId;
    const batch = (type: number, basketIds: unknown[]) =>
      call('POST', t, `/api/p/shopCart/batch?type=${type}`, { basketIds });

    expect((await batch(3, [ia, ib])).json().data.affected).toBe(2);
    expect((await cart(t)).totals).toMatchObject({ selectedLines: 1, selectedCount: 3, goodsTotal: 12 });
    await batch(1, [ia]);
    expect((await cart(t)).totals).toMatchObject({ selectedLines: 2, goodsTotal: 14 });

    const moved = await batch(4, [ib]);
    expect(moved.json().data).toEqual({ affected: 1, cart: { count: 4, lines: 2 } });
    const wish = (await call('GET', t, '/api/p/wishlist')).json().data;
    expect(wish).toHaveLength(1);
    expect(wish[0]).toMatchObject({ prodId: b.prodId, skuId: b.skuId, price: 3 });

    expect((await batch(2, [ia, ic])).json().data).toEqual({ affected: 2, cart: { count: 0, lines: 0 } });
  });

  it('refuses an empty selection and an unknown type', async () => {
    const t = await user();
    const res = await call('POST', t, '/api/p/shopCart/batch?type=2', { basketIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].message).toBe('Products must be selected before buying or deleting');
    expect((await call('POST', t, '/api/p/shopCart/batch?type=9', { basketIds: [1] })).statusCode).toBe(400);
  });
});

describe('wish list', () => {
  it('adds idempotently, moves to the cart, and removes', async () => {
    const t = await user();
    const p = await product(7, 5);
    const first = await call('POST', t, '/api/p/wishlist', p);
    const again = await call('POST', t, '/api/p/wishlist', p);
    expect(again.json().data.id).toBe(first.json().data.id);
    // Without a SKU it is another item.
    const bare = (await call('POST', t, '/api/p/wishlist', { prodId: p.prodId })).json().data.id;
    expect((await call('GET', t, '/api/p/wishlist')).json().data).toHaveLength(2);

    const moved = await call('POST', t, `/api/p/wishlist/${first.json().data.id}/cart`);
    expect(moved.json().data).toMatchObject({ count: 1, cart: { count: 1 } });
    // The one-SKU product's bare item moves too, onto the same line.
    expect((await call('POST', t, `/api/p/wishlist/${bare}/cart`)).json().data).toMatchObject({ count: 2 });
    expect((await call('GET', t, '/api/p/wishlist')).json().data).toEqual([]);

    const id = (await call('POST', t, '/api/p/wishlist', p)).json().data.id;
    expect((await call('DELETE', t, `/api/p/wishlist/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', t, `/api/p/wishlist/${id}`)).statusCode).toBe(404);
  });

  it('refuses a taken-down product', async () => {
    const t = await user();
    const p = await product();
    await setProductStatus(ctx.db, p.prodId, 'off');
    const res = await call('POST', t, '/api/p/wishlist', p);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('The product was not found / does not exist');
  });
});

describe('ownership: another user sees nothing and changes nothing', () => {
  it('answers 404 on every route for another user line or item', async () => {
    const owner = await user();
    const stranger = await user();
    const p = await product();
    const basketId = (await add(owner, { ...p, count: 2 })).json().data.basketId;
    const itemId = (await call('POST', owner, '/api/p/wishlist', p)).json().data.id;

    expect((await add(stranger, { ...p, basketId, count: 1 })).statusCode).toBe(404);
    for (const type of [1, 2, 3, 4]) {
      expect(
        (await call('POST', stranger, `/api/p/shopCart/batch?type=${type}`, { basketIds: [basketId] })).statusCode,
      ).toBe(404);
    }
    expect((await call('DELETE', stranger, `/api/p/wishlist/${itemId}`)).statusCode).toBe(404);
    expect((await call('POST', stranger, `/api/p/wishlist/${itemId}/cart`)).statusCode).toBe(404);
    expect((await cart(stranger)).lines).toEqual([]);
    expect((await call('GET', stranger, '/api/p/wishlist')).json().data).toEqual([]);

    expect(await badge(owner)).toEqual({ count: 2, lines: 1 });
    expect((await call('GET', owner, '/api/p/wishlist')).json().data).toHaveLength(1);
  });

  it('asks a visitor to log in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/p/shopCart/count' })).statusCode).toBe(401);
  });
});
