import countries from 'i18n-iso-countries';
import { COLUMNS, type Column, type ColumnKey, columnOfHeader } from './excel-imports.columns';
import type { CellValue, SheetRow } from './excel-imports.reader';
import type { ParsedOrder, RowError } from './excel-imports.types';

export type { ParsedLine, ParsedOrder, RowError } from './excel-imports.types';

/**
 * Rows → orders (decision 0125): the header row found (a title may stand above it), each data
 * row read into the template's fields with row-level errors (row, column, the value found, what
 * was expected), rows of one order number grouped into one order. SKUs are matched afterwards
 * (`excel-imports.match.ts`): this file needs no database.
 */

export interface ParsedSheet {
  headerRow: number;
  /** Index of each template column in the sheet's rows (the user's order of columns is kept). */
  columns: Partial<Record<ColumnKey, number>>;
  headerCells: CellValue[];
  dataRows: SheetRow[];
  orders: ParsedOrder[];
  errors: RowError[];
}

/** The first row (of the first `scanRows` rows) naming every required column; null if none does. */
export function findHeader(rows: readonly SheetRow[], scanRows: number) {
  for (const candidate of rows.slice(0, scanRows)) {
    const columns: Partial<Record<ColumnKey, number>> = {};
    candidate.cells.forEach((cell, i) => {
      const key = columnOfHeader(cell);
      if (key && columns[key] === undefined) columns[key] = i;
    });
    if (COLUMNS.every((c) => !c.required || columns[c.key] !== undefined)) return { row: candidate, columns };
  }
  return null;
}

export function shownValue(v: CellValue): string {
  if (v === null) return '';
  if (typeof v === 'object') return v.date;
  return String(v);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LANGS = ['en', 'zh', 'fr', 'tr'];
/** i18n-iso-countries also knows alpha-3 and lower case; the rule is upper-case alpha-2 (as accounts'). */
const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()));
const isKnownCountry = (code: string) => ALPHA2.has(code);

export function countryCodeOf(text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(upper)) return isKnownCountry(upper) ? upper : null;
  for (const lang of LANGS) {
    const code = countries.getAlpha2Code(text.trim(), lang);
    if (code && isKnownCountry(code)) return code;
  }
  return null;
}

/** An Excel date serial (days since 1899-12-30) as 'YYYY-MM-DD'. */
function serialDate(n: number): string | null {
  if (!Number.isFinite(n) || n < 1 || n > 2_958_465) return null;
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(n) * 86_400_000).toISOString().slice(0, 10);
}

type Read = { ok: true; value: string | number | null } | { ok: false; key: string; params?: Record<string, number> };

/** One cell read as its column wants it; null when empty (and not required). */
export function readCell(column: Pick<Column, 'kind' | 'max'> & { required: boolean }, v: CellValue): Read {
  if (v === null || v === '') {
    return column.required ? { ok: false, key: 'required' } : { ok: true, value: null };
  }
  switch (column.kind) {
    case 'integer': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isInteger(n) || n <= 0) return { ok: false, key: 'integer' };
      if (n > column.max) return { ok: false, key: 'too-big', params: { max: column.max } };
      return { ok: true, value: n };
    }
    case 'money': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN;
      const minor = Math.round(n * 100);
      if (!Number.isFinite(n) || n < 0 || Math.abs(minor - n * 100) > 1e-6 || n > column.max) {
        return { ok: false, key: 'money' };
      }
      return { ok: true, value: minor };
    }
    case 'date': {
      if (typeof v === 'object') return { ok: true, value: v.date };
      const date =
        typeof v === 'number'
          ? serialDate(v)
          : /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))
            ? v
            : null;
      return date ? { ok: true, value: date } : { ok: false, key: 'date' };
    }
    case 'country': {
      const code = countryCodeOf(shownValue(v));
      return code ? { ok: true, value: code } : { ok: false, key: 'country' };
    }
    default: {
      // Text wanted: a number is its digits (a phone stored as a number), a date its ISO day.
      const text = typeof v === 'number' ? (Number.isInteger(v) ? v.toFixed(0) : String(v)) : shownValue(v);
      if (text.length > column.max) return { ok: false, key: 'too-long', params: { max: column.max } };
      if (column.kind === 'email' && !EMAIL.test(text)) return { ok: false, key: 'email' };
      return { ok: true, value: text };
    }
  }
}

