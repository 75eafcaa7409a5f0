import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { Mailer } from '../mail/mailer';
import { inTransaction } from '../unit-of-work';
import { JobRuntime } from './jobs.runtime';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let operator: string;
beforeAll(async () => {
  ctx = await createTestApp();
  operator = await sessionFor(ctx.db, 'operator@example.com');
});
afterAll(() => ctx.app.close());

const get = (url: string, token = operator, lang = 'en-US') =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: token, 'accept-language': lang } });
const retry = (id: string, lang = 'en-US') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/jobs/${id}/retry`,
    headers: { authorization: operator, 'accept-language': lang },
  });

describe('operator jobs console API', () => {
  it('lists jobs by state and type with attempts and last error, and retries a failed one', async () => {
    // A mail to a mailbox the server refuses: a failed mail.send job with its error.
    const refusing = new Mailer(
      {
        kind: 'smtp',
        send: async () => Promise.reject(Object.assign(new Error('550 Mailbox unavailable'), { responseCode: 550 })),
        close: () => {},
      },
      'no-reply@localhost',
    );
    await refusing.record(ctx.db, { to: 'nobody@example.com', subject: 'hi', text: 'hi', locale: 'en-US' });
    await inTransaction(ctx.db, (uow) => uow.enqueue({ type: 'report.build', payload: { n: 1 } }));
    await new JobRuntime({ db: ctx.db, handlers: refusing.jobHandlers() }).drain();

    const failed = (await get('/api/admin/jobs?state=failed')).json().data;
    expect(failed).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(failed.records[0]).toMatchObject({
      type: 'mail.send',
      state: 'failed',
      attempts: 1,
      maxAttempts: 12,
      lastError: '550 Mailbox unavailable',
    });
    expect(failed.records[0]).not.toHaveProperty('payload'); // may carry personal data

    const queued = (await get('/api/admin/jobs?state=queued&type=report.build')).json().data;
    expect(queued.records).toHaveLength(1);
    expect((await get('/api/admin/jobs?size=1&current=2')).json().data).toMatchObject({
      total: 2,
      pages: 2,
      size: 1,
      current: 2,
    });

    const again = await retry(failed.records[0].id);
    expect(again.json().data).toMatchObject({ state: 'queued', attempts: 0, lastError: '550 Mailbox unavailable' });
    expect((await get('/api/admin/jobs?state=failed')).json().data.total).toBe(0);
  });

  it('answers a retry of a job that has not failed, or does not exist, with a clear error', async () => {
    const id = await inTransaction(ctx.db, (uow) => uow.enqueue({ type: 'report.build' }));
    const notFailed = await retry(id, 'tr-TR');
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toMatchObject({ code: 'A00007', msg: 'Yalnızca başarısız bir iş yeniden denenebilir' });
    const missing = await retry(randomUUID(), 'fr-FR');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe("Cette tâche n'existe pas");
    const bad = await get('/api/admin/jobs?state=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('A00002');
  });

  it('is for operators only', async () => {
    const user = await sessionFor(ctx.db, 'demo@example.com');
    const res = await get('/api/admin/jobs', user);
    expect(res.statusCode).toBe(403);
  });
});
