import { integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Currency records; `rate` is units of the currency per 1 USD, edited by the operator. */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  rate: numeric('rate', { precision: 18, scale: 8, mode: 'number' }).notNull(),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
