import { z } from 'zod';
import { IdSchema } from './common/ids';
import { hasAtMostTwoDecimals } from './common/money';
import { pageOf, PageQuerySchema } from './common/paging';
import { PRICE_MODES } from './listings.pricing';
import { STORE_PLATFORMS } from './stores';

export * from './listings.pricing';

/**
 * Listing (issue 22, decision 0124): catalogue products published into the owner's stores at
 * their price. Amounts on the wire are decimals with at most 2 places in the listing's (store's)
 * `currency`; platform prices and shipping are USD.
 */

/** SPEC §4: queued to publish → publishing → listed (successful) / failed; relist, roll back. */
export const LISTING_STATES = ['queued', 'publishing', 'listed', 'failed', 'rolling-back', 'rolled-back'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** Until the owner says otherwise, a listed price follows the catalogue by itself within ±10 %. */
export const DEFAULT_PRICE_TOLERANCE_PERCENT = 10;

/** SPEC §5 and §9: at most 99 SKUs per listing. */
export const MAX_LISTING_SKUS = 99;

const Uuid = z.string().uuid({ message: 'validation.invalid' });
const Ratio = z
  .number()
  .positive('validation.positive')
  .max(1000, 'validation.too-big')
  .refine(hasAtMostTwoDecimals, 'validation.two-decimals');
/** "price must be valid" (SPEC §5): positive, at most 2 decimals. */
const Price = z
  .number({ error: 'listings.price-invalid' })
  .positive('listings.price-invalid')
  .max(1_000_000, 'listings.price-invalid')
  .refine(hasAtMostTwoDecimals, 'listings.price-invalid');

/** A pricing rule as the owner writes it (a store's saved rule, or one listing's override). */
export const PriceRuleBody = z
  .object({
    mode: z.enum(PRICE_MODES),
    multiple: Ratio.nullable().default(null),
    /** In the store's currency. */
    markup: z
      .number()
      .min(0, 'validation.too-small')
      .max(100_000)
      .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
      .nullable()
      .default(null),
    centsEnding: z
      .number()
      .int('validation.not-integer')
      .min(0, 'validation.too-small')
      .max(99, 'validation.too-big')
      .nullable()
      .default(null),
    compareAtMultiple: Ratio.nullable().default(null),
    minMarginPercent: z.number().min(-100).max(99, 'validation.too-big').nullable().default(null),
  })
  // SPEC §5: "price ratio and own price required" — the chosen mode's figure must be there.
  .superRefine((r, ctx) => {
    if (r.mode === 'multiple' && r.multiple === null)
      ctx.addIssue({ code: 'custom', path: ['multiple'], message: 'listings.ratio-required' });
    if (r.mode === 'markup' && r.markup === null)
      ctx.addIssue({ code: 'custom', path: ['markup'], message: 'listings.markup-required' });
  });
export type PriceRuleBody = z.infer<typeof PriceRuleBody>;

/** PUT /api/p/listings/rules/:storeId: the store's rule, its currency and main market. */
export const StoreRuleBody = z.object({
  rule: PriceRuleBody,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'validation.invalid')
    .transform((s) => s.toUpperCase()),
  market: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'logistics.country-invalid')
    .transform((s) => s.toUpperCase()),
  /**
   * How far (±, percent of the listed price) a catalogue price change may move a listed price by
   * itself; a larger move waits in "price updates to approve". 0: every change waits.
   */
  priceTolerancePercent: z
    .number()
    .min(0)
    .max(100)
    .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
    .default(DEFAULT_PRICE_TOLERANCE_PERCENT),
});
export type StoreRuleBody = z.infer<typeof StoreRuleBody>;

export const StoreRuleSchema = z.object({
  storeId: z.string(),
  rule: z.object({
    mode: z.enum(PRICE_MODES),
    multiple: z.number().nullable(),
    markup: z.number().nullable(),
    centsEnding: z.number().nullable(),
    compareAtMultiple: z.number().nullable(),
    minMarginPercent: z.number().nullable(),
  }),
  currency: z.string(),
  market: z.string(),
  priceTolerancePercent: z.number(),
  /** Units of `currency` per USD today (the catalogue's rate): the conversion shown. */
  rate: z.number(),
  saved: z.boolean(),
});
export type StoreRule = z.infer<typeof StoreRuleSchema>;

