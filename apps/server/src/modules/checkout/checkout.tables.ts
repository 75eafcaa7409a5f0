import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { orders } from '../orders/orders.tables';

/**
 * The operator's tax rate per destination country (decision 0083), in basis points (2000 = 20 %).
 * A country without a row is taxed at 0. The demo rows come with the migration, once, so a rate
 * the operator deletes stays deleted.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    /** ISO 3166 alpha-2, upper case. */
    country: text('country').primaryKey(),
    rateBps: integer('rate_bps').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator who last set it (null for the demo rows). */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('tax_rates_rate_range', sql`${t.rateBps} between 0 and 10000`),
    check('tax_rates_country_format', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * When each placed order gives its stock back if still unpaid (decision 0084): set at submit and
 * again on restore. The `order.expire` job compares with it, so an older job of an order that was
 * trashed and restored since does nothing. A split's children follow their parent's time.
 */
export const orderPayBy = pgTable(
  'order_pay_by',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    payBy: timestamp('pay_by', { withTimezone: true }).notNull(),
    /**
     * The signature of the confirm token that placed the order (decision 0106): unique, so a token
     * places one order however often and however concurrently it is submitted. Null for a split's
     * children, which were not placed by a token.
     */
    confirmSig: text('confirm_sig'),
    /**
     * Whether the user's unpaid orders, this one included, were within CHECKOUT_MAX_UNPAID_ORDERS
     * when it was placed (decision 0106): computed by the submit's insert, refused by the check.
     */
    withinHoldCap: boolean('within_hold_cap').notNull().default(true),
  },
  (t) => [unique('order_pay_by_confirm_sig').on(t.confirmSig), check('order_pay_by_hold_cap', sql`${t.withinHoldCap}`)],
);
