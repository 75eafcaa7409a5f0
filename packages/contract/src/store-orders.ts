import { z } from 'zod';
import { PageQuerySchema, pageOf } from './common/paging';
import { ORDER_STATES } from './orders';
import { CONNECTION_STATES, CatalogueSkuRefSchema, STORE_PLATFORMS } from './stores';

/**
 * Store orders (issue 21, decision 0113): the orders of a connected Shopify, WooCommerce or
 * AliExpress store as they arrived, kept once per (store, the store's order id). A store order
 * is *unrelated* while some line's store variant is not connected to a catalogue SKU, *related*
 * once every line is; once paid it becomes a marketplace order (`order`) and follows that order's
 * states (decision 0081). Abnormal is a flag beside the state, with its reason.
 *
 * Routes (all under /api/p, a session needed, only ever the caller's own rows; another's → 404):
 *   GET    /p/store-orders                      StoreOrderListQuery → page of StoreOrderRowSchema
 *   GET    /p/store-orders/counts               StoreOrderCountsQuery → StoreOrderCountsSchema
 *   GET    /p/store-orders/:id                  → StoreOrderDetailSchema
 *   POST   /p/store-orders/trash                StoreOrderIdsBody → StoreOrderBatchResultSchema
 *   POST   /p/store-orders/restore              StoreOrderIdsBody → StoreOrderBatchResultSchema
 *   POST   /p/store-orders/:id/abnormal/resolve ResolveAbnormalBody → StoreOrderDetailSchema
 *   POST   /p/store-orders/:id/abnormal/ignore  → StoreOrderDetailSchema
 *   POST   /p/store-orders/:id/sync             → StoreOrderDetailSchema (read back from the store now)
 *   POST   /p/store-orders/:id/refund           → StoreOrderDetailSchema (cancelled in the store after we
 *                                                  were paid, before purchasing: our orders cancelled, the
 *                                                  money back in the wallet; Idempotency-Key)
 *   GET    /p/store-orders/sync-status          → StoreOrderSyncStatusListSchema (one per store of the caller)
 *   POST   /p/store-orders/sync-status/:storeId/sync → StoreOrderSyncStatusSchema (a pull queued now)
 *
 * Money on the wire is decimal in the store's currency (`StoreMoneySchema`), as the store shows it.
 */

/**
 * The list's tabs (SPEC §4). `unrelated` / `related`: not trashed, not yet paid; `abnormal`: not
 * trashed and flagged; `paid`: has become a marketplace order (narrowed by `orderState`);
 * `trash`: the draft box.
 */
export const STORE_ORDER_TABS = ['all', 'unrelated', 'related', 'abnormal', 'paid', 'trash'] as const;
export type StoreOrderTab = (typeof STORE_ORDER_TABS)[number];

/** Where a store order came from: a connected store, or an Excel import (decision 0125). */
export const STORE_ORDER_SOURCES = ['store', 'excel'] as const;
export type StoreOrderSource = (typeof STORE_ORDER_SOURCES)[number];

/** The order's status in the store. */
export const STORE_ORDER_STATUSES = ['open', 'cancelled', 'refunded'] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

/** Our state of the store order before payment: in the lists, or in the trash (draft box). */
export const STORE_ORDER_STATES = ['open', 'trashed'] as const;
export type StoreOrderState = (typeof STORE_ORDER_STATES)[number];

/** Why a store order is in the trash: the owner put it there, or the store cancelled/refunded it before payment. */
export const STORE_ORDER_TRASH_REASONS = ['by-owner', 'cancelled-in-store', 'refunded-in-store'] as const;
export type StoreOrderTrashReason = (typeof STORE_ORDER_TRASH_REASONS)[number];

/**
 * Why a store order is flagged abnormal. A line not connected is NOT abnormal (that is
 * "unrelated"). `cancelled-after-payment` / `refunded-after-payment`: the store gave the order
 * up after we were paid for it (before purchasing, "refund to wallet" is offered). `margin-guard`:
 * the last quote's landed cost is above the store's margin guard share of the selling price
 * (decision 0120; off unless the owner sets it on the store).
 */
