import { sql } from 'drizzle-orm';
import {
  boolean,
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

/** Feeds the human order number R<yyyymmdd>-<nnnnnn> (decision 0074). */
export const rechargeNumberSeq = pgSequence('recharge_order_number_seq', { startWith: 1 });

/**
 * A recharge order (decision 0074): money coming into the wallet by PayPal, card or bank
 * transfer. The fee is computed from the operator's rule when the order is created and frozen
 * here, so a rule changed later never changes what the user was shown.
 */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    method: text('method', { enum: ['paypal', 'card', 'bank'] }).notNull(),
    state: text('state', { enum: ['awaiting-payment', 'pending', 'paid', 'completed', 'closed'] }).notNull(),
    amountMinor: moneyMinor('amount_minor').notNull(),
    feeMinor: moneyMinor('fee_minor').notNull(),
    /** PayPal order id or Stripe Checkout Session id, once checkout started. */
    providerReference: text('provider_reference'),
    /** PayPal capture id or Stripe payment intent id, once the provider took the money. */
    providerCaptureId: text('provider_capture_id'),
    /** The bank transfer slip: a stored file of the private `slips` area. */
    slipFile: text('slip_file'),
    slipFileName: text('slip_file_name'),
    slipContentType: text('slip_content_type'),
    slipSize: integer('slip_size'),
    slipUploadedAt: timestamp('slip_uploaded_at', { withTimezone: true }),
    /** What the user sees: the operator's reason for a rejection, the provider's refusal. */
    note: text('note').notNull().default(''),
    /** For the operator only: a refund that could not be reversed, a payment on a closed order. */
    operatorNote: text('operator_note').notNull().default(''),
    closeReason: text('close_reason', { enum: ['expired', 'cancelled', 'rejected', 'failed'] }),
    /** Refunded by the provider after completion (recorded, decision 0074). */
    refundedMinor: moneyMinor('refunded_minor').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set when the recharge pays orders (decision 0085): once credited, the payments module pays
     * them from the wallet. A plain uuid, no foreign key: payments depends on recharge, not back.
     */
    orderPaymentId: uuid('order_payment_id'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recharge_orders_number_key').on(t.number),
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    index('recharge_orders_state_idx').on(t.state, t.createdAt),
    uniqueIndex('recharge_orders_provider_ref_key')
      .on(t.method, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
  ],
);

/** The operator's fee rule per method (SPEC §9), seeded with DEFAULT_FEE_RULES by the migration. */
export const rechargeMethodRules = pgTable('recharge_method_rules', {
  method: text('method', { enum: ['paypal', 'card', 'bank'] }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  /** Percent in hundredths (4.4 % → 440). */
  percentHundredths: integer('percent_hundredths').notNull(),
  baseMinor: moneyMinor('base_minor').notNull(),
  fixedMinor: moneyMinor('fixed_minor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each provider webhook event is acted on once: a redelivery finds its row and does nothing. */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider', { enum: ['paypal', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    rechargeId: uuid('recharge_id').references(() => rechargeOrders.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
