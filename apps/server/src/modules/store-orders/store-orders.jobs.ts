import type { Config } from '../../config';
import type { RecurringJob } from '../../platform/jobs/jobs.queue';
import type { JobHandler } from '../../platform/jobs/jobs.runtime';
import { STORE_ORDER_WEBHOOK_JOB, STORE_PRIVACY_JOB } from '../stores/stores.service';
import { type PrivacyRequest, handlePrivacyRequest } from './store-orders.privacy';
import { refreshQuotes, requoteOfServiceFee } from './store-orders.quote';
import { STORE_ORDERS_FEE_CHECK_JOB, STORE_ORDERS_QUOTE_JOB } from './store-orders.quote.queue';
import {
  STORE_ORDERS_PULL_DUE_JOB,
  STORE_ORDERS_PULL_JOB,
  pullSecondsOf,
  queueDueOrderPulls,
  readBackOrder,
  runOrderPull,
} from './store-orders.sync';

/**
 * The store-orders module's jobs (decision 0061: at least once; each is safe to run again, as
 * ingest keeps an order once whatever arrives twice):
 * - `stores.order-webhook` (the stores module's job type, given to us by composition.ts): a
 *   webhook named an order → read it back and keep it;
 * - `stores.privacy-request` (the stores module's, likewise): erase or export a buyer's data;
 * - `store-orders.pull`: one store's pull, paging to the end;
 * - `store-orders.pull-due` (recurring): queues the pull of every store whose turn it is;
 * - `store-orders.quote`: the kept quote and the margin guard of the orders named, or of a store's;
 * - `store-orders.fee-check` (recurring): re-quotes the orders quoted with another service fee.
 */
export function storeOrdersJobHandlers(config: Config): Record<string, JobHandler> {
  return {
    [STORE_ORDER_WEBHOOK_JOB]: async (payload, { db }) => {
      await readBackOrder(db, config, String(payload.storeId), String(payload.orderId));
    },
    [STORE_PRIVACY_JOB]: async (payload, { db }) => {
      await handlePrivacyRequest(db, payload as unknown as PrivacyRequest);
    },
    [STORE_ORDERS_PULL_JOB]: async (payload, { db }) => {
      await runOrderPull(db, config, String(payload.storeId));
    },
    [STORE_ORDERS_PULL_DUE_JOB]: async (_payload, { db }) => {
      await queueDueOrderPulls(db);
    },
    [STORE_ORDERS_QUOTE_JOB]: async (payload, { db }) => {
      const ids = Array.isArray(payload.ids) ? payload.ids.map(String) : undefined;
      await refreshQuotes(db, config, { ids, storeId: payload.storeId ? String(payload.storeId) : undefined });
    },
    [STORE_ORDERS_FEE_CHECK_JOB]: async (_payload, { db }) => {
      await requoteOfServiceFee(db, config);
    },
  };
}

/** The due check runs every minute, or as often as the pull interval when it is shorter. */
export const storeOrdersSchedule = (config: Config): RecurringJob[] => [
  {
    key: STORE_ORDERS_PULL_DUE_JOB,
    type: STORE_ORDERS_PULL_DUE_JOB,
    everySeconds: Math.min(60, pullSecondsOf(config)),
  },
  // A fee changed by a restart reaches the kept quotes within this; the check is one query.
  { key: STORE_ORDERS_FEE_CHECK_JOB, type: STORE_ORDERS_FEE_CHECK_JOB, everySeconds: 300 },
];