export const STORE_ORDER_ABNORMAL_REASONS = [
  'address-incomplete',
  'sku-taken-down',
  'sku-out-of-stock',
  'cancelled-after-payment',
  'refunded-after-payment',
  'margin-guard',
] as const;
export type StoreOrderAbnormalReason = (typeof STORE_ORDER_ABNORMAL_REASONS)[number];

/** What the last sync changed on the order (`created` on its arrival). */
export const STORE_ORDER_CHANGES = ['created', 'address', 'buyer', 'lines', 'status', 'total', 'fulfilled'] as const;
export type StoreOrderChange = (typeof STORE_ORDER_CHANGES)[number];

/** A line's relation to the catalogue: its store variant connected, waiting for review, or not connected. */
export const STORE_ORDER_LINE_RELATIONS = ['connected', 'needs-review', 'unconnected'] as const;
export type StoreOrderLineRelation = (typeof STORE_ORDER_LINE_RELATIONS)[number];

export const STORE_ORDER_IDS_MAX = 100;
export const STORE_ORDER_Q_MAX = 100;

/** Decimal amount in the store's currency (ISO 4217), e.g. {amount: 19.99, currency: 'EUR'}. */
export const StoreMoneySchema = z.object({ amount: z.number(), currency: z.string() });
export type StoreMoney = z.infer<typeof StoreMoneySchema>;

/** A calendar date that exists (2026-02-30 does not). */
const isoDate = z
  .string()
  .trim()
  .regex(/^(19|20)\d{2}-\d{2}-\d{2}$/, 'store-orders.date-invalid')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(d);
  }, 'store-orders.date-invalid');

export const StoreOrderListQuery = PageQuerySchema.extend({
  tab: z.enum(STORE_ORDER_TABS).default('all'),
  storeId: z.string().max(40).optional(),
  /** The store's order date, inclusive, YYYY-MM-DD (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The shipping address's country, ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'store-orders.country-invalid')
    .optional(),
  /** Our order number or the store's (with or without Shopify's "#"). */
  q: z.string().trim().max(STORE_ORDER_Q_MAX).optional(),
  /** A line's SKU as the store names it, or our catalogue SKU code it is connected to; exact, case-insensitive. */
  sku: z.string().trim().max(STORE_ORDER_Q_MAX).optional(),
  /** With tab `paid` (or `all`): only those whose marketplace order is in this state. */
  orderState: z.enum(ORDER_STATES).optional(),
});
export type StoreOrderListQuery = z.infer<typeof StoreOrderListQuery>;

/** Counts per tab under the same filters as the list (tab and page aside). */
export const StoreOrderCountsQuery = StoreOrderListQuery.omit({ tab: true, current: true, size: true });
export type StoreOrderCountsQuery = z.infer<typeof StoreOrderCountsQuery>;
export const StoreOrderCountsSchema = z.record(z.enum(STORE_ORDER_TABS), z.number().int());
export type StoreOrderCounts = Record<StoreOrderTab, number>;

/** The marketplace order a store order became once paid (decision 0081's states). */
export const StoreOrderPaidOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  state: z.enum(ORDER_STATES),
  abnormal: z.boolean(),
});

/**
 * The last quote kept on a store order (decision 0120): what paying it cost us (USD, decision 0083:
 * goods + shipping + service fee + tax) beside the store's selling total, as of `quotedAt`. Refreshed
 * after the order or its inputs change (a copy from the store, a catalogue SKU taken down or back,
 * the store's margin guard); `note` says why there is no landed cost (a quote refused).
 */
export const StoreOrderQuoteSchema = z.object({
  currency: z.literal('USD'),
  landed: z.number().nullable(),
  selling: StoreMoneySchema,
  sellingUsd: z.number().nullable(),
  margin: z.number().nullable(),
  marginPercent: z.number().nullable(),
  /**
   * False for an order imported without a store price on every line (decision 0132): `selling` is
   * then only what was given, and `sellingUsd`, `margin` and `marginPercent` are null ("no store
   * price given", not a loss).
   */
  sellingGiven: z.boolean().optional(),
  quotedAt: z.string(),
  note: z.string().nullable(),
});
export type StoreOrderQuote = z.infer<typeof StoreOrderQuoteSchema>;

