import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { products } from '../catalogue/catalogue.tables';
import { shippingMethods } from '../logistics/logistics.tables';

/**
 * A store owner's preferred shipping (decision 0116): "for product P (null: all products) to
 * country C (null: all countries), I prefer method M". One rule per (user, product-or-all,
 * country-or-all): NULLS NOT DISTINCT makes the two "all" rows collide like any other.
 */
export const preferredShippingRules = pgTable(
  'preferred_shipping_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A product removed from the catalogue takes its rules with it. */
    prodId: integer('prod_id').references(() => products.id, { onDelete: 'cascade' }),
    /** ISO alpha-2, upper case; null = every country. */
    country: text('country'),
    /** Methods are never deleted (the operator turns them off): the rule keeps naming it. */
    methodId: integer('method_id')
      .notNull()
      .references(() => shippingMethods.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('preferred_shipping_rules_key').on(t.userId, t.prodId, t.country).nullsNotDistinct(),
    index('preferred_shipping_rules_user_idx').on(t.userId, t.updatedAt),
    check('preferred_shipping_rules_country', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
