import {
  STORE_ORDER_ABNORMAL_REASONS,
  STORE_ORDER_SOURCES,
  STORE_ORDER_STATES,
  STORE_ORDER_STATUSES,
  STORE_ORDER_TRASH_REASONS,
  STORE_PLATFORMS,
  TRACKING_PUSH_STATES,
  STORE_PRIVACY_TOPICS,
  type StoreOrderAbnormalReason,
  type StoreOrderChange,
  type StoreOrderPrivacyRequest,
} from '@dsm/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';
import { stores } from '../stores/stores.tables';

/**
 * A store order as it arrived (issue 21, decision 0113): one row per (store, the store's order
 * id), whatever arrives twice or in what order. `store_updated_at` is the store's own last change:
 * an older copy changes nothing. Money is the store's, in minor units of its currency; the buyer
 * and the address live in `store_order_people` so they can be erased alone.
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Null for an order imported from a spreadsheet (`source = 'excel'`, decision 0125): no store behind it. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: STORE_PLATFORMS }),
    /** Where it came from: a connected store, or an Excel import (no tracking goes back to anyone). */
    source: text('source', { enum: STORE_ORDER_SOURCES }).notNull().default('store'),
    externalId: text('external_id').notNull(),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    totalMinor: moneyMinor('total_minor').notNull(),
    status: text('status', { enum: STORE_ORDER_STATUSES }).notNull(),
    fulfilled: boolean('fulfilled').notNull().default(false),
    storeCreatedAt: timestamp('store_created_at', { withTimezone: true }).notNull(),
    storeUpdatedAt: timestamp('store_updated_at', { withTimezone: true }).notNull(),
    /** Kept beside the address (which may be erased) for the country filter; not personal alone. */
    countryCode: text('country_code'),
    lineCount: integer('line_count').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    state: text('state', { enum: STORE_ORDER_STATES }).notNull().default('open'),
    trashReason: text('trash_reason', { enum: STORE_ORDER_TRASH_REASONS }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** Abnormal is a flag beside the state (decision 0081), with its reason. */
    abnormalReason: text('abnormal_reason', { enum: STORE_ORDER_ABNORMAL_REASONS }),
    abnormalAt: timestamp('abnormal_at', { withTimezone: true }),
    /** Reasons the owner chose to ignore on this order: a later sync does not raise them again. */
    ignoredReasons: jsonb('ignored_reasons').$type<StoreOrderAbnormalReason[]>().notNull().default([]),
    /**
     * The last quote (decision 0120): our landed cost and the selling total, both USD minor units,
     * as of `quoted_at`; `quote_note` is why a quote was refused (a message key). The list reads
     * these instead of quoting every row; the job `store-orders.quote` refreshes them.
     */
    landedMinor: moneyMinor('landed_minor'),
    sellingUsdMinor: moneyMinor('selling_usd_minor'),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    quoteNote: jsonb('quote_note').$type<{ key: string; values?: Record<string, string | number> }>(),
    /**
     * The service fee (basis points of the goods) the kept quote was made with (decision 0142): the
     * fee is configuration, so a changed fee is found by comparing with it, not by an event.
     */
    quoteFeeBps: integer('quote_fee_bps'),
    /**
     * An order imported from a spreadsheet (decision 0132): the file's name as uploaded, shown in
     * the list where a store order shows its sync; null for a store's order.
     */
    importFileName: text('import_file_name'),
    /**
     * False when a line of an imported order came without a store price (the column is optional):
     * its total is then no selling price and no margin is computed from it. A store's order: true.
     */
    pricesGiven: boolean('prices_given').notNull().default(true),
    /** The marketplace order it became once paid (set by the batch payment, later). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the last change from the store changed (`created` on arrival), and when. */
    lastChanges: jsonb('last_changes').$type<StoreOrderChange[]>().notNull().default([]),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's last "sync now" of this order (the cool-down against double clicks). */
    syncRequestedAt: timestamp('sync_requested_at', { withTimezone: true }),
    /** The buyer's personal data was erased (a privacy request, or the store's removal). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_orders_external_key').on(t.storeId, t.externalId),
    index('store_orders_user_idx').on(t.userId, t.storeCreatedAt),
    index('store_orders_order_idx').on(t.orderId),
  ],
);

/** The buyer and the shipping address of a store order: personal data, erasable on its own. */
export const storeOrderPeople = pgTable('store_order_people', {
  storeOrderId: uuid('store_order_id')
    .primaryKey()
    .references(() => storeOrders.id, { onDelete: 'cascade' }),
  buyerName: text('buyer_name').notNull().default(''),
  buyerEmail: text('buyer_email'),
  buyerPhone: text('buyer_phone'),
  /** StoreOrderAddress as the store gave it; null when the order has none. */
  address: jsonb('address').$type<{
    name: string;
    company: string;
    line1: string;
    line2: string;
    city: string;
    province: string;
    postcode: string;
    countryCode: string;
    phone: string;
  }>(),
});

/** A store order's lines, with the store's product, variant and SKU, and its selling price. */
export const storeOrderLines = pgTable(
  'store_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeOrderId: uuid('store_order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    externalId: text('external_id').notNull(),
    productExternalId: text('product_external_id'),
    variantExternalId: text('variant_external_id'),
    sku: text('sku'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    /** One unit's selling price in the order's currency; null when the store gives none. */
    unitPriceMinor: moneyMinor('unit_price_minor'),
    /** The catalogue SKU an imported line was matched to when imported (decision 0125); store lines go through their connection. */
    skuId: integer('sku_id'),
  },
  (t) => [uniqueIndex('store_order_lines_external_key').on(t.storeOrderId, t.externalId)],
);

/**
 * A store's order sync: the pull's cursor on the store's `updated_at`, the page it reached in a
 * pull under way (a retried job continues from it), when it last succeeded, failed and is due
 * next, and how far back the first import could read (Shopify: 60 days without read_all_orders).
 */
export const storeOrderSyncs = pgTable('store_order_syncs', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  cursorAt: timestamp('cursor_at', { withTimezone: true }),
  pageCursor: text('page_cursor'),
  /** The pull under way: when it started (a lease; an older one is taken over) and its high-water mark. */
  runningSince: timestamp('running_since', { withTimezone: true }),
  runHighWater: timestamp('run_high_water', { withTimezone: true }),
  queuedAt: timestamp('queued_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  /** A message key and its values, localized when shown. */
  lastError: jsonb('last_error').$type<{ key: string; values?: Record<string, string | number> }>(),
  nextDueAt: timestamp('next_due_at', { withTimezone: true }),
  reachedBack: timestamp('reached_back', { withTimezone: true }),
  firstImportAt: timestamp('first_import_at', { withTimezone: true }),
  /** The owner's last "sync now" of the store (the cool-down). */
  syncRequestedAt: timestamp('sync_requested_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * A privacy request from a store platform (Shopify's `customers/redact`, `customers/data_request`,
 * `shop/redact`) and what was done, for the operator. One per delivery: a job run again does nothing twice.
 */
export const storeOrderPrivacyRequests = pgTable(
  'store_order_privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform', { enum: STORE_PLATFORMS }).notNull(),
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic', { enum: STORE_PRIVACY_TOPICS }).notNull(),
    shop: text('shop').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    ordersMatched: integer('orders_matched').notNull().default(0),
    ordersErased: integer('orders_erased').notNull().default(0),
    /** customers/data_request: the personal data we hold, for the operator to pass on. */
    export: jsonb('export').$type<StoreOrderPrivacyRequest['export']>(),
  },
  (t) => [uniqueIndex('store_order_privacy_requests_delivery_key').on(t.platform, t.deliveryId)],
);
