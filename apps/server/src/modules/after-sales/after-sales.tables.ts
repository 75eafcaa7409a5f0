import { AFTER_SALES_KINDS, AFTER_SALES_STATES, type AfterSalesLine, ORDER_ACTOR_TYPES } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';

/** Feeds the human request number AS<nnnnnnnn> (decision 0088). */
export const afterSalesNumberSeq = pgSequence('after_sales_number_seq', { startWith: 1 });

/**
 * An after-sales request (decision 0088): a refund or a reshipment for a paid order. Every change
 * locks the request row and then the order row FOR UPDATE, so refunds of one order serialize on
 * the order and their sum is checked against its total under that lock.
 */
export const afterSalesRequests = pgTable(
  'after_sales_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Snapshots of the order as it was asked about (the list needs no read of the orders module). */
    orderNumber: text('order_number').notNull(),
    orderTotalMinor: moneyMinor('order_total_minor').notNull(),
    kind: text('kind', { enum: AFTER_SALES_KINDS }).notNull(),
    state: text('state', { enum: AFTER_SALES_STATES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    /** Refunds: what the user asked for (USD minor units); null for a reshipment. */
    amountMinor: moneyMinor('amount_minor'),
    /** What the wallet was credited (set once, when the refund is posted). */
    refundedMinor: moneyMinor('refunded_minor'),
    /** Stored names in the private `aftersales` file area (at most 5). */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** The order lines concerned (optional), with the line's title as ordered. */
    lines: jsonb('lines').$type<Array<AfterSalesLine & { title: string }>>().notNull().default([]),
    rejectReason: text('reject_reason'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('after_sales_number_key').on(t.number),
    index('after_sales_user_idx').on(t.userId, t.createdAt),
    index('after_sales_state_idx').on(t.state, t.createdAt),
    // One open request per order at a time (the service says so first, in the user's language).
    uniqueIndex('after_sales_open_per_order').on(t.orderId).where(sql`${t.state} in ('requested', 'approved')`),
    check(
      'after_sales_amounts',
      sql`(${t.kind} = 'refund' and ${t.amountMinor} > 0) or (${t.kind} = 'reshipment' and ${t.amountMinor} is null and ${t.refundedMinor} is null)`,
    ),
    check(
      'after_sales_refunded',
      sql`${t.state} <> 'refunded' or (${t.refundedMinor} > 0 and ${t.refundedMinor} <= ${t.amountMinor})`,
    ),
    check('after_sales_rejected_reason', sql`${t.state} <> 'rejected' or ${t.rejectReason} is not null`),
    check(
      'after_sales_reshipped_tracking',
      sql`${t.state} <> 'reshipped' or (${t.carrier} is not null and ${t.trackingNumber} is not null)`,
    ),
    check('after_sales_images', sql`jsonb_array_length(${t.images}) <= 5`),
  ],
);

/** The request's own history (the order's timeline gets a matching entry for each step). */
export const afterSalesEvents = pgTable(
  'after_sales_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => afterSalesRequests.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromState: text('from_state', { enum: AFTER_SALES_STATES }),
    toState: text('to_state', { enum: AFTER_SALES_STATES }).notNull(),
    actorType: text('actor_type', { enum: ORDER_ACTOR_TYPES }).notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('after_sales_events_request_idx').on(t.requestId, t.id)],
);
