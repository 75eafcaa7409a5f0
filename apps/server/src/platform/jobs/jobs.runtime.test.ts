import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import { type Database, openPostgres } from '../../db/client';
import { inTransaction } from '../unit-of-work';
import { scheduleRecurring } from './jobs.queue';
import { type JobHandler, JobRuntime } from './jobs.runtime';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table test_job_runs (job_id uuid not null, worker text not null, n int)`);
});
afterAll(async () => {
  await database.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const jobRow = async (id: string) =>
  (
    await rows<{ state: string; attempts: number; last_error: string | null; due_ms: number }>(
      sql`select state, attempts, last_error, extract(epoch from run_at - updated_at) * 1000 as due_ms from jobs where id = ${id}`,
    )
  )[0]!;

function runtime(
  handlers: Record<string, JobHandler>,
  options: Partial<ConstructorParameters<typeof JobRuntime>[0]> = {},
  db = database.db,
) {
  return new JobRuntime({ db, handlers, pollMs: 20, retryBaseMs: 1, leaseMs: 60_000, ...options });
}

describe('durable jobs', () => {
  it('a job enqueued in a rolled-back transaction never runs', async () => {
    let ran = 0;
    const worker = runtime({ 'test.rollback': async () => void ran++ });
    await expect(
      inTransaction(database.db, async (uow) => {
        await uow.enqueue({ type: 'test.rollback' });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow();
    expect(await worker.drain()).toBe(0);
    expect(ran).toBe(0);
    expect(await rows(sql`select id from jobs where type = 'test.rollback'`)).toHaveLength(0);
  });

  it('retries with exponential backoff, then is failed with its last error', async () => {
    const worker = runtime(
      { 'test.flaky': async (_p, ctx) => Promise.reject(new Error(`smtp down (attempt ${ctx.attempt})`)) },
      { retryBaseMs: 300 },
    );
    const id = await inTransaction(database.db, (uow) => uow.enqueue({ type: 'test.flaky', maxAttempts: 3 }));
    await worker.drain();
    let job = await jobRow(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, last_error: 'smtp down (attempt 1)' });
    // Not due before the backoff: a second drain right away finds nothing.
    expect(await worker.drain()).toBe(0);
    expect(Number(job.due_ms)).toBeGreaterThanOrEqual(200);
    await sleep(400);
    await worker.drain();
    job = await jobRow(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 2 });
    // The second delay doubles the first.
    expect(Number(job.due_ms)).toBeGreaterThanOrEqual(450);
    await sleep(800);
    await worker.drain();
    expect(await jobRow(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'smtp down (attempt 3)' });
  });

  it('a failed query in a job is logged with its message and code, never the values it was given (an e-mail)', async () => {
    const logged: unknown[] = [];
    const capture = (obj: object, msg: string) => void logged.push({ msg, ...obj });
    const email = 'alice.private@example.com';
    let thrown: Error | undefined;
    const worker = runtime(
      {
        // A value of the wrong type: the driver's error quotes it, drizzle's adds a `params:` line.
        'test.leaky': async (_p, ctx) => {
          await ctx.db
            .execute(sql`insert into test_job_runs (job_id, worker) values (${email}, ${email})`)
            .catch((err: Error) => {
              thrown = err;
              throw err;
            });
        },
      },
      { logger: { info: capture, warn: capture, error: capture } },
    );
    const id = await inTransaction(database.db, (uow) => uow.enqueue({ type: 'test.leaky', maxAttempts: 1 }));
    await worker.drain();
    const job = await jobRow(id);
    expect(job.state).toBe('failed');
    expect(logged).toHaveLength(1);
    const text = JSON.stringify(logged);
    // The error itself carried it (so the checks below can fail); the log and last_error do not.
    expect(thrown?.message).toContain(email);
    expect(text).not.toContain(email);
    expect(job.last_error).not.toContain(email);
    expect(logged[0]).toMatchObject({
      msg: 'jobs: attempt failed',
      jobId: id,
      type: 'test.leaky',
      permanent: true,
      error: { message: expect.stringContaining('insert into test_job_runs') },
    });
    // The database's code and message stay (what an operator acts on).
    expect(text).toContain('22P02');
    expect(text).toMatch(/invalid input syntax for type uuid/);
  });

  it('a job held by a worker that died (lease not renewed) runs again after the lease, once', async () => {
    let firstStarted!: () => void;
    const started = new Promise<void>((r) => (firstStarted = r));
    let releaseDead!: () => void;
    // The "killed" worker: claims the job, then never finishes and never renews its lease.
    const dead = runtime(
      {
        'test.lease': () => {
          firstStarted();
          return new Promise<void>((r) => (releaseDead = r));
        },
      },
      { leaseMs: 300 },
    );
    const id = await inTransaction(database.db, (uow) => uow.enqueue({ type: 'test.lease' }));
    void dead.drain();
    await started;
    let runs = 0;
    const alive = runtime({ 'test.lease': async () => void runs++ }, { leaseMs: 300 });
    expect(await alive.drain()).toBe(0); // still leased
    await sleep(400);
    expect(await alive.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
    // The dead worker coming back late cannot overwrite the outcome of the job it lost.
    releaseDead();
    await sleep(50);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('graceful stop hands back a job still running, so another worker takes it at once', async () => {
    const slow = runtime({ 'test.handback': () => new Promise<void>(() => {}) }, { leaseMs: 60_000 });
    const id = await inTransaction(database.db, (uow) => uow.enqueue({ type: 'test.handback' }));
    await slow.start();
    for (let i = 0; i < 50 && (await jobRow(id)).state !== 'running'; i++) await sleep(20);
    await slow.stop(100);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 0 });
    let runs = 0;
    expect(await runtime({ 'test.handback': async () => void runs++ }).drain()).toBe(1);
    expect(runs).toBe(1);
  });

  it('a recurring job is one row per key: a slow run never piles up copies', async () => {
    let runs = 0;
    let finish!: () => void;
    const handlers = {
      'test.every': () => {
        runs++;
        return new Promise<void>((r) => (finish = r));
      },
    };
    const schedule = { key: 'store-sync:42', type: 'test.every', everySeconds: 1 };
    await scheduleRecurring(database.db, schedule);
    await scheduleRecurring(database.db, schedule); // every process declares it at start
    const a = runtime(handlers, { recurring: [schedule] });
    const b = runtime(handlers, { recurring: [schedule] });
    await a.start();
    await b.start();
    for (let i = 0; i < 50 && runs === 0; i++) await sleep(20);
    await sleep(1300); // longer than the interval: the run is slow
    expect(runs).toBe(1);
    const [row] = await rows<{ n: string | number; state: string }>(
      sql`select count(*) over () as n, state from jobs where schedule_key = 'store-sync:42'`,
    );
    expect(Number(row!.n)).toBe(1);
    expect(row!.state).toBe('running');
    finish();
    for (
      let i = 0;
      i < 50 &&
      (await rows<{ state: string }>(sql`select state from jobs where schedule_key = 'store-sync:42'`))[0]!.state !==
        'queued';
      i++
    )
      await sleep(20);
    const [next] = await rows<{ state: string; due_in: number }>(
      sql`select state, extract(epoch from run_at - now()) as due_in from jobs where schedule_key = 'store-sync:42'`,
    );
    expect(next!.state).toBe('queued');
    expect(Number(next!.due_in)).toBeGreaterThan(0.5); // next run one interval after this one ended
    await a.stop(50);
    await b.stop(50);
  });

  it('1,000 jobs enqueued and worked by one runtime (the figure in decision 0061)', async () => {
    const handler: JobHandler = async (payload, ctx) => {
      await ctx.db.execute(
        sql`insert into test_job_runs (job_id, worker, n) values (${ctx.jobId}, 'one', ${Number(payload.n)})`,
      );
    };
    const t0 = performance.now();
    await inTransaction(database.db, async (uow) => {
      for (let n = 0; n < 1000; n++) await uow.enqueue({ type: 'test.bulk-one', payload: { n } });
    });
    const enqueued = performance.now();
    const worker = runtime({ 'test.bulk-one': handler }, { concurrency: 8 });
    expect(await worker.drain()).toBe(1000);
    const done = performance.now();
    console.log(
      `jobs (${database.kind}): enqueue 1000 in ${Math.round(enqueued - t0)} ms, work 1000 in ${Math.round(done - enqueued)} ms`,
    );
    const [counts] = await rows<{ n: string | number; distinct_n: string | number }>(
      sql`select count(*) as n, count(distinct n) as distinct_n from test_job_runs where worker = 'one'`,
    );
    expect(Number(counts!.n)).toBe(1000);
    expect(Number(counts!.distinct_n)).toBe(1000);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two app instances on one PostgreSQL work 1,000 jobs, each exactly once',
    async () => {
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      const second = await openPostgres(url, 5);
      try {
        const handlerFor =
          (worker: string): JobHandler =>
          async (payload, ctx) => {
            await ctx.db.execute(
              sql`insert into test_job_runs (job_id, worker, n) values (${ctx.jobId}, ${worker}, ${Number(payload.n)})`,
            );
          };
        await inTransaction(database.db, async (uow) => {
          for (let n = 0; n < 1000; n++) await uow.enqueue({ type: 'test.bulk-two', payload: { n } });
        });
        const t0 = performance.now();
        const a = runtime({ 'test.bulk-two': handlerFor('a') }, { concurrency: 4 });
        const b = runtime({ 'test.bulk-two': handlerFor('b') }, { concurrency: 4 }, second.db);
        await Promise.all([a.start(), b.start()]);
        for (let i = 0; i < 600; i++) {
          const [left] = await rows<{ n: string | number }>(
            sql`select count(*) as n from jobs where type = 'test.bulk-two' and state <> 'done'`,
          );
          if (Number(left!.n) === 0) break;
          await sleep(50);
        }
        await Promise.all([a.stop(), b.stop()]);
        console.log(`jobs (two runtimes, two pools): 1000 worked in ${Math.round(performance.now() - t0)} ms`);
        const [counts] = await rows<{ n: string | number; distinct_n: string | number; workers: string | number }>(
          sql`select count(*) as n, count(distinct n) as distinct_n, count(distinct worker) as workers
            from test_job_runs where worker in ('a', 'b')`,
        );
        expect(Number(counts!.n)).toBe(1000);
        expect(Number(counts!.distinct_n)).toBe(1000);
        expect(Number(counts!.workers)).toBe(2);
      } finally {
        await second.close();
      }
    },
  );
});
