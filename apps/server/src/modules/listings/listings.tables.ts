import { LISTING_STATES, PRICE_MODES } from '@dsm/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import { products, skus } from '../catalogue/catalogue.tables';
import { storeProducts, storeVariants, stores } from '../stores/stores.tables';

/**
 * A store's pricing rule for new listings and re-pricing (decision 0124), with the store's
 * currency and main market (the platforms do not tell us either in the calls we make). Ratios
 * and the margin floor are kept in hundredths, so 2.5 is 250 and no float reaches the table.
 */
export const listingStoreRules = pgTable('listing_store_rules', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: PRICE_MODES }).notNull(),
  multipleHundredths: integer('multiple_hundredths'),
  markupMinor: integer('markup_minor'),
  centsEnding: integer('cents_ending'),
  compareAtHundredths: integer('compare_at_hundredths'),
  minMarginHundredths: integer('min_margin_hundredths'),
  currency: text('currency').notNull(),
  /** ISO alpha-2: where shipping is priced to. */
  market: text('market').notNull(),
  /**
   * How far (percent, in hundredths) a listed price may move by itself when the catalogue price
   * changes; a larger move waits for the owner's approval. Null: the default (10 %).
   */
  priceToleranceHundredths: integer('price_tolerance_hundredths'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The rule a listing was priced with, as stored on it (a re-price replaces it). */
export interface StoredRule {
  mode: (typeof PRICE_MODES)[number];
  multiple: number | null;
  markupMinor: number | null;
  centsEnding: number | null;
  compareAtMultiple: number | null;
  minMarginPercent: number | null;
}

/**
 * One catalogue product published (or to be) into one store: SPEC §4's listing status, the
 * template the store shows, and the store's ids once listed. A rolled-back listing is kept.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    prodId: integer('prod_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The create call that made it: `/user/listed` shows a batch's progress. */
    batchId: uuid('batch_id').notNull(),
    state: text('state', { enum: LISTING_STATES }).notNull().default('queued'),
    /** Why it failed: a message key and its values (the platform's own words in `detail`). */
    failure: jsonb('failure').$type<{ key: string; values?: Record<string, string> }>(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    productType: text('product_type'),
    lockPrice: boolean('lock_price').notNull().default(false),
    currency: text('currency').notNull(),
    market: text('market').notNull(),
    rule: jsonb('rule').$type<StoredRule>().notNull(),
    externalId: text('external_id'),
    url: text('url'),
    /** The stores module's row of the published product (its variants carry the connections). */
    storeProductId: uuid('store_product_id').references(() => storeProducts.id, { onDelete: 'set null' }),
    /** When the current publication started: a stale one (a crashed worker) no longer holds a slot. */
    publishingSince: timestamp('publishing_since', { withTimezone: true }),
    /** Prices approved and not yet in the store (a re-price waiting for its push). */
    pricePending: boolean('price_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_user_idx').on(t.userId, t.createdAt),
    index('listings_store_state_idx').on(t.storeId, t.state),
    index('listings_batch_idx').on(t.batchId),
  ],
);

/** A listed variant: its catalogue SKU, its price in the store's currency, and the store's ids. */
export const listingVariants = pgTable(
  'listing_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    priceMinor: integer('price_minor').notNull(),
    compareAtMinor: integer('compare_at_minor'),
    /** USD: what the price was computed from, for the margin shown later. */
    platformMinor: integer('platform_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    /** `own` mode: the owner's price, kept so a re-price under `own` keeps it. */
    ownMinor: integer('own_minor'),
    externalId: text('external_id'),
    inventoryItemId: text('inventory_item_id'),
    /** The stock we last set in the store (inventory sync); null while the store's stock is not ours. */
    pushedQuantity: integer('pushed_quantity'),
    /** Its catalogue SKU is taken down or gone: the store's stock was set to 0 and the listing shows it. */
    takenDown: boolean('taken_down').notNull().default(false),
    storeVariantId: uuid('store_variant_id').references(() => storeVariants.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('listing_variants_listing_idx').on(t.listingId, t.position),
    index('listing_variants_sku_idx').on(t.skuId),
  ],
);

export const PRICE_UPDATE_STATES = ['pending', 'approved', 'rejected', 'superseded'] as const;

/**
 * A catalogue price change larger than the store's tolerance (decision 0133): the listed price it
 * would give waits here for the owner. A rejected one is kept so the same catalogue price is not
 * asked about again; a newer change supersedes a pending one.
 */
export const listingPriceUpdates = pgTable(
  'listing_price_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => listingVariants.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PRICE_UPDATE_STATES }).notNull().default('pending'),
    /** USD: the catalogue price the listed one was computed from, and the new one. */
    oldPlatformMinor: integer('old_platform_minor').notNull(),
    newPlatformMinor: integer('new_platform_minor').notNull(),
    /** In the listing's currency. */
    oldPriceMinor: integer('old_price_minor').notNull(),
    newPriceMinor: integer('new_price_minor').notNull(),
    newCompareAtMinor: integer('new_compare_at_minor'),
    costMinor: integer('cost_minor').notNull(),
    /** Under the rule's minimum margin: shown as such; the owner's approval still sets it. */
    belowMargin: boolean('below_margin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('listing_price_updates_user_idx').on(t.userId, t.state, t.createdAt),
    index('listing_price_updates_variant_idx').on(t.variantId, t.newPlatformMinor),
  ],
);
