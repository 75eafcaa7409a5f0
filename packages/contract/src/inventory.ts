import { z } from 'zod';
import { IdSchema } from './common/ids';
import { LOCALES } from './common/locale';
import { hasAtMostTwoDecimals } from './common/money';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Private inventory (issue 24, decision 0126): stock a store owner bought ahead and keeps in one
 * of the operator's warehouses, per owner × SKU × warehouse. total = frozen + available;
 * unreceived is paid for and not yet in the warehouse. Every change is a log line; the numbers
 * are the sums of their lines. Money is decimal USD on the wire (integer minor units inside).
 *
 *   POST /p/private-inventory-order/basket/confirm  InventoryConfirmBody → InventoryConfirmResult
 *   POST /p/private-inventory-order/submit          InventorySubmitBody → InventoryOrder (Idempotency-Key)
 *   GET  /p/private-inventory-order/page            InventoryOrderListQuery → page of InventoryOrder
 *   PUT  /p/private-inventory-order/cancel/{id}     → InventoryOrder (Idempotency-Key)
 *   GET  /p/privateInventory/page                   InventoryListQuery → page of InventoryRow
 *   GET  /p/privateInventory/inventory/logs         InventoryLogQuery → page of InventoryLogLine
 *   GET  /p/privateInventory/download               InventoryListQuery (no paging) → .xlsx
 *   POST /p/private-inventory-order/deposit/{id}    → InventoryOrder (Idempotency-Key; decision 0130)
 */

/** Available at or below this is marked "low stock" on the inventory page. */
export const INVENTORY_LOW_STOCK = 10;
export const INVENTORY_REASON_MAX = 500;
export const INVENTORY_MAX_LINES = 50;
/** An inventory order line's most pieces (bulk buying is bigger than a cart's 9,999). */
export const INVENTORY_MAX_COUNT = 99_999;
/** The operator's handling fee per unit is at most this (USD). */
export const HANDLING_FEE_MAX_USD = 100;

export const INVENTORY_ORDER_STATES = [
  'awaiting-payment',
  'to-be-purchased',
  'ready-to-stock',
  'in-stock',
  'cancelled',
] as const;
export type InventoryOrderState = (typeof INVENTORY_ORDER_STATES)[number];

/**
 * Paying a large inventory order in two parts (decision 0130): `offered` (not chosen; paying in
 * full is still possible) → `deposit-paid` → `balance-held` (short when the goods were bought:
 * completed by a top-up) → `balance-paid`; `returned` (cancelled before purchase, deposit back).
 */
