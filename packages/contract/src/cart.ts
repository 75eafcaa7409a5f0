import { z } from 'zod';
import { IdSchema } from './common/ids';

/**
 * The shopping cart and the wish list (decision 0080): /api/p/shopCart and /api/p/wishlist.
 * Prices on the wire are decimal USD; the server keeps minor units.
 */

/** Largest change one request may make to a line's count (and the largest count a line keeps). */
export const MAX_CART_COUNT = 9999;

/**
 * POST /api/p/shopCart: `count` is a CHANGE to the line of this SKU: positive adds, negative
 * subtracts, a line that reaches 0 is removed, 0 itself is refused. `basketId` names the line
 * being changed (it must be the caller's line of this SKU).
 */
export const AddToCartBody = z.object({
  basketId: IdSchema.optional(),
  prodId: IdSchema,
  skuId: IdSchema,
  count: z
    .number()
    .int()
    .min(-MAX_CART_COUNT)
    .max(MAX_CART_COUNT)
    .refine((n) => n !== 0, { message: 'cart.count-zero' }),
});
export type AddToCartBody = z.infer<typeof AddToCartBody>;

export const CartCountSchema = z.object({
  /** Sum of the counts of every line: the header badge. */
  count: z.number().int(),
  /** Number of lines. */
  lines: z.number().int(),
});
export type CartCount = z.infer<typeof CartCountSchema>;

export const AddToCartResultSchema = z.object({
  basketId: z.number().int(),
  /** The line's count after the change; 0 when it was removed. */
  count: z.number().int(),
  cart: CartCountSchema,
});
export type AddToCartResult = z.infer<typeof AddToCartResultSchema>;

export const CartLineSchema = z.object({
  basketId: z.number().int(),
  prodId: z.number().int(),
  skuId: z.number().int(),
  prodName: z.string(),
  pic: z.string(),
  /** The spec values, e.g. "Red / M". */
  skuName: z.string(),
  properties: z.string(),
  count: z.number().int(),
  /** Unit price now (decimal USD). */
  price: z.number(),
  /** Unit price when the line was last added to. */
  addedPrice: z.number(),
  priceChanged: z.boolean(),
  /** The product was taken down: shown, but it cannot be bought. */
  takenDown: z.boolean(),
  stocks: z.number().int(),
  selected: z.boolean(),
  /** price × count, decimal USD. */
  subtotal: z.number(),
  addedAt: z.string(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** Over the selected lines that can be bought (not taken down). */
  totals: z.object({
    selectedLines: z.number().int(),
    selectedCount: z.number().int(),
    goodsTotal: z.number(),
    /** A selected line is taken down: checkout is refused until it is unselected or removed. */
    takenDownSelected: z.boolean(),
  }),
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * POST /api/p/shopCart/batch?type=N, body {basketIds}. SPEC §7 names `type=2` (delete selected);
 * the others are this project's.
 */
export const CART_BATCH_TYPES = {
  select: 1,
  delete: 2,
  unselect: 3,
  moveToWishList: 4,
} as const;
export type CartBatchType = (typeof CART_BATCH_TYPES)[keyof typeof CART_BATCH_TYPES];

export const CartBatchQuery = z.object({
  type: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  ),
});
export const CartBatchBody = z.object({
  basketIds: z
    .array(IdSchema)
    .max(500)
    .refine((ids) => ids.length > 0, { message: 'cart.select-first' }),
});
export type CartBatchBody = z.infer<typeof CartBatchBody>;
export const CartBatchResultSchema = z.object({
  /** Lines the operation applied to. */
  affected: z.number().int(),
  cart: CartCountSchema,
});
export type CartBatchResult = z.infer<typeof CartBatchResultSchema>;

export const AddToWishListBody = z.object({
  prodId: IdSchema,
  skuId: IdSchema.optional(),
});
export type AddToWishListBody = z.infer<typeof AddToWishListBody>;

export const WishListItemSchema = z.object({
  id: z.number().int(),
  prodId: z.number().int(),
  skuId: z.number().int().nullable(),
  prodName: z.string(),
  pic: z.string(),
  skuName: z.string(),
  /** The SKU's price now, or the product's lowest price when no SKU was chosen (decimal USD). */
  price: z.number(),
  takenDown: z.boolean(),
  stocks: z.number().int(),
  addedAt: z.string(),
});
export type WishListItem = z.infer<typeof WishListItemSchema>;

export const WishListIdParams = z.object({ id: IdSchema });
export const WishListItemListSchema = z.array(WishListItemSchema);
