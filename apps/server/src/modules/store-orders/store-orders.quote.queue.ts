import type { UnitOfWork } from '../../platform/unit-of-work';

/** The job that refreshes store orders' kept quotes (decision 0120): `{ids}` or `{storeId}`. */
export const STORE_ORDERS_QUOTE_JOB = 'store-orders.quote';

/** Queues a fresh quote of these store orders after the commit (joins the caller's unit of work). */
export async function queueQuote(uow: UnitOfWork, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await uow.enqueue({ type: STORE_ORDERS_QUOTE_JOB, payload: { ids: [...ids] }, maxAttempts: 5 });
}

/** Queues a fresh quote of every unpaid open order of a store (its margin guard changed). */
export async function queueStoreQuote(uow: UnitOfWork, storeId: string): Promise<void> {
  await uow.enqueue({ type: STORE_ORDERS_QUOTE_JOB, payload: { storeId }, maxAttempts: 5 });
}