export const DEPOSIT_STATES = ['offered', 'deposit-paid', 'balance-held', 'balance-paid', 'returned'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
/** The operator's deposit percentage is within these (a deposit of 0 or 100 % is no deposit). */
export const DEPOSIT_PERCENT_MIN = 1;
export const DEPOSIT_PERCENT_MAX = 90;
/** The "from this total on" amount is at most this (USD). */
export const DEPOSIT_FROM_MAX_USD = 1_000_000;

/**
 * The deposit of `totalMinor` at `percent`: rounded once, half up, to the cent; the balance is
 * the rest, so deposit + balance = total exactly. Shared by the server and the screens.
 */
export function depositSplitMinor(totalMinor: number, percent: number): { depositMinor: number; balanceMinor: number } {
  const depositMinor = Math.floor((totalMinor * percent + 50) / 100);
  return { depositMinor, balanceMinor: totalMinor - depositMinor };
}

/** The two parts as the screens show them (USD). */
export const DepositTermsSchema = z.object({
  percent: z.number().int(),
  deposit: z.number(),
  balance: z.number(),
});
export type DepositTerms = z.infer<typeof DepositTermsSchema>;

/** Why a number moved: every log line has one. */
export const INVENTORY_LOG_REASONS = [
  'ordered', // an inventory order was paid: + unreceived
  'order-cancelled', // it was cancelled before purchase: − unreceived
  'received', // the warehouse received it: unreceived → available
  'reserved', // a store order took it: available → frozen
  'shipped', // that order shipped: − frozen
  'released', // that order was cancelled: frozen → available
  'adjusted', // the operator corrected it, with a reason
] as const;
export type InventoryLogReason = (typeof INVENTORY_LOG_REASONS)[number];

const Count = z
  .number({ message: 'validation.required' })
  .int('validation.not-integer')
  .positive('validation.positive')
  .max(INVENTORY_MAX_COUNT);

export const InventoryConfirmLine = z.object({
  prodId: IdSchema,
  skuId: IdSchema,
  count: Count,
  /** A warehouse code that stocks the SKU; none → the SKU's own warehouse. */
  warehouse: z.string().max(16).optional(),
});
export const InventoryConfirmBody = z.object({
  lines: z.array(InventoryConfirmLine).min(1, 'inventory.lines-required').max(INVENTORY_MAX_LINES),
});
export type InventoryConfirmBody = z.infer<typeof InventoryConfirmBody>;

export const InventoryConfirmLineSchema = z.object({
  prodId: z.number().int(),
  skuId: z.number().int(),
  skuCode: z.string(),
  title: z.string(),
  image: z.string(),
  warehouse: z.string(),
  warehouseName: z.string(),
  /** The warehouses that stock this SKU (what the buyer may choose from). */
  warehouses: z.array(z.object({ code: z.string(), name: z.string() })),
  count: z.number().int(),
  unitPrice: z.number(),
  /** The SKU's own price before a tier. */
  basePrice: z.number(),
  tier: z.object({ minQuantity: z.number().int() }).nullable(),
  /** The product's MOQ for bulk prices (its first tier), null when it has none. */
  moq: z.number().int().nullable(),
  lineTotal: z.number(),
});
export const InventoryConfirmResultSchema = z.object({
  lines: z.array(InventoryConfirmLineSchema),
  goods: z.number(),
  handlingFeePerUnit: z.number(),
  handlingFee: z.number(),
  total: z.number(),
  /** Offered when the total reaches the operator's amount (decision 0130); null otherwise. */
  deposit: DepositTermsSchema.nullable(),
  confirmToken: z.string(),
  expiresAt: z.string(),
});
export type InventoryConfirmResult = z.infer<typeof InventoryConfirmResultSchema>;

/** What the confirm token vouches for (signed; submit creates exactly this). */
export interface InventoryClaims {
  /** user id */
  u: string;
  /** expiry, seconds */
  e: number;
  /** lines: [prodId, skuId, warehouse, count, unit price minor] */
  l: Array<[number, number, string, number, number]>;
  /** handling fee per unit, minor */
  h: number;
  /** the deposit percentage offered (decision 0130); absent when not offered */
  d?: number;
}

export const InventorySubmitBody = z.object({
  confirmToken: z.string().min(1).max(8192),
  /** The billing address the invoice names; none → the user's default billing address. */
  billingId: z.string().max(64).optional(),
});
export type InventorySubmitBody = z.infer<typeof InventorySubmitBody>;

export const InventoryOrderLineSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  title: z.string(),
  image: z.string(),
  warehouse: z.string(),
  quantity: z.number().int(),
  received: z.number().int(),
  unitPrice: z.number(),
});
export const InventoryOrderSchema = z.object({
  /** The order's id: pay it with POST /api/p/order/pay like any order. */
  id: z.string(),
  number: z.string(),
  state: z.enum(INVENTORY_ORDER_STATES),
  goods: z.number(),
  handlingFee: z.number(),
  total: z.number(),
  createdAt: z.string(),
  cancellable: z.boolean(),
  /** The two-part payment, when it was offered (decision 0130). */
  deposit: DepositTermsSchema.extend({ state: z.enum(DEPOSIT_STATES) }).nullable(),
  lines: z.array(InventoryOrderLineSchema),
});
export type InventoryOrder = z.infer<typeof InventoryOrderSchema>;
export const InventoryOrderPageSchema = pageOf(InventoryOrderSchema);

export const InventoryOrderListQuery = PageQuerySchema.extend({
  state: z.enum(INVENTORY_ORDER_STATES).optional(),
});
export type InventoryOrderListQuery = z.infer<typeof InventoryOrderListQuery>;
export const InventoryOrderIdParams = z.object({ id: z.string().max(64) });

const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional());

export const InventoryListQuery = PageQuerySchema.extend({
  /** SKU code or product name, part of it. */
  keyword: z.string().trim().max(100).optional(),
  warehouse: z.string().max(16).optional(),
  lowStock: flag,
});
export type InventoryListQuery = z.infer<typeof InventoryListQuery>;
/** The download: the page's filters, and the language of its headings (a link cannot send the app's). */
export const InventoryDownloadQuery = InventoryListQuery.extend({ lang: z.enum(LOCALES).optional() });

