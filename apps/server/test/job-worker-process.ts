/**
 * A job worker in a process of its own, for the crash test (jobs.crash.test.ts): it works
 * `test.hang` jobs on the database named by its argument by writing a "started" row and then
 * never finishing, until the test kills it with SIGKILL.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/db/client';
import { JobRuntime } from '../src/platform/jobs/jobs.runtime';

const database = await openPostgres(process.argv[2]!, 2, () => undefined);
const runtime = new JobRuntime({
  db: database.db,
  leaseMs: 1000,
  pollMs: 50,
  handlers: {
    'test.hang': async (_payload, ctx) => {
      await database.db.execute(sql`insert into test_job_starts (job_id, pid) values (${ctx.jobId}, ${process.pid})`);
      await new Promise(() => {}); // held until the process dies
    },
  },
});
await runtime.start();
process.stdout.write('ready\n');