/** What the store will show: the template of one listing. */
export const ListingTemplateBody = z.object({
  title: z.string().trim().min(1, 'validation.required').max(255, 'validation.too-long').optional(),
  description: z.string().max(50_000, 'validation.too-long').optional(),
  /** Image URLs in display order (a subset of the product's). */
  images: z.array(z.string().max(1000)).max(20, 'validation.too-big').optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(50, 'validation.too-big').optional(),
  productType: z.string().trim().max(120, 'validation.too-long').nullable().optional(),
});
export type ListingTemplateBody = z.infer<typeof ListingTemplateBody>;

export const ListingItemBody = z.object({
  prodId: IdSchema,
  /** The chosen variants: at least one, at most 99 ("no more than 99 SKUs"); all of them when left out. */
  skuIds: z.array(IdSchema).min(1, 'listings.no-variant').max(MAX_LISTING_SKUS, 'listings.too-many-skus').optional(),
  /** Own price per SKU (mode `own`), in the store's currency. */
  prices: z
    .array(z.object({ skuId: IdSchema, price: Price }))
    .max(MAX_LISTING_SKUS, 'listings.too-many-skus')
    .optional(),
  template: ListingTemplateBody.optional(),
});
export type ListingItemBody = z.infer<typeof ListingItemBody>;

/** POST /api/p/listings (idempotent): products × stores, each pair one listing. */
export const CreateListingsBody = z.object({
  storeIds: z.array(Uuid).min(1, 'validation.required').max(20, 'validation.too-big'),
  items: z.array(ListingItemBody).min(1, 'validation.required').max(50, 'validation.too-big'),
  /** Overrides the stores' rules for these listings; the saved rule otherwise. */
  rule: PriceRuleBody.optional(),
  lockPrice: z.boolean().default(false),
});
export type CreateListingsBody = z.infer<typeof CreateListingsBody>;

