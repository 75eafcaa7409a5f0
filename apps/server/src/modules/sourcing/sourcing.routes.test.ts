import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { product, signedInUser } from '../../../test/factories';
import { TINY_PNG } from '../../../test/bomb-files';
import { createTestApp, sessionFor } from '../../../test/harness';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
let lamp: { prodId: number; skuId: number };
beforeAll(async () => {
  ctx = await createTestApp({ fileStore: 'database' });
  operator = await sessionFor(ctx.db, 'operator@example.com');
  lamp = await product(ctx, `SRC-${Date.now()}`, 50);
});
afterAll(() => ctx.app.close());

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await ctx.db.execute(q)) as unknown as { rows: Row[] }).rows;
const headers = (token: string, lang = 'en-US', extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'accept-language': lang,
  ...extra,
});
const get = (token: string, url: string, lang = 'en-US') =>
  ctx.app.inject({ method: 'GET', url, headers: headers(token, lang) });
const send = (method: 'POST' | 'PUT', token: string, url: string, payload: object = {}, lang = 'en-US', extra = {}) =>
  ctx.app.inject({ method, url, payload, headers: headers(token, lang, extra) });
const post = (token: string, url: string, payload: object = {}, lang = 'en-US', extra = {}) =>
  send('POST', token, url, payload, lang, extra);
const fieldErrors = (res: { json: () => { data: Array<{ field: string; message: string }> } }) =>
  Object.fromEntries(res.json().data.map((e) => [e.field, e.message]));

let serial = 0;
const REQUEST = () => ({
  url: `https://www.aliexpress.com/item/${Date.now()}${++serial}.html`,
  title: 'Sunset lamp',
  description: 'Round, USB powered',
  targetPrice: 4.5,
  quantity: 20,
  purchaseType: 'dropshipping',
  haveOrders: true,
  acceptSimilar: false,
});

