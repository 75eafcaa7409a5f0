import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, asBackgroundWork } from '../../db/client';
import { rawRows } from '../../db/rows';
import { safeErrorForLog } from '../log-safe-error';
import { onJobsCommitted } from '../unit-of-work';
import { type RecurringJob, scheduleRecurring } from './jobs.queue';

export interface JobContext {
  /** The database (not a transaction): a handler opens its own unit of work when it writes. */
  db: Db;
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows a failure of this attempt. */
  finalAttempt: boolean;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

/** Thrown by a handler for a failure no retry can fix (a mailbox that does not exist). */
export class PermanentJobError extends Error {}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRuntimeOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  recurring?: RecurringJob[];
  /** Jobs worked at once by this process. */
  concurrency?: number;
  /** How long a claim holds a job without renewal; a dead worker's job runs again after it. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs (a commit on this process wakes it at once). */
  pollMs?: number;
  /** First retry delay; doubled per attempt (plus up to 20 % jitter), at most one hour. */
  retryBaseMs?: number;
  logger?: Logger;
}

interface ClaimedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  schedule_key: string | null;
  every_seconds: number | null;
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Works the `jobs` table (decision 0061). Every server process runs one; each job is claimed by
 * exactly one of them (`FOR UPDATE SKIP LOCKED`) with a lease renewed while it runs.
 */
