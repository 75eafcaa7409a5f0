import { sql } from 'drizzle-orm';
import type { RecurringJob } from './jobs.queue';
import type { JobHandler } from './jobs.runtime';

/** Done jobs are kept this long for the operator console, then purged. */
export const DONE_JOB_RETENTION_DAYS = 7;

export const JOBS_PURGE_JOB = 'jobs.purge';

export const jobsMaintenanceHandlers: Record<string, JobHandler> = {
  [JOBS_PURGE_JOB]: async (_payload, { db }) => {
    await db.execute(
      sql`delete from jobs where state = 'done' and finished_at < now() - ${DONE_JOB_RETENTION_DAYS} * interval '1 day'`,
    );
  },
};

export const jobsMaintenanceSchedule: RecurringJob[] = [
  { key: JOBS_PURGE_JOB, type: JOBS_PURGE_JOB, everySeconds: 3600 },
];
