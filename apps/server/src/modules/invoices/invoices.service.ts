import { randomUUID } from 'node:crypto';
import {
  type Invoice,
  type InvoiceListQuery,
  type InvoiceParty,
  type InvoiceSummary,
  type Locale,
  type Page,
  fromMinor,
  toPage,
} from '@dsm/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Config, DEMO_INVOICE_SELLER } from '../../config';
import type { Db } from '../../db/client';
import { insertValues, rawRows, rowMapper } from '../../db/rows';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile } from '../../platform/files';
import { type DbOrUow, type UnitOfWork, currentUnit, inTransaction, rootOf } from '../../platform/unit-of-work';
import { renderInvoicesPdf } from './invoices.pdf';
import { type StoredInvoiceLine, type StoredInvoicePart, invoiceCounters, invoices } from './invoices.tables';

/**
 * Invoices (decision 0082): issued inside the caller's unit of work (orders at payment), given the
 * next number of the year right after that unit commits (decision 0101), rendered to PDF on the first download (decision 0094), kept in the
 * private `invoices` file area and served to their owner only.
 */

export const INVOICE_RENDER_JOB = 'invoice.render';
/** Every minute: numbers invoices whose after-commit numbering did not happen (decision 0101). */
export const INVOICE_NUMBER_PENDING_JOB = 'invoice.number-pending';

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
  /** An order paid in two parts (decision 0140): its deposit and balance, adding up to the payable. */
  parts?: StoredInvoicePart[];
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
 * What `issueInvoice` returns: the stored invoice, with its number once it has one. Issued in the
 * caller's unit of work, the number is null (it is given right after that unit commits); issued
 * on the database (its own transaction), it is the numbered invoice.
 */
export type { StoredInvoicePart } from './invoices.tables';

export type IssuedInvoice = Omit<Invoice, 'number'> & { number: string | null };

/** Per unit of work, the invoices it issued: numbered together by one hook after its commit. */
const issuedInUnit = new WeakMap<UnitOfWork, string[]>();

/**
 * Stores the invoice in the caller's unit of work, not yet numbered, and numbers it right after
 * that unit commits, in one short autocommit statement (`numberInvoices`, decision 0101). No
 * counter is touched here, so a payment holds no lock every other payment of the year waits for,
 * and a rollback leaves nothing to give back: only committed invoices are ever numbered.
 * Several invoices of one unit are numbered by one statement, in the order they were issued.
 */
export async function issueInvoice(db: DbOrUow, input: IssueInvoiceInput): Promise<IssuedInvoice> {
  const { seller } = input;
  const lineSum = input.lines.reduce((s, l) => s + l.amountMinor, 0);
  const total =
    input.productCostMinor +
    (input.shippingMinor ?? 0) +
    input.taxMinor -
    input.discountMinor +
    input.operateAmountMinor +
    input.handlingFeeMinor;
  // Programming errors of the caller, not user input: an invoice that does not add up is never stored.
  if (lineSum !== input.productCostMinor)
    throw new Error(`invoice lines sum to ${lineSum}, product cost is ${input.productCostMinor}`);
  if (total !== input.payableMinor) throw new Error(`invoice parts sum to ${total}, payable is ${input.payableMinor}`);
  const partsSum = input.parts?.reduce((s, p) => s + p.amountMinor, 0);
  if (partsSum !== undefined && partsSum !== input.payableMinor)
    throw new Error(`invoice deposit and balance sum to ${partsSum}, payable is ${input.payableMinor}`);
  const joined = currentUnit(db) !== undefined;
  const issued = await inTransaction(db, async (uow: UnitOfWork) => {
    const issuedAt = input.issuedAt ?? new Date();
    // No rendering job (decision 0094): the PDF is drawn on its first download and stored then
    // (`invoicePdf`), not in the paying request's process.
    const values = {
      id: randomUUID(),
      // The year is fixed at issue: an invoice issued on 31 December and numbered after midnight
      // still takes the old year's next number.
      year: issuedAt.getUTCFullYear(),
      sequence: null,
      number: null,
      userId: input.userId,
      reference: input.reference,
      orderNumber: input.orderNumber ?? null,
      issuedAt,
      paidAt: input.paidAt,
      paymentMethod: input.paymentMethod,
      billTo: input.billTo,
      billFrom: {
        name: seller.name,
        company: null,
        vatNumber: seller.vatNumber || null,
        address: seller.address,
        countryCode: seller.countryCode,
        email: seller.email || null,
      },
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
      parts: input.parts ?? null,
    };
    // Plain SQL on the payment path (decision 0102, db/rows.ts).
    const [row] = rawRows(
      await uow.tx.execute(sql`insert into invoices ${insertValues(invoices, values)} returning *`),
    ).map(toInvoiceRow);
    numberAfterCommit(uow, row!.id);
    return row!;
  });
  if (joined) return toIssued(issued);
  // Our own transaction: it has committed and its hook has run (inTransaction awaits the hooks).
  // A hook's failure is only logged, so make sure here, where the caller can be told.
  const [numbered] = await ensureNumbered(rootOf(db), [issued], async () => rowsById(rootOf(db), [issued.id]));
  return toIssued(numbered!);
}

