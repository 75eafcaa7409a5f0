import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { cachesFor } from '../modules/catalogue/catalogue.cache';
import { createTag } from '../modules/catalogue/catalogue.tags.service';
import { startTestSmtpServer } from './mail/test-smtp-server';
import { Mailer, smtpTransport } from './mail/mailer';
import { type UnitOfWork, inTransaction } from './unit-of-work';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestApp({ smtpUrl: smtp.url });
  mailer = new Mailer(smtpTransport(smtp.url), 'no-reply@localhost');
});
afterAll(async () => {
  mailer.close();
  await ctx.app.close();
  await smtp.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await ctx.db.execute(query)) as unknown as { rows: Array<{ n: number | string }> }).rows[0]!.n);
const names = { 'en-US': 'Gift ideas' };

/** A use case with three effects: a catalogue write (clears caches), an e-mail, a job. */
async function threeEffects(uow: UnitOfWork, code: string, to: string) {
  await createTag(uow, { code, names, position: 0 });
  await mailer.record(uow, { to, subject: 'Your tag', text: 'hello', locale: 'en-US' });
  await uow.enqueue({ type: 'test.noop', payload: { code } });
}

describe('one unit of work', () => {
  it('a use case failing after its second write leaves nothing: no row, no job, no mail, no cache cleared', async () => {
    const caches = cachesFor(ctx.db);
    caches.tree.set('probe', 'cached tree');
    let hookRan = false;
    const jobsBefore = await count(sql`select count(*) as n from jobs`);
    await expect(
      inTransaction(ctx.db, async (uow) => {
        uow.afterCommit(() => {
          hookRan = true;
        });
        await threeEffects(uow, 'rolled-back-tag', 'rolled-back@example.com');
        throw new Error('the third step failed');
      }),
    ).rejects.toThrow('the third step failed');

    expect(await count(sql`select count(*) as n from tags where code = 'rolled-back-tag'`)).toBe(0);
    expect(await count(sql`select count(*) as n from mail_outbox where "to" = 'rolled-back@example.com'`)).toBe(0);
    expect(await count(sql`select count(*) as n from jobs`)).toBe(jobsBefore);
    expect(hookRan).toBe(false);
    expect(await caches.tree.peek('probe')).toBe('cached tree');
    // A worker finds nothing to send.
    await ctx.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes('rolled-back@example.com'))).toHaveLength(0);
  });

  it('the same use case committed: rows and job written, caches cleared only after commit, mail sent by the job', async () => {
    const caches = cachesFor(ctx.db);
    caches.tree.set('probe', 'cached tree');
    const seen: string[] = [];
    await inTransaction(ctx.db, async (uow) => {
      await threeEffects(uow, 'committed-tag', 'committed@example.com');
      // Not yet: a reader before the commit would cache the old tree again for a whole TTL.
      expect(await caches.tree.peek('probe')).toBe('cached tree');
      uow.afterCommit(async () => {
        // After commit, another connection sees the row.
        seen.push(String(await count(sql`select count(*) as n from tags where code = 'committed-tag'`)));
      });
    });
    expect(seen).toEqual(['1']);
    expect(caches.tree.peek('probe')).toBeUndefined();
    expect(smtp.received.filter((m) => m.to.includes('committed@example.com'))).toHaveLength(0); // nothing waited for SMTP
    await ctx.app.jobs.drain();
    expect(smtp.received.filter((m) => m.to.includes('committed@example.com'))).toHaveLength(1);
  });

  it('nested services share the one transaction: no savepoint, the same tx object', async () => {
    await inTransaction(ctx.db, async (outer) => {
      await inTransaction(outer, async (inner) => {
        expect(inner).toBe(outer);
        expect(inner.tx).toBe(outer.tx);
      });
      // A service handed the bare transaction joins too instead of opening a savepoint.
      await inTransaction(outer.tx, async (inner) => expect(inner).toBe(outer));
    });
  });

  it('an inner failure rolls the outer work back even when the caller catches it', async () => {
    await expect(
      inTransaction(ctx.db, async (outer) => {
        await createTag(outer, { code: 'outer-tag', names, position: 0 });
        // With a savepoint the outer tag would commit once this error is caught.
        await createTag(outer, { code: 'outer-tag', names, position: 0 }).catch(() => 'ignored');
      }),
    ).rejects.toMatchObject({ code: 'A00007' });
    expect(await count(sql`select count(*) as n from tags where code = 'outer-tag'`)).toBe(0);
  });

  it('an after-commit hook that throws is logged, not thrown: the use case happened', async () => {
    const result = await inTransaction(ctx.db, async (uow) => {
      await createTag(uow, { code: 'hook-fails-tag', names, position: 0 });
      uow.afterCommit(() => {
        throw new Error('cache server away');
      });
      return 'done';
    });
    expect(result).toBe('done');
    expect(await count(sql`select count(*) as n from tags where code = 'hook-fails-tag'`)).toBe(1);
  });

  it('catalogue invalidation given a transaction clears the real caches (those the public routes read)', async () => {
    const detail = await ctx.app.inject({ method: 'GET', url: '/api/prod/prodInfo?prodId=1' });
    const prodId = detail.json().data?.prodId as number | undefined;
    const caches = cachesFor(ctx.db);
    caches.responses.set(`detail:en-US:${prodId ?? 1}`, Buffer.from('stale detail'));
    caches.tree.set('probe', 'cached tree');
    const { invalidateProduct } = await import('../modules/catalogue/catalogue.cache');
    await inTransaction(ctx.db, async (uow) => {
      // Handed the bare transaction, as a service deep in a use case would be.
      invalidateProduct(uow.tx, prodId ?? 1);
    });
    expect(caches.responses.peek(`detail:en-US:${prodId ?? 1}`)).toBeUndefined();
    // Only that product: the rest of the catalogue stays cached.
    expect(await caches.tree.peek('probe')).toBe('cached tree');
  });
});
