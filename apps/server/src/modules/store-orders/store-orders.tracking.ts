import {
  PAYPAL_TRACKING_NUMBER_MAX,
  TRACKING_PUSH_ERROR_KINDS,
  type TrackingPushErrorKind,
  type TrackingPushStatus,
  normaliseTrackingNumber,
} from '@dsm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { type OrderChange, lockOrder } from '../orders/orders.service';
import { storeById } from '../stores/stores.service';
import { storeTrackingPushes } from './store-orders.tables';

/**
 * Tracking back to the store (issue 21, decision 0115): when a store order is shipped, or its
 * tracking corrected, one job writes it to the store. The row in `store_tracking_pushes` is what
 * the owner and the operator see, and it remembers the platform's fulfilment so the next push
 * updates it instead of making a second one.
 */

export const STORE_TRACKING_PUSH_JOB = 'store-orders.push-tracking';

/**
 * Attempts before a push is given up: the job runtime's backoff doubles from one second, so ten
 * attempts wait about 8.5 minutes in all — long enough for a shop's throttle or a short outage,
 * and the owner sees "failed" with a Retry button after that.
 */
export const TRACKING_PUSH_ATTEMPTS = 10;

/** The number as the stores get it: the orders module keeps it in this form already (contract). */
export { normaliseTrackingNumber };

/** `too-long` when PayPal would refuse the number (connector-protocols.md §6.4); pushed all the same. */
export function trackingWarningOf(number: string): 'too-long' | null {
  return number.length > PAYPAL_TRACKING_NUMBER_MAX ? 'too-long' : null;
}

/**
 * Queues the push in the unit of work of the change (a ship or an update-tracking event): the row
 * is (re)set to pending with the new number and a new job; the fulfilment an earlier push made is
 * kept, so the job updates it. A store order whose store no longer exists is left alone.
 */
async function queuePush(uow: UnitOfWork, orderId: string, storeId: string, carrier: string, raw: string) {
  const number = normaliseTrackingNumber(raw);
  const jobId = await uow.enqueue({
    type: STORE_TRACKING_PUSH_JOB,
    payload: { orderId },
    maxAttempts: TRACKING_PUSH_ATTEMPTS,
  });
  const fresh = {
    state: 'pending' as const,
    carrier: carrier.trim(),
    trackingNumber: number,
    warning: trackingWarningOf(number),
    attempts: 0,
    lastError: null,
    errorKind: null,
    jobId,
    updatedAt: new Date(),
  };
  await uow.tx
    .insert(storeTrackingPushes)
    .values({ orderId, storeId, ...fresh })
    .onConflictDoUpdate({ target: storeTrackingPushes.orderId, set: fresh });
}

/** The reaction composition.ts subscribes to `ship` and `update-tracking`. */
export async function trackingChanged(uow: UnitOfWork, change: OrderChange): Promise<void> {
  const order = change.after;
  if (order.source !== 'store' || !order.storeId) return;
  if (!order.carrier || !order.trackingNumber) return;
  // An unchanged number after a correction of the carrier only is pushed again too: the company changed.
  const store = await storeById(uow.tx, order.storeId);
  if (!store || store.userId !== order.userId) return;
  await queuePush(uow, order.id, store.id, order.carrier, order.trackingNumber);
}

/**
 * The owner's (ownerId given) or the operator's Retry: a failed push, or one the merchant had
 * fulfilled by hand (they may have cancelled that fulfilment since), runs again from the start.
 */
export async function retryTrackingPush(
  db: DbOrUow,
  orderId: string,
  { ownerId }: { ownerId?: string } = {},
): Promise<void> {
  await inTransaction(db, async (uow) => {
    const order = await lockOrder(uow.tx, orderId, ownerId);
    const [push] = await uow.tx
      .select()
      .from(storeTrackingPushes)
      .where(eq(storeTrackingPushes.orderId, order.id))
      .for('update');
    if (!push) throw AppError.notFound('orders.tracking-push-none');
    if (!canRetry(push.state))
      throw AppError.conflict(
        'tracking-push-not-retryable',
        'orders.tracking-push-not-retryable',
        { number: order.number },
        { state: push.state },
      );
    await queuePush(uow, order.id, push.storeId, push.carrier, push.trackingNumber);
  });
}

const canRetry = (state: string) => state === 'failed' || state === 'by-hand';

/** What the order detail shows of the push, or null (not a store order, not shipped yet). */
export async function trackingPushOf(db: Db, orderId: string): Promise<TrackingPushStatus | null> {
  // The job's run_at is the next attempt while a failed attempt waits for its retry.
  const [row] = rawRows<{
    state: TrackingPushStatus['state'];
    carrier: string;
    tracking_number: string;
    warning: string | null;
    attempts: number;
    last_error: string | null;
    error_kind: string | null;
    sent_at: Date | string | null;
    next_at: Date | string | null;
  }>(
    await db.execute(sql`
      select p.state, p.carrier, p.tracking_number, p.warning, p.attempts, p.last_error, p.error_kind, p.sent_at,
             case when p.state = 'pending' and p.attempts > 0 then j.run_at end as next_at
      from store_tracking_pushes p left join jobs j on j.id = p.job_id and j.state = 'queued'
      where p.order_id = ${orderId}`),
  );
  if (!row) return null;
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    state: row.state,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    warning: row.warning === 'too-long' ? 'too-long' : null,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    errorKind: (TRACKING_PUSH_ERROR_KINDS as readonly string[]).includes(row.error_kind ?? '')
      ? (row.error_kind as TrackingPushErrorKind)
      : null,
    nextAttemptAt: iso(row.next_at),
    sentAt: iso(row.sent_at),
    canRetry: canRetry(row.state),
  };
}
