import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser, orderIn } from '../../../test/factories';
import { transition } from '../orders/orders.service';
import { adjust, grantBonus } from '../wallet/wallet.service';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  // The database file store, so the test can count what was stored.
  ctx = await createTestApp({ fileStore: 'database' });
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;
let keys = 0;
const headers = (token: string, lang = 'en-US') => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  'idempotency-key': `as-${++keys}-${Math.random()}`,
});
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: headers(token) });
const post = (token: string, url: string, payload: unknown = {}, lang = 'en-US', extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...headers(token, lang), ...extra } });

async function buyer() {
  const u = await newUser(ctx.db);
  return { ...u, token: await sessionFor(ctx.db, u.email) };
}

// A PNG header declaring 1 × 1 pixels (filler bytes there would declare a decompression bomb).
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex'),
  Buffer.alloc(56, 7),
]);
function upload(token: string, bytes: Buffer, fileName = 'photo.png', type = 'image/png', lang = 'en-US') {
  const boundary = `----as${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/p/after-sales/images',
    payload,
    headers: { ...headers(token, lang), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const available = async (userId: string) =>
  Number(
    (await rows(sql`select balance_minor from ledger_accounts where user_id = ${userId} and kind = 'available'`))[0]
      ?.balance_minor ?? 0,
  );
const ledgerSum = async () =>
  Number((await rows(sql`select coalesce(sum(amount_minor), 0) as s from journal_lines`))[0]!.s);
const orderEvents = async (orderId: string) =>
  (await rows(sql`select event, to_state, reason from order_events where order_id = ${orderId} order by at, id`)).map(
    (r) => r.event,
  );

describe('a refund: create → approve → the wallet is credited once', () => {
  it('credits exactly the amount from revenue, keeps the ledger balanced, appends to the order timeline, and cannot refund twice', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'delivered'); // total 49.99
    const image = await upload(b.token, PNG);
    expect(image.statusCode).toBe(200);
    const imageId = image.json().data.id as string;

    const eligible = (await get(b.token, '/api/p/after-sales/orders')).json().data;
    expect(eligible).toEqual([
      expect.objectContaining({ id: order.id, number: order.number, total: 49.99, refundable: 49.99 }),
    ]);

    const created = await post(b.token, '/api/p/after-sales', {
      orderId: order.id,
      kind: 'refund',
      reason: 'Arrived broken',
      amount: 20.5,
      images: [imageId],
    });
    expect(created.statusCode).toBe(200);
    const req = created.json().data;
    expect(req).toMatchObject({
      number: expect.stringMatching(/^AS\d{8}$/),
      state: 'requested',
      kind: 'refund',
      amount: 20.5,
      orderNumber: order.number,
      images: [imageId],
    });

    // The picture is served to its owner, not to another user.
    expect((await get(b.token, `/api/p/after-sales/${req.id}/images/${imageId}`)).statusCode).toBe(200);
    const other = await buyer();
    expect((await get(other.token, `/api/p/after-sales/${req.id}/images/${imageId}`)).statusCode).toBe(404);
    // A private area: never served by the public files route.
    expect((await get(b.token, `/api/files/aftersales/${imageId}`)).statusCode).toBe(404);

    // One open request per order: the picker no longer offers it, and the server refuses it.
    expect((await get(b.token, '/api/p/after-sales/orders')).json().data).toEqual([]);
    const second = await post(b.token, '/api/p/after-sales', {
      orderId: order.id,
      kind: 'reshipment',
      reason: 'Also missing a part',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().data.reason).toBe('after-sales-open');

    const before = await available(b.userId);
    const queue = (await get(operator, '/api/admin/after-sales')).json().data.records.map((r: { id: string }) => r.id);
    expect(queue).toContain(req.id);
    const approved = await post(operator, `/api/admin/after-sales/${req.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'refunded', refunded: 20.5, userEmail: b.email });
    expect((await available(b.userId)) - before).toBe(2050);
    expect(await ledgerSum()).toBe(0);
    const entries = await rows(
      sql`select kind, reference_type, reference_label from journal_entries where reference_id = ${req.id}`,
    );
    expect(entries).toEqual([{ kind: 'refund', reference_type: 'after-sales', reference_label: req.number }]);

    // Approving again (a new key) is refused and credits nothing.
    const again = await post(operator, `/api/admin/after-sales/${req.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().data.reason).toBe('after-sales-transition-refused');
    expect((await available(b.userId)) - before).toBe(2050);

    // The order keeps its state; its timeline has the steps.
    expect(await orderEvents(order.id)).toEqual([
      'create',
      'pay',
      'purchase',
      'ship',
      'deliver',
      'after-sales-requested',
      'after-sales-approved',
      'refunded',
    ]);
    const detail = (await get(b.token, `/api/p/orders/${order.id}`)).json().data;
    expect(detail.state).toBe('delivered');
    expect(detail.actions).toEqual([]);

    // What is left to refund: 49.99 − 20.50 = 29.49; more is refused in the user's language.
    const tooMuch = await post(
      b.token,
      '/api/p/after-sales',
      { orderId: order.id, kind: 'refund', reason: 'Rest of it', amount: 29.5 },
      'fr-FR',
    );
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      msg: `Au plus 29.49 USD peuvent encore être remboursés pour la commande ${order.number}`,
      data: { reason: 'refund-exceeds-payment' },
    });
    const rest = await post(b.token, '/api/p/after-sales', {
      orderId: order.id,
      kind: 'refund',
      reason: 'Rest of it',
      amount: 29.49,
    });
    expect(rest.statusCode).toBe(200);
    expect((await post(operator, `/api/admin/after-sales/${rest.json().data.id}/approve`)).statusCode).toBe(200);
    expect((await available(b.userId)) - before).toBe(4999);
    expect((await get(b.token, '/api/p/after-sales/orders')).json().data[0].refundable).toBe(0);
    expect(await ledgerSum()).toBe(0);
  });

  it('an order paid with bonus and cash gets the bonus back first: a refund never turns bonus into withdrawable cash', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'awaiting-payment'); // total 49.99
    await grantBonus(ctx.db, b.userId, 1000, 'Welcome bonus');
    await adjust(ctx.db, b.userId, 5000, 'Test money');
    const paid = await post(b.token, '/api/p/order/pay', { orderIds: [order.id], method: 'wallet' });
    expect(paid.json().data).toMatchObject({ outcome: 'success', amount: 49.99 });
    const bonus = async () =>
      Number(
        (await rows(sql`select balance_minor from ledger_accounts where user_id = ${b.userId} and kind = 'bonus'`))[0]!
          .balance_minor,
      );
    expect([await bonus(), await available(b.userId)]).toEqual([0, 1001]); // 10.00 bonus + 39.99 cash spent

    const req = (
      await post(b.token, '/api/p/after-sales', {
        orderId: order.id,
        kind: 'refund',
        reason: 'Never arrived',
        amount: 15,
      })
    ).json().data;
    expect((await post(operator, `/api/admin/after-sales/${req.id}/approve`)).json().data).toMatchObject({
      state: 'refunded',
      refunded: 15,
    });
    expect([await bonus(), await available(b.userId)]).toEqual([1000, 1501]); // 10.00 back as bonus, 5.00 as cash
    const entries = await rows(
      sql`select kind, reference_type, reference_label from journal_entries where reference_id = ${req.id}`,
    );
    expect(entries).toEqual([{ kind: 'refund', reference_type: 'after-sales', reference_label: req.number }]);
    expect(await ledgerSum()).toBe(0);
  });

  it('the same idempotency key answers the first result and posts once', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'pending');
    const req = (
      await post(b.token, '/api/p/after-sales', {
        orderId: order.id,
        kind: 'refund',
        reason: 'Changed my mind',
        amount: 10,
      })
    ).json().data;
    const key = { 'idempotency-key': `same-${req.id}` };
    const one = await post(operator, `/api/admin/after-sales/${req.id}/approve`, {}, 'en-US', key);
    const two = await post(operator, `/api/admin/after-sales/${req.id}/approve`, {}, 'en-US', key);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(await available(b.userId)).toBe(1000);
  });
});

describe('two operators approving at once', () => {
  it('credits once: one approval wins, the other is refused on what the first did', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'shipped');
    const req = (
      await post(b.token, '/api/p/after-sales', { orderId: order.id, kind: 'refund', reason: 'Late', amount: 7.25 })
    ).json().data;
    const answers = await Promise.all([1, 2, 3].map(() => post(operator, `/api/admin/after-sales/${req.id}/approve`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await available(b.userId)).toBe(725);
    expect(await rows(sql`select id from journal_entries where reference_id = ${req.id}`)).toHaveLength(1);
    expect((await orderEvents(order.id)).filter((e) => e === 'refunded')).toHaveLength(1);
  });
});

describe('what a request may be made for', () => {
  it('refuses unpaid and abnormal orders, and an amount above the total', async () => {
    const b = await buyer();
    const unpaid = await orderIn(ctx.db, b.userId, 'awaiting-payment');
    const r1 = await post(b.token, '/api/p/after-sales', {
      orderId: unpaid.id,
      kind: 'refund',
      reason: 'x',
      amount: 1,
    });
    expect(r1.statusCode).toBe(422);
    expect(r1.json()).toMatchObject({
      data: { reason: 'after-sales-not-eligible' },
      msg: `Order ${unpaid.number} is awaiting payment: after-sales is only for paid orders`,
    });
    const abnormal = await orderIn(ctx.db, b.userId, 'purchasing');
    await transition(
      ctx.db,
      abnormal.id,
      'mark-abnormal',
      { type: 'operator', id: null },
      { reason: 'Address refused' },
    );
    expect(
      (await post(b.token, '/api/p/after-sales', { orderId: abnormal.id, kind: 'reshipment', reason: 'x' })).json().data
        .reason,
    ).toBe('after-sales-not-eligible');
    const paid = await orderIn(ctx.db, b.userId, 'shipped');
    const over = await post(b.token, '/api/p/after-sales', {
      orderId: paid.id,
      kind: 'refund',
      reason: 'x',
      amount: 50,
    });
    expect(over.statusCode).toBe(422);
    const noAmount = await post(b.token, '/api/p/after-sales', { orderId: paid.id, kind: 'refund', reason: 'x' });
    expect(noAmount.json()).toMatchObject({
      code: 'A00002',
      data: [{ field: 'amount', message: 'Enter the amount to refund' }],
    });
    const badLine = await post(b.token, '/api/p/after-sales', {
      orderId: paid.id,
      kind: 'reshipment',
      reason: 'x',
      lines: [{ lineId: crypto.randomUUID(), quantity: 1 }],
    });
    expect(badLine.json()).toMatchObject({
      code: 'A00002',
      data: [{ field: 'lines', message: 'This item is not part of the order' }],
    });
    expect(await rows(sql`select id from after_sales_requests where user_id = ${b.userId}`)).toEqual([]);
  });

  it("another user's order or request is not found, and nothing changes", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const order = await orderIn(ctx.db, owner.userId, 'delivered');
    expect(
      (await post(stranger.token, '/api/p/after-sales', { orderId: order.id, kind: 'reshipment', reason: 'mine?' }))
        .statusCode,
    ).toBe(404);
    const req = (
      await post(owner.token, '/api/p/after-sales', { orderId: order.id, kind: 'reshipment', reason: 'Missing item' })
    ).json().data;
    expect((await get(stranger.token, `/api/p/after-sales/${req.id}`)).statusCode).toBe(404);
    expect((await post(stranger.token, `/api/p/after-sales/${req.id}/cancel`)).statusCode).toBe(404);
    expect((await get(stranger.token, '/api/p/after-sales')).json().data.records).toEqual([]);
    expect((await get(owner.token, `/api/p/after-sales/${req.id}`)).json().data.state).toBe('requested');
    // The owner may cancel while it is requested; then a new request may be made.
    expect((await post(owner.token, `/api/p/after-sales/${req.id}/cancel`)).json().data.state).toBe('cancelled');
    expect(
      (await post(owner.token, '/api/p/after-sales', { orderId: order.id, kind: 'reshipment', reason: 'Again' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('operator decisions', () => {
  it('rejects with a reason the user sees; a reason is required', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'delivered');
    const req = (
      await post(b.token, '/api/p/after-sales', { orderId: order.id, kind: 'refund', reason: 'Too small', amount: 5 })
    ).json().data;
    const empty = await post(operator, `/api/admin/after-sales/${req.id}/reject`, { reason: ' ' }, 'tr-TR');
    expect(empty.json()).toMatchObject({
      code: 'A00002',
      data: [{ field: 'reason', message: 'Talebin neden reddedildiğini yazın' }],
    });
    const rejected = await post(operator, `/api/admin/after-sales/${req.id}/reject`, {
      reason: 'Size chart was on the page',
    });
    expect(rejected.json().data).toMatchObject({ state: 'rejected', rejectReason: 'Size chart was on the page' });
    expect((await get(b.token, `/api/p/after-sales/${req.id}`)).json().data).toMatchObject({
      state: 'rejected',
      rejectReason: 'Size chart was on the page',
    });
    expect(await available(b.userId)).toBe(0);
    expect((await post(b.token, `/api/p/after-sales/${req.id}/cancel`)).statusCode).toBe(409);
    expect(await orderEvents(order.id)).toContain('after-sales-rejected');
  });

  it('a reshipment is approved, then marked reshipped with carrier and tracking number', async () => {
    const b = await buyer();
    const order = await orderIn(ctx.db, b.userId, 'delivered');
    const detail = (await get(b.token, `/api/p/orders/${order.id}`)).json().data;
    const req = (
      await post(b.token, '/api/p/after-sales', {
        orderId: order.id,
        kind: 'reshipment',
        reason: 'One missing',
        lines: [{ lineId: detail.lines[0].id, quantity: 1 }],
      })
    ).json().data;
    expect(req.lines).toEqual([{ lineId: detail.lines[0].id, quantity: 1, title: 'Product 1' }]);
    // Not before approval.
    expect(
      (await post(operator, `/api/admin/after-sales/${req.id}/reshipped`, { carrier: 'DHL', trackingNumber: 'R1' }))
        .statusCode,
    ).toBe(409);
    expect((await post(operator, `/api/admin/after-sales/${req.id}/approve`)).json().data.state).toBe('approved');
    const missing = await post(operator, `/api/admin/after-sales/${req.id}/reshipped`, {
      carrier: 'DHL',
      trackingNumber: '',
    });
    expect(missing.statusCode).toBe(400);
    const done = await post(operator, `/api/admin/after-sales/${req.id}/reshipped`, {
      carrier: 'DHL',
      trackingNumber: 'RS0001',
    });
    expect(done.json().data).toMatchObject({ state: 'reshipped', carrier: 'DHL', trackingNumber: 'RS0001' });
    expect(await available(b.userId)).toBe(0);
    expect((await orderEvents(order.id)).slice(-3)).toEqual([
      'after-sales-requested',
      'after-sales-approved',
      'reshipped',
    ]);
    expect((await get(b.token, `/api/p/orders/${order.id}`)).json().data.carrier).toBe('DHL');
  });
});

describe('images', () => {
  it('refuses a file that is not a JPEG, PNG or WebP by its bytes, and stores nothing', async () => {
    const b = await buyer();
    const count = async () =>
      Number((await rows(sql`select count(*) as n from files where area = 'aftersales'`))[0]!.n);
    const before = await count();
    const pdf = await upload(b.token, Buffer.from('%PDF-1.4 not a picture'), 'photo.png', 'image/png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({
      code: 'A00002',
      data: [{ field: 'file', message: 'The file format is incorrect: use a PNG, JPEG or WebP image' }],
    });
    const zh = await upload(b.token, Buffer.from('GIF89a......'), 'x.gif', 'image/gif', 'zh-CN');
    expect(zh.statusCode).toBe(400);
    const big = await upload(b.token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.json()).toMatchObject({ code: 'A00002', data: [{ field: 'file' }] });
    expect(await count()).toBe(before);
    // An id that was never uploaded is refused too.
    const order = await orderIn(ctx.db, b.userId, 'shipped');
    const unknown = await post(b.token, '/api/p/after-sales', {
      orderId: order.id,
      kind: 'reshipment',
      reason: 'x',
      images: [`${'a'.repeat(32)}.png`],
    });
    expect(unknown.json()).toMatchObject({
      code: 'A00002',
      data: [{ field: 'images', message: 'This image was not uploaded: upload it again' }],
    });
    const six = await post(b.token, '/api/p/after-sales', {
      orderId: order.id,
      kind: 'reshipment',
      reason: 'x',
      images: Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.png`),
    });
    expect(six.statusCode).toBe(400);
  });
});
