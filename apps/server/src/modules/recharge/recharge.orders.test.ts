import { SLIP_MAX_BYTES } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableOf, expireNow, rechargeTestApp, rows, signedInUser, type RechargeCtx } from '../../../test/factories';

let ctx: RechargeCtx;
beforeAll(async () => {
  ctx = await rechargeTestApp();
});
afterAll(() => ctx.close());

const auth = (token: string, key?: string) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});
const post = (token: string, url: string, body?: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: auth(token, key),
    ...(body === undefined ? {} : { payload: body as object }),
  });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });
const create = async (token: string, amount: number, method: string) =>
  (await post(token, '/api/p/recharges', { amount, method }, crypto.randomUUID())).json().data;

// A PNG header declaring 1 × 1 pixels (filler bytes there would declare a decompression bomb).
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001', 'hex'),
  Buffer.alloc(56, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A browser form upload: multipart/form-data with one `file` part. */
function multipart(bytes: Buffer | null, fileName = 'slip.png', type = 'image/png') {
  const boundary = `----dsm${crypto.randomUUID()}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
  ];
  if (bytes)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string, id: string, bytes: Buffer | null, fileName?: string, type?: string) => {
  const m = multipart(bytes, fileName, type);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/p/recharges/${id}/slip`,
    headers: { ...auth(token, crypto.randomUUID()), ...m.headers },
    payload: m.payload,
  });
};

