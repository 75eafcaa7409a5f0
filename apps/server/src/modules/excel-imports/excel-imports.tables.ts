import { EXCEL_IMPORT_STATES } from '@dsm/contract';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables';
import type { MatchedOrder, RowError } from './excel-imports.types';

/**
 * An Excel upload record (SPEC §3: file, order count, success, fail, times, reason; decision
 * 0125). Made when a file is previewed (nothing else written then); the import turns it
 * `imported` in the unit of work that creates the store orders. The valid orders wait here
 * between the two, as matched at preview; the original and the error file live in the file
 * store's `imports` area under their content hash (`file` doubles as the duplicate check).
 */
export const excelImports = pgTable(
  'excel_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it (and imported it: the same owner). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The name the file had on the owner's computer (shown, never used as a path). */
    fileName: text('file_name').notNull(),
    /** The stored original: `<hash>.xlsx` / `<hash>.xls` in the `imports` area. */
    file: text('file').notNull(),
    /** The rows with errors and an "error" column, in the uploader's language; null when none. */
    errorFile: text('error_file'),
    state: text('state', { enum: EXCEL_IMPORT_STATES }).notNull().default('previewed'),
    rowCount: integer('row_count').notNull(),
    /** Order numbers in the file; `success` of them can be created (then: were), `fail` have a row with an error. */
    orderCount: integer('order_count').notNull(),
    successCount: integer('success_count').notNull(),
    failCount: integer('fail_count').notNull(),
    errorRowCount: integer('error_row_count').notNull(),
    /** Why not everything was imported: a message key under `excel-imports.` and its values. */
    reason: jsonb('reason').$type<{ key: string; params?: Record<string, string | number> }>(),
    errors: jsonb('errors').$type<RowError[]>().notNull().default([]),
    /** The valid orders, matched, until imported (then emptied). */
    pending: jsonb('pending').$type<MatchedOrder[]>().notNull().default([]),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [
    index('excel_imports_user_idx').on(t.userId, t.createdAt),
    index('excel_imports_file_idx').on(t.userId, t.file),
  ],
);
