import { z } from 'zod';
import { LOCALES } from './common/locale';
import { PageQuerySchema, pageOf } from './common/paging';

/**
 * Invoices (decision 0082): one per paid order, numbered per calendar year with no gaps
 * (`INV-2026-000001`). Amounts are decimal USD here (minor units in the database).
 */

/** The buyer as the invoice keeps it (a copy made at issue: later address edits do not change it). */
export const InvoicePartySchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  vatNumber: z.string().nullable(),
  address: z.string(),
  countryCode: z.string(),
  email: z.string().nullable().optional(),
});
export type InvoiceParty = z.infer<typeof InvoicePartySchema>;

export const InvoiceLineSchema = z.object({
  title: z.string(),
  sku: z.string(),
  /** Variant specs as shown to the buyer, e.g. "Colour: red; Size: M". */
  specs: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  amount: z.number(),
  /** Shipped from the buyer's private inventory: the goods were paid when bought into it (decision 0129). */
  fromInventory: z.boolean(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** A part of an order paid in two (decision 0140): paidAt null = still due. */
export const InvoicePartSchema = z.object({
  part: z.enum(['deposit', 'balance']),
  amount: z.number(),
  paidAt: z.string().nullable(),
  /** The deposit given back on a cancel before purchase. */
  returnedAt: z.string().nullable(),
});
export type InvoicePart = z.infer<typeof InvoicePartSchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** The order (or other reference) it was issued for. */
  reference: z.string().nullable(),
  /** The order's number as the user knows it (O00000042); null when issued for something else. */
  orderNumber: z.string().nullable(),
  issuedAt: z.string(),
  paidAt: z.string(),
  paymentMethod: z.string(),
  billTo: InvoicePartySchema,
  billFrom: InvoicePartySchema,
  lines: z.array(InvoiceLineSchema),
  productCost: z.number(),
  /** Shipping (part of the SPEC §9 total; 0 when the order had none). */
  shipping: z.number(),
  tax: z.number(),
  discount: z.number(),
  operateAmount: z.number(),
  handlingFee: z.number(),
  payable: z.number(),
  currency: z.string(),
  locale: z.enum(LOCALES),
  /** Deposit and balance of an order paid in two parts (decision 0140); null when paid at once. */
  parts: z.array(InvoicePartSchema).nullable(),
  /** What is still to pay on it: the unpaid parts (0 when paid at once, or the order was cancelled). */
  due: z.number(),
  /** Whether the PDF is already stored (otherwise the PDF route renders it on demand). */
  pdfReady: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** The list row: what a table of invoices shows. */
export const InvoiceSummarySchema = InvoiceSchema.pick({
  id: true,
  number: true,
  reference: true,
  orderNumber: true,
  issuedAt: true,
  paidAt: true,
  payable: true,
  currency: true,
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

/** `reference`: only the invoice of that order (an order has at most one; the order screens link to it). */
export const InvoiceListQuery = PageQuerySchema.extend({ reference: z.string().max(64).optional() });
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const InvoiceIdParams = z.object({ id: z.string() });

/**
 * `lang`: the language to print the PDF in (the reader's; a link the browser opens itself sends
 * the browser's Accept-Language, not the app's). Without it the request's Accept-Language
 * decides, and without that the invoice's own language. Any other value reads as for
 * Accept-Language ("fr" → fr-FR, unknown → en-US).
 */
export const InvoicePdfQuery = z.object({ lang: z.string().max(35).optional() });
export type InvoicePdfQuery = z.infer<typeof InvoicePdfQuery>;

/** Several invoices as one PDF, in the order given. */
export const MAX_INVOICES_PER_DOWNLOAD = 50;
export const InvoiceDownloadBody = z.object({
  ids: z.array(z.string()).min(1, 'invoices.select-some').max(MAX_INVOICES_PER_DOWNLOAD, 'invoices.too-many'),
});
export type InvoiceDownloadBody = z.infer<typeof InvoiceDownloadBody>;
export const InvoiceSummaryPageSchema = pageOf(InvoiceSummarySchema);
