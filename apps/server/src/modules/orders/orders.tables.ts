import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ORDER_ACTOR_TYPES,
  ORDER_EVENTS,
  ORDER_SOURCES,
  ORDER_STATES,
  PURCHASE_TYPES,
  type OrderAddress,
} from '@dsm/contract';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/** Feeds the human order number O<nnnnnnnn> (decision 0081). */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1 });

/**
 * An order (decision 0081): catalogue orders now, store orders (issue 11) later. Every state
 * change goes through orders.states.ts, which locks this row FOR UPDATE and appends an
 * `order_events` row in the same unit of work. Addresses and the shipping method are snapshots:
 * the order keeps what it was placed with whatever the address book or the methods become.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('catalogue'),
    /** Store orders (issue 11): the connected store and the order's id in that store. */
    storeId: text('store_id'),
    storeOrderRef: text('store_order_ref'),
    /**
     * A store order paid through the batch payment (decision 0118) becomes one order per
     * shipment (decision 0107): the shipment's key (`CN`, `CN-2`) tells them apart.
     */
    storeShipment: text('store_shipment'),
    state: text('state', { enum: ORDER_STATES }).notNull().default('awaiting-payment'),
    /** A child of a split points at the parent (whose state is then `split`). */
    parentOrderId: uuid('parent_order_id'),
    /**
     * The orders of one checkout, one per shipment (decision 0107), share it: the confirm token's
     * signature. Null for an order that was its checkout's only one.
     */
    checkoutRef: text('checkout_ref'),
    goodsMinor: moneyMinor('goods_minor').notNull(),
    shippingMinor: moneyMinor('shipping_minor').notNull(),
    serviceFeeMinor: moneyMinor('service_fee_minor').notNull(),
    taxMinor: moneyMinor('tax_minor').notNull(),
    discountMinor: moneyMinor('discount_minor').notNull().default(0),
    totalMinor: moneyMinor('total_minor').notNull(),
    consignee: jsonb('consignee').$type<OrderAddress>().notNull(),
    billing: jsonb('billing').$type<OrderAddress>().notNull(),
    shippingMethodCode: text('shipping_method_code').notNull(),
    shippingMethodName: text('shipping_method_name').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    remark: text('remark').notNull().default(''),
    /** Abnormal is a flag beside the state (decision 0081): set with a reason, cleared by the user. */
    abnormalReason: text('abnormal_reason'),
    abnormalAt: timestamp('abnormal_at', { withTimezone: true }),
    /**
     * A price difference the user must pay before the order goes on (decision 0089): another flag
     * beside the state, like abnormal; the price-differences module keeps the difference itself.
     */
    priceDifferenceDueMinor: moneyMinor('price_difference_due_minor'),
    /** Dropshipping, or bulk when a price tier applied or the buyer chose bulk (decision 0090). */
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull().default('dropshipping'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** In the draft box since (state `trashed`). */
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_state_idx').on(t.userId, t.state, t.createdAt),
    index('orders_state_idx').on(t.state, t.createdAt),
    index('orders_parent_idx').on(t.parentOrderId),
    index('orders_checkout_ref_idx').on(t.checkoutRef).where(sql`${t.checkoutRef} is not null`),
    check('orders_price_difference_due', sql`${t.priceDifferenceDueMinor} is null or ${t.priceDifferenceDueMinor} > 0`),
    foreignKey({ name: 'orders_parent_fk', columns: [t.parentOrderId], foreignColumns: [t.id] }).onDelete('restrict'),
    uniqueIndex('orders_store_ref_key')
      .on(t.storeId, t.storeOrderRef, sql`coalesce(${t.storeShipment}, '')`)
      .where(sql`${t.storeOrderRef} is not null`),
    check(
      'orders_amounts',
      sql`${t.goodsMinor} >= 0 and ${t.shippingMinor} >= 0 and ${t.serviceFeeMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.discountMinor} >= 0
        and ${t.totalMinor} >= 0
        and ${t.totalMinor} = ${t.goodsMinor} + ${t.shippingMinor} + ${t.serviceFeeMinor} + ${t.taxMinor} - ${t.discountMinor}`,
    ),
    check(
      'orders_shipped_tracking',
      sql`${t.state} not in ('shipped', 'delivered') or (${t.carrier} is not null and ${t.trackingNumber} is not null)`,
    ),
  ],
);

/**
 * An order's items. Product and SKU are plain ids, not foreign keys: the catalogue may delete a
 * product, the order keeps its snapshot (title, specs, image, price) and stays readable.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    skuCode: text('sku_code').notNull(),
    title: text('title').notNull(),
    specs: jsonb('specs').$type<Record<string, string>>().notNull(),
    image: text('image').notNull().default(''),
    unitPriceMinor: moneyMinor('unit_price_minor').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalMinor: moneyMinor('line_total_minor').notNull(),
    /** Store orders: what the store's customer paid for the item. */
    storePriceMinor: moneyMinor('store_price_minor'),
    /**
     * The goods ship from the owner's private inventory (decision 0129): already paid when they
     * were bought into it, so the line is priced at 0 and takes no catalogue stock.
     */
    fromInventory: boolean('from_inventory').notNull().default(false),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    check(
      'order_lines_amounts',
      sql`${t.quantity} > 0 and ${t.unitPriceMinor} >= 0 and ${t.lineTotalMinor} = ${t.unitPriceMinor} * ${t.quantity}`,
    ),
  ],
);

/** The timeline: one row per transition, written in the transition's unit of work. */
export const orderEvents = pgTable(
  'order_events',
  {
    /** A serial id orders events that share a timestamp (one transaction's now()). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ORDER_EVENTS }).notNull(),
    fromState: text('from_state', { enum: ORDER_STATES }),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    actorType: text('actor_type', { enum: ORDER_ACTOR_TYPES }).notNull(),
    /** The user or operator (null for the system). */
    actorId: uuid('actor_id'),
    reason: text('reason'),
    /** Event details for the operator and later work (split children, carrier, …). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