/** Registers the unit's one numbering hook on its first invoice; later ones join its list. */
function numberAfterCommit(uow: UnitOfWork, id: string): void {
  let ids = issuedInUnit.get(uow);
  if (!ids) {
    const pending: string[] = [];
    issuedInUnit.set(uow, (ids = pending));
    const root = uow.root;
    // Errors are logged by the unit of work; the sweep job and the read paths number what is left.
    uow.afterCommit(async () => {
      await numberInvoices(root, pending);
    });
  }
  ids.push(id);
}

/**
 * Numbers the given invoices that are still unnumbered, in ONE autocommit statement (decision
 * 0101); call it on the database, not in a transaction, so the year's counter row is locked only
 * inside PostgreSQL for that statement. The statement locks the invoices (in id order, so two
 * runs never wait on each other in a circle), skips any numbered meanwhile by another run (the
 * lock re-reads the row), adds how many it locked to each year's counter (no row, no increment)
 * and gives them the counter's last numbers in issue order (issue time, then the order given,
 * then id). Gapless because only committed invoices are numbered, by the very statement that
 * moves the counter: both happen or neither. Returns the invoices it numbered.
 */
export async function numberInvoices(db: Db, ids: readonly string[]): Promise<Array<{ id: string; number: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const result = (await db.execute(sql`
    with wanted as (
      select w.id, w.ord from unnest(${`{${unique.join(',')}}`}::uuid[]) with ordinality as w(id, ord)
    ),
    locked as (
      select i.id, i.year, i.issued_at, w.ord
      from ${invoices} i join wanted w on w.id = i.id
      where i.number is null
      order by i.id
      for update of i
    ),
    ranked as (
      select id, year,
             row_number() over (partition by year order by issued_at, ord, id) as n,
             count(*) over (partition by year) as total
      from locked
    ),
    counter as (
      insert into ${invoiceCounters} as c (year, last_number)
      select year, count(*) from locked group by year order by year
      on conflict (year) do update set last_number = c.last_number + excluded.last_number
      returning year, last_number
    ),
    numbered as (
      select ranked.id, (counter.last_number - ranked.total + ranked.n)::int as seq
      from ranked join counter on counter.year = ranked.year
    )
    update ${invoices} i
    set sequence = numbered.seq,
        -- formatInvoiceNumber in SQL: INV-<year>-<at least 6 digits>.
        number = 'INV-' || i.year || '-' || lpad(numbered.seq::text, greatest(6, length(numbered.seq::text)), '0')
    from numbered
    where i.id = numbered.id
    returning i.id, i.number`)) as unknown as { rows: Array<{ id: string; number: string }> };
  return result.rows.map((r) => ({ id: String(r.id), number: String(r.number) }));
}

/**
 * Numbers every invoice still unnumbered (decision 0101): those whose after-commit step did not
 * run (the process died between the payment's commit and the numbering) or failed. Oldest first,
 * in batches, each one `numberInvoices` statement (each year its own counter). Run every minute
 * by the `invoice.number-pending` job and by any read that meets an unnumbered invoice. Returns
 * how many it numbered.
 */
export async function numberPendingInvoices(db: Db, batch = 500): Promise<number> {
  let done = 0;
  for (;;) {
    const pending = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(isNull(invoices.number))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      .limit(batch);
    if (pending.length === 0) return done;
    done += (
      await numberInvoices(
        db,
        pending.map((r) => r.id),
      )
    ).length;
    // Every id read is numbered now (by us or by a run in between), so the next read moves on.
    if (pending.length < batch) return done;
  }
}

type Row = typeof invoices.$inferSelect;
const toInvoiceRow = rowMapper(invoices);
type NumberedRow = Row & { number: string; sequence: number };

