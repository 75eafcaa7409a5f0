import { sql } from 'drizzle-orm';
import type { RecurringJob } from '../jobs/jobs.queue';
import type { JobHandler } from '../jobs/jobs.runtime';

/** A key answers repeats for at least this long (clients retry within minutes, not days). */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_PURGE_JOB = 'idempotency.purge';

export const idempotencyMaintenanceHandlers: Record<string, JobHandler> = {
  [IDEMPOTENCY_PURGE_JOB]: async (_payload, { db }) => {
    await db.execute(
      sql`delete from idempotency_keys where created_at < now() - ${IDEMPOTENCY_KEY_HOURS} * interval '1 hour'`,
    );
  },
};

export const idempotencyMaintenanceSchedule: RecurringJob[] = [
  { key: IDEMPOTENCY_PURGE_JOB, type: IDEMPOTENCY_PURGE_JOB, everySeconds: 3600 },
];
