import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Stores and product connection (issue 11, decision 0100). A store owner connects Shopify,
 * WooCommerce and AliExpress stores; their products are brought in and each store variant can be
 * connected to one catalogue SKU, with a history that can be undone.
 *
 * Routes (all under /api, `p/` ones need a session and only ever show the caller's own rows):
 *   GET    /p/stores                                  StoreSchema[]
 *   PATCH  /p/stores/:id                              UpdateStoreBody → StoreSchema
 *   POST   /p/stores/:id/sync                         → StoreSyncSchema (a product import job starts)
 *   GET    /p/stores/:id/sync                         → StoreSyncSchema (progress)
 *   POST   /p/stores/:id/unbind                       → StoreSchema (status disconnected)
 *   POST   /p/stores/:id/reauthorize                  → AuthorizeAnswer (Shopify, AliExpress, WooCommerce by its key page)
 *   POST   /p/stores/woocommerce                      AddWooStoreBody → StoreSchema (keys checked against the store first)
 *   POST   /p/stores/woocommerce/authorize            WooAuthorizeBody → AuthorizeAnswer (the store's /wc-auth/v1/authorize)
 *   POST   /stores/woocommerce/callback/:nonce        (public; WooCommerce posts the keys here)
 *   GET    /p/stores/woocommerce/authorizations/:nonce → WooAuthorizationOutcome (what /<nonce>/redirectAccess shows)
 *   POST   /p/stores/shopify/install                  ShopifyInstallBody → AuthorizeAnswer
 *   POST   /p/stores/shopify/callback                 ShopifyCallbackBody → StoreSchema
 *   POST   /p/stores/aliexpress/authorize             → AuthorizeAnswer
 *   POST   /p/stores/aliexpress/callback              AliExpressCallbackBody → StoreSchema
 *   POST   /webhooks/shopify                          (public; HMAC of the raw body)
 *   POST   /webhooks/shopify/privacy                  (public; the three mandatory privacy topics, 401 on a bad HMAC)
 *   POST   /webhooks/woocommerce/:storeId             (public; X-WC-Webhook-Signature)
 *   GET    /p/store-products                          StoreProductQuery → page of StoreProductSchema
 *   GET    /p/store-products/:id                      → StoreProductSchema
 *   GET    /p/store-products/:id/suggestions          → SuggestionSchema[] (catalogue SKUs per variant)
 *   POST   /p/store-products/:id/connections          ConnectBody → StoreProductSchema
 *   POST   /p/store-products/:id/disconnect           DisconnectBody → StoreProductSchema
 *   GET    /p/store-products/:id/history              → ConnectionChangeSchema[] (newest first)
 *   POST   /p/store-products/:id/undo                 UndoBody → StoreProductSchema
 */

export const STORE_PLATFORMS = ['shopify', 'woocommerce', 'aliexpress'] as const;
export type StorePlatformName = (typeof STORE_PLATFORMS)[number];

/**
 * connected: credentials work; reauthorize: a call was refused and the token could not be
 * refreshed ("Authorization failed, please re-authorize"); disconnected: unbound by the owner or
 * uninstalled on the platform's side.
 */
export const STORE_STATUSES = ['connected', 'reauthorize', 'disconnected'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const SYNC_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const STORE_NAME_MAX = 100;
export const STORE_ADDRESS_MAX = 255;
/** Days before an AliExpress refresh token runs out when the owner is warned. */
export const TOKEN_EXPIRY_WARNING_DAYS = 7;

export const StoreSyncSchema = z.object({
  state: z.enum(SYNC_STATES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Products brought in (created or updated) by this run so far. */
  imported: z.number().int(),
  /** Pages read and, when the platform says, pages in all. */
  pagesRead: z.number().int(),
  totalPages: z.number().int().nullable(),
  /** A failed run's reason, localized. */
  error: z.string().nullable(),
});
export type StoreSync = z.infer<typeof StoreSyncSchema>;

/** The margin guard's highest share: landed cost above 100 % of the selling price is a loss already. */
export const MARGIN_GUARD_MAX = 100;

export const StoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  /** Shopify's shop domain, WooCommerce's normalised address, the AliExpress seller's account name. */
  address: z.string(),
  status: z.enum(STORE_STATUSES),
  inventorySync: z.boolean(),
  emailPermission: z.boolean(),
  /**
   * The margin guard (issue 21, decision 0120): flag this store's orders whose landed cost is above
   * this share (%) of the selling price; null = off (the default).
   */
  marginGuardPercent: z.number().int().nullable(),
  authorizedAt: z.string().nullable(),
  /** When the refresh token (AliExpress, Shopify) runs out, if it does. */
  authorizationExpiresAt: z.string().nullable(),
  /** True when the authorization runs out within TOKEN_EXPIRY_WARNING_DAYS. */
  authorizationExpiring: z.boolean(),
  /** A store served by the demo's local emulator, not a real platform. */
  sandbox: z.boolean(),
  productCount: z.number().int(),
  lastSync: StoreSyncSchema.nullable(),
  createdAt: z.string(),
});
export type Store = z.infer<typeof StoreSchema>;

export const UpdateStoreBody = z
  .object({
    name: z.string().trim().min(1, 'stores.name-required').max(STORE_NAME_MAX).optional(),
    inventorySync: z.boolean().optional(),
    emailPermission: z.boolean().optional(),
    marginGuardPercent: z
      .number({ message: 'stores.margin-guard-invalid' })
      .int('stores.margin-guard-invalid')
      .min(1, 'stores.margin-guard-invalid')
      .max(MARGIN_GUARD_MAX, 'stores.margin-guard-invalid')
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateStoreBody = z.infer<typeof UpdateStoreBody>;

const address = z.string().trim().min(1, 'stores.address-required').max(STORE_ADDRESS_MAX, 'stores.address-invalid');

export const AddWooStoreBody = z
  .object({
    name: z.string().trim().min(1, 'stores.name-required').max(STORE_NAME_MAX),
    address,
    consumerKey: z
      .string()
      .trim()
      .regex(/^ck_[A-Za-z0-9]{8,64}$/, 'stores.consumer-key-invalid'),
    consumerSecret: z
      .string()
      .trim()
      .regex(/^cs_[A-Za-z0-9]{8,64}$/, 'stores.consumer-secret-invalid'),
  })
  .strict();
export type AddWooStoreBody = z.infer<typeof AddWooStoreBody>;

export const WooAuthorizeBody = z
  .object({ name: z.string().trim().min(1, 'stores.name-required').max(STORE_NAME_MAX), address })
  .strict();
export type WooAuthorizeBody = z.infer<typeof WooAuthorizeBody>;

/** Where the browser goes next: the platform's authorization page. */
export const AuthorizeAnswerSchema = z.object({ url: z.string() });
export type AuthorizeAnswer = z.infer<typeof AuthorizeAnswerSchema>;

/**
 * The outcome of a WooCommerce key-page authorization, read by the SPA's /<nonce>/redirectAccess
 * (only by the user who started it: another → `store-not-current-user`). `pending` until the
 * store has posted the keys; `failed` with the localized reason (keys refused, address taken…).
 */
export const WooAuthorizationOutcomeSchema = z.object({
  state: z.enum(['pending', 'connected', 'failed']),
  store: StoreSchema.nullable(),
  error: z.string().nullable(),
});
export type WooAuthorizationOutcome = z.infer<typeof WooAuthorizationOutcomeSchema>;

export const StoreIdParams = z.object({ id: z.string().max(40) });
export const AuthorizationNonceParams = z.object({ nonce: z.string().min(1).max(100) });

/**
 * From our own "connect Shopify" form only `shop` is given; when the install starts in Shopify's
 * admin, the SPA's /redirectShopify passes the whole signed query (shop, timestamp, hmac, host…)
 * as `query`, which the server verifies before anything else.
 */
export const ShopifyInstallBody = z
  .object({
    shop: z.string().trim().min(1, 'stores.shop-required').max(255),
    query: z.record(z.string(), z.string().max(2000)).optional(),
  })
  .strict();
export type ShopifyInstallBody = z.infer<typeof ShopifyInstallBody>;

/** The callback's query as Shopify sent it to /authensuccess, passed on untouched. */
export const ShopifyCallbackBody = z.object({ query: z.record(z.string(), z.string().max(2000)) }).strict();
export type ShopifyCallbackBody = z.infer<typeof ShopifyCallbackBody>;

/** AliExpress redirects to /aliexpressstatus?code=…&state=… */
export const AliExpressCallbackBody = z
  .object({ code: z.string().min(1).max(500), state: z.string().min(1).max(200) })
  .strict();
export type AliExpressCallbackBody = z.infer<typeof AliExpressCallbackBody>;

// ---- store products and connection ----

export const CONNECTION_FILTERS = ['unconnected', 'connected', 'needs-review'] as const;
export type ConnectionFilter = (typeof CONNECTION_FILTERS)[number];

/** A connection's state: `needs-review` when its catalogue SKU was taken down or its options changed. */
export const CONNECTION_STATES = ['connected', 'needs-review'] as const;

export const StoreProductQuery = PageQuerySchema.extend({
  storeId: z.string().max(40).optional(),
  /** unconnected: no variant connected; connected: at least one; needs-review: at least one to review. */
  filter: z.enum(CONNECTION_FILTERS).optional(),
  q: z.string().trim().max(200).optional(),
});
export type StoreProductQuery = z.infer<typeof StoreProductQuery>;

/** The catalogue side of a connection, as the store owner needs to recognise it. */
export const CatalogueSkuRefSchema = z.object({
  productId: z.string(),
  skuId: z.string(),
  title: z.string(),
  /** "Colour: Grey, Size: XL" in the caller's language. */
  specs: z.string(),
  imageUrl: z.string().nullable(),
  /** Decimal USD, the catalogue price today. */
  price: z.number(),
});
export type CatalogueSkuRef = z.infer<typeof CatalogueSkuRefSchema>;

export const StoreVariantSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Decimal, in `currency`, as the store sells it. */
  price: z.number().nullable(),
  currency: z.string().nullable(),
  imageUrl: z.string().nullable(),
  connection: z
    .object({
      state: z.enum(CONNECTION_STATES),
      /** Why it needs review: `taken-down` or `options-changed`. */
      reviewReason: z.enum(['taken-down', 'options-changed']).nullable(),
      sku: CatalogueSkuRefSchema,
      connectedAt: z.string(),
    })
    .nullable(),
});
export type StoreVariant = z.infer<typeof StoreVariantSchema>;

export const StoreProductSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  externalId: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  url: z.string().nullable(),
  status: z.enum(['active', 'draft', 'archived', 'deleted']),
  variants: z.array(StoreVariantSchema),
  connectedCount: z.number().int(),
  reviewCount: z.number().int(),
  updatedAt: z.string(),
  /** Whether the last change can be undone now. */
  canUndo: z.boolean(),
});
export type StoreProduct = z.infer<typeof StoreProductSchema>;

