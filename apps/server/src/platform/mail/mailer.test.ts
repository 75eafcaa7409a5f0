import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { Mailer, outboxTransport } from './mailer';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp(); // no SMTP_URL: the development outbox
});
afterAll(() => ctx.app.close());

const outbox = (token: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/mail-outbox${query}`, headers: { authorization: token } });

describe('development outbox (no SMTP_URL)', () => {
  it('keeps the reset-code mail for the operator to read, newest first', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/code',
      payload: { email: 'demo@example.com' },
      headers: { 'accept-language': 'tr-TR' },
    });
    expect(res.json().code).toBe('00000');
    await ctx.app.jobs.drain(); // the mail.send job committed with the code delivers it
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const page = (await outbox(operator)).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const [mail] = page.records;
    expect(mail).toMatchObject({
      to: 'demo@example.com',
      subject: 'Şifre sıfırlama kodunuz',
      locale: 'tr-TR',
      error: null,
    });
    expect(mail.text).toMatch(/^Merhaba Demo,\n\nDoğrulama kodunuz: \d{6}\. Kod 15 dakika geçerlidir/);
    expect(mail.html).toMatch(/^<p>Merhaba Demo,<\/p>\n<p>Doğrulama kodunuz: \d{6}\./);
    expect(mail.sentAt).not.toBeNull();

    // The code from the outbox works.
    const code = /(\d{6})/.exec(mail.text)![1];
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { email: 'demo@example.com', emailCode: code, password: 'demo12345', confirmPassword: 'demo12345' },
    });
    expect(done.json().code).toBe('00000');
  });

  it('pages newest first', async () => {
    const mailer = new Mailer(outboxTransport, 'test@localhost');
    for (const n of [1, 2, 3]) {
      const id = await mailer.record(ctx.db, {
        to: `reader${n}@example.com`,
        subject: `Note ${n}`,
        text: `<b>${n}</b>`,
        locale: 'en-US',
      });
      await mailer.deliver(ctx.db, id);
    }
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    const page = (await outbox(operator, '?current=1&size=2')).json().data;
    expect(page.total).toBe(4);
    expect(page.pages).toBe(2);
    expect(page.records.map((r: { subject: string }) => r.subject)).toEqual(['Note 3', 'Note 2']);
    expect(page.records[0].html).toBe('<p>&lt;b&gt;3&lt;/b&gt;</p>');
  });

  it('is for operators only', async () => {
    const user = await sessionFor(ctx.db, 'demo@example.com');
    const res = await outbox(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('A00003');
  });

  it('records nothing when the sender transaction rolls back', async () => {
    const mailer = new Mailer(outboxTransport, 'test@localhost');
    const before = await ctx.db.execute(sql`select count(*)::int as n from mail_outbox`);
    await ctx.db
      .transaction(async (tx) => {
        await mailer.record(tx, { to: 'ghost@example.com', subject: 'never', text: 'never', locale: 'en-US' });
        throw new Error('use case failed');
      })
      .catch(() => {});
    const after = await ctx.db.execute(sql`select count(*)::int as n from mail_outbox`);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('records a refused delivery on the row and throws, so its job retries', async () => {
    const refusing = new Mailer(
      { kind: 'smtp', send: async () => Promise.reject(new Error('421 try later')), close: () => {} },
      'test@localhost',
    );
    const id = await refusing.record(ctx.db, {
      to: 'later@example.com',
      subject: 'hello',
      text: 'hi',
      locale: 'en-US',
    });
    await expect(refusing.deliver(ctx.db, id, false)).rejects.toThrow('421 try later');
    const rows = await ctx.db.execute(sql`select sent_at, error from mail_outbox where id = ${id}`);
    expect(rows.rows[0]).toEqual({ sent_at: null, error: '421 try later' });
    // The body stays for the next attempt.
    const body = await ctx.db.execute(sql`select text from mail_outbox where id = ${id}`);
    expect(body.rows[0]).toEqual({ text: 'hi' });
  });
});
