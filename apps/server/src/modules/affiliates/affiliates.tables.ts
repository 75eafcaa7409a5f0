import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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

/**
 * The affiliate programme (issue 26, decision 0128). Money moves only through the wallet's
 * ledger functions; these tables say what is owed and why, the ledger what was paid.
 */

/** The operator's terms: one row (id 1). */
export const affiliateSettings = pgTable(
  'affiliate_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Basis points of the goods of a paid order (500 = 5 %). */
    rateBasisPoints: integer('rate_basis_points').notNull().default(500),
    /** Orders paid within this many months of the sign-up earn commission. */
    periodMonths: integer('period_months').notNull().default(12),
    /** Days a commission stays pending (the after-sales window) before it is credited. */
    holdDays: integer('hold_days').notNull().default(30),
    payout: text('payout', { enum: ['cash', 'bonus'] })
      .notNull()
      .default('cash'),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('affiliate_settings_one_row', sql`${t.id} = 1`),
    check(
      'affiliate_settings_ranges',
      sql`${t.rateBasisPoints} between 0 and 5000 and ${t.periodMonths} between 1 and 120 and ${t.holdDays} between 0 and 365`,
    ),
  ],
);

export const affiliates = pgTable(
  'affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Upper-case letters and digits; what `?ref=` and the registration form carry. */
    code: text('code').notNull(),
    state: text('state', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    suspendedReason: text('suspended_reason').notNull().default(''),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliates_user_key').on(t.userId), uniqueIndex('affiliates_code_key').on(t.code)],
);

/** Who brought whom: one row per referred user, written once at registration, never changed. */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    referredUserId: uuid('referred_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'restrict' }),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_referrals_affiliate_idx').on(t.affiliateId, t.attributedAt)],
);

/** A visitor's click on a link, counted once per visitor per UTC day. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'restrict' }),
    /** The browser's random visitor id, hashed: nothing that names a person. */
    visitorHash: text('visitor_hash').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.affiliateId, t.day, t.visitorHash] })],
);

/**
 * One commission per paid order of a referred user. `amount_minor` is what is owed now (rate ×
 * goods not refunded, rounded once half-up); `credited_minor` what the wallet has received net of
 * reversals. pending → available (hold passed) → paid (credited); cancelled when a refund or a
 * suspension takes it before it is paid; reversed when a refund takes it all after.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'restrict' }),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    goodsMinor: moneyMinor('goods_minor').notNull(),
    refundedMinor: moneyMinor('refunded_minor').notNull().default(0),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    amountMinor: moneyMinor('amount_minor').notNull(),
    creditedMinor: moneyMinor('credited_minor').notNull().default(0),
    payout: text('payout', { enum: ['cash', 'bonus'] }).notNull(),
    state: text('state', { enum: ['pending', 'available', 'paid', 'cancelled', 'reversed'] })
      .notNull()
      .default('pending'),
    note: text('note').notNull().default(''),
    orderPaidAt: timestamp('order_paid_at', { withTimezone: true }).notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_order_key').on(t.orderId),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateId, t.orderPaidAt),
    index('affiliate_commissions_due_idx').on(t.availableAt).where(sql`${t.state} in ('pending', 'available')`),
    check(
      'affiliate_commissions_amounts',
      sql`${t.amountMinor} >= 0 and ${t.creditedMinor} >= 0 and ${t.refundedMinor} >= 0`,
    ),
  ],
);

/** The operator's corrections of an affiliate's earnings, each a wallet entry with its reason. */
export const affiliateAdjustments = pgTable('affiliate_adjustments', {
  id: uuid('id').primaryKey().defaultRandom(),
  affiliateId: uuid('affiliate_id')
    .notNull()
    .references(() => affiliates.id, { onDelete: 'restrict' }),
  amountMinor: moneyMinor('amount_minor').notNull(),
  reason: text('reason').notNull(),
  operatorId: uuid('operator_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