const isNumbered = (r: Row): r is NumberedRow => r.number !== null && r.sequence !== null;

/**
 * Rows as read, or read again after numbering what is pending when any of them has no number yet
 * (decision 0101: an invoice is never shown or printed without its number). All pending ones are
 * numbered, oldest first, not only these: a read must not jump an older invoice's turn.
 */
async function ensureNumbered(db: Db, rows: Row[], reread: () => Promise<Row[]>): Promise<NumberedRow[]> {
  if (rows.every(isNumbered)) return rows;
  await numberPendingInvoices(db);
  const again = await reread();
  const missing = again.find((r) => !isNumbered(r));
  if (missing) throw new Error(`invoice ${missing.id} is still unnumbered after numbering the pending invoices`);
  return again as NumberedRow[];
}

const rowsById = (db: Db, ids: readonly string[]) =>
  db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, [...ids]));

function toIssued(r: Row): IssuedInvoice {
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
    lines: r.lines.map((l) => ({
      title: l.title,
      sku: l.sku,
      specs: l.specs,
      unitPrice: fromMinor(l.unitPriceMinor),
      quantity: l.quantity,
      amount: fromMinor(l.amountMinor),
      fromInventory: l.fromInventory ?? false,
    })),
    productCost: fromMinor(r.productCostMinor),
    shipping: fromMinor(r.shippingMinor),
    tax: fromMinor(r.taxMinor),
    discount: fromMinor(r.discountMinor),
    operateAmount: fromMinor(r.operateAmountMinor),
    handlingFee: fromMinor(r.handlingFeeMinor),
    payable: fromMinor(r.payableMinor),
    currency: r.currency,
    locale: r.locale,
    parts:
      r.parts?.map((p) => ({
        part: p.part,
        amount: fromMinor(p.amountMinor),
        paidAt: p.paidAt,
        returnedAt: p.returnedAt ?? null,
      })) ?? null,
    due: fromMinor(dueMinor(r.parts)),
    pdfReady: r.pdfFile !== null,
  };
}

/** The unpaid parts; nothing once a part was returned (the order was cancelled before purchase). */
function dueMinor(parts: StoredInvoicePart[] | null): number {
  if (!parts || parts.some((p) => p.returnedAt)) return 0;
  return parts.filter((p) => !p.paidAt).reduce((s, p) => s + p.amountMinor, 0);
}

/**
 * A part of a two-part order's invoice was paid, or the deposit returned (decision 0140), in the
 * caller's unit of work: its date is written once (a repeat keeps the first) and the stored PDFs
 * are dropped, so the next download draws the invoice with it. No invoice for the order (it was
 * paid before invoices had parts) → nothing.
 */
export async function recordInvoicePart(
  db: DbOrUow,
  reference: string,
  part: StoredInvoicePart['part'],
  event: 'paid' | 'returned',
  at: Date = new Date(),
): Promise<void> {
  await inTransaction(db, async (uow: UnitOfWork) => {
    const [row] = rawRows(
      await uow.tx.execute(sql`select id, parts from invoices where reference = ${reference} for update`),
    );
    const parts = row?.parts as StoredInvoicePart[] | null | undefined;
    if (!row || !parts) return;
    const field = event === 'paid' ? 'paidAt' : 'returnedAt';
    const next = parts.map((p) => (p.part === part && !p[field] ? { ...p, [field]: at.toISOString() } : p));
    if (JSON.stringify(next) === JSON.stringify(parts)) return;
    await uow.tx.execute(sql`
      update invoices set parts = ${JSON.stringify(next)}::jsonb, pdf_file = null, pdf_files = '{}'::jsonb
      where id = ${String(row.id)}`);
  });
}

/** The API's invoice: only ever of a numbered row. */
function toInvoice(r: NumberedRow): Invoice {
  return { ...toIssued(r), number: r.number };
}

const notFound = () => AppError.notFound('invoices.not-found');

/** The user's invoice, numbered (numbering the pending ones first if it is not yet). */
async function ownRow(db: Db, userId: string, id: string): Promise<NumberedRow> {
  // Not a uuid → not ours (never a 500 from the database's cast).
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const read = () =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  const [row] = await read();
  if (!row) throw notFound();
  return (await ensureNumbered(db, [row], read))[0]!;
}

export async function getInvoice(db: Db, userId: string, id: string): Promise<Invoice> {
  return toInvoice(await ownRow(db, userId, id));
}

