import { z } from 'zod';
import { pageOf, PageQuerySchema } from './common/paging';
import { InvoiceSummarySchema } from './invoices';
import { OrderPaymentSchema, PAYMENT_METHODS } from './payments';
import { STORE_ORDER_SOURCES, StoreLandedCostSchema, StoreMoneySchema } from './store-orders';

/**
 * Paying store orders in batches (issue 21, decision 0118). The owner selects related store
 * orders (not abnormal, not trashed, not yet paid), gets one quote, and pays it from the wallet or
 * by PayPal under one idempotency key. Each store order becomes one marketplace order per
 * shipment (decision 0107), `source = 'store'`.
 *
 *   POST /p/store-orders/pay/confirm  StorePayConfirmBody → StorePayQuoteSchema
 *   POST /p/store-orders/pay          StorePayBody (+ Idempotency-Key) → StorePayResultSchema
 *   GET  /p/store-orders/invoices     StoreInvoiceListQuery → page of StoreInvoiceRowSchema
 *
 * Our money is decimal USD (`currency: 'USD'`); the store's selling figures are in the store's
 * currency (`StoreMoneySchema`) and, for the margin, converted to USD at the operator's rates.
 * A change of price, stock or shipping since the quote answers 409 `quote-changed` with the new
 * quote in `data.quote`: nothing is charged until the owner confirms again.
 */

export const STORE_PAY_IDS_MAX = 50;

export const StorePayConfirmBody = z.object({
  ids: z
    .array(z.string().min(1).max(40))
    .min(1, 'store-orders.select-orders')
    .max(STORE_PAY_IDS_MAX, 'store-orders.pay-too-many'),
});
export type StorePayConfirmBody = z.infer<typeof StorePayConfirmBody>;

export const StorePayLineSchema = z.object({
  skuId: z.number().int(),
  skuCode: z.string(),
  title: z.string(),
  image: z.string(),
  count: z.number().int(),
  /** Our price, USD. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** What the store's buyer paid for one unit, in the store's currency (null when the store gave none). */
  storeUnitPrice: StoreMoneySchema.nullable(),
  /**
   * Ships from the owner's private inventory (decision 0129): the goods were paid when bought into
   * it, so the line costs 0 here (shipping and the service fee remain).
   */
  fromInventory: z.boolean(),
});

export const StorePayShipmentSchema = z.object({
  key: z.string(),
  warehouse: z.string(),
  method: z.object({
    code: z.string(),
    name: z.string(),
    days: z.object({ min: z.number().int(), max: z.number().int() }),
    /** preferred: the owner's rule chose it; cheapest: no rule applied (decision 0116). */
    source: z.enum(['preferred', 'cheapest']),
  }),
  lines: z.array(StorePayLineSchema),
  goods: z.number(),
  shipping: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  total: z.number(),
});

export const StorePayOrderSchema = z.object({
  storeOrderId: z.string(),
  /** Null for an order imported from Excel. */
  storeId: z.string().nullable(),
  storeName: z.string(),
  /** The store's order number (Shopify "#1001"). */
  number: z.string(),
  countryCode: z.string(),
  shipments: z.array(StorePayShipmentSchema),
  landed: StoreLandedCostSchema,
});
export type StorePayOrder = z.infer<typeof StorePayOrderSchema>;

export const StorePayQuoteSchema = z.object({
  orders: z.array(StorePayOrderSchema),
  currency: z.literal('USD'),
  goods: z.number(),
  shipping: z.number(),
  serviceFee: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Signed: fixes every figure above until `expiresAt`; pay refuses anything else. */
  confirmToken: z.string(),
  expiresAt: z.string(),
});
export type StorePayQuote = z.infer<typeof StorePayQuoteSchema>;

export const StorePayBody = z.object({
  confirmToken: z.string().min(1).max(20_000),
  method: z.enum(PAYMENT_METHODS),
});
export type StorePayBody = z.infer<typeof StorePayBody>;

export const StorePayResultSchema = z.object({
  payment: OrderPaymentSchema,
  /** Each store order and the marketplace orders it became. */
  storeOrders: z.array(z.object({ storeOrderId: z.string(), orderIds: z.array(z.string()) })),
});
export type StorePayResult = z.infer<typeof StorePayResultSchema>;

/** A paid store order and the invoices of its marketplace orders (one per shipment). */
export const StoreInvoiceRowSchema = z.object({
  storeOrderId: z.string(),
  /** Empty for an order imported from a spreadsheet: `source` says so (decision 0132). */
  storeName: z.string(),
  source: z.enum(STORE_ORDER_SOURCES).optional(),
  /** The store's order number. */
  number: z.string(),
  paidAt: z.string().nullable(),
  invoices: z.array(InvoiceSummarySchema),
});
export type StoreInvoiceRow = z.infer<typeof StoreInvoiceRowSchema>;
export const StoreInvoiceListQuery = PageQuerySchema;
export type StoreInvoiceListQuery = z.infer<typeof StoreInvoiceListQuery>;
export const StoreInvoicePageSchema = pageOf(StoreInvoiceRowSchema);