export class JobRuntime {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly db: Db;
  private readonly handlers: Record<string, JobHandler>;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly log: Logger;
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: JobRuntimeOptions) {
    this.db = options.db;
    this.handlers = options.handlers;
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.log = options.logger ?? silent;
  }

  get started(): boolean {
    return this.running;
  }

  /** Declares the recurring schedules, then claims and works jobs until `stop()`. */
  async start(): Promise<void> {
    if (this.running) return;
    for (const job of this.options.recurring ?? []) await scheduleRecurring(this.db, job);
    this.running = true;
    this.unsubscribe = onJobsCommitted(this.db, () => this.wake());
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
    this.loopDone = this.loop();
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  /**
   * Graceful stop: claims nothing more, lets held jobs finish for up to `graceMs`, then hands
   * back the ones still running (queued again, the attempt not counted) so another process
   * takes them at once instead of after the lease.
   */
  async stop(graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.wake();
    await this.loopDone;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.db
      .execute(
        sql`update jobs set state = 'queued', locked_by = null, locked_until = null,
            attempts = greatest(attempts - 1, 0), updated_at = now()
            where locked_by = ${this.workerId} and state = 'running'`,
      )
      .catch((err: unknown) => this.log.warn({ error: safeErrorForLog(err) }, 'jobs: could not release held jobs'));
  }

  /** Works every job due now, until none is left (tests; not for use beside `start()`). */
  async drain(): Promise<number> {
    let worked = 0;
    for (;;) {
      const batch = await this.claim(this.concurrency);
      if (!batch.length) return worked;
      worked += batch.length;
      await Promise.all(batch.map((job) => this.execute(job)));
    }
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const free = this.concurrency - this.inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const batch = await this.claim(free);
          claimed = batch.length;
          for (const job of batch) {
            const run = this.execute(job).finally(() => {
              this.inFlight.delete(run);
              this.wake();
            });
            this.inFlight.add(run);
          }
        } catch (err) {
          if (this.running) this.log.error({ error: safeErrorForLog(err) }, 'jobs: claim failed');
        }
      }
      if (claimed === 0 || this.inFlight.size >= this.concurrency) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    const types = Object.keys(this.handlers);
    if (!types.length || limit < 1) return [];
    const typeList = sql.join(
      types.map((t) => sql`${t}`),
      sql`, `,
    );
    // Two candidate lists, each read in `jobs_due_idx` order and stopping at `limit`: jobs due
    // now, and jobs whose worker's lease ran out. One `where` with an `or` of both made PostgreSQL
    // read and sort every due job on each claim, which slowed the worker to a crawl under a backlog
    // (tens of thousands of order e-mails after a sale); `for update` is not allowed in a `union`,
    // hence the two CTEs.
    const result = await this.db.execute(sql`
      with due as (
        select id, run_at from jobs
        where state = 'queued' and run_at <= now() and type in (${typeList})
        order by run_at limit ${limit}
        for update skip locked
      ), abandoned as (
        select id, run_at from jobs
        where state = 'running' and locked_until < now() and type in (${typeList})
        order by run_at limit ${limit}
        for update skip locked
      )
      update jobs set state = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + ${this.leaseMs} * interval '1 millisecond', updated_at = now()
      where id in (
        select id from (select id, run_at from due union all select id, run_at from abandoned) candidates
        order by run_at limit ${limit})
      returning id, type, payload, attempts, max_attempts, schedule_key, every_seconds`);
    return rawRows<ClaimedJob>(result);
  }

  private async renewLeases(): Promise<void> {
    if (!this.inFlight.size) return;
    await this.db
      .execute(
        sql`update jobs set locked_until = now() + ${this.leaseMs} * interval '1 millisecond'
            where locked_by = ${this.workerId} and state = 'running'`,
      )
      .catch((err: unknown) => this.log.warn({ error: safeErrorForLog(err) }, 'jobs: lease renewal failed'));
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.type]!;
    const finalAttempt = job.attempts >= job.max_attempts;
    const ctx: JobContext = { db: this.db, jobId: job.id, attempt: job.attempts, finalAttempt };
    try {
      if (job.attempts > job.max_attempts) throw new PermanentJobError('the worker holding it stopped (lease expired)');
      // On PGlite, a job's statements leave the event loop turns for requests (db/client.ts).
      await asBackgroundWork(() => handler(job.payload ?? {}, ctx));
      await this.finish(job, sql`state = 'done', finished_at = now(), last_error = null`, null);
    } catch (err) {
      // Without the values a failed query was given (its `params:` line, a quoted value): they are
      // user data (e-mails, names), and neither the log nor `last_error` (shown to operators) may
      // carry them. The message, code and statement text are enough to act on.
      const error = safeErrorForLog(err);
      const message = (err instanceof Error ? error.message : String(err)).slice(0, 1000) || 'failed';
      const permanent = err instanceof PermanentJobError || finalAttempt;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, permanent, error }, 'jobs: attempt failed');
      if (!permanent) {
        const delay = this.backoffMs(job.attempts);
        await this.finish(
          job,
          sql`state = 'queued', run_at = now() + ${delay} * interval '1 millisecond', last_error = ${message}`,
          message,
        );
      } else {
        await this.finish(job, sql`state = 'failed', finished_at = now(), last_error = ${message}`, message);
      }
    }
  }

  /** Writes the outcome, only while this worker still holds the job (else another took it over). */
  private async finish(job: ClaimedJob, outcome: SQL, error: string | null): Promise<void> {
    // A recurring job never ends: it goes back to queued for its next run, whatever the outcome.
    const set = job.schedule_key
      ? sql`state = 'queued', attempts = 0, finished_at = now(),
            run_at = now() + ${job.every_seconds ?? 60} * interval '1 second',
            last_error = ${error}`
      : outcome;
    await this.db
      .execute(
        sql`update jobs set ${set}, locked_by = null, locked_until = null, updated_at = now()
            where id = ${job.id} and locked_by = ${this.workerId}`,
      )
      .catch((err: unknown) =>
        this.log.error({ jobId: job.id, error: safeErrorForLog(err) }, 'jobs: could not record the outcome'),
      );
  }

  private backoffMs(attempt: number): number {
    const base = Math.min(this.retryBaseMs * 2 ** (attempt - 1), 3_600_000);
    return Math.round(base * (1 + Math.random() * 0.2));
  }
}
