import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { idempotencyMaintenanceHandlers, idempotencyMaintenanceSchedule } from '../idempotency/idempotency.maintenance';
import { jobsMaintenanceHandlers, jobsMaintenanceSchedule } from './jobs.maintenance';
import { JobRuntime } from './jobs.runtime';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);

describe('retention', () => {
  it('done jobs older than 7 days and idempotency keys older than 24 h are purged by recurring jobs; recent ones stay', async () => {
    await database.db.execute(sql`
      insert into jobs (type, state, finished_at) values
        ('old.done', 'done', now() - interval '8 days'),
        ('recent.done', 'done', now() - interval '6 days'),
        ('old.failed', 'failed', now() - interval '30 days')`);
    await database.db.execute(sql`
      insert into idempotency_keys (scope, route, key, request_hash, status, body, created_at) values
        ('anon', 'POST /api/register', 'old', 'h', 200, '{}'::jsonb, now() - interval '25 hours'),
        ('anon', 'POST /api/register', 'recent', 'h', 200, '{}'::jsonb, now() - interval '23 hours')`);
    const runtime = new JobRuntime({
      db: database.db,
      handlers: { ...jobsMaintenanceHandlers, ...idempotencyMaintenanceHandlers },
      recurring: [...jobsMaintenanceSchedule, ...idempotencyMaintenanceSchedule],
      pollMs: 20,
    });
    await runtime.start(); // declares the schedules, due now on first start
    for (let i = 0; i < 100 && (await count(sql`select count(*) as n from jobs where type = 'old.done'`)) > 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    for (
      let i = 0;
      i < 100 && (await count(sql`select count(*) as n from idempotency_keys where key = 'old'`)) > 0;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await runtime.stop();
    expect(await count(sql`select count(*) as n from jobs where type = 'old.done'`)).toBe(0);
    expect(await count(sql`select count(*) as n from jobs where type in ('recent.done', 'old.failed')`)).toBe(2);
    expect(await count(sql`select count(*) as n from idempotency_keys where key = 'old'`)).toBe(0);
    expect(await count(sql`select count(*) as n from idempotency_keys where key = 'recent'`)).toBe(1);
    // The schedules are one row each, queued for their next run in an hour.
    expect(
      await count(
        sql`select count(*) as n from jobs where schedule_key is not null and state = 'queued' and run_at > now() + interval '50 minutes'`,
      ),
    ).toBe(2);
  });
});
