import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerCluster } from '../../../test/harness';
import { inTransaction } from '../unit-of-work';
import { JobRuntime } from './jobs.runtime';

/**
 * A worker process killed with SIGKILL in the middle of a job: nothing of it is left to hand the
 * job back, so only its lease running out frees it. Another process's worker then runs it again,
 * once. Two real processes need a database server: PostgreSQL only (PGlite is one process).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker process killed mid-job', () => {
  let cluster: Awaited<ReturnType<typeof createServerCluster>>;
  let child: ChildProcess | undefined;
  const db = () => cluster.nodes[0]!.database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    cluster = await createServerCluster();
    await cluster.node();
    await db().execute(sql`create table test_job_starts (job_id uuid not null, pid int not null)`);
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await cluster?.close();
  });

  it('its job runs again on another worker after the lease, and only once more', async () => {
    const script = fileURLToPath(new URL('../../../test/job-worker-process.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', script, cluster.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
      child!.on('exit', (code) => reject(new Error(`worker process exited (${code})`)));
    });

    const id = await inTransaction(db(), (uow) => uow.enqueue({ type: 'test.hang' }));
    const deadline = Date.now() + 10_000;
    while (!(await rows(sql`select 1 from test_job_starts where job_id = ${id}`)).length) {
      if (Date.now() > deadline) throw new Error('the worker process never started the job');
      await sleep(50);
    }
    expect((await rows<{ state: string }>(sql`select state from jobs where id = ${id}`))[0]!.state).toBe('running');
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    let runs = 0;
    const survivor = new JobRuntime({
      db: db(),
      pollMs: 50,
      leaseMs: 60_000,
      handlers: { 'test.hang': async () => void runs++ },
    });
    await survivor.start();
    try {
      const until = Date.now() + 10_000;
      while ((await rows<{ state: string }>(sql`select state from jobs where id = ${id}`))[0]!.state !== 'done') {
        if (Date.now() > until) throw new Error('the job never ran again');
        await sleep(50);
      }
      await sleep(300); // a second, wrong run would show up here
    } finally {
      await survivor.stop();
    }
    expect(runs).toBe(1);
    const job = (
      await rows<{ state: string; attempts: number }>(sql`select state, attempts from jobs where id = ${id}`)
    )[0]!;
    expect(job).toEqual({ state: 'done', attempts: 2 });
  });
});
