import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { StorePlatformError } from '../../connectors/stores/store-platform';
import type { Db } from '../../db/client';
import { type JobContext, type JobHandler, PermanentJobError } from '../../platform/jobs/jobs.runtime';
import { ordersByIds } from '../orders/orders.service';
import { markStoreReauthorize, storeById, storeClientFor } from '../stores/stores.service';
import { storeOrders, storeTrackingPushes } from './store-orders.tables';
import { STORE_TRACKING_PUSH_JOB } from './store-orders.tracking';
import { shipmentOf } from './store-orders.tracking.shipment';

/**
 * The push job (decision 0115). It acts only while it is the row's current job: a newer number
 * queued a newer job, and this one steps aside. Throttled and unavailable stores are retried by
 * the job runtime's backoff; a refused authorization, a refused request or a missing order fail
 * at once with the reason, for the owner to act and press Retry.
 */

type Failure = { kind: string; detail: string; retry: boolean };

function failureOf(err: unknown): Failure {
  if (err instanceof StorePlatformError)
    return { kind: err.kind, detail: err.detail, retry: err.kind === 'throttled' || err.kind === 'unavailable' };
  // Not the store's answer (our database, a bug): retried, its text kept out of the owner's view.
  return { kind: 'internal', detail: 'internal error', retry: true };
}

async function record(db: Db, orderId: string, jobId: string, patch: Partial<typeof storeTrackingPushes.$inferInsert>) {
  await db
    .update(storeTrackingPushes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(storeTrackingPushes.orderId, orderId), eq(storeTrackingPushes.jobId, jobId)));
}

async function pushTracking(config: Config, payload: Record<string, unknown>, ctx: JobContext): Promise<void> {
  const { db, jobId } = ctx;
  const orderId = String(payload.orderId ?? '');
  const [push] = await db.select().from(storeTrackingPushes).where(eq(storeTrackingPushes.orderId, orderId));
  if (!push || push.jobId !== jobId || push.state !== 'pending') return; // superseded or settled
  const attempts = push.attempts + 1;
  const fail = async (f: Failure, permanent: boolean) => {
    await record(db, orderId, jobId, {
      state: permanent ? 'failed' : 'pending',
      attempts,
      lastError: f.detail.slice(0, 300),
      errorKind: f.kind,
    });
    throw permanent ? new PermanentJobError(`tracking push: ${f.kind}`) : new Error(`tracking push: ${f.kind}`);
  };

  const [order] = await ordersByIds(db, [orderId]);
  const store = order?.storeId ? await storeById(db, order.storeId) : null;
  // The platform's id of the order: the store order that became ours, else the order's own reference.
  const [arrived] = await db
    .select({ externalId: storeOrders.externalId })
    .from(storeOrders)
    .where(eq(storeOrders.orderId, orderId));
  const externalId = arrived?.externalId ?? order?.storeOrderRef ?? null;
  if (!order || !externalId || !store)
    return fail({ kind: 'not-found', detail: 'the store order is gone', retry: false }, true);
  if (store.status !== 'connected' || !store.credentials)
    return fail(
      {
        kind: 'auth',
        detail: store.status === 'connected' ? 'the store holds no authorization' : `the store is ${store.status}`,
        retry: false,
      },
      true,
    );
  const client = storeClientFor(db, config, store);
  if (!client.pushTracking)
    return fail(
      { kind: 'invalid', detail: `tracking cannot be sent to ${store.platform} stores yet`, retry: false },
      true,
    );

  try {
    // One parcel of several fulfils only its own lines (decision 0121).
    const shipment = await shipmentOf(db, { id: order.id, userId: order.userId, storeId: store.id }, externalId);
    const result = await client.pushTracking(
      externalId,
      // The store's e-mail permission decides whether the platform tells the buyer.
      {
        company: push.carrier,
        number: push.trackingNumber,
        url: null,
        notifyCustomer: store.emailPermission,
        shipment,
      },
      push.fulfilmentId ? { fulfilmentId: push.fulfilmentId } : null,
    );
    const byHand = result.outcome === 'by-hand';
    await record(db, orderId, jobId, {
      state: byHand ? 'by-hand' : 'sent',
      fulfilmentId: byHand ? push.fulfilmentId : result.fulfilmentId,
      outcome: result.outcome,
      attempts,
      lastError: null,
      errorKind: null,
      sentAt: byHand ? null : new Date(),
    });
  } catch (err) {
    const f = failureOf(err);
    // Refused credentials: the store asks its owner to authorize again, as its other jobs do.
    if (f.kind === 'auth') await markStoreReauthorize(db, store.id);
    await fail(f, !f.retry || ctx.finalAttempt);
  }
}

export function trackingJobHandlers(config: Config): Record<string, JobHandler> {
  return { [STORE_TRACKING_PUSH_JOB]: (payload, ctx) => pushTracking(config, payload, ctx) };
}
