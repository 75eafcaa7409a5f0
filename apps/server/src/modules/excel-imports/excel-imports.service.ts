import {
  EXCEL_IMPORT_MAX_MB,
  EXCEL_IMPORT_MAX_ROWS,
  type ExcelImport,
  type ExcelImportBody,
  type ExcelImportPreview,
  type Locale,
  type PageQuery,
  toPage,
} from '@dsm/contract';
import { and, count, desc, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type FileStore, saveFile, sniffType } from '../../platform/files';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { findUserSummary } from '../accounts/accounts.service';
import { createImportedOrders } from '../store-orders/store-orders.service';
import { t } from './excel-imports.columns';
import { errorFile, errorText } from './excel-imports.files';
import { matchSkus } from './excel-imports.match';
import { READ_LIMITS, readSheet } from './excel-imports.reader';
import { findHeader, parseRows } from './excel-imports.rows';
import { excelImports } from './excel-imports.tables';

/**
 * The Excel order import's use cases (issue 23, decision 0125): preview (the file stored, read
 * in a worker, matched; the upload record written with the valid orders waiting in it; nothing
 * else), import (one unit of work: the store orders and the record), the history and the files.
 */

const MB = 1024 * 1024;
export const MAX_BYTES = EXCEL_IMPORT_MAX_MB * MB;
const SPREADSHEETS = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
]);
/** Errors shown in the preview; the error file has them all. */
const SHOWN_ERRORS = 200;

/**
 * A record without its waiting orders: what every read but the import's needs. The orders of a
 * 10,000-row file are megabytes of JSON; read and parsed only when imported (decision 0143).
 */
const { pending: _pending, ...shown } = getTableColumns(excelImports);
type Row = Omit<typeof excelImports.$inferSelect, 'pending'>;
const invalid = (messageKey: string, params?: Record<string, unknown>) =>
  AppError.invalid([{ field: 'file', messageKey: `excel-imports.${messageKey}`, params }]);

export interface Upload {
  fileName: string;
  bytes: Buffer;
}

export async function previewImport(
  db: Db,
  files: FileStore,
  userId: string,
  upload: Upload | undefined,
  locale: Locale,
): Promise<ExcelImportPreview> {
  if (!upload || upload.bytes.length === 0) throw invalid('file-required');
  if (upload.bytes.length > MAX_BYTES) throw invalid('too-large', { mb: EXCEL_IMPORT_MAX_MB });
  const type = sniffType(upload.bytes);
  if (!type || !SPREADSHEETS.has(type)) throw invalid('format-incorrect');
  // The file store's own checks (type by content, the zip-bomb check) run before any parsing.
  const saved = await store(() => saveFile(files, 'imports', upload.bytes, { field: 'file' }));
  const read = await readSheet(upload.bytes);
  if (!read.ok)
    throw invalid(read.reason === 'unreadable' || read.reason === 'no-sheet' ? 'format-incorrect' : 'too-complex');
  const header = findHeader(read.rows, READ_LIMITS.scanRows);
  if (!header) throw invalid('no-header');
  const dataRows = read.rows.filter((r) => r.row > header.row.row);
  if (dataRows.length > EXCEL_IMPORT_MAX_ROWS) throw invalid('too-many-rows', { max: EXCEL_IMPORT_MAX_ROWS });
  if (!dataRows.length) throw invalid('no-rows');
  const parsed = parseRows(read.rows, header);
  const matched = await matchSkus(db, userId, parsed);
  let errorName: string | null = null;
  if (matched.errors.length) {
    const bytes = await errorFile(header.row.cells, dataRows, matched.errors, locale);
    errorName = (await store(() => saveFile(files, 'imports', bytes, { field: 'file' }))).name;
  }
  const errorRows = new Set(matched.errors.map((e) => e.row)).size;
  const [row] = await db
    .insert(excelImports)
    .values({
      userId,
      fileName: cleanName(upload.fileName),
      file: saved.name,
      errorFile: errorName,
      rowCount: dataRows.length,
      orderCount: parsed.orders.length,
      successCount: matched.valid.length,
      failCount: matched.failCount,
      errorRowCount: errorRows,
      reason: reasonOf(matched.valid.length, errorRows),
      errors: matched.errors,
      pending: matched.valid,
      locale,
    })
    .returning(shown);
  return previewOf(db, row!, locale);
}

/** Storing failed for a reason of ours (not the file's): "Upload failed, please try again". */
async function store<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.business('import-upload-failed', 'excel-imports.upload-failed');
  }
}

function reasonOf(valid: number, errorRows: number): Row['reason'] {
  if (!errorRows) return null;
  return valid ? { key: 'reasons.partial', params: { fail: errorRows } } : { key: 'reasons.all-failed' };
}

/** A file name as shown: its last path part, without control characters, at most 200 characters. */
function cleanName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  // eslint-disable-next-line no-control-regex -- removing them is the point
  return last.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'orders.xlsx';
}

