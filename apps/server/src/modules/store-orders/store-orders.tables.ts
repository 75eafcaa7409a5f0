import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TRACKING_PUSH_STATES } from '@dsm/contract';
import { orders } from '../orders/orders.tables';
import { stores } from '../stores/stores.tables';

/**
 * Tracking going back to the store (issue 21, decision 0115): one row per marketplace order
 * with `source = 'store'` whose tracking we write to its store. The row is what the owner and the
 * operator see ("sent at …", or the failure and its reason) and what the next push reads: the
 * platform's fulfilment id, so a changed number updates that fulfilment instead of making a
 * second one. The push itself is the job `store-orders.push-tracking`.
 */
export const storeTrackingPushes = pgTable(
  'store_tracking_pushes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** pending (queued or retrying), sent, failed (given up or refused), by-hand (the merchant fulfilled it in the store). */
    state: text('state', { enum: TRACKING_PUSH_STATES }).notNull().default('pending'),
    /** Our carrier name as the operator typed it, and the number as pushed (trimmed, inner spaces removed). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    /** `too-long`: longer than PayPal's 25 characters (pushed all the same; the owner is told). */
    warning: text('warning'),
    /** The platform's fulfilment (or note) id that carries the tracking, once sent. */
    fulfilmentId: text('fulfilment_id'),
    /** The last push's outcome: created, updated, already, by-hand. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    /** Safe text (StorePlatformError.detail): no token, no secret, no buyer data. */
    lastError: text('last_error'),
    /** auth, throttled, unavailable, not-found, invalid, protocol: the kind decides whether a retry helps. */
    errorKind: text('error_kind'),
    /** The job pushing it now; its `run_at` is the next attempt while it waits for a retry. */
    jobId: uuid('job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_tracking_pushes_store_idx').on(t.storeId, t.state),
    check('store_tracking_pushes_sent', sql`${t.state} <> 'sent' or ${t.sentAt} is not null`),
  ],
);