export const InventoryRowSchema = z.object({
  id: z.string(),
  skuId: z.number().int(),
  skuCode: z.string(),
  prodId: z.number().int(),
  prodName: z.string(),
  image: z.string(),
  warehouse: z.string(),
  warehouseName: z.string(),
  total: z.number().int(),
  frozen: z.number().int(),
  available: z.number().int(),
  unreceived: z.number().int(),
  lowStock: z.boolean(),
  /** Store and catalogue orders for this SKU ship from this stock first (decision 0129; on by default). */
  shipFirst: z.boolean(),
});
export type InventoryRow = z.infer<typeof InventoryRowSchema>;
export const InventoryPageSchema = pageOf(InventoryRowSchema);

/** PUT /p/privateInventory/ship-first/{id}: the owner's per-SKU switch (decision 0129). */
export const InventoryShipFirstBody = z.object({ shipFirst: z.boolean() });
export type InventoryShipFirstBody = z.infer<typeof InventoryShipFirstBody>;

export const InventoryLogQuery = PageQuerySchema.extend({ id: z.string().max(64) });
export type InventoryLogQuery = z.infer<typeof InventoryLogQuery>;

export const InventoryLogLineSchema = z.object({
  id: z.number().int(),
  reason: z.enum(INVENTORY_LOG_REASONS),
  /** The order number (or other reference) the line is about; '' for an adjustment. */
  reference: z.string(),
  /** The operator's words for an adjustment. */
  note: z.string(),
  availableDelta: z.number().int(),
  frozenDelta: z.number().int(),
  unreceivedDelta: z.number().int(),
  /** The numbers after this line (the running sums of the log). */
  available: z.number().int(),
  frozen: z.number().int(),
  unreceived: z.number().int(),
  createdAt: z.string(),
});
export const InventoryLogPageSchema = pageOf(InventoryLogLineSchema).extend({ item: InventoryRowSchema });

// ---- Operator ------------------------------------------------------------------------------

export const AdminInventoryOrderSchema = InventoryOrderSchema.extend({ userEmail: z.string() });
export const AdminInventoryOrderPageSchema = pageOf(AdminInventoryOrderSchema);
export const AdminInventoryRowSchema = InventoryRowSchema.extend({ userId: z.string(), userEmail: z.string() });
export const AdminInventoryPageSchema = pageOf(AdminInventoryRowSchema);
export const AdminInventoryListQuery = InventoryListQuery.extend({ userEmail: z.string().trim().max(200).optional() });
export type AdminInventoryListQuery = z.infer<typeof AdminInventoryListQuery>;

export const ReceiveInventoryBody = z.object({
  lines: z
    .array(z.object({ skuId: IdSchema, quantity: Count }))
    .min(1, 'inventory.lines-required')
    .max(INVENTORY_MAX_LINES),
});
export type ReceiveInventoryBody = z.infer<typeof ReceiveInventoryBody>;

export const AdjustInventoryBody = z.object({
  /** Added to available (negative takes away); never 0. */
  delta: z
    .number({ message: 'validation.required' })
    .int('validation.not-integer')
    .refine((v) => v !== 0, 'inventory.delta-zero')
    .refine((v) => Math.abs(v) <= INVENTORY_MAX_COUNT, 'inventory.delta-zero'),
  reason: z.string().trim().min(1, 'inventory.reason-required').max(INVENTORY_REASON_MAX),
});
export type AdjustInventoryBody = z.infer<typeof AdjustInventoryBody>;

export const InventorySettingsSchema = z.object({
  handlingFeePerUnit: z.number(),
  /** Orders from this total on may be paid in two parts; 0 = never (decision 0130). */
  depositFrom: z.number(),
  depositPercent: z.number().int(),
});
export const PutInventorySettingsBody = z.object({
  handlingFeePerUnit: z
    .number({ message: 'validation.required' })
    .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
    .refine((v) => v >= 0 && v <= HANDLING_FEE_MAX_USD, 'inventory.fee-range'),
  /** Absent: unchanged. */
  depositFrom: z
    .number({ message: 'validation.required' })
    .refine(hasAtMostTwoDecimals, 'validation.two-decimals')
    .refine((v) => v >= 0 && v <= DEPOSIT_FROM_MAX_USD, 'inventory.deposit-from-range')
    .optional(),
  depositPercent: z
    .number({ message: 'validation.required' })
    .int('validation.not-integer')
    .min(DEPOSIT_PERCENT_MIN, 'inventory.deposit-percent-range')
    .max(DEPOSIT_PERCENT_MAX, 'inventory.deposit-percent-range')
    .optional(),
});