async function upload(token: string, bytes: Buffer, area = '/api/p/sourcing/images') {
  const boundary = `----src${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: area,
    payload,
    headers: { ...headers(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const png = () => Buffer.concat([TINY_PNG, randomBytes(8)]);

describe('sending a sourcing request', () => {
  it('keeps the request with its picture, shows the site back and waits pending with a due time', async () => {
    const ada = await signedInUser(ctx.db);
    const image = (await upload(ada.token, png())).json().data;
    expect(image.url).toBe(`/api/files/sourcing/${image.id}`);
    const res = await post(ada.token, '/api/p/sourcing', { ...REQUEST(), images: [image.id] });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({
      number: expect.stringMatching(/^S\d{6,}$/),
      domain: 'aliexpress.com',
      state: 'pending',
      images: [image.url],
      targetPrice: 4.5,
      quantity: 20,
      haveOrders: true,
      acceptSimilar: false,
      alreadyOpen: false,
      agent: null,
      late: false,
      products: [],
    });
    expect(Date.parse(made.dueAt) - Date.parse(made.createdAt)).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    expect((await get(ada.token, '/api/p/sourcing/counts')).json().data).toEqual({
      processing: 1,
      succeeded: 0,
      failed: 0,
    });
    expect((await get(ada.token, '/api/p/sourcing?tab=processing')).json().data.records[0].id).toBe(made.id);
  });

  it('refuses an empty URL, a non-web address, three decimals and a zero quantity, per field and localized', async () => {
    const bob = await signedInUser(ctx.db);
    const empty = await post(bob.token, '/api/p/sourcing', { ...REQUEST(), url: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toEqual({ url: 'URL cannot be empty' });
    expect(fieldErrors(await post(bob.token, '/api/p/sourcing', { ...REQUEST(), url: '' }, 'zh-CN'))).toEqual({
      url: 'URL不能为空',
    });
    const bad = await post(bob.token, '/api/p/sourcing', {
      ...REQUEST(),
      url: 'javascript:alert(1)',
      targetPrice: 4.555,
      quantity: 0,
    });
    expect(Object.keys(fieldErrors(bad)).sort()).toEqual(['quantity', 'targetPrice', 'url']);
    expect(fieldErrors(await post(bob.token, '/api/p/sourcing', { ...REQUEST(), targetPrice: 0 }))).toEqual({
      targetPrice: 'The target price must be more than 0',
    });
    // No target price is fine.
    expect((await post(bob.token, '/api/p/sourcing', { ...REQUEST(), targetPrice: null })).statusCode).toBe(200);
    expect((await get(bob.token, '/api/p/sourcing/counts')).json().data.processing).toBe(1);
  });

  it('takes JPEG, PNG and WebP by content up to 5 MB, at most 5 per request, and only uploaded ones', async () => {
    const cem = await signedInUser(ctx.db);
    const text = await upload(cem.token, Buffer.from('not a picture at all, just text'));
    expect([text.statusCode, text.json().code]).toEqual([400, 'A00002']);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(fieldErrors(await upload(cem.token, big)).file).toMatch(/5/);
    const names = await Promise.all(
      Array.from({ length: 6 }, async () => (await upload(cem.token, png())).json().data.id as string),
    );
    expect(fieldErrors(await post(cem.token, '/api/p/sourcing', { ...REQUEST(), images: names }))).toEqual({
      images: 'You can add at most 5 pictures',
    });
    const unknown = `${'0'.repeat(32)}.png`;
    expect(fieldErrors(await post(cem.token, '/api/p/sourcing', { ...REQUEST(), images: [unknown] }))).toEqual({
      images: 'This picture was not uploaded, please add it again',
    });
  });

  it('one open request per URL: a double submit answers the open one, and once closed the URL may be asked again', async () => {
    const dan = await signedInUser(ctx.db);
    const body = REQUEST();
    const [a, b] = await Promise.all([
      post(dan.token, '/api/p/sourcing', body),
      post(dan.token, '/api/p/sourcing', { ...body, url: body.url.replace('https://www.', 'http://') }),
    ]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect([a.json().data.alreadyOpen, b.json().data.alreadyOpen].sort()).toEqual([false, true]);
    expect((await get(dan.token, '/api/p/sourcing/counts')).json().data.processing).toBe(1);
    // The same key twice is one answer (idempotent submit).
    const key = crypto.randomUUID();
    const other = { ...REQUEST() };
    const [k1, k2] = await Promise.all([
      post(dan.token, '/api/p/sourcing', other, 'en-US', { 'idempotency-key': key }),
      post(dan.token, '/api/p/sourcing', other, 'en-US', { 'idempotency-key': key }),
    ]);
    expect(k1.json().data.id).toBe(k2.json().data.id);
    expect((await get(dan.token, '/api/p/sourcing/counts')).json().data.processing).toBe(2);
    await post(operator, `/api/admin/sourcing/${a.json().data.id}/fail`, { reason: 'not-found' });
    const again = await post(dan.token, '/api/p/sourcing', body);
    expect(again.json().data).toMatchObject({ alreadyOpen: false, state: 'pending' });
    expect(again.json().data.id).not.toBe(a.json().data.id);
  });
});

describe('answering a request', () => {
  it('take → succeeded with a catalogue product: the user sees price and MOQ, and gets one e-mail in their language', async () => {
    const eve = await signedInUser(ctx.db, { locale: 'fr-FR' });
    const made = (await post(eve.token, '/api/p/sourcing', REQUEST())).json().data;
    const queue = (await get(operator, '/api/admin/sourcing?size=100')).json().data;
    expect(queue.records.find((r: Row) => r.id === made.id)).toMatchObject({ userEmail: eve.email, state: 'pending' });
    const taken = await post(operator, `/api/admin/sourcing/${made.id}/take`);
    expect(taken.json().data).toMatchObject({ state: 'processing', handlerName: 'operator@example.com' });
    expect((await get(eve.token, `/api/p/sourcing/${made.id}`)).json().data.takenAt).not.toBeNull();
    expect((await post(operator, `/api/admin/sourcing/${made.id}/take`)).json().data).toMatchObject({
      reason: 'sourcing-transition-refused',
      state: 'processing',
    });
    const none = await post(operator, `/api/admin/sourcing/${made.id}/succeed`, { prodIds: [] });
    expect(fieldErrors(none)).toEqual({ prodIds: 'Choose at least one catalogue product' });
    const ghost = await post(operator, `/api/admin/sourcing/${made.id}/succeed`, { prodIds: [2_000_000_000] });
    expect(fieldErrors(ghost)).toEqual({ prodIds: 'This product is not in the catalogue or is taken down' });
    const done = await post(operator, `/api/admin/sourcing/${made.id}/succeed`, { prodIds: [lamp.prodId] });
    expect(done.statusCode, done.body).toBe(200);
    const seen = (await get(eve.token, `/api/p/sourcing/${made.id}`, 'fr-FR')).json().data;
    expect(seen).toMatchObject({ state: 'succeeded', decidedAt: expect.any(String), late: false });
    expect(seen.products).toEqual([
      expect.objectContaining({
        prodId: lamp.prodId,
        skuId: lamp.skuId,
        prodName: expect.stringContaining('Lampe'),
        price: 19.99,
        moq: 1,
      }),
    ]);
    // A second decision is refused, and no second e-mail is written.
    const twice = await post(operator, `/api/admin/sourcing/${made.id}/fail`, { reason: 'other' });
    expect([twice.statusCode, twice.json().data.reason]).toEqual([409, 'sourcing-transition-refused']);
    await ctx.app.jobs.drain();
    const mails = await rows(sql`select subject, text, locale from mail_outbox where "to" = ${eve.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      locale: 'fr-FR',
      subject: `Demande de sourcing ${made.number} : nous avons trouvé votre produit`,
      text: expect.stringContaining(`/user/sourcingDetail?id=${made.id}`),
    });
    expect((await get(eve.token, '/api/p/sourcing/counts')).json().data).toEqual({
      processing: 0,
      succeeded: 1,
      failed: 0,
    });
  });

  it('answered with a new catalogue product made from the request: its pictures, the URL as source note, one e-mail', async () => {
    const gus = await signedInUser(ctx.db);
    const picture = (await upload(gus.token, png())).json().data;
    const made = (await post(gus.token, '/api/p/sourcing', { ...REQUEST(), images: [picture.id] })).json().data;
    const [lampRow] = await rows(sql`select category_id from products where id = ${lamp.prodId}`);
    const form = (skuCode: string) => ({
      categoryId: Number(lampRow!.category_id),
      translations: { 'en-US': { title: made.title, brief: '', description: made.description } },
      imgs: made.images,
      skus: [{ skuCode, price: 6.5, oriPrice: 8, stocks: 100, weight: 0.3, length: 10, width: 10, height: 10 }],
    });
    const before = Number((await rows(sql`select count(*) as n from products`))[0]!.n);
    // A bad form writes nothing: no product, the request still open.
    const bad = await post(operator, `/api/admin/sourcing/${made.id}/product`, { ...form('SRC-NEW'), skus: [] });
    expect(bad.statusCode).toBe(400);
    const res = await post(operator, `/api/admin/sourcing/${made.id}/product`, form(`SRC-NEW-${serial}`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'succeeded' });
    const [linked] = await rows(sql`select product_id from sourcing_products where request_id = ${made.id}`);
    const prodId = Number(linked!.product_id);
    const product = (await get(operator, `/api/admin/catalogue/products/${prodId}`)).json().data;
    expect(product).toMatchObject({ sourceNote: made.url, imgs: [picture.url] });
    const seen = (await get(gus.token, `/api/p/sourcing/${made.id}`)).json().data;
    expect(seen.products).toEqual([expect.objectContaining({ prodId, prodName: 'Sunset lamp', price: 6.5 })]);
    // Answered already: a second product is refused and not made.
    const again = await post(operator, `/api/admin/sourcing/${made.id}/product`, form(`SRC-NEW2-${serial}`));
    expect([again.statusCode, again.json().data.reason]).toEqual([409, 'sourcing-transition-refused']);
    expect(Number((await rows(sql`select count(*) as n from products`))[0]!.n)).toBe(before + 1);
    await ctx.app.jobs.drain();
    expect(await rows(sql`select subject from mail_outbox where "to" = ${gus.email}`)).toHaveLength(1);
  });

  it('failed straight from pending with a reason: the user sees it and is told in Turkish, once', async () => {
    const fay = await signedInUser(ctx.db, { locale: 'tr-TR' });
    const made = (await post(fay.token, '/api/p/sourcing', REQUEST())).json().data;
    const key = crypto.randomUUID();
    const body = { reason: 'price-too-high', note: 'Best offer 7.80 USD' };
    const [f1, f2] = await Promise.all([
      post(operator, `/api/admin/sourcing/${made.id}/fail`, body, 'en-US', { 'idempotency-key': key }),
      post(operator, `/api/admin/sourcing/${made.id}/fail`, body, 'en-US', { 'idempotency-key': key }),
    ]);
    expect([f1.statusCode, f2.statusCode]).toEqual([200, 200]);
    expect(
      fieldErrors(await post(operator, `/api/admin/sourcing/${made.id}/fail`, { reason: 'bored' })),
    ).toHaveProperty('reason');
    const seen = (await get(fay.token, `/api/p/sourcing/${made.id}`)).json().data;
    expect(seen).toMatchObject({
      state: 'failed',
      failureReason: 'price-too-high',
      failureNote: 'Best offer 7.80 USD',
    });
    const mails = await rows(sql`select subject, text from mail_outbox where "to" = ${fay.email}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Tedarik talebi ${made.number}: tedarik edilemedi`);
    expect(mails[0]!.text).toContain('Bulduğumuz en iyi fiyat hedef fiyatınızın üzerinde');
    expect(mails[0]!.text).toContain('Best offer 7.80 USD');
  });

  it('the queue filters by state, purchase type and lateness, oldest first', async () => {
    const gus = await signedInUser(ctx.db);
    const bulk = (await post(gus.token, '/api/p/sourcing', { ...REQUEST(), purchaseType: 'bulk' })).json().data;
    const late = (await post(gus.token, '/api/p/sourcing', REQUEST())).json().data;
    await ctx.db.execute(sql`update sourcing_requests set due_at = now() - interval '1 hour',
      created_at = now() - interval '2 days' where id = ${late.id}`);
    const ids = async (q: string) =>
      (await get(operator, `/api/admin/sourcing?size=100&${q}`)).json().data.records.map((r: Row) => r.id);
    expect(await ids('purchaseType=bulk')).toContain(bulk.id);
    expect(await ids('purchaseType=bulk')).not.toContain(late.id);
    expect(await ids('late=true')).toEqual(expect.arrayContaining([late.id]));
    expect(await ids('late=true')).not.toContain(bulk.id);
    const open = await ids('state=open');
    expect(open.indexOf(late.id)).toBeLessThan(open.indexOf(bulk.id));
    expect((await get(gus.token, `/api/p/sourcing/${late.id}`)).json().data.late).toBe(true);
    expect(await ids('state=succeeded')).not.toContain(bulk.id);
  });
});

