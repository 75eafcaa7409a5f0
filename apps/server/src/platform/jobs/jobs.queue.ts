import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertValues, rawRows } from '../../db/rows';
import { jobs } from './jobs.tables';

export interface JobRequest {
  type: string;
  payload?: Record<string, unknown>;
  /** Not before this time (scheduled job); now by default. */
  runAt?: Date;
  /** Attempts before the job is `failed` (default 8: about 4 minutes of backoff in all). */
  maxAttempts?: number;
  /**
   * The caller's own write that the job is about (an e-mail's outbox row, an order's pay-by
   * time), as a data-modifying statement run as a CTE of the job's insert: one round trip for
   * both (decision 0102).
   */
  alongside?: SQL;
}

/** Inserts a job row with the given handle (use `uow.enqueue` so it joins the use case). */
export async function insertJob(db: Db, job: JobRequest): Promise<string> {
  // Plain SQL: most orders and e-mails enqueue one (decision 0102, db/rows.ts).
  const values = {
    type: job.type,
    payload: job.payload ?? {},
    ...(job.runAt ? { runAt: job.runAt } : {}),
    ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
  };
  const alongside = job.alongside ? sql`with alongside as (${job.alongside}) ` : sql``;
  const [row] = rawRows(await db.execute(sql`${alongside}insert into jobs ${insertValues(jobs, values)} returning id`));
  return String(row!.id);
}

export interface RecurringJob {
  /** One row per key (e.g. `store-sync:42`): a run that is slow never piles up copies. */
  key: string;
  type: string;
  everySeconds: number;
  payload?: Record<string, unknown>;
}

/**
 * Declares a recurring job. Idempotent: every process declares its schedules at start; an
 * existing row keeps its next run time and only takes the new interval and payload.
 */
export async function scheduleRecurring(db: Db, job: RecurringJob): Promise<void> {
  await db.execute(sql`
    insert into jobs (type, payload, schedule_key, every_seconds, max_attempts)
    values (${job.type}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.key}, ${job.everySeconds}, 3)
    on conflict (schedule_key) where schedule_key is not null
    do update set every_seconds = excluded.every_seconds, payload = excluded.payload, type = excluded.type`);
}
