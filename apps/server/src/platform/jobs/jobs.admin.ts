import type { Job, ListJobsQuery, Page } from '@dsm/contract';
import { toPage } from '@dsm/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { wakeWorkers } from '../unit-of-work';
import { jobs } from './jobs.tables';

type Row = typeof jobs.$inferSelect;

function toDto(r: Row): Job {
  return {
    id: r.id,
    type: r.type,
    state: r.state as Job['state'],
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    runAt: r.runAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    scheduleKey: r.scheduleKey,
  };
}

/** The operator's view of jobs, newest first, by state and type. */
export async function listJobs(db: Db, q: ListJobsQuery): Promise<Page<Job>> {
  const filters: SQL[] = [];
  if (q.state) filters.push(eq(jobs.state, q.state));
  if (q.type) filters.push(eq(jobs.type, q.type));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return toPage(rows.map(toDto), total?.n ?? 0, q);
}

/** Puts a failed job back in the queue for a fresh set of attempts, due now. */
export async function retryJob(db: Db, id: string): Promise<Job> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning();
  if (!row) {
    const [exists] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
    if (!exists) throw AppError.notFound('errors.job-not-found');
    throw AppError.conflict('job-not-retryable', 'errors.job-not-retryable');
  }
  wakeWorkers(db);
  return toDto(row);
}
