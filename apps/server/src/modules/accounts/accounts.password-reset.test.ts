import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { startTestSmtpServer } from '../../platform/mail/test-smtp-server';
import { auth, countRows, fieldMessages, logIn, registerUser, type TestCtx } from '../../../test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ctx: TestCtx;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await ctx.app.close();
  await smtp.close();
});

/** Asks for a code, then lets this process's job worker deliver what was committed. */
const requestCode = async (email: string, lang = 'en-US') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/password/code',
    payload: { email },
    headers: { 'accept-language': lang },
  });
  await ctx.app.jobs.drain();
  return res;
};
const reset = (payload: Record<string, unknown>, lang = 'en-US') =>
  ctx.app.inject({ method: 'POST', url: '/api/password/reset', payload, headers: { 'accept-language': lang } });
const resetWith = (email: string, emailCode: string, password = 'brandnew42') =>
  reset({ email, emailCode, password, confirmPassword: password });

/** The code in the last mail to `email` (read from the message the SMTP server received). */
function codeSentTo(email: string): string {
  const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /(?:code is|code est|代码是|验证码是|kodunuz:)\s*(\d{6})/.exec(mail.message);
  if (!match) throw new Error(`no code in:\n${mail.message}`);
  return match[1]!;
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).length;

describe('the answer time does not tell which addresses have accounts', () => {
  it('a code request for a real account (slow SMTP send) and for an unknown address both take the floor', async () => {
    const user = await registerUser(ctx);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestCode(email);
      return { body: res.json(), ms: performance.now() - started };
    };
    smtp.setAcceptDelay(250);
    // The route reads the floor per request; this app's config is the test's own object.
    ctx.config.resetCodeAnswerMs = 600;
    try {
      const known = await timed(user.email);
      const unknown = await timed('nobody-here@example.com');
      expect(mailsTo(user.email)).toBe(1); // the real account's mail went out, slowly
      expect(known.body).toEqual(unknown.body);
      expect(known.ms).toBeGreaterThanOrEqual(595);
      expect(unknown.ms).toBeGreaterThanOrEqual(595);
    } finally {
      ctx.config.resetCodeAnswerMs = 0;
      smtp.setAcceptDelay(0);
    }
  });
});

