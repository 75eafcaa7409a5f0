import { z } from 'zod';
import { pageOf } from './common/paging';

/**
 * Excel order import (issue 23, decision 0125): orders from an .xls or .xlsx file become store
 * orders with `source = 'excel'`, after a preview that writes nothing.
 *
 * Routes (all under /api/p, a session needed, only ever the caller's own rows; another's → 404):
 *   GET  /p/excel-imports/template         → the template .xlsx in the caller's language
 *   POST /p/excel-imports                  multipart `file` → ExcelImportPreviewSchema (nothing imported yet)
 *   GET  /p/excel-imports                  PageQuery → page of ExcelImportSchema (the history)
 *   GET  /p/excel-imports/:id              → ExcelImportPreviewSchema
 *   POST /p/excel-imports/:id/import       ExcelImportBody → ExcelImportSchema (Idempotency-Key)
 *   GET  /p/excel-imports/:id/original     → the file as uploaded
 *   GET  /p/excel-imports/:id/errors       → the rows with errors, with an "error" column (.xlsx)
 */

/** One size limit, said in the instructions and enforced (SPEC §5 says 2 MB and 5 M: the kinder one). */
export const EXCEL_IMPORT_MAX_MB = 5;
export const EXCEL_IMPORT_MAX_ROWS = 10_000;

export const EXCEL_IMPORT_STATES = ['previewed', 'imported'] as const;
export type ExcelImportState = (typeof EXCEL_IMPORT_STATES)[number];

export const ExcelImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(EXCEL_IMPORT_STATES),
  rowCount: z.number().int(),
  orderCount: z.number().int(),
  /** Orders created (imported) or that would be (previewed). */
  successCount: z.number().int(),
  /** Orders left out: some row of theirs has an error. */
  failCount: z.number().int(),
  errorRowCount: z.number().int(),
  /** Why not everything was (or would be) imported, in the caller's language; null when all is well. */
  reason: z.string().nullable(),
  /** Who uploaded it. */
  uploadedBy: z.string(),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  originalUrl: z.string(),
  errorFileUrl: z.string().nullable(),
});
export type ExcelImport = z.infer<typeof ExcelImportSchema>;

export const ExcelRowErrorSchema = z.object({
  row: z.number().int(),
  /** The column's label in the caller's language; null for an error of the whole row. */
  column: z.string().nullable(),
  value: z.string(),
  expected: z.string(),
});
export type ExcelRowError = z.infer<typeof ExcelRowErrorSchema>;

export const ExcelImportPreviewSchema = ExcelImportSchema.extend({
  /** The first errors (the whole list is the error file). */
  errors: z.array(ExcelRowErrorSchema),
  /** This owner already imported these very bytes: when (importing again needs a confirmation). */
  duplicateOf: z.object({ id: z.string(), importedAt: z.string() }).nullable(),
});
export type ExcelImportPreview = z.infer<typeof ExcelImportPreviewSchema>;

export const ExcelImportPageSchema = pageOf(ExcelImportSchema);

/** The template's language: `?lang=`, else the request's Accept-Language. */
export const ExcelTemplateQuery = z.object({ lang: z.string().max(20).optional() });

export const ExcelImportIdParams = z.object({ id: z.string().max(40) });
export const ExcelImportBody = z.object({
  /** Import a file imported before all the same. */
  confirmDuplicate: z.boolean().default(false),
});
export type ExcelImportBody = z.infer<typeof ExcelImportBody>;
