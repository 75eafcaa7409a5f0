import { type ConfirmClaims, SaveProductBody } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, sessionFor } from '../harness';
import { signConfirmToken } from '../../src/modules/checkout/checkout.service';
import { rows } from './reads';
import { signedInUser } from './users';

/** Test helpers of the submit tests: users with addresses, a product, confirm and submit calls. */
export type Ctx = Awaited<ReturnType<typeof createTestApp>>;

export function address(kind: string, country: string) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    country,
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
    kind,
    isDefault: true,
  };
}

export const post = (ctx: Ctx, token: string, url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...headers },
  });

/** A user with a session, a consignee address in France and a billing address (through the API). */
export async function buyer(ctx: Ctx, locale = 'en-US') {
  const { userId, token, email } = await signedInUser(ctx.db, { locale });
  for (const kind of ['consignee', 'billing']) {
    const res = await post(ctx, token, '/api/p/address', address(kind, kind === 'consignee' ? 'FR' : 'GB'));
    expect(res.json().code).toBe('00000');
  }
  return { userId, token, email };
}

/**
 * Many buyers at once for the race tests: users, sessions and copies of a template buyer's two
 * addresses written directly (the API would take minutes for hundreds).
 */
export async function manyBuyers(ctx: Ctx, n: number) {
  const template = await buyer(ctx);
  const cols = (
    await rows(
      ctx,
      sql`select column_name from information_schema.columns where table_name = 'addresses' and column_name not in ('id', 'user_id', 'created_at', 'updated_at')`,
    )
  ).map((r) => String(r.column_name));
  const list = sql.raw(cols.map((c) => `"${c}"`).join(', '));
  const out: Array<{ userId: string; token: string; consigneeId: string; billingId: string }> = [];
  const tag = Math.random().toString(36).slice(2, 8);
  for (let i = 0; i < n; i++) {
    const email = `race${tag}${i}@example.com`;
    const [row] = await rows(
      ctx,
      sql`insert into users (email, username, password_hash) values (${email}, ${`race${tag}${i}`}, 'x') returning id`,
    );
    const copied = await rows(
      ctx,
      sql`insert into addresses (user_id, ${list}) select ${row!.id}, ${list} from addresses where user_id = ${template.userId} returning id, kind`,
    );
    const idOf = (kind: string) => String(copied.find((r) => r.kind === kind)!.id);
    out.push({
      userId: String(row!.id),
      token: await sessionFor(ctx.db, email),
      consigneeId: idOf('consignee'),
      billingId: idOf('billing'),
    });
  }
  return { template, buyers: out };
}

/** A product from the CN warehouse with one SKU of `stock` units at 19.99 (through the operator API). */
export async function product(ctx: Ctx, code: string, stock: number) {
  const operator = await sessionFor(ctx.db, 'operator@example.com');
  const categories = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/catalogue/categories',
    headers: { authorization: `Bearer ${operator}` },
  });
  const categoryId = (categories.json().data as Array<{ categoryId: number }>)[0]!.categoryId;
  const res = await post(
    ctx,
    operator,
    '/api/admin/catalogue/products',
    SaveProductBody.parse({
      categoryId,
      attribute: 'general',
      warehouse: 'CN',
      translations: {
        'en-US': { title: `Lamp ${code}`, brief: '', description: '' },
        'fr-FR': { title: `Lampe ${code}`, brief: '', description: '' },
      },
      skus: [
        { skuCode: code, price: 19.99, oriPrice: 25, stocks: stock, weight: 0.4, length: 20, width: 15, height: 10 },
      ],
    }),
  );
  expect(res.json().code).toBe('00000');
  const created = res.json().data as { prodId: number; skus: Array<{ skuId: number }> };
  return { prodId: created.prodId, skuId: created.skus[0]!.skuId };
}

export async function confirmBuyNow(ctx: Ctx, token: string, line: { prodId: number; skuId: number }, count: number) {
  const res = await post(ctx, token, '/api/p/order/prod/confirm', { ...line, count });
  expect(res.json().code).toBe('00000');
  return res.json().data as {
    confirmToken: string;
    total: number;
    goodsTotal: number;
    shipping: number;
    serviceFee: number;
    tax: number;
  };
}

export const submit = (ctx: Ctx, token: string, body: object, headers: Record<string, string> = {}) =>
  post(ctx, token, '/api/p/order/submit', body, headers);

/** The SKU's stock and its product's summary, as stored. */
export async function stockOf(ctx: Ctx, line: { prodId: number; skuId: number }) {
  const [r] = await rows(
    ctx,
    sql`select s.stock, p.total_stock from skus s join products p on p.id = s.product_id where s.id = ${line.skuId}`,
  );
  return { sku: Number(r!.stock), product: Number(r!.total_stock) };
}

/** What the public product page shows (through its cache). */
export async function shownStock(ctx: Ctx, prodId: number) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/prod/prodInfo?prodId=${prodId}` });
  const data = res.json().data as { totalStocks: number; skuList: Array<{ stocks: number }> };
  return { total: data.totalStocks, sku: data.skuList[0]!.stocks };
}

/**
 * The last units under a rush (decision 0084): a product with `units` in stock and `count` distinct
 * buyers who each submit one unit at once, each with their own confirm token (priced like a
 * template buyer's: same product, same destination). Used by the stock-race test and the
 * reliability suite.
 */
export async function rushLastUnits(ctx: Ctx, code: string, count: number, units: number) {
  const lamp = await product(ctx, code, units);
  const { template, buyers } = await manyBuyers(ctx, count);
  const { confirmToken } = await confirmBuyNow(ctx, template.token, lamp, 1);
  const base = JSON.parse(Buffer.from(confirmToken.split('.')[0]!, 'base64url').toString('utf8')) as ConfirmClaims;
  const tokens = buyers.map((b) =>
    signConfirmToken(ctx.config.secretKey, { ...base, u: b.userId, c: b.consigneeId, b: b.billingId }),
  );
  const started = Date.now();
  const answers = await Promise.all(
    buyers.map((b, i) =>
      submit(ctx, b.token, { confirmToken: tokens[i]! }, { 'idempotency-key': crypto.randomUUID() }),
    ),
  );
  return { lamp, answers, seconds: (Date.now() - started) / 1000 };
}
