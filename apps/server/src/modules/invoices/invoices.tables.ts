import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOCALES, type InvoiceParty, type Locale } from '@dsm/contract';
import { moneyMinor } from '../../db/columns';
import { users } from '../accounts/accounts.tables';

/** A line as stored: money in USD minor units. */
export interface StoredInvoiceLine {
  title: string;
  sku: string;
  specs: string;
  unitPriceMinor: number;
  quantity: number;
  amountMinor: number;
  /** Shipped from the buyer's private inventory: its goods were paid before (decision 0129). */
  fromInventory?: boolean;
}

/**
 * One part of an order paid in two (decision 0140): the deposit or the balance, with when it was
 * paid (null: still due) and, for a deposit returned on a cancel before purchase, when.
 */
export interface StoredInvoicePart {
  part: 'deposit' | 'balance';
  amountMinor: number;
  paidAt: string | null;
  returnedAt?: string | null;
}

/**
 * The last number given out in each calendar year (decisions 0082, 0101). Numbering writes the
 * year's row in the same autocommit statement that numbers committed invoices, so the counter
 * only ever grows by numbers actually given (a sequence would leave a gap on a rollback).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** An issued invoice: a frozen copy of what was sold, to whom, by whom, for how much. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The year of the issue time (UTC): which counter numbers it. Set at issue. */
    year: integer('year').notNull(),
    /**
     * The sequence within the year (1, 2, …); the printed number is INV-<year>-<6 digits>. Both
     * null from the issue until the numbering statement right after the issuing commit
     * (decision 0101): an invoice is never shown or printed before it has them.
     */
    sequence: integer('sequence'),
    number: text('number'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What it was issued for (the order id); unique, so one order never gets two invoices. */
    reference: text('reference'),
    /** The order's human number, printed on the invoice (the reference is an internal id). */
    orderNumber: text('order_number'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    billTo: jsonb('bill_to').$type<InvoiceParty>().notNull(),
    billFrom: jsonb('bill_from').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    productCostMinor: moneyMinor('product_cost_minor').notNull(),
    /** Shipping is not a SPEC §3 invoice field, but the SPEC §9 total has it: kept so the lines add up. */
    shippingMinor: moneyMinor('shipping_minor').notNull().default(0),
    taxMinor: moneyMinor('tax_minor').notNull(),
    discountMinor: moneyMinor('discount_minor').notNull(),
    operateAmountMinor: moneyMinor('operate_amount_minor').notNull(),
    handlingFeeMinor: moneyMinor('handling_fee_minor').notNull(),
    payableMinor: moneyMinor('payable_minor').notNull(),
    currency: text('currency').notNull().default('USD'),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** The stored PDF's name in the private `invoices` file area; null until rendered. */
    pdfFile: text('pdf_file'),
    /**
     * The stored PDFs in the other languages it was asked in (a download renders in the reader's
     * language, decision 0105), by locale; each language rendered once. The labels differ only.
     */
    pdfFiles: jsonb('pdf_files').$type<Partial<Record<Locale, string>>>().notNull().default({}),
    /**
     * An order paid in two parts (decision 0140): the deposit and the balance with their dates.
     * Null for an order paid at once. The only thing that changes after issue (a part is paid or
     * returned); the stored PDFs are then dropped so the next download draws it again.
     */
    parts: jsonb('parts').$type<StoredInvoicePart[]>(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('invoices_reference_key').on(t.reference),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    // What the sweep looks for (decision 0101): empty but for the moment between a commit and its numbering.
    index('invoices_unnumbered_idx').on(t.issuedAt, t.id).where(sql`${t.number} is null`),
    check('invoices_sequence_positive', sql`${t.sequence} > 0`),
    // Numbered as a whole or not at all (decision 0101).
    check('invoices_numbered_whole', sql`(${t.sequence} is null) = (${t.number} is null)`),
  ],
);
