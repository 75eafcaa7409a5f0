import type { FileStore } from '../../platform/files';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { INVOICE_RENDER_JOB, renderInvoiceJob } from './invoices.service';

/** `invoice.render`: draws an issued invoice once and keeps it; safe to run again (decision 0061). */
export function invoiceJobHandlers(files: FileStore): Record<string, JobHandler> {
  return {
    [INVOICE_RENDER_JOB]: async (payload, { db }) => renderInvoiceJob(db, files, String(payload.id)),
  };
}