/**
 * The caller's invoices of these references (order ids), numbered, oldest first: the store
 * invoices page (decision 0118) shows each paid store order's invoices, one per marketplace order.
 */
export async function invoicesOfReferences(db: Db, userId: string, refs: readonly string[]): Promise<InvoiceSummary[]> {
  if (!refs.length) return [];
  const read = () =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), inArray(invoices.reference, [...new Set(refs)])))
      .orderBy(invoices.issuedAt, invoices.number);
  const rows = await ensureNumbered(db, await read(), read);
  return rows.map((r) => {
    const inv = toInvoice(r);
    return {
      id: inv.id,
      number: inv.number,
      reference: inv.reference,
      orderNumber: inv.orderNumber,
      issuedAt: inv.issuedAt,
      paidAt: inv.paidAt,
      payable: inv.payable,
      currency: inv.currency,
    };
  });
}

export async function listInvoices(db: Db, userId: string, q: InvoiceListQuery): Promise<Page<InvoiceSummary>> {
  const mine = q.reference
    ? and(eq(invoices.userId, userId), eq(invoices.reference, q.reference))
    : eq(invoices.userId, userId);
  const [total] = await db.select({ n: count() }).from(invoices).where(mine);
  const read = () =>
    db
      .select()
      .from(invoices)
      .where(mine)
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(q.size)
      .offset((q.current - 1) * q.size);
  const rows = await ensureNumbered(db, await read(), read);
  const records = rows.map((r) => {
    const inv = toInvoice(r);
    return {
      id: inv.id,
      number: inv.number,
      reference: inv.reference,
      orderNumber: inv.orderNumber,
      issuedAt: inv.issuedAt,
      paidAt: inv.paidAt,
      payable: inv.payable,
      currency: inv.currency,
    };
  });
  return toPage(records, Number(total!.n), q);
}

/**
 * The stored PDF of an invoice in `locale` (its own language unless told), rendering and storing
 * it first when it is not there yet: each language is rendered once (decision 0105). Only the
 * labels, dates' and amounts' writing differ between languages; the numbers, amounts and names
 * are the stored snapshot. Call it on the database, never inside a transaction (files are
 * written outside one, decision 0064). Rendering is deterministic and files are content
 * addressed, so a retried job, or the job and a download at once, keep one file; only the first
 * writer records it.
 */
export async function invoicePdf(db: Db, files: FileStore, given: Row, locale: Locale = given.locale): Promise<Buffer> {
  // Never print an invoice without its number (decision 0101).
  const [row] = await ensureNumbered(db, [given], () => rowsById(db, [given.id]));
  if (!row) throw new Error(`invoice ${given.id} does not exist`);
  const own = locale === row.locale;
  const known = own ? row.pdfFile : (row.pdfFiles[locale] ?? null);
  if (known) {
    const stored = await files.get('invoices', known);
    if (stored) return stored.bytes;
  }
  const bytes = await renderInvoicesPdf([{ ...toInvoice(row), locale }]);
  const saved = await saveFile(files, 'invoices', bytes);
  if (own)
    await db
      .update(invoices)
      .set({ pdfFile: saved.name })
      .where(and(eq(invoices.id, row.id), known ? eq(invoices.pdfFile, known) : isNull(invoices.pdfFile)));
  else
    await db
      .update(invoices)
      .set({ pdfFiles: sql`${invoices.pdfFiles} || jsonb_build_object(${locale}::text, ${saved.name}::text)` })
      .where(eq(invoices.id, row.id));
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

export async function ownInvoicePdf(
  db: Db,
  files: FileStore,
  userId: string,
  id: string,
  locale?: Locale,
): Promise<{ number: string; bytes: Buffer }> {
  const row = await ownRow(db, userId, id);
  return { number: row.number, bytes: await invoicePdf(db, files, row, locale) };
}

/**
 * Several of the user's invoices as one PDF, in the order asked, each in `locale` (its own
 * language unless told); any id not theirs → 404.
 */
export async function ownInvoicesPdf(db: Db, userId: string, ids: readonly string[], locale?: Locale): Promise<Buffer> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw notFound();
  const read = () =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), inArray(invoices.id, unique)));
  const found = await read();
  if (found.length !== unique.length) throw notFound();
  const rows = await ensureNumbered(db, found, read);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return renderInvoicesPdf(
    unique.map((id) => {
      const inv = toInvoice(byId.get(id)!);
      return { ...inv, locale: locale ?? inv.locale };
    }),
  );
}
