import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';

/** Feeds the human payment number P<nnnnnnnn> (decision 0085). */
export const orderPaymentNumberSeq = pgSequence('order_payment_number_seq', { startWith: 1 });

export const ORDER_PAYMENT_STATES = ['awaiting', 'held', 'succeeded', 'failed', 'cancelled'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/**
 * One payment of one or several orders (decision 0085). `awaiting`: PayPal, waiting for the
 * approval and capture of its recharge; `held`: wallet short, what was there is locked (a wallet
 * held payment with reference `order-payment:<id>`); the others are final. `failure_reason` is a
 * message key (translated when read).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['wallet', 'paypal'] }).notNull(),
    state: text('state', { enum: ORDER_PAYMENT_STATES }).notNull(),
    amountMinor: moneyMinor('amount_minor').notNull(),
    /** Wallet, held: what was locked and what was missing when the payment was held. */
    lockedMinor: moneyMinor('locked_minor').notNull().default(0),
    shortfallMinor: moneyMinor('shortfall_minor').notNull().default(0),
    failureReason: text('failure_reason'),
    /** PayPal: the recharge order that brings the money into the wallet, and where to approve it. */
    rechargeOrderId: uuid('recharge_order_id'),
    approveUrl: text('approve_url'),
    /**
     * Null: the orders' totals. `deposit`: only the deposit of a two-part inventory order (decision
     * 0140); when its money arrives the inventory module pays the deposit, not payments.
     */
    part: text('part', { enum: ['deposit'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_payments_number_key').on(t.number),
    index('order_payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('order_payments_recharge_key').on(t.rechargeOrderId).where(sql`${t.rechargeOrderId} is not null`),
  ],
);

/** Which orders a payment pays (an order may appear in several payments over time, one open). */
export const orderPaymentOrders = pgTable(
  'order_payment_orders',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: moneyMinor('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.orderId] }), index('order_payment_orders_order_idx').on(t.orderId)],
);

export const ORDER_DEPOSIT_STATES = ['deposit-paid', 'balance-held', 'balance-paid', 'returned', 'settled'] as const;
export type OrderDepositState = (typeof ORDER_DEPOSIT_STATES)[number];

/**
 * A catalogue bulk order the buyer chose to pay in two parts (decision 0145): the terms fixed when
 * the deposit was paid (the operator's percentage of the order's total, rounded once) and where
 * the order is in them. `deposit-paid` → (purchase) `balance-paid` or `balance-held` → (top-up)
 * `balance-paid` → (ship) `settled`; `deposit-paid` → (cancel before purchase) `returned`. Orders
 * paid at once have no row. Inventory orders keep theirs on `inventory_orders` (decision 0130).
 */
export const orderDeposits = pgTable(
  'order_deposits',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    state: text('state', { enum: ORDER_DEPOSIT_STATES }).notNull(),
    percent: integer('percent').notNull(),
    depositMinor: moneyMinor('deposit_minor').notNull(),
    balanceMinor: moneyMinor('balance_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_deposits_user_idx').on(t.userId),
    check('order_deposits_parts_positive', sql`${t.depositMinor} > 0 and ${t.balanceMinor} > 0`),
  ],
);