describe('bank transfer recharges: the slip and the operator’s review', () => {
  it('refuses a slip by content and size, and a missing one, with localized field errors; nothing changes', async () => {
    const u = await signedInUser(ctx.db);
    const order = await create(u.token, 100, 'bank');
    expect(order).toMatchObject({ fee: 0, total: 100 });
    const text = await upload(u.token, order.id, Buffer.from('just some text, renamed .png'), 'slip.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().data).toEqual([
      { field: 'file', message: 'The transfer slip must be an image (JPEG, PNG, WebP) or a PDF' },
    ]);
    const big = await upload(u.token, order.id, Buffer.concat([PNG, Buffer.alloc(SLIP_MAX_BYTES)]));
    expect(big.statusCode).toBe(400);
    expect(big.json().data).toEqual([{ field: 'file', message: 'The transfer slip must be at most 5 MB' }]);
    const huge = await upload(u.token, order.id, Buffer.alloc(SLIP_MAX_BYTES * 2, 1));
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'A00009']);
    const none = await upload(u.token, order.id, null);
    expect(none.json().data).toEqual([{ field: 'file', message: 'Please attach the transfer slip' }]);
    const fr = await ctx.app.inject({
      ...{ method: 'POST' as const, url: `/api/p/recharges/${order.id}/slip` },
      headers: { ...auth(u.token), 'accept-language': 'fr-FR', ...multipart(null).headers },
      payload: multipart(null).payload,
    });
    expect(fr.json().data[0].message).not.toBe('Please attach the transfer slip');
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data).toMatchObject({
      state: 'awaiting-payment',
      slip: null,
    });
  });

  it('a slip makes the order pending; it is never public; the operator sees it and approves → credited', async () => {
    const u = await signedInUser(ctx.db);
    const order = await create(u.token, 100, 'bank');
    const res = await upload(u.token, order.id, PNG, 'my transfer.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'pending',
      slip: { fileName: 'my transfer.png', contentType: 'image/png', size: PNG.length },
    });
    const [row] = await rows(ctx, sql`select slip_file from recharge_orders where id = ${order.id}`);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/slips/${row!.slip_file}` })).statusCode).toBe(404);
    expect((await get(u.token, `/api/admin/recharges/${order.id}/slip`)).statusCode).toBe(403);
    const slip = await get(ctx.operator, `/api/admin/recharges/${order.id}/slip`);
    expect([slip.statusCode, slip.headers['content-type'], slip.headers['cache-control']]).toEqual([
      200,
      'image/png',
      'private, no-store',
    ]);
    expect(Buffer.compare(slip.rawPayload, PNG)).toBe(0);

    const list = (await get(ctx.operator, '/api/admin/recharges?state=pending&method=bank&size=100')).json().data;
    expect(list.records.find((r: { id: string }) => r.id === order.id)).toMatchObject({
      userId: u.userId,
      userEmail: expect.stringContaining('@example.com'),
    });
    const approved = await post(
      ctx.operator,
      `/api/admin/recharges/${order.id}/approve`,
      undefined,
      crypto.randomUUID(),
    );
    expect(approved.json().data.state).toBe('paid');
    expect(
      (await post(ctx.operator, `/api/admin/recharges/${order.id}/approve`, undefined, crypto.randomUUID())).json()
        .data,
    ).toMatchObject({ reason: 'recharge-not-pending' });
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data.state).toBe('completed');
    expect(await availableOf(ctx.db, u.userId)).toBe(10_000);
    // The history line names the order by the number the user quoted on the transfer.
    const [line] = (await get(u.token, '/api/p/wallet/lines')).json().data.records;
    expect(line).toMatchObject({ kind: 'recharge', type: 'income', amount: 100, referenceLabel: order.number });
  });

  it('reject closes the order with the reason the user sees; a PDF slip can be re-uploaded while pending', async () => {
    const u = await signedInUser(ctx.db);
    const order = await create(u.token, 50, 'bank');
    await upload(u.token, order.id, PNG);
    const again = await upload(u.token, order.id, PDF, 'statement.pdf', 'application/pdf');
    expect(again.json().data).toMatchObject({
      state: 'pending',
      slip: { fileName: 'statement.pdf', contentType: 'application/pdf' },
    });
    const pdf = await get(ctx.operator, `/api/admin/recharges/${order.id}/slip`);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    const noReason = await post(ctx.operator, `/api/admin/recharges/${order.id}/reject`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await post(
      ctx.operator,
      `/api/admin/recharges/${order.id}/reject`,
      { reason: 'The amount on the slip is 5.00, not 50.00' },
      crypto.randomUUID(),
    );
    expect(rejected.json().data).toMatchObject({ state: 'closed', closeReason: 'rejected' });
    expect((await get(u.token, `/api/p/recharges/${order.id}`)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'rejected',
      note: 'The amount on the slip is 5.00, not 50.00',
    });
    expect((await upload(u.token, order.id, PNG)).json().data).toMatchObject({ reason: 'recharge-not-payable' });
    // A slip on a PayPal order is refused.
    const paypal = await create(u.token, 20, 'paypal');
    expect((await upload(u.token, paypal.id, PNG)).json()).toMatchObject({
      data: { reason: 'recharge-not-payable' },
      msg: 'A transfer slip is only for bank transfer recharges',
    });
  });
});

describe('recharge orders: expiry, cancel, list, ownership, rules', () => {
  it('the expiry job closes an unpaid order but captures a PayPal order the payer approved', async () => {
    const u = await signedInUser(ctx.db);
    const unpaid = await create(u.token, 10, 'bank');
    const approved = await create(u.token, 10, 'paypal');
    const { redirectUrl } = (await post(u.token, `/api/p/recharges/${approved.id}/checkout`)).json().data;
    await fetch(redirectUrl, { redirect: 'manual' });
    const waiting = await create(u.token, 10, 'paypal');
    await post(u.token, `/api/p/recharges/${waiting.id}/checkout`);
    // Not yet due: the job does nothing.
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${unpaid.id}`)).json().data.state).toBe('awaiting-payment');
    for (const o of [unpaid, approved, waiting]) await expireNow(ctx, o.id);
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();
    expect((await get(u.token, `/api/p/recharges/${unpaid.id}`)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'expired',
      expiresAt: null,
    });
    expect((await get(u.token, `/api/p/recharges/${waiting.id}`)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'expired',
    });
    expect((await get(u.token, `/api/p/recharges/${approved.id}`)).json().data).toMatchObject({
      state: 'completed',
      closeReason: null,
    });
    expect(await availableOf(ctx.db, u.userId)).toBe(1_000);
  });

  it('cancel: awaiting payment only, repeatable; a completed order cannot be cancelled', async () => {
    const u = await signedInUser(ctx.db);
    const o = await create(u.token, 10, 'paypal');
    const key = crypto.randomUUID();
    expect((await post(u.token, `/api/p/recharges/${o.id}/cancel`, undefined, key)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'cancelled',
    });
    expect((await post(u.token, `/api/p/recharges/${o.id}/cancel`, undefined, key)).json().data).toMatchObject({
      state: 'closed',
      closeReason: 'cancelled',
    });
    expect((await post(u.token, `/api/p/recharges/${o.id}/checkout`)).json().data).toMatchObject({
      reason: 'recharge-not-payable',
    });
    const bank = await create(u.token, 10, 'bank');
    await upload(u.token, bank.id, PNG);
    expect((await post(u.token, `/api/p/recharges/${bank.id}/cancel`)).json()).toMatchObject({
      code: 'A00001',
      data: { reason: 'recharge-not-payable' },
    });
  });

  it('lists the caller’s orders newest first, by state, with paging', async () => {
    const u = await signedInUser(ctx.db);
    const a = await create(u.token, 10, 'bank');
    const b = await create(u.token, 11, 'paypal');
    const c = await create(u.token, 12, 'card');
    await post(u.token, `/api/p/recharges/${b.id}/cancel`);
    const all = (await get(u.token, '/api/p/recharges?size=2')).json().data;
    expect([all.total, all.pages, all.records.map((r: { id: string }) => r.id)]).toEqual([3, 2, [c.id, b.id]]);
    expect(
      (await get(u.token, '/api/p/recharges?size=2&current=2')).json().data.records.map((r: { id: string }) => r.id),
    ).toEqual([a.id]);
    const closed = (await get(u.token, '/api/p/recharges?state=closed')).json().data;
    expect(closed.records.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await get(u.token, '/api/p/recharges?state=awaiting-payment')).json().data.total).toBe(2);
    expect((await get(u.token, '/api/p/recharges?state=bogus')).statusCode).toBe(400);
  });

  it('another user’s recharge order is not found on every /api/p/recharges/:id route', async () => {
    const owner = await signedInUser(ctx.db);
    const other = await signedInUser(ctx.db);
    const o = await create(owner.token, 10, 'bank');
    const answers = [
      await get(other.token, `/api/p/recharges/${o.id}`),
      await post(other.token, `/api/p/recharges/${o.id}/checkout`),
      await post(other.token, `/api/p/recharges/${o.id}/paypal/capture`),
      await post(other.token, `/api/p/recharges/${o.id}/card/confirm`),
      await post(other.token, `/api/p/recharges/${o.id}/cancel`),
      await upload(other.token, o.id, PNG),
      await get(other.token, '/api/p/recharges/not-a-uuid'),
    ];
    for (const a of answers)
      expect([a.statusCode, a.json().code, a.json().msg]).toEqual([
        404,
        'A00006',
        'This recharge order does not exist',
      ]);
    expect((await get(other.token, '/api/p/recharges')).json().data.total).toBe(0);
    expect((await get(owner.token, `/api/p/recharges/${o.id}`)).json().data.state).toBe('awaiting-payment');
  });

  it('the operator’s fee rules change the fee of NEW orders only; a disabled method is refused; users cannot call admin routes', async () => {
    const u = await signedInUser(ctx.db);
    const methods = (await get(u.token, '/api/p/recharge/methods')).json().data;
    expect(methods).toMatchObject({
      minAmount: 10,
      maxAmount: 50_000,
      sandbox: false,
      expiresAfterMinutes: 60,
      bank: { swiftBic: 'DEMOXXXX' },
    });
    expect(methods.methods).toEqual([
      { method: 'paypal', enabled: true, rule: { percent: 4.4, base: 0, fixed: 0.3 } },
      { method: 'card', enabled: true, rule: { percent: 2.9, base: 0.5, fixed: 0.5 } },
      { method: 'bank', enabled: true, rule: { percent: 0, base: 0, fixed: 0 } },
    ]);
    const before = await create(u.token, 100, 'paypal');
    for (const call of [
      get(u.token, '/api/admin/recharge-methods'),
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/recharge-methods/paypal',
        headers: auth(u.token),
        payload: { enabled: true, rule: { percent: 1, base: 0, fixed: 0 } },
      }),
      get(u.token, '/api/admin/recharges'),
      post(u.token, `/api/admin/recharges/${before.id}/approve`),
      post(u.token, `/api/admin/recharges/${before.id}/reject`, { reason: 'x' }),
    ])
      expect((await call).statusCode).toBe(403);

    const put = (method: string, body: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/recharge-methods/${method}`,
        headers: auth(ctx.operator),
        payload: body as object,
      });
    expect((await put('paypal', { enabled: true, rule: { percent: 5.123, base: 0, fixed: 0 } })).statusCode).toBe(400);
    expect((await put('paypal', { enabled: true, rule: { percent: 5, base: 0, fixed: 1 } })).json().data).toEqual({
      method: 'paypal',
      enabled: true,
      rule: { percent: 5, base: 0, fixed: 1 },
    });
    const after = await create(u.token, 100, 'paypal');
    expect(after).toMatchObject({ fee: 6, total: 106 });
    expect((await get(u.token, `/api/p/recharges/${before.id}`)).json().data).toMatchObject({ fee: 4.7, total: 104.7 });

    await put('card', { enabled: false, rule: { percent: 2.9, base: 0.5, fixed: 0.5 } });
    expect(
      (await get(u.token, '/api/p/recharge/methods')).json().data.methods.map((m: { method: string }) => m.method),
    ).toEqual(['paypal', 'bank']);
    const refused = await post(u.token, '/api/p/recharges', { amount: 100, method: 'card' });
    expect(refused.json()).toMatchObject({ code: 'A00001', data: { reason: 'payment-method-disabled' } });
    await put('card', { enabled: true, rule: { percent: 2.9, base: 0.5, fixed: 0.5 } });
    await put('paypal', { enabled: true, rule: { percent: 4.4, base: 0, fixed: 0.3 } });
    expect((await get(ctx.operator, '/api/admin/recharge-methods')).json().data).toHaveLength(3);
  });

  it('amounts outside the limits are refused with the contract’s messages', async () => {
    const u = await signedInUser(ctx.db);
    const low = await post(u.token, '/api/p/recharges', { amount: 9.99, method: 'paypal' });
    expect(low.json().data).toEqual([{ field: 'amount', message: 'The minimum recharge is 10.00 USD' }]);
    const high = await post(u.token, '/api/p/recharges', { amount: 50_000.01, method: 'bank' });
    expect(high.json().data).toEqual([{ field: 'amount', message: 'The maximum recharge is 50,000.00 USD' }]);
  });
});