/** Catalogue SKUs that may match a store variant, best first, with why. */
export const SuggestionSchema = z.object({
  variantId: z.string(),
  candidates: z.array(
    CatalogueSkuRefSchema.extend({ score: z.number(), matchedBy: z.array(z.enum(['sku', 'title', 'options'])) }),
  ),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const ConnectBody = z
  .object({
    links: z
      .array(z.object({ variantId: z.string().min(1).max(40), skuId: z.string().min(1).max(40) }))
      .min(1, 'connections.links-required')
      .max(2048),
  })
  .strict();
export type ConnectBody = z.infer<typeof ConnectBody>;

export const DisconnectBody = z
  .object({ variantIds: z.array(z.string().min(1).max(40)).min(1, 'connections.variants-required').max(2048) })
  .strict();
export type DisconnectBody = z.infer<typeof DisconnectBody>;

/** Undo names the change it undoes, so a stale screen cannot undo a newer change by mistake. */
export const UndoBody = z.object({ changeId: z.string().min(1).max(40) }).strict();
export type UndoBody = z.infer<typeof UndoBody>;

export const CONNECTION_ACTIONS = ['connect', 'disconnect', 'undo', 'review'] as const;

/** One recorded change: who, when, and each variant's connection before and after. */
export const ConnectionChangeSchema = z.object({
  id: z.string(),
  action: z.enum(CONNECTION_ACTIONS),
  actorType: z.enum(['user', 'operator', 'system']),
  /** The user's or operator's display name; null for the system. */
  actorName: z.string().nullable(),
  at: z.string(),
  /** For `undo`: the change it undid. For `review`: the reason. */
  note: z.string().nullable(),
  variants: z.array(
    z.object({
      variantId: z.string(),
      variantTitle: z.string(),
      before: CatalogueSkuRefSchema.nullable(),
      after: CatalogueSkuRefSchema.nullable(),
    }),
  ),
  undone: z.boolean(),
});
export type ConnectionChange = z.infer<typeof ConnectionChangeSchema>;
export const StoreProductPageSchema = pageOf(StoreProductSchema);
export const SuggestionListSchema = z.array(SuggestionSchema);
export const ConnectionChangeListSchema = z.array(ConnectionChangeSchema);
export const StoreListSchema = z.array(StoreSchema);
