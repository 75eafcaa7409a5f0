import { type ReconciliationReport, fromMinor } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import { type JobHandler, PermanentJobError } from '../../platform/jobs/jobs.runtime';

export const WALLET_RECONCILE_JOB = 'wallet.reconcile';

export interface Finding {
  kind: 'balance' | 'entry';
  subjectId: string;
  actualMinor: number;
  expectedMinor: number;
}

/**
 * Proves the ledger (decision 0070): every cached balance (user accounts; system accounts cache
 * none, decision 0078) equals the sum of its account's lines, and every entry's lines sum to zero.
 * One statement, so both sides come from one snapshot and a posting committing meanwhile cannot
 * show as a difference. Findings are stored for the operator.
 */
export async function reconcileLedger(db: Db): Promise<Finding[]> {
  const res = (await db.execute(sql`
    select 'balance' as kind, a.id as subject_id, a.balance_minor as actual, coalesce(s.total, 0) as expected
    from ledger_accounts a
    left join (select account_id, sum(amount_minor) as total from journal_lines group by account_id) s on s.account_id = a.id
    where a.user_id is not null and a.balance_minor <> coalesce(s.total, 0)
    union all
    select 'entry', entry_id, sum(amount_minor), 0 from journal_lines group by entry_id having sum(amount_minor) <> 0`)) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const findings = res.rows.map((r) => ({
    kind: r.kind as Finding['kind'],
    subjectId: String(r.subject_id),
    actualMinor: Number(r.actual),
    expectedMinor: Number(r.expected),
  }));
  // Every run is recorded, so the operator's report can say when the ledger was last proven.
  const run = (await db.execute(sql`
    insert into ledger_reconciliation_runs (findings) values (${findings.length}) returning id`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const runId = run.rows[0]!.id;
  if (findings.length > 0) {
    await db.execute(sql`
      insert into ledger_reconciliation_findings (kind, subject_id, actual_minor, expected_minor, run_id) values
      ${sql.join(
        findings.map((f) => sql`(${f.kind}, ${f.subjectId}, ${f.actualMinor}, ${f.expectedMinor}, ${runId})`),
        sql`, `,
      )}`);
  }
  return findings;
}

export const walletReconcileHandlers: Record<string, JobHandler> = {
  [WALLET_RECONCILE_JOB]: async (_payload, { db }) => {
    const findings = await reconcileLedger(db);
    // A failed run is what the operator sees in the jobs console and the log (ids only, no
    // personal data); the schedule goes on regardless. Retrying cannot fix a difference.
    if (findings.length > 0) {
      const accounts = findings.filter((f) => f.kind === 'balance').map((f) => f.subjectId);
      const entries = findings.filter((f) => f.kind === 'entry').map((f) => f.subjectId);
      throw new PermanentJobError(
        `ledger reconciliation: ${accounts.length} cached balance(s) differ from their lines [${accounts.join(', ')}], ` +
          `${entries.length} entr(y/ies) do not sum to zero [${entries.join(', ')}]; see ledger_reconciliation_findings`,
      );
    }
  },
};

export const walletReconcileSchedule: RecurringJob[] = [
  { key: WALLET_RECONCILE_JOB, type: WALLET_RECONCILE_JOB, everySeconds: 3600 },
];

/** The operator's report: when the last run was, and what it found (decision 0077). */
export async function reconciliationReport(db: Db): Promise<ReconciliationReport> {
  const res = (await db.execute(sql`
    with last as (select id, ran_at from ledger_reconciliation_runs order by ran_at desc, id desc limit 1)
    select last.ran_at, f.id, f.kind, f.subject_id, f.actual_minor, f.expected_minor, f.found_at
    from last left join ledger_reconciliation_findings f on f.run_id = last.id
    order by f.kind, f.subject_id`)) as unknown as { rows: Array<Record<string, unknown>> };
  const first = res.rows[0];
  return {
    lastRunAt: first ? new Date(first.ran_at as string).toISOString() : null,
    findings: res.rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: String(r.id),
        kind: r.kind as Finding['kind'],
        subjectId: String(r.subject_id),
        actual: fromMinor(Number(r.actual_minor)),
        expected: fromMinor(Number(r.expected_minor)),
        foundAt: new Date(r.found_at as string).toISOString(),
      })),
  };
}
