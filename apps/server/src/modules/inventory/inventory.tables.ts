import { DEPOSIT_STATES, INVENTORY_LOG_REASONS, INVENTORY_ORDER_STATES } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { warehouses } from '../logistics/logistics.tables';
import { orders } from '../orders/orders.tables';

/**
 * One owner's stock of one SKU in one warehouse (decision 0126). The three numbers are caches of
 * the sums of the row's log lines (`inventory_log`), changed only by `inventory.ledger.ts` `move`
 * in the statement that appends the line; the checks keep them from going negative, so a move
 * that would is refused by the database itself. total = frozen + available (not stored).
 * SKU ids are plain (no foreign key), like order lines: the catalogue may delete a SKU, the stock
 * and its history stay readable.
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    skuCode: text('sku_code').notNull(),
    warehouse: text('warehouse')
      .notNull()
      .references(() => warehouses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    available: integer('available').notNull().default(0),
    frozen: integer('frozen').notNull().default(0),
    unreceived: integer('unreceived').notNull().default(0),
    /** Store orders for this SKU ship from this stock first (the owner may switch it off). */
    shipFirst: boolean('ship_first').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_items_owner_sku_warehouse_key').on(t.userId, t.skuId, t.warehouse),
    index('inventory_items_user_idx').on(t.userId, t.skuCode),
    check('inventory_items_available_nonneg', sql`${t.available} >= 0`),
    check('inventory_items_frozen_nonneg', sql`${t.frozen} >= 0`),
    check('inventory_items_unreceived_nonneg', sql`${t.unreceived} >= 0`),
  ],
);

/** Every movement of an inventory item, append-only: its reason, its reference and the deltas. */
export const inventoryLog = pgTable(
  'inventory_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: INVENTORY_LOG_REASONS }).notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    /** What the owner knows the reference by (an order number); '' for an adjustment. */
    referenceLabel: text('reference_label').notNull().default(''),
    /** The operator's words for an adjustment; '' otherwise. */
    note: text('note').notNull().default(''),
    availableDelta: integer('available_delta').notNull().default(0),
    frozenDelta: integer('frozen_delta').notNull().default(0),
    unreceivedDelta: integer('unreceived_delta').notNull().default(0),
    /** Who: the operator of an adjustment or receipt; null for the owner's orders and the system. */
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_log_item_idx').on(t.itemId, t.id),
    index('inventory_log_reference_idx').on(t.referenceType, t.referenceId),
    check('inventory_log_moves', sql`${t.availableDelta} <> 0 or ${t.frozenDelta} <> 0 or ${t.unreceivedDelta} <> 0`),
  ],
);

/**
 * An inventory order: an order of the orders module (source 'inventory', paid through payments
 * like any order) with the states of SPEC §4 for buying into stock. The order row keeps the money
 * and the timeline; this row keeps where the goods go and how far they got.
 */
export const inventoryOrders = pgTable(
  'inventory_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', { enum: INVENTORY_ORDER_STATES }).notNull().default('awaiting-payment'),
    handlingFeePerUnitMinor: moneyMinor('handling_fee_per_unit_minor').notNull(),
    /**
     * Paying in two parts (decision 0130), null when the order was not offered it: `offered` (the
     * owner may still pay in full) → `deposit-paid` → `balance-held` (the wallet was short when
     * the goods were bought) → `balance-paid`; `returned` (cancelled before purchase).
     */
    depositState: text('deposit_state', { enum: DEPOSIT_STATES }),
    depositPercent: integer('deposit_percent'),
    /** Rounded once (half up); the balance is total − deposit, so the two add up exactly. */
    depositMinor: moneyMinor('deposit_minor'),
    balanceMinor: moneyMinor('balance_minor'),
    /** What has left the owner's deposit account for revenue as the goods were received. */
    settledMinor: moneyMinor('settled_minor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_orders_user_idx').on(t.userId, t.createdAt),
    index('inventory_orders_state_idx').on(t.state, t.createdAt),
    check(
      'inventory_orders_deposit_terms',
      sql`(${t.depositState} is null) = (${t.depositMinor} is null) and (${t.depositMinor} is null) = (${t.balanceMinor} is null)
        and (${t.depositMinor} is null or (${t.depositMinor} > 0 and ${t.balanceMinor} > 0))`,
    ),
  ],
);

/** What each line of an inventory order stocks, and how much of it the warehouse has received. */
export const inventoryOrderLines = pgTable(
  'inventory_order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => inventoryOrders.orderId, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    productId: integer('product_id').notNull(),
    skuId: integer('sku_id').notNull(),
    skuCode: text('sku_code').notNull(),
    /** The product's name and picture as bought (the order line's snapshot, for the lists). */
    title: text('title').notNull(),
    image: text('image').notNull(),
    unitPriceMinor: moneyMinor('unit_price_minor').notNull(),
    warehouse: text('warehouse')
      .notNull()
      .references(() => warehouses.code, { onDelete: 'restrict', onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    // The inventory page shows a SKU's picture from the line that bought it.
    index('inventory_order_lines_sku_idx').on(t.skuId),
    check('inventory_order_lines_received', sql`${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
    check('inventory_order_lines_quantity', sql`${t.quantity} > 0`),
  ],
);

/** The operator's settings for inventory: one row (id 1). */
export const inventorySettings = pgTable(
  'inventory_settings',
  {
    id: integer('id').primaryKey().default(1),
    handlingFeePerUnitMinor: moneyMinor('handling_fee_per_unit_minor').notNull().default(0),
    /** Orders from this total on may be paid in two parts (decision 0130); 0 = never offered. */
    depositFromMinor: moneyMinor('deposit_from_minor').notNull().default(0),
    depositPercent: integer('deposit_percent').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inventory_settings_one_row', sql`${t.id} = 1`),
    check('inventory_settings_fee_nonneg', sql`${t.handlingFeePerUnitMinor} >= 0`),
    check('inventory_settings_deposit', sql`${t.depositFromMinor} >= 0 and ${t.depositPercent} between 1 and 90`),
  ],
);
