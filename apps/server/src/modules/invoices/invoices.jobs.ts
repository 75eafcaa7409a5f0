import type { FileStore } from '../../platform/files';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import {
  INVOICE_NUMBER_PENDING_JOB,
  INVOICE_RENDER_JOB,
  numberPendingInvoices,
  renderInvoiceJob,
} from './invoices.service';

/**
 * `invoice.render`: draws an issued invoice once and keeps it; safe to run again (decision 0061).
 * `invoice.number-pending`: numbers the invoices whose after-commit numbering did not happen (the
 * process died between a payment's commit and the numbering, decision 0101); safe to run at any
 * time, a numbered invoice is never numbered again.
 */
export function invoiceJobHandlers(
  files: FileStore,
  log?: { info(obj: object, msg: string): void },
): Record<string, JobHandler> {
  return {
    [INVOICE_RENDER_JOB]: async (payload, { db }) => renderInvoiceJob(db, files, String(payload.id)),
    [INVOICE_NUMBER_PENDING_JOB]: async (_payload, { db }) => {
      const numbered = await numberPendingInvoices(db);
      // Usually 0; a few under load are invoices committed a moment before their own hook ran.
      if (numbered > 0) log?.info({ numbered }, 'invoices numbered by the pending-numbers sweep');
    },
  };
}

/** The sweep every minute (decision 0101). */
export const invoicesSchedule: RecurringJob[] = [
  { key: INVOICE_NUMBER_PENDING_JOB, type: INVOICE_NUMBER_PENDING_JOB, everySeconds: 60 },
];