export const StoreOrderRowSchema = z.object({
  id: z.string(),
  /** Null (and the name empty) for an order imported from Excel: `source` says so. */
  storeId: z.string().nullable(),
  storeName: z.string(),
  platform: z.enum(STORE_PLATFORMS).nullable(),
  source: z.enum(STORE_ORDER_SOURCES),
  /** The store's id of the order, and what the store calls it (Shopify "#1001"). */
  externalId: z.string(),
  number: z.string(),
  status: z.enum(STORE_ORDER_STATUSES),
  state: z.enum(STORE_ORDER_STATES),
  trashReason: z.enum(STORE_ORDER_TRASH_REASONS).nullable(),
  /** Every line's variant connected to a catalogue SKU. */
  related: z.boolean(),
  lineCount: z.number().int(),
  itemCount: z.number().int(),
  unconnectedCount: z.number().int(),
  firstLine: z.object({ title: z.string(), sku: z.string().nullable(), quantity: z.number().int() }).nullable(),
  /** What the buyer paid the store, in the store's currency. */
  total: StoreMoneySchema,
  /** Null once the buyer's personal data was erased. */
  buyerName: z.string().nullable(),
  countryCode: z.string().nullable(),
  abnormal: z.boolean(),
  abnormalReason: z.enum(STORE_ORDER_ABNORMAL_REASONS).nullable(),
  /** The reason in the caller's language. */
  abnormalText: z.string().nullable(),
  /** The store's instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When we last read it from the store. */
  lastSyncedAt: z.string(),
  /** What the store's last change to it changed (`created` on arrival), and when we saw it. */
  lastChanges: z.array(z.enum(STORE_ORDER_CHANGES)),
  lastChangedAt: z.string(),
  fulfilled: z.boolean(),
  order: StoreOrderPaidOrderSchema.nullable(),
  /** The last quote kept on the order (decision 0120); null before the first. */
  quote: StoreOrderQuoteSchema.nullable().optional(),
  /**
   * An order imported from a spreadsheet (decision 0132): the file it came from and when it was
   * imported, shown where a store's order shows its sync; null for a store's order.
   */
  imported: z.object({ fileName: z.string(), importedAt: z.string() }).nullable().optional(),
  /** A paid store order cancelled in the store before purchasing began: "refund to wallet" is offered. */
  refundable: z.boolean().optional(),
});
export type StoreOrderRow = z.infer<typeof StoreOrderRowSchema>;

export const StoreOrderAddressSchema = z.object({
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  province: z.string(),
  postcode: z.string(),
  countryCode: z.string(),
  phone: z.string(),
});
export type StoreOrderAddressDto = z.infer<typeof StoreOrderAddressSchema>;

export const StoreOrderLineSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** The store's selling price of one unit and of the line, in the store's currency. */
  unitPrice: StoreMoneySchema.nullable(),
  lineTotal: StoreMoneySchema.nullable(),
  relation: z.enum(STORE_ORDER_LINE_RELATIONS),
  /** The connected catalogue SKU, when connected. */
  connection: z.object({ state: z.enum(CONNECTION_STATES), sku: CatalogueSkuRefSchema }).nullable(),
  /**
   * Where to connect the line's variant: our store product and variant ids, the target of
   * `/user/skuconnect?product=<storeProductId>`. Null when the store product was never brought in
   * (a custom line, or a product not yet imported): the order names it by `productExternalId`.
   */
  connectTarget: z.object({ storeProductId: z.string(), variantId: z.string() }).nullable(),
  productExternalId: z.string().nullable(),
  variantExternalId: z.string().nullable(),
});
export type StoreOrderLine = z.infer<typeof StoreOrderLineSchema>;

/** The landed cost (USD, decision 0118) beside the store's selling total and the margin. */
export const StoreLandedCostSchema = z.object({
  currency: z.literal('USD'),
  goods: z.number(),
  shipping: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  total: z.number(),
  /** The store's selling total, in the store's currency. */
  selling: StoreMoneySchema,
  /** The selling total in USD at the operator's rate; null when the currency has no rate. */
  sellingUsd: z.number().nullable(),
  /** sellingUsd − total (USD), and that as a percentage of sellingUsd; null without a rate. */
  margin: z.number().nullable(),
  marginPercent: z.number().nullable(),
  /** False for an order imported without a store price on every line: no selling total, no margin (decision 0132). */
  sellingGiven: z.boolean().optional(),
});
export type StoreLandedCost = z.infer<typeof StoreLandedCostSchema>;

