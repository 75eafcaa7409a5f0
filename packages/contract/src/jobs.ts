import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';

/** Background job states (decision 0061). */
export const JOB_STATES = ['queued', 'running', 'failed', 'done'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job as the operator console lists it; the payload is not shown (it may carry personal data). */
export const JobSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Set for a recurring job (one row per schedule). */
  scheduleKey: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const ListJobsQuery = PageQuerySchema.extend({
  state: z.enum(JOB_STATES).optional(),
  type: z.string().trim().max(100).optional(),
});
export type ListJobsQuery = z.infer<typeof ListJobsQuery>;

export const JobIdParams = z.object({ id: z.string().uuid() });
export type JobIdParams = z.infer<typeof JobIdParams>;
export const JobPageSchema = pageOf(JobSchema);
