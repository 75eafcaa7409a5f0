import type { UnitOfWork } from '../../platform/unit-of-work';

/** The job that refreshes store orders' kept quotes (decision 0120): `{ids}` or `{storeId}`. */
export const STORE_ORDERS_QUOTE_JOB = 'store-orders.quote';

/** The recurring check that re-quotes orders quoted with another service fee (decision 0142). */
export const STORE_ORDERS_FEE_CHECK_JOB = 'store-orders.fee-check';

/**
 * Orders per quote job: a change that touches thousands of unpaid orders (a rate, a shipping zone)
 * becomes jobs of this many, so no job's payload grows without bound, a retry redoes one batch
 * only, and several workers can share the work.
 */
export const QUOTE_BATCH = 200;

/** Queues a fresh quote of these store orders after the commit (joins the caller's unit of work). */
export async function queueQuote(uow: UnitOfWork, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += QUOTE_BATCH)
    await uow.enqueue({
      type: STORE_ORDERS_QUOTE_JOB,
      payload: { ids: ids.slice(i, i + QUOTE_BATCH) },
      maxAttempts: 5,
    });
}

/** Queues a fresh quote of every unpaid open order of a store (its margin guard changed). */
export async function queueStoreQuote(uow: UnitOfWork, storeId: string): Promise<void> {
  await uow.enqueue({ type: STORE_ORDERS_QUOTE_JOB, payload: { storeId }, maxAttempts: 5 });
}