describe('who reaches what', () => {
  it("another user's request is not found, for reading and messages; users cannot reach the staff routes", async () => {
    const ivy = await signedInUser(ctx.db);
    const joe = await signedInUser(ctx.db);
    const made = (await post(ivy.token, '/api/p/sourcing', REQUEST())).json().data;
    expect((await get(joe.token, `/api/p/sourcing/${made.id}`)).statusCode).toBe(404);
    expect((await get(joe.token, `/api/p/sourcing/${made.id}/messages`)).statusCode).toBe(404);
    expect((await post(joe.token, `/api/p/sourcing/${made.id}/messages`, { text: 'hi' })).statusCode).toBe(404);
    expect((await get(joe.token, '/api/p/sourcing/not-a-uuid')).statusCode).toBe(404);
    expect((await post(joe.token, `/api/admin/sourcing/${made.id}/take`)).statusCode).toBe(403);
    expect((await get(ivy.token, `/api/p/sourcing/${made.id}/messages`)).json().data).toEqual([]);
  });

  it('an agent sees only assigned users: their requests go to the agent first; another user → 404; operator-only routes → 403', async () => {
    const agentAccount = await signedInUser(ctx.db);
    const card = await send('PUT', operator, '/api/admin/sourcing/agents', {
      email: agentAccount.email,
      name: 'Lina Chen',
      languages: ['zh-CN'], // no en-US: Lea (en-US) stays without an agent
      hoursFrom: '09:00',
      hoursTo: '18:00',
      timeZone: 'Asia/Shanghai',
    });
    expect(card.statusCode, card.body).toBe(200);
    const agentId = card.json().data.id;
    const agent = await sessionFor(ctx.db, agentAccount.email);
    const kim = await signedInUser(ctx.db);
    const lea = await signedInUser(ctx.db);
    expect(
      (await send('PUT', operator, '/api/admin/sourcing/assignments', { userEmail: kim.email, agentId })).statusCode,
    ).toBe(200);
    expect((await get(kim.token, '/api/p/sourcing/agent')).json().data).toMatchObject({
      name: 'Lina Chen',
      email: agentAccount.email,
      timeZone: 'Asia/Shanghai',
    });
    expect((await get(lea.token, '/api/p/sourcing/agent')).json().data).toBeNull();
    const mine = (await post(kim.token, '/api/p/sourcing', REQUEST())).json().data;
    expect(mine.agent).toMatchObject({ id: agentId, name: 'Lina Chen' });
    const theirs = (await post(lea.token, '/api/p/sourcing', REQUEST())).json().data;

    const queue = (await get(agent, '/api/admin/sourcing?size=100')).json().data.records.map((r: Row) => r.id);
    expect(queue).toEqual([mine.id]);
    expect((await get(agent, `/api/admin/sourcing?agent=${agentId}`)).json().data.total).toBe(1);
    expect((await get(agent, `/api/admin/sourcing/${theirs.id}`)).statusCode).toBe(404);
    expect((await post(agent, `/api/admin/sourcing/${theirs.id}/take`)).statusCode).toBe(404);
    expect((await post(agent, `/api/admin/sourcing/${theirs.id}/fail`, { reason: 'other' })).statusCode).toBe(404);
    expect((await post(agent, `/api/admin/sourcing/${theirs.id}/messages`, { text: 'x' })).statusCode).toBe(404);
    expect((await get(lea.token, `/api/p/sourcing/${theirs.id}`)).json().data.state).toBe('pending');
    // Outside sourcing, and the agents' set-up, an agent is refused like a user.
    for (const url of ['/api/admin/users', '/api/admin/withdrawals', '/api/admin/sourcing/agents'])
      expect((await get(agent, url)).statusCode, url).toBe(403);

    // The agent works the assigned user's request and talks to them.
    expect((await post(agent, `/api/admin/sourcing/${mine.id}/take`)).json().data.state).toBe('processing');
    expect((await post(kim.token, `/api/p/sourcing/${mine.id}/messages`, { text: 'Is blue fine?' })).statusCode).toBe(
      200,
    );
    await post(agent, `/api/admin/sourcing/${mine.id}/messages`, { text: 'Yes, blue is in stock.' });
    expect(fieldErrors(await post(kim.token, `/api/p/sourcing/${mine.id}/messages`, { text: ' ' }))).toEqual({
      text: 'Write a message or add a picture',
    });
    const thread = (await get(kim.token, `/api/p/sourcing/${mine.id}/messages`)).json().data;
    expect(thread.map((m: Row) => [m.fromStaff, m.authorName, m.text])).toEqual([
      [false, 'Ada', 'Is blue fine?'],
      [true, 'Lina Chen', 'Yes, blue is in stock.'],
    ]);
    // Taken off the agent: the agent no longer reaches the user's request.
    await send('PUT', operator, '/api/admin/sourcing/assignments', { userEmail: kim.email, agentId: null });
    expect((await get(agent, `/api/admin/sourcing/${mine.id}`)).statusCode).toBe(404);
    expect((await get(kim.token, `/api/p/sourcing/${mine.id}`)).json().data.agent).toBeNull();
  });

  it('refuses making the operator an agent and unknown accounts', async () => {
    const body = { name: 'X', languages: ['en-US'], hoursFrom: '09:00', hoursTo: '17:00', timeZone: 'Europe/Paris' };
    expect(
      fieldErrors(
        await send('PUT', operator, '/api/admin/sourcing/agents', { ...body, email: 'operator@example.com' }),
      ),
    ).toEqual({ email: 'Operators cannot be agents; use another account' });
    expect(
      fieldErrors(await send('PUT', operator, '/api/admin/sourcing/agents', { ...body, email: 'nobody@example.com' })),
    ).toEqual({ email: 'There is no account with this e-mail' });
    expect(
      Object.keys(
        fieldErrors(
          await send('PUT', operator, '/api/admin/sourcing/agents', {
            ...body,
            email: 'nobody@example.com',
            timeZone: 'Mars/Base',
            hoursTo: '25:00',
          }),
        ),
      ).sort(),
    ).toEqual(['hoursTo', 'timeZone']);
  });
});