const SAME_ORDER: ColumnKey[] = ['name', 'country', 'city', 'line1'];
const LINE_COLUMNS = new Set<ColumnKey>(['orderNumber', 'sku', 'quantity', 'price']);

/** The data rows under the header, read and grouped into orders; every problem as a RowError. */
export function parseRows(rows: readonly SheetRow[], header: NonNullable<ReturnType<typeof findHeader>>): ParsedSheet {
  const dataRows = rows.filter((r) => r.row > header.row.row);
  const errors: RowError[] = [];
  const byNumber = new Map<string, ParsedOrder>();
  const badNumbers = new Set<string>();
  for (const r of dataRows) {
    const fields: Partial<Record<ColumnKey, string | number | null>> = {};
    const rowErrors: RowError[] = [];
    const numberCell = r.cells[header.columns.orderNumber!] ?? null;
    // A further row of an order needs only its line: the consignee is the first row's.
    const continues = byNumber.has(shownValue(numberCell));
    for (const column of COLUMNS) {
      const at = header.columns[column.key];
      const cell = at === undefined ? null : (r.cells[at] ?? null);
      const read = readCell(continues && !LINE_COLUMNS.has(column.key) ? { ...column, required: false } : column, cell);
      if (read.ok) fields[column.key] = read.value;
      else rowErrors.push({ row: r.row, column: column.key, value: shownValue(cell), expected: read });
    }
    const number = shownValue(numberCell);
    let order = byNumber.get(number);
    if (!order) {
      order = {
        number,
        rows: [],
        name: String(fields.name ?? ''),
        phone: String(fields.phone ?? ''),
        email: String(fields.email ?? ''),
        company: String(fields.company ?? ''),
        countryCode: String(fields.country ?? ''),
        province: String(fields.province ?? ''),
        city: String(fields.city ?? ''),
        line1: String(fields.line1 ?? ''),
        line2: String(fields.line2 ?? ''),
        postcode: String(fields.postcode ?? ''),
        orderDate: typeof fields.orderDate === 'string' ? fields.orderDate : null,
        lines: [],
      };
      byNumber.set(number, order);
    } else {
      // A later row of the order repeats its consignee or leaves it empty; a different one is a mistake.
      for (const key of SAME_ORDER) {
        const mine = key === 'country' ? order.countryCode : order[key as 'name' | 'city' | 'line1'];
        const value = fields[key];
        if (value !== null && value !== undefined && String(value) !== mine) {
          rowErrors.push({
            row: r.row,
            column: key,
            value: String(value),
            expected: { key: 'order-differs' },
          });
          break;
        }
      }
    }
    order.rows.push(r.row);
    if (rowErrors.length) {
      errors.push(...rowErrors);
      badNumbers.add(number);
    } else {
      order.lines.push({
        row: r.row,
        sku: String(fields.sku),
        quantity: Number(fields.quantity),
        unitPriceMinor: typeof fields.price === 'number' ? fields.price : null,
      });
    }
  }
  return {
    headerRow: header.row.row,
    columns: header.columns,
    headerCells: header.row.cells,
    dataRows,
    orders: [...byNumber.values()],
    errors: withOrderRows(errors, [...byNumber.values()], badNumbers),
  };
}

/** The other rows of an order with an error are left out with it, each told why. */
export function withOrderRows(
  errors: RowError[],
  orders: readonly ParsedOrder[],
  bad: ReadonlySet<string>,
): RowError[] {
  const withError = new Set(errors.map((e) => e.row));
  const out = [...errors];
  for (const o of orders) {
    if (!bad.has(o.number)) continue;
    for (const row of o.rows) {
      if (!withError.has(row)) out.push({ row, column: null, value: '', expected: { key: 'order-row' } });
    }
  }
  return out.sort((a, b) => a.row - b.row);
}
