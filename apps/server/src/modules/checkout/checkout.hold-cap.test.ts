import { translate } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { buyer, confirmBuyNow, product, rows, stockOf, submit, type Ctx } from '../../../test/factories';

/**
 * A confirm token places one order, and a user holds at most CHECKOUT_MAX_UNPAID_ORDERS unpaid
 * (decision 0106). Bursts of 50 submits: on PGlite, and on PostgreSQL with TEST_DATABASE_URL (a
 * pool of connections, so the submits truly overlap in the database).
 */
let ctx: Ctx;
const CAP = 3;

beforeAll(async () => {
  ctx = await createTestApp({
    checkout: { serviceFeeBps: 200, confirmMinutes: 15, payMinutes: 30, maxUnpaidOrders: CAP },
  });
}, 120_000);
afterAll(() => ctx.app.close());

const unpaidOf = async (userId: string) =>
  rows(ctx, sql`select id from orders where user_id = ${userId} and state = 'awaiting-payment'`);
const statuses = (answers: Array<{ statusCode: number }>) => {
  const by: Record<number, number> = {};
  for (const a of answers) by[a.statusCode] = (by[a.statusCode] ?? 0) + 1;
  return by;
};

describe('one order per confirm token', () => {
  it('a second submit of a placed token without its Idempotency-Key is refused in the user language, nothing kept', async () => {
    const ada = await buyer(ctx, 'fr-FR');
    const lamp = await product(ctx, 'HC-REUSE', 10);
    const { confirmToken } = await confirmBuyNow(ctx, ada.token, lamp, 2);
    const first = await submit(ctx, ada.token, { confirmToken }, { 'idempotency-key': crypto.randomUUID() });
    expect(first.statusCode).toBe(200);
    const again = await submit(ctx, ada.token, { confirmToken }, { 'accept-language': 'fr-FR' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'A00001',
      msg: translate('fr-FR', 'checkout.confirm-used'),
      data: { reason: 'confirm-used' },
    });
    expect(again.json().msg).toContain('Mes commandes');
    expect(await unpaidOf(ada.userId)).toHaveLength(1);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 8, product: 8 });
  });

  it('the Idempotency-Key replay still answers the first order exactly', async () => {
    const bea = await buyer(ctx);
    const lamp = await product(ctx, 'HC-REPLAY', 10);
    const { confirmToken } = await confirmBuyNow(ctx, bea.token, lamp, 1);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await submit(ctx, bea.token, { confirmToken }, key);
    const replay = await submit(ctx, bea.token, { confirmToken }, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await unpaidOf(bea.userId)).toHaveLength(1);
  });

  it('two confirms of the same lines give two tokens, each good for its own order', async () => {
    const cem = await buyer(ctx);
    const lamp = await product(ctx, 'HC-TWICE', 10);
    const one = await confirmBuyNow(ctx, cem.token, lamp, 1);
    const two = await confirmBuyNow(ctx, cem.token, lamp, 1);
    expect(two.confirmToken).not.toBe(one.confirmToken);
    expect((await submit(ctx, cem.token, { confirmToken: one.confirmToken })).statusCode).toBe(200);
    expect((await submit(ctx, cem.token, { confirmToken: two.confirmToken })).statusCode).toBe(200);
    expect(await unpaidOf(cem.userId)).toHaveLength(2);
  });

  it('50 parallel submits of one token without keys: exactly one order, its stock held once', async () => {
    const dan = await buyer(ctx);
    const lamp = await product(ctx, 'HC-BURST-TOKEN', 100);
    const { confirmToken } = await confirmBuyNow(ctx, dan.token, lamp, 2);
    const answers = await Promise.all(Array.from({ length: 50 }, () => submit(ctx, dan.token, { confirmToken })));
    expect(statuses(answers)).toEqual({ 200: 1, 422: 49 });
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.json().data).toMatchObject({ reason: 'confirm-used' });
    expect(await unpaidOf(dan.userId)).toHaveLength(1);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 98, product: 98 });
  }, 120_000);
});

describe('the unpaid-order cap', () => {
  it(`50 parallel submits of 50 tokens: exactly ${CAP} orders, the rest told to pay or cancel, in Chinese`, async () => {
    const eda = await buyer(ctx, 'zh-CN');
    const lamp = await product(ctx, 'HC-BURST-CAP', 100);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) tokens.push((await confirmBuyNow(ctx, eda.token, lamp, 1)).confirmToken);
    const answers = await Promise.all(
      tokens.map((confirmToken) =>
        submit(
          ctx,
          eda.token,
          { confirmToken },
          { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'zh-CN' },
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 200: CAP, 422: 50 - CAP });
    const refused = answers.filter((x) => x.statusCode === 422);
    for (const a of refused)
      expect(a.json()).toMatchObject({
        code: 'A00001',
        msg: translate('zh-CN', 'checkout.hold-cap', { max: CAP }),
        data: { reason: 'hold-cap', max: CAP },
      });
    expect(refused[0]!.json().msg).toContain(`${CAP} 个待支付订单`);
    expect(await unpaidOf(eda.userId)).toHaveLength(CAP);
    expect(await stockOf(ctx, lamp)).toEqual({ sku: 100 - CAP, product: 100 - CAP });
  }, 180_000);

  it('the cap counts only what waits for payment: cancelling one lets the next through (English message before)', async () => {
    const fay = await buyer(ctx);
    const lamp = await product(ctx, 'HC-CANCEL', 20);
    const placed: string[] = [];
    let firstToken = '';
    for (let i = 0; i < CAP; i++) {
      const { confirmToken } = await confirmBuyNow(ctx, fay.token, lamp, 1);
      firstToken ||= confirmToken;
      const res = await submit(ctx, fay.token, { confirmToken });
      placed.push(res.json().data.orders[0].id);
    }
    const { confirmToken } = await confirmBuyNow(ctx, fay.token, lamp, 1);
    const refused = await submit(ctx, fay.token, { confirmToken });
    expect(refused.json().msg).toBe(
      `You have reached the limit of orders waiting for payment (${CAP}), which hold their stock. Pay or cancel the waiting orders under My orders, then place this one.`,
    );
    // A token that placed one of the waiting orders is told it did, not the cap.
    const reused = await submit(ctx, fay.token, { confirmToken: firstToken });
    expect(reused.json().data).toMatchObject({ reason: 'confirm-used' });
    // Another user is not held back by this one's orders.
    const gus = await buyer(ctx);
    const other = await confirmBuyNow(ctx, gus.token, lamp, 1);
    expect((await submit(ctx, gus.token, { confirmToken: other.confirmToken })).statusCode).toBe(200);

    const trashed = await ctx.app.inject({
      method: 'POST',
      url: `/api/p/orders/${placed[0]}/trash`,
      headers: { authorization: `Bearer ${fay.token}`, 'idempotency-key': crypto.randomUUID() },
    });
    expect(trashed.statusCode).toBe(200);
    // The refused token placed nothing, so it is still good.
    expect((await submit(ctx, fay.token, { confirmToken })).statusCode).toBe(200);
    expect(await unpaidOf(fay.userId)).toHaveLength(CAP);
  });
});
