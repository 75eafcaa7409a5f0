import { randomUUID } from 'node:crypto';
import { type Invoice, type InvoiceListQuery, type InvoiceParty, type InvoiceSummary, type Locale, type Page, fromMinor, toPage } from '@dsm/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Config, DEMO_INVOICE_SELLER } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile } from '../../platform/files';
import { type DbOrUow, type UnitOfWork, inTransaction } from '../../platform/unit-of-work';
import { renderInvoicesPdf } from './invoices.pdf';
import { type StoredInvoiceLine, invoiceCounters, invoices } from './invoices.tables';

/**
 * Invoices (decision 0082): issued inside the caller's unit of work (orders at payment) with the
 * next number of the year, rendered to PDF on the first download (decision 0094), kept in the
 * private `invoices` file area and served to their owner only.
 */

export const INVOICE_RENDER_JOB = 'invoice.render';

/** What a caller (orders) hands over: everything is copied, nothing read back from its tables. */
export interface IssueInvoiceInput {
  userId: string;
  /** The order id (unique: a second issue for the same reference is refused by the database). */
  reference: string | null;
  /** The order's number as the user knows it (O00000042), printed instead of the id. */
  orderNumber?: string | null;
  paidAt: Date;
  /** `wallet`, `paypal`, `card` or `bank` (printed translated), or any other word as is. */
  paymentMethod: string;
  billTo: InvoiceParty;
  lines: StoredInvoiceLine[];
  productCostMinor: number;
  shippingMinor?: number;
  taxMinor: number;
  discountMinor: number;
  operateAmountMinor: number;
  handlingFeeMinor: number;
  payableMinor: number;
  currency?: string;
  /** The buyer's language: the invoice is drawn in it, now and whenever it is rendered again. */
  locale: Locale;
  /** Defaults to now. Its UTC calendar year picks the numbering sequence. */
  issuedAt?: Date;
  /** "Bill from": the platform's legal details, `invoiceSellerOf(config)`. */
  seller: InvoiceSeller;
}

export interface InvoiceSeller {
  name: string;
  address: string;
  countryCode: string;
  vatNumber: string;
  email: string;
}

/** The configured seller (INVOICE_SELLER_*; the demo company when none is set). */
export function invoiceSellerOf(config: Config): InvoiceSeller {
  return config.invoiceSeller ?? DEMO_INVOICE_SELLER;
}

export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Assigns the next number of the year and stores the invoice in the caller's unit of work. The
 * year's counter row is written with an upsert, which locks it like SELECT … FOR UPDATE until
 * the caller commits: a second issue in the same year waits, and a rollback returns the number.
 * No gaps, no duplicates.
 */
export async function issueInvoice(dbOrUow: DbOrUow, input: IssueInvoiceInput): Promise<Invoice> {
  const { seller } = input;
  const lineSum = input.lines.reduce((s, l) => s + l.amountMinor, 0);
  const total =
    input.productCostMinor + (input.shippingMinor ?? 0) + input.taxMinor - input.discountMinor + input.operateAmountMinor + input.handlingFeeMinor;
  // Programming errors of the caller, not user input: an invoice that does not add up is never stored.
  if (lineSum !== input.productCostMinor) throw new Error(`invoice lines sum to ${lineSum}, product cost is ${input.productCostMinor}`);
  if (total !== input.payableMinor) throw new Error(`invoice parts sum to ${total}, payable is ${input.payableMinor}`);
  return inTransaction(dbOrUow, async (uow: UnitOfWork) => {
    const issuedAt = input.issuedAt ?? new Date();
    const year = issuedAt.getUTCFullYear();
    // No rendering job (decision 0094): the PDF is drawn on its first download and stored then
    // (`invoicePdf`), not in the paying request's process. Drawing one costs tens of ms of CPU, a
    // payment's API node should not spend them, and most invoices are never downloaded.
    const id = randomUUID();
    // The year's next number and the invoice in one statement (decision 0094): the counter row
    // stays locked from here to the commit, so every round trip after it is one every other
    // payment of the year waits for.
    const counter = uow.tx.$with('counter', { lastNumber: sql<number>`last_number` }).as(
      sql`insert into ${invoiceCounters} (year, last_number) values (${year}, 1)
          on conflict (year) do update set last_number = ${invoiceCounters.lastNumber} + 1
          returning last_number`,
    );
    const sequence = sql<number>`(select last_number from counter)`;
    const [row] = await uow.tx
      .with(counter)
      .insert(invoices)
      .values({
        id,
        year,
        sequence,
        // formatInvoiceNumber in SQL: INV-<year>-<at least 6 digits>.
        number: sql<string>`'INV-' || ${String(year)} || '-' || lpad(${sequence}::text, greatest(6, length(${sequence}::text)), '0')`,
        userId: input.userId,
        reference: input.reference,
        orderNumber: input.orderNumber ?? null,
        issuedAt,
        paidAt: input.paidAt,
        paymentMethod: input.paymentMethod,
        billTo: input.billTo,
        billFrom: { name: seller.name, company: null, vatNumber: seller.vatNumber || null, address: seller.address, countryCode: seller.countryCode, email: seller.email || null },
        lines: input.lines,
        productCostMinor: input.productCostMinor,
        shippingMinor: input.shippingMinor ?? 0,
        taxMinor: input.taxMinor,
        discountMinor: input.discountMinor,
        operateAmountMinor: input.operateAmountMinor,
        handlingFeeMinor: input.handlingFeeMinor,
        payableMinor: input.payableMinor,
        currency: input.currency ?? 'USD',
        locale: input.locale,
      })
      .returning();
    return toInvoice(row!);
  });
}

