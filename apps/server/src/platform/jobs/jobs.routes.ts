import { JobIdParams, JobSchema, ListJobsQuery, envelopeOf, pageOf } from '@dsm/contract';
import type { Db } from '../../db/client';
import { ok } from '../envelope';
import type { App } from '../types';
import { listJobs, retryJob } from './jobs.admin';

/** Operator console: /api/admin/jobs (the auth plugin lets only operators in). */
export async function adminJobsRoutes(app: App, { db }: { db: Db }) {
  const tags = ['admin'];
  app.get(
    '/admin/jobs',
    { schema: { tags, querystring: ListJobsQuery, response: { 200: envelopeOf(pageOf(JobSchema)) } } },
    async (req) => ok(await listJobs(db, req.query)),
  );
  app.post(
    '/admin/jobs/:id/retry',
    { schema: { tags, params: JobIdParams, response: { 200: envelopeOf(JobSchema) } } },
    async (req) => ok(await retryJob(db, req.params.id)),
  );
}
