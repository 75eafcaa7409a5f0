import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Background jobs (decision 0061): a row is enqueued in the business transaction and claimed by
 * exactly one worker of any server process with `FOR UPDATE SKIP LOCKED` and a lease.
 * State: queued → running → done | failed (a failed attempt below the maximum goes back to queued
 * with a later run_at). A recurring job is one row per schedule key that goes back to queued
 * after each run, so a slow run never piles up copies.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lastError: text('last_error'),
    /** The worker holding the job and until when; a lease not renewed lets another worker take it. */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Recurring jobs only: one row per key, run again `every_seconds` after each run ends. */
    scheduleKey: text('schedule_key'),
    everySeconds: integer('every_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The claim query: queued jobs due now, and running jobs whose lease ran out.
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_type_idx').on(t.type, t.state),
    uniqueIndex('jobs_schedule_key_idx').on(t.scheduleKey).where(sql`schedule_key is not null`),
  ],
);