export const ListingVariantSchema = z.object({
  id: z.string(),
  skuId: z.number().int(),
  skuCode: z.string(),
  name: z.string(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  /** USD: the platform price and one unit's shipping when priced. */
  platformPrice: z.number(),
  shipping: z.number(),
  externalId: z.string().nullable(),
  /** Its catalogue SKU is taken down or gone: the store's stock was set to 0. */
  takenDown: z.boolean(),
  /** The price the store shows when someone changed it there by hand (null: ours). */
  storePrice: z.number().nullable(),
});
export type ListingVariant = z.infer<typeof ListingVariantSchema>;

export const ListingSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  platform: z.enum(STORE_PLATFORMS),
  prodId: z.number().int(),
  title: z.string(),
  image: z.string(),
  state: z.enum(LISTING_STATES),
  /** Why it failed, in the caller's language, with the platform's own words where it gave them. */
  reason: z.string().nullable(),
  currency: z.string(),
  /** The lowest variant price, for the list. */
  price: z.number(),
  lockPrice: z.boolean(),
  externalId: z.string().nullable(),
  url: z.string().nullable(),
  template: z.object({
    title: z.string(),
    description: z.string(),
    images: z.array(z.string()),
    tags: z.array(z.string()),
    productType: z.string().nullable(),
  }),
  variants: z.array(ListingVariantSchema),
  /** How many of its variants are taken down in the catalogue (their stock in the store is 0). */
  takenDown: z.number().int(),
  /** Catalogue price changes of this listing waiting for the owner. */
  priceUpdates: z.number().int(),
  /** The title the store shows when someone changed it there by hand (null: ours). */
  storeTitle: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Listing = z.infer<typeof ListingSchema>;

export const ListingListQuery = PageQuerySchema.extend({
  state: z.enum(LISTING_STATES).optional(),
  storeId: Uuid.optional(),
});
export type ListingListQuery = z.infer<typeof ListingListQuery>;

export const ListingCountsSchema = z.object({
  all: z.number().int(),
  queued: z.number().int(),
  publishing: z.number().int(),
  listed: z.number().int(),
  failed: z.number().int(),
});
export type ListingCounts = z.infer<typeof ListingCountsSchema>;

export const ListingListSchema = z.object({
  page: pageOf(ListingSchema),
  counts: ListingCountsSchema,
  /** The latest batch while it runs (null once every listing of it is listed or failed). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
});
export type ListingList = z.infer<typeof ListingListSchema>;

export const ListingIdParams = z.object({ id: z.string().max(40) });
export const StoreRuleParams = z.object({ storeId: z.string().max(40) });

export const CreatedListingsSchema = z.object({ ids: z.array(z.string()), batchId: z.string() });

/** POST /api/p/listings/rules/:storeId/preview: the listed variants re-priced under `rule`. */
export const RepriceBody = z.object({ rule: PriceRuleBody });
export type RepriceBody = z.infer<typeof RepriceBody>;

export const RepriceRowSchema = z.object({
  variantId: z.string(),
  listingId: z.string(),
  title: z.string(),
  skuName: z.string(),
  oldPrice: z.number(),
  newPrice: z.number(),
  compareAtPrice: z.number().nullable(),
  cost: z.number(),
  margin: z.number(),
  marginPercent: z.number(),
  /** Refused under the rule (below the minimum margin): not pushed even if approved. */
  refused: z.boolean(),
});
export type RepriceRow = z.infer<typeof RepriceRowSchema>;

export const RepricePreviewSchema = z.object({
  currency: z.string(),
  rate: z.number(),
  rows: z.array(RepriceRowSchema),
});
export type RepricePreview = z.infer<typeof RepricePreviewSchema>;

/**
 * POST …/approve: the rule and the rows approved, each with the new price the preview showed.
 * The server prices them again and refuses (409) if any differs: what is pushed is what was seen.
 */
export const ApproveRepriceBody = z.object({
  rule: PriceRuleBody,
  rows: z
    .array(z.object({ variantId: Uuid, newPrice: Price, compareAtPrice: z.number().nullable() }))
    .min(1, 'validation.required')
    .max(10_000),
});
export type ApproveRepriceBody = z.infer<typeof ApproveRepriceBody>;

export const ApprovedRepriceSchema = z.object({ approved: z.number().int(), listings: z.number().int() });

/** POST /api/p/listings/quote: what one product would be listed at in one store (the dialog's preview). */
export const ListingQuoteBody = z.object({
  storeId: Uuid,
  item: ListingItemBody,
  rule: PriceRuleBody.optional(),
});
export type ListingQuoteBody = z.infer<typeof ListingQuoteBody>;

export const ListingQuoteSchema = z.object({
  currency: z.string(),
  /** Units of `currency` per USD today. */
  rate: z.number(),
  market: z.string(),
  variants: z.array(
    z.object({
      skuId: z.number().int(),
      skuCode: z.string(),
      name: z.string(),
      /** USD */
      platformPrice: z.number(),
      shipping: z.number(),
      /** In `currency`. */
      cost: z.number(),
      price: z.number(),
      compareAtPrice: z.number().nullable(),
      marginPercent: z.number(),
    }),
  ),
});
export type ListingQuote = z.infer<typeof ListingQuoteSchema>;

/** PATCH /api/p/listings/:id: lock price keeps our price pushes (re-price, catalogue changes) off it. */
export const ListingPatchBody = z.object({ lockPrice: z.boolean() });
export type ListingPatchBody = z.infer<typeof ListingPatchBody>;

/**
 * A catalogue price change beyond the store's tolerance, waiting for the owner (decision 0133):
 * the listed price now and the one the listing's rule gives, with the margin it leaves.
 */
export const PriceUpdateSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  storeName: z.string(),
  title: z.string(),
  skuName: z.string(),
  currency: z.string(),
  /** USD */
  oldPlatformPrice: z.number(),
  newPlatformPrice: z.number(),
  oldPrice: z.number(),
  newPrice: z.number(),
  compareAtPrice: z.number().nullable(),
  /** The listed price's move, percent (negative when it falls). */
  changePercent: z.number(),
  margin: z.number(),
  marginPercent: z.number(),
  /** Under the rule's minimum margin. */
  belowMargin: z.boolean(),
  createdAt: z.string(),
});
export type PriceUpdate = z.infer<typeof PriceUpdateSchema>;

export const PriceUpdateListSchema = z.object({ rows: z.array(PriceUpdateSchema) });
export type PriceUpdateList = z.infer<typeof PriceUpdateListSchema>;

/** POST /api/p/listings/price-updates/decide: approve (set and push) or reject (keep ours) some of them. */
export const DecidePriceUpdatesBody = z.object({
  ids: z.array(Uuid).min(1, 'validation.required').max(1000, 'validation.too-big'),
  approve: z.boolean(),
});
export type DecidePriceUpdatesBody = z.infer<typeof DecidePriceUpdatesBody>;

export const DecidedPriceUpdatesSchema = z.object({ decided: z.number().int(), listings: z.number().int() });
