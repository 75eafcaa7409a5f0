import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';
import { products, skus } from '../catalogue/catalogue.tables';

/**
 * A user's cart: one line per user and SKU (decision 0080). Adds are one upsert on
 * (user_id, sku_id), so two concurrent adds of the same SKU end in one line with the sum.
 * A SKU or product deleted by the operator takes its lines with it; a taken-down one stays,
 * flagged, until the user removes it.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    /** The SKU's unit price when the line was last added to: "price changed" compares with it. */
    addedPriceMinor: moneyMinor('added_price_minor').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('cart_lines_user_sku_key').on(t.userId, t.skuId),
    index('cart_lines_sku_idx').on(t.skuId),
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_count_positive', sql`${t.count} > 0`),
  ],
);

/**
 * Products a user keeps for later, optionally a chosen SKU. Adding the same product and SKU
 * twice keeps one row (NULLS NOT DISTINCT: "no SKU" counts as one value).
 */
export const wishListItems = pgTable(
  'wish_list_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id').references(() => skus.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wish_list_items_user_product_sku_key').on(t.userId, t.productId, t.skuId).nullsNotDistinct(),
    index('wish_list_items_user_idx').on(t.userId, t.addedAt),
    index('wish_list_items_product_idx').on(t.productId),
    index('wish_list_items_sku_idx').on(t.skuId),
  ],
);