describe('password reset through a real SMTP server', () => {
  it('mails a 6-digit code, resets the password, ends old sessions and lets the new password in', async () => {
    const user = await registerUser(ctx);
    const oldSession = (await logIn(ctx, user.email, user.password)).json().data.accessToken as string;

    const sent = await requestCode(user.email.toUpperCase());
    expect(sent.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    expect(mailsTo(user.email)).toBe(1);
    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.message).toContain('Subject: Your password reset code');
    const code = codeSentTo(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const done = await resetWith(user.email, code);
    expect(done.json()).toMatchObject({ code: '00000', success: true });

    const stale = await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(user.token) });
    expect(stale.json().code).toBe('A00004');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/p/user/info', headers: auth(oldSession) })).json().code,
    ).toBe('A00004');
    expect((await logIn(ctx, user.email, user.password)).json().code).toBe('A00001');
    expect((await logIn(ctx, user.email, 'brandnew42')).json().code).toBe('00000');
  });

  it('stores only a keyed hash of the code, never the code', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const code = codeSentTo(user.email);
    const rows = await ctx.db.execute(sql`select code_hash from password_reset_codes where user_id = ${user.userId}`);
    const hash = (rows.rows[0] as { code_hash: string }).code_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code);
  });

  it('writes the mail in the language of the request and remembers it on the user', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email, 'fr-FR');
    const mail = smtp.received.at(-1)!;
    expect(mail.message).toContain('Votre code de vérification est');
    expect(mail.message).toContain('valable 15 minutes');
    const rows = await ctx.db.execute(sql`select locale from users where id = ${user.userId}`);
    expect(rows.rows[0]).toEqual({ locale: 'fr-FR' });
  });

  it('accepts a code once only', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const code = codeSentTo(user.email);
    expect((await resetWith(user.email, code)).json().code).toBe('00000');
    const again = await resetWith(user.email, code, 'another77');
    expect(again.json()).toMatchObject({
      code: 'A00002',
      msg: 'Verification failed',
      data: [{ field: 'emailCode', message: 'Verification failed' }],
    });
  });

  it('voids the code after 5 wrong tries', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const code = codeSentTo(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await resetWith(user.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Verification failed');
    }
    const right = await resetWith(user.email, code);
    expect(right.json().msg).toBe('Verification failed');
    expect((await logIn(ctx, user.email, user.password)).json().code).toBe('00000');
  });

  it('refuses an expired code', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const code = codeSentTo(user.email);
    await ctx.db.execute(
      sql`update password_reset_codes set expires_at = now() - interval '1 second' where user_id = ${user.userId}`,
    );
    const res = await resetWith(user.email, code);
    expect(res.json()).toMatchObject({ code: 'A00002', msg: 'Verification failed' });
  });

  it.each([
    ['zh-CN', '验证失败'],
    ['fr-FR', 'Échec de la vérification'],
    ['tr-TR', 'Doğrulama başarısız'],
  ])('says "Verification failed" in %s', async (lang, message) => {
    const res = await reset(
      { email: 'demo@example.com', emailCode: '123456', password: 'brandnew42', confirmPassword: 'brandnew42' },
      lang,
    );
    expect(fieldMessages(res.json())).toEqual({ emailCode: message });
  });

  it('sends at most one code a minute per address, with the same answer', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const first = codeSentTo(user.email);
    const second = await requestCode(user.email);
    expect(second.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    expect(mailsTo(user.email)).toBe(1);
    // The first code still works.
    expect((await resetWith(user.email, first)).json().code).toBe('00000');
  });

  it('replaces the previous code with a new request', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const first = codeSentTo(user.email);
    await ctx.db.execute(
      sql`update password_reset_codes set created_at = now() - interval '61 seconds' where user_id = ${user.userId}`,
    );
    await requestCode(user.email);
    expect(mailsTo(user.email)).toBe(2);
    const second = codeSentTo(user.email);
    if (second !== first) expect((await resetWith(user.email, first)).json().msg).toBe('Verification failed');
    expect((await resetWith(user.email, second)).json().code).toBe('00000');
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = smtp.received.length;
    const outbox = await countRows(ctx, 'mail_outbox');
    const res = await requestCode('nobody-here@example.com');
    expect(res.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    expect(smtp.received.length).toBe(before);
    expect(await countRows(ctx, 'mail_outbox')).toBe(outbox);
  });

  it('answers OK at once when the SMTP server refuses a mailbox; the job fails without retry and records why', async () => {
    const user = await registerUser(ctx, { email: `refuse-${Date.now()}@example.com` });
    const res = await requestCode(user.email, 'zh-CN');
    expect(res.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    const rows = await ctx.db.execute(sql`select id, sent_at, error, text from mail_outbox where "to" = ${user.email}`);
    expect(rows.rows).toHaveLength(1);
    const row = rows.rows[0] as { id: string; sent_at: unknown; error: string; text: string };
    expect(row.sent_at).toBeNull();
    expect(row.error).toMatch(/Mailbox unavailable/);
    expect(row.text).toBe(''); // no retry will need the body, so the code is not kept readable
    // A 550 is permanent: failed after one attempt, shown to the operator with its error.
    const jobs = await ctx.db.execute(
      sql`select state, attempts, last_error from jobs where payload->>'id' = ${row.id}`,
    );
    expect(jobs.rows).toEqual([
      { state: 'failed', attempts: 1, last_error: expect.stringMatching(/Mailbox unavailable/) },
    ]);
  });

  it('keeps no mail body in the table once SMTP took the message', async () => {
    const user = await registerUser(ctx);
    await requestCode(user.email);
    const rows = await ctx.db.execute(
      sql`select text, html, sent_at, error from mail_outbox where "to" = ${user.email}`,
    );
    const row = rows.rows[0] as { text: string; html: string; sent_at: unknown; error: unknown };
    expect(row).toMatchObject({ text: '', html: '', error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('validates the reset form: code required, 6 digits, password rule, confirmation', async () => {
    const empty = await reset({}, 'fr-FR');
    expect(fieldMessages(empty.json())).toEqual({
      email: "Veuillez saisir l'adresse e-mail",
      emailCode: 'Veuillez saisir le code de vérification reçu par e-mail',
      password: 'Veuillez saisir le mot de passe',
      confirmPassword: 'Veuillez saisir la confirmation du mot de passe',
    });
    const bad = await reset({
      email: 'demo@example.com',
      emailCode: '12ab',
      password: 'short1',
      confirmPassword: 'short2',
    });
    expect(fieldMessages(bad.json())).toEqual({
      emailCode: 'The verification code has 6 digits',
      password: 'The password must be longer than 6 characters and contain letters and digits',
      confirmPassword: 'The two passwords entered do not match',
    });
  });

  it('does not send to a disabled account', async () => {
    const user = await registerUser(ctx);
    const operator = await sessionFor(ctx.db, 'operator@example.com');
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.userId}/status`,
      headers: auth(operator),
      payload: { status: '0' },
    });
    const res = await requestCode(user.email);
    expect(res.json().code).toBe('00000');
    expect(mailsTo(user.email)).toBe(0);
  });
});
