import { CONNECTION_ACTIONS, CONNECTION_STATES, ORDER_ACTOR_TYPES } from '@dsm/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { skus } from '../catalogue/catalogue.tables';
import { storeProducts, storeVariants } from '../stores/stores.tables';

/**
 * A store variant connected to one catalogue SKU (decision 0100). At most one connection per
 * variant ("The selected product is already associated"); a SKU may serve many variants and stores.
 */
export const variantConnections = pgTable(
  'variant_connections',
  {
    variantId: uuid('variant_id')
      .primaryKey()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
    /** Denormalised from the variant, for "this store product's connections" and ownership checks. */
    storeProductId: uuid('store_product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'restrict' }),
    state: text('state', { enum: CONNECTION_STATES }).notNull().default('connected'),
    reviewReason: text('review_reason', { enum: ['taken-down', 'options-changed'] }),
    /** The SKU's options when connected: a later change to them marks the connection for review. */
    skuSpecsAtConnect: jsonb('sku_specs_at_connect').$type<Record<string, string>>().notNull().default({}),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('variant_connections_product_idx').on(t.storeProductId),
    index('variant_connections_sku_idx').on(t.skuId),
  ],
);

/**
 * Every connect, disconnect, undo and review, per store product: who, when, and each variant's
 * SKU before and after. Undo applies the last change's `before` as a new change and marks the
 * undone one, so the history only grows.
 */
export const connectionChanges = pgTable(
  'connection_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeProductId: uuid('store_product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    action: text('action', { enum: CONNECTION_ACTIONS }).notNull(),
    actorType: text('actor_type', { enum: ORDER_ACTOR_TYPES }).notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    /** [{variantId, before: skuId | null, after: skuId | null}] */
    variants: jsonb('variants')
      .$type<Array<{ variantId: string; before: number | null; after: number | null }>>()
      .notNull(),
    undoneBy: uuid('undone_by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connection_changes_product_idx').on(t.storeProductId, t.at),
    uniqueIndex('connection_changes_undone_by_key').on(t.undoneBy),
  ],
);