async function ownImport(db: Db, userId: string, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound('excel-imports.not-found');
  const [row] = await db
    .select(shown)
    .from(excelImports)
    .where(and(eq(excelImports.id, id), eq(excelImports.userId, userId)));
  if (!row) throw AppError.notFound('excel-imports.not-found');
  return row;
}

/** The same bytes this owner already imported (another record, imported), if any. */
async function earlierImport(db: Db, row: Row) {
  const [earlier] = await db
    .select({ id: excelImports.id, importedAt: excelImports.importedAt })
    .from(excelImports)
    .where(
      and(
        eq(excelImports.userId, row.userId),
        eq(excelImports.file, row.file),
        eq(excelImports.state, 'imported'),
        ne(excelImports.id, row.id),
      ),
    )
    .orderBy(desc(excelImports.importedAt))
    .limit(1);
  return earlier?.importedAt ? { id: earlier.id, importedAt: earlier.importedAt.toISOString() } : null;
}

/**
 * Imports the valid orders of a preview: the record locked, refused when already imported or
 * when these bytes were imported before and the owner did not confirm; the store orders and the
 * record's new state in the caller's one unit of work.
 */
export async function importPreviewed(
  uow: UnitOfWork,
  userId: string,
  id: string,
  body: ExcelImportBody,
  locale: Locale,
): Promise<ExcelImport> {
  await ownImport(uow.tx, userId, id);
  const [row] = await uow.tx.select().from(excelImports).where(eq(excelImports.id, id)).for('update');
  if (row!.state !== 'previewed') throw AppError.conflict('import-not-previewed', 'excel-imports.already-imported');
  const earlier = await earlierImport(uow.tx, row!);
  if (earlier && !body.confirmDuplicate) {
    throw AppError.conflict(
      'import-duplicate',
      'excel-imports.duplicate',
      { date: earlier.importedAt.slice(0, 10) },
      { duplicateOf: earlier },
    );
  }
  if (!row!.pending.length) throw AppError.business('import-nothing-valid', 'excel-imports.nothing-valid');
  const created = await createImportedOrders(uow, userId, { importId: id, fileName: row!.fileName }, row!.pending);
  const [done] = await uow.tx
    .update(excelImports)
    .set({ state: 'imported', importedAt: new Date(), successCount: created, pending: [] })
    .where(eq(excelImports.id, id))
    .returning(shown);
  return recordOf(done!, locale, await uploaderName(uow.tx, userId));
}

export async function getImport(db: Db, userId: string, id: string, locale: Locale): Promise<ExcelImportPreview> {
  return previewOf(db, await ownImport(db, userId, id), locale);
}

export async function listImports(db: Db, userId: string, q: PageQuery, locale: Locale) {
  const where = eq(excelImports.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(excelImports)
      .where(where)
      .orderBy(desc(excelImports.createdAt), desc(excelImports.id))
      .limit(q.size)
      .offset((q.current - 1) * q.size),
    db.select({ total: count() }).from(excelImports).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  const name = await uploaderName(db, userId);
  return toPage(
    rows.map((r) => recordOf(r, locale, name)),
    Number(total),
    q,
  );
}

/** The original or the error file of the caller's import; another's → 404. */
export async function importFile(db: Db, files: FileStore, userId: string, id: string, which: 'original' | 'errors') {
  const row = await ownImport(db, userId, id);
  const name = which === 'original' ? row.file : row.errorFile;
  const stored = name ? await files.get('imports', name) : null;
  if (!stored) throw AppError.notFound('files.not-found');
  const base = row.fileName.replace(/\.(xlsx?|XLSX?)$/, '');
  return {
    bytes: stored.bytes,
    contentType: stored.contentType,
    fileName: which === 'original' ? row.fileName : `${base}-errors.xlsx`,
  };
}

async function uploaderName(db: Db, userId: string): Promise<string> {
  const user = await findUserSummary(db, userId);
  return user?.username || user?.email || '';
}

function recordOf(r: Row, locale: Locale, uploadedBy: string): ExcelImport {
  return {
    id: r.id,
    fileName: r.fileName,
    state: r.state,
    rowCount: r.rowCount,
    orderCount: r.orderCount,
    successCount: r.successCount,
    failCount: r.failCount,
    errorRowCount: r.errorRowCount,
    reason: r.reason ? t(locale, r.reason.key, r.reason.params) : null,
    uploadedBy,
    createdAt: r.createdAt.toISOString(),
    importedAt: r.importedAt?.toISOString() ?? null,
    originalUrl: `/api/p/excel-imports/${r.id}/original`,
    errorFileUrl: r.errorFile ? `/api/p/excel-imports/${r.id}/errors` : null,
  };
}

async function previewOf(db: Db, r: Row, locale: Locale): Promise<ExcelImportPreview> {
  return {
    ...recordOf(r, locale, await uploaderName(db, r.userId)),
    errors: r.errors.slice(0, SHOWN_ERRORS).map((e) => ({
      row: e.row,
      column: e.column ? t(locale, `columns.${e.column}`) : null,
      value: e.value,
      expected: errorText({ ...e, column: null, value: '' }, locale),
    })),
    duplicateOf: r.state === 'previewed' ? await earlierImport(db, r) : null,
  };
}
