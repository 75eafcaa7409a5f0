import { STORE_PLATFORMS, STORE_STATUSES, SYNC_STATES } from '@dsm/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/**
 * A connected store (decision 0100). `address` is the normalised identity on its platform: the
 * Shopify shop domain, the WooCommerce address without scheme, `www.` or trailing slash, the
 * AliExpress seller id. One live store per platform and address across all users (SPEC §5:
 * "address unique"); a disconnected one frees it.
 */
export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    platform: text('platform', { enum: STORE_PLATFORMS }).notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The base URL the connector calls (a WooCommerce store's own URL as the user gave it, normalised). */
    baseUrl: text('base_url'),
    status: text('status', { enum: STORE_STATUSES }).notNull().default('connected'),
    inventorySync: boolean('inventory_sync').notNull().default(false),
    emailPermission: boolean('email_permission').notNull().default(false),
    /** The margin guard (decision 0120): flag orders whose landed cost is above this % of the selling price; null = off. */
    marginGuardPercent: integer('margin_guard_percent'),
    sandbox: boolean('sandbox').notNull().default(false),
    /** Tokens, keys and secrets: one JSON object sealed with AES-256-GCM (platform/secret-box.ts), bound to the id. */
    credentials: text('credentials'),
    /** When the access token must be refreshed, and when the refresh token itself runs out. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    authorizationExpiresAt: timestamp('authorization_expires_at', { withTimezone: true }),
    /** The last "your authorization runs out" warning sent, so it is sent once per period. */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    /** A webhook's signing secret where the platform lets us choose it (WooCommerce), sealed too. */
    webhookSecret: text('webhook_secret'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    /** The last product import or pull's watermark: WooCommerce's catch-up asks for changes since. */
    productsPulledAt: timestamp('products_pulled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stores_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('stores_live_address_key').on(t.platform, t.address).where(sql`${t.status} <> 'disconnected'`),
  ],
);

/**
 * An authorization in flight: the `state` nonce of Shopify's and AliExpress's redirects, the
 * nonce in WooCommerce's callback URL. Bound to the user who started it; used once; short-lived.
 */
export const storeAuthorizations = pgTable(
  'store_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the nonce: the nonce itself travels only in the URLs. */
    nonceHash: text('nonce_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: STORE_PLATFORMS }).notNull(),
    /** What the flow needs back at the callback: shop domain, store name and address, the store being re-authorized. */
    context: jsonb('context').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_authorizations_nonce_key').on(t.nonceHash)],
);

/** One run of bringing a store's products in: paged, resumable from `cursor`, progress shown. */
export const storeSyncs = pgTable(
  'store_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** `import` (everything), `pull` (scheduled, changes since the watermark), `catch-up` (WooCommerce). */
    kind: text('kind', { enum: ['import', 'pull', 'catch-up'] }).notNull(),
    state: text('state', { enum: SYNC_STATES }).notNull().default('queued'),
    cursor: text('cursor'),
    pagesRead: integer('pages_read').notNull().default(0),
    totalPages: integer('total_pages'),
    imported: integer('imported').notNull().default(0),
    /** A message key and its values, localized when shown. */
    error: jsonb('error').$type<{ key: string; values?: Record<string, string | number> }>(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('store_syncs_store_idx').on(t.storeId, t.createdAt)],
);

export const storeProducts = pgTable(
  'store_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    url: text('url'),
    /** The platform's status, or `deleted` when the store removed it (kept: connections have history). */
    status: text('status', { enum: ['active', 'draft', 'archived', 'deleted'] }).notNull(),
    /** The store's own last change (ISO), to skip an older webhook arriving after a newer pull. */
    remoteUpdatedAt: timestamp('remote_updated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_products_external_key').on(t.storeId, t.externalId),
    index('store_products_title_idx').on(t.storeId, t.title),
  ],
);

export const storeVariants = pgTable(
  'store_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeProductId: uuid('store_product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sku: text('sku'),
    title: text('title').notNull(),
    options: jsonb('options').$type<Array<{ name: string; value: string }>>().notNull().default([]),
    priceMinor: moneyMinor('price_minor'),
    currency: text('currency'),
    imageUrl: text('image_url'),
    /** Gone from the store: kept while a connection or its history points at it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_variants_external_key').on(t.storeProductId, t.externalId)],
);

/** Webhook deliveries seen, by the platform's delivery id: the same delivery twice has one effect. */
export const storeWebhookDeliveries = pgTable(
  'store_webhook_deliveries',
  {
    platform: text('platform', { enum: STORE_PLATFORMS }).notNull(),
    deliveryId: text('delivery_id').notNull(),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_webhook_deliveries_key').on(t.platform, t.deliveryId)],
);