export const StoreOrderDetailSchema = StoreOrderRowSchema.extend({
  buyer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  shippingAddress: StoreOrderAddressSchema.nullable(),
  /** The buyer's personal data was erased (a privacy request or the store's removal). */
  erased: z.boolean(),
  lines: z.array(StoreOrderLineSchema),
  /** "Sync now" for this order is cooling down until then (double-click guard). */
  syncAvailableAt: z.string().nullable(),
  /**
   * What paying it would cost now (decision 0118), while it is payable (related, open, unpaid,
   * not abnormal); null otherwise, with `landedNote` saying why when a quote was refused.
   */
  landed: StoreLandedCostSchema.nullable().optional(),
  landedNote: z.string().nullable().optional(),
});
export type StoreOrderDetail = z.infer<typeof StoreOrderDetailSchema>;

/** A store's order sync, as its owner sees it. */
export const StoreOrderSyncStatusSchema = z.object({
  storeId: z.string(),
  storeName: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  /** Pull running or queued now. */
  running: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  nextDueAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** The last failure in the caller's language; null once a later sync succeeded. */
  lastError: z.string().nullable(),
  /** How far back the first import reached (the platform's limit, e.g. Shopify's 60 days). */
  reachedBack: z.string().nullable(),
  /** The orders this store has brought in. */
  orderCount: z.number().int(),
  /** "Sync now" is cooling down until then. */
  syncAvailableAt: z.string().nullable(),
});
export type StoreOrderSyncStatus = z.infer<typeof StoreOrderSyncStatusSchema>;

export const StoreOrderIdParams = z.object({ id: z.string().max(40) });
export const StoreOrderStoreParams = z.object({ storeId: z.string().max(40) });

/** Trash and restore, one or many (all or nothing; another user's id → 404). */
export const StoreOrderIdsBody = z
  .object({
    ids: z
      .array(z.string().min(1).max(40))
      .min(1, 'store-orders.select-orders')
      .max(STORE_ORDER_IDS_MAX, 'store-orders.too-many'),
  })
  .strict();
export type StoreOrderIdsBody = z.infer<typeof StoreOrderIdsBody>;

/** "Move to the normal process after confirmation": the owner confirms they checked the problem. */
export const ResolveAbnormalBody = z
  .object({ confirm: z.literal(true, { message: 'store-orders.confirm-required' }) })
  .strict();
export type ResolveAbnormalBody = z.infer<typeof ResolveAbnormalBody>;

export const StoreOrderBatchResultSchema = z.object({ ids: z.array(z.string()) });
export type StoreOrderBatchResult = z.infer<typeof StoreOrderBatchResultSchema>;

export const StoreOrderPageSchema = pageOf(StoreOrderRowSchema);
export const StoreOrderSyncStatusListSchema = z.array(StoreOrderSyncStatusSchema);

// ---- privacy requests (Shopify's mandatory topics), for the operator ----

export const STORE_PRIVACY_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

/**
 * A privacy request a store platform sent and what we did: `customers/redact` and `shop/redact`
 * erase the buyers' personal data in the matching store orders; `customers/data_request` keeps
 * what we hold (`export`) for the operator to send to the store owner.
 *   GET /admin/store-orders/privacy-requests → page of StoreOrderPrivacyRequestSchema (newest first)
 */
export const StoreOrderPrivacyRequestSchema = z.object({
  id: z.string(),
  topic: z.enum(STORE_PRIVACY_TOPICS),
  platform: z.enum(STORE_PLATFORMS),
  shop: z.string(),
  receivedAt: z.string(),
  doneAt: z.string().nullable(),
  ordersMatched: z.number().int(),
  ordersErased: z.number().int(),
  export: z
    .array(
      z.object({
        number: z.string(),
        buyerName: z.string(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        address: StoreOrderAddressSchema.nullable(),
      }),
    )
    .nullable(),
});
export type StoreOrderPrivacyRequest = z.infer<typeof StoreOrderPrivacyRequestSchema>;
export const StoreOrderPrivacyRequestPageSchema = pageOf(StoreOrderPrivacyRequestSchema);