type Row = typeof invoices.$inferSelect;

function toInvoice(r: Row): Invoice {
  return {
    id: r.id,
    number: r.number,
    reference: r.reference,
    orderNumber: r.orderNumber,
    issuedAt: r.issuedAt.toISOString(),
    paidAt: r.paidAt.toISOString(),
    paymentMethod: r.paymentMethod,
    billTo: r.billTo,
    billFrom: r.billFrom,
    lines: r.lines.map((l) => ({ title: l.title, sku: l.sku, specs: l.specs, unitPrice: fromMinor(l.unitPriceMinor), quantity: l.quantity, amount: fromMinor(l.amountMinor) })),
    productCost: fromMinor(r.productCostMinor),
    shipping: fromMinor(r.shippingMinor),
    tax: fromMinor(r.taxMinor),
    discount: fromMinor(r.discountMinor),
    operateAmount: fromMinor(r.operateAmountMinor),
    handlingFee: fromMinor(r.handlingFeeMinor),
    payable: fromMinor(r.payableMinor),
    currency: r.currency,
    locale: r.locale,
    pdfReady: r.pdfFile !== null,
  };
}

const notFound = () => AppError.notFound('invoices.not-found');

async function ownRow(db: Db, userId: string, id: string): Promise<Row> {
  // Not a uuid → not ours (never a 500 from the database's cast).
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const [row] = await db.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function getInvoice(db: Db, userId: string, id: string): Promise<Invoice> {
  return toInvoice(await ownRow(db, userId, id));
}

export async function listInvoices(db: Db, userId: string, q: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
  const mine = q.reference ? and(eq(invoices.userId, userId), eq(invoices.reference, q.reference)) : eq(invoices.userId, userId);
  const [total] = await db.select({ n: count() }).from(invoices).where(mine);
  const rows = await db
    .select()
    .from(invoices)
    .where(mine)
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  const records = rows.map((r) => {
    const inv = toInvoice(r);
    return { id: inv.id, number: inv.number, reference: inv.reference, orderNumber: inv.orderNumber, issuedAt: inv.issuedAt, paidAt: inv.paidAt, payable: inv.payable, currency: inv.currency };
  });
  return toPage(records, Number(total!.n), q);
}

/**
 * The stored PDF of an invoice, rendering and storing it first when it is not there yet. Call it
 * on the database, never inside a transaction (files are written outside one, decision 0064).
 * Rendering is deterministic and files are content addressed, so a retried job, or the job and a
 * download at once, keep one file; only the first writer records it.
 */
export async function invoicePdf(db: Db, files: FileStore, row: Row): Promise<Buffer> {
  if (row.pdfFile) {
    const stored = await files.get('invoices', row.pdfFile);
    if (stored) return stored.bytes;
  }
  const bytes = await renderInvoicesPdf([toInvoice(row)]);
  const saved = await saveFile(files, 'invoices', bytes);
  await db
    .update(invoices)
    .set({ pdfFile: saved.name })
    .where(and(eq(invoices.id, row.id), row.pdfFile ? eq(invoices.pdfFile, row.pdfFile) : isNull(invoices.pdfFile)));
  return bytes;
}

/**
 * The `invoice.render` job: renders once; a run after the file is stored does nothing. Issuing no
 * longer queues it (decision 0094); it stays for jobs queued before, and an operator may queue it.
 */
export async function renderInvoiceJob(db: Db, files: FileStore, id: string): Promise<void> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) return; // issued in a unit that later failed? The job would not exist; nothing to do.
  if (row.pdfFile && (await files.has('invoices', row.pdfFile))) return;
  await invoicePdf(db, files, row);
}

export async function ownInvoicePdf(db: Db, files: FileStore, userId: string, id: string): Promise<{ number: string; bytes: Buffer }> {
  const row = await ownRow(db, userId, id);
  return { number: row.number, bytes: await invoicePdf(db, files, row) };
}

/** Several of the user's invoices as one PDF, in the order asked; any id not theirs → 404. */
export async function ownInvoicesPdf(db: Db, userId: string, ids: readonly string[]): Promise<Buffer> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw notFound();
  const rows = await db.select().from(invoices).where(and(eq(invoices.userId, userId), inArray(invoices.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return renderInvoicesPdf(unique.map((id) => toInvoice(byId.get(id)!)));
}
