import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { registerUser } from '../../../test/factories';
import { startTestSmtpServer } from './test-smtp-server';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>> | undefined;
beforeAll(async () => {
  // Find a free port for the SMTP server, then take it down: the mail server is away.
  const probe = await startTestSmtpServer();
  port = probe.port;
  await probe.close();
  ctx = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, resetCodeAnswerMs: 300 }, undefined, {
    workJobs: true,
    jobOptions: { pollMs: 50, retryBaseMs: 200 },
  });
});
afterAll(async () => {
  await ctx.app.close();
  await smtp?.close();
});

describe('e-mail on jobs', () => {
  it('a reset-code e-mail survives an SMTP outage and goes out when the server comes back', async () => {
    const user = await registerUser(ctx);
    const started = performance.now();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/password/code', payload: { email: user.email } });
    const ms = performance.now() - started;
    expect(res.json()).toEqual({ code: '00000', data: null, msg: 'OK', success: true });
    // The answer floor stays; the request did not wait for SMTP (which is down) beyond it.
    expect(ms).toBeGreaterThanOrEqual(295);
    expect(ms).toBeLessThan(3000);

    // The worker tried and failed: the job waits for its next attempt, the mail is not lost.
    let job: { state: string; attempts: number; last_error: string | null } | undefined;
    for (let i = 0; i < 100; i++) {
      const rows = await ctx.db.execute(sql`select state, attempts, last_error from jobs where type = 'mail.send'`);
      job = rows.rows[0] as typeof job;
      if (job && job.attempts >= 1 && job.last_error) break;
      await sleep(50);
    }
    expect(job).toMatchObject({
      state: expect.stringMatching(/queued|running/),
      last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
    });

    smtp = await startTestSmtpServer(port);
    for (let i = 0; i < 200 && !smtp.received.some((m) => m.to.includes(user.email)); i++) await sleep(50);
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail?.message).toMatch(/code is:?\s*\d{6}/);
    let state = '';
    for (let i = 0; i < 50 && state !== 'done'; i++) {
      state = (
        (await ctx.db.execute(sql`select state from jobs where type = 'mail.send'`)).rows[0] as { state: string }
      ).state;
      if (state !== 'done') await sleep(20);
    }
    expect(state).toBe('done');
    const sent = await ctx.db.execute(sql`select sent_at, error from mail_outbox where "to" = ${user.email}`);
    expect(sent.rows[0]).toMatchObject({ error: null });
    expect((sent.rows[0] as { sent_at: unknown }).sent_at).not.toBeNull();
  });
});
