import type { Locale } from '@dsm/contract';
import type * as XLSX from '@e965/xlsx';
import { loadXlsx } from '../../platform/xlsx';
import { COLUMNS, headerLabel, t } from './excel-imports.columns';
import type { CellValue, SheetRow } from './excel-imports.reader';
import type { RowError } from './excel-imports.rows';

/**
 * The spreadsheets this module writes (decision 0125): the template in the caller's language and
 * the rows with errors. Both are .xlsx. Text that a spreadsheet program could take for a formula
 * (starting with =, +, -, @) is written with a leading apostrophe, and the reader drops that
 * apostrophe again, so an error file fixed and uploaded again reads as the user typed it.
 */

/** A text cell that cannot run: "=HYPERLINK(…)" → "'=HYPERLINK(…)". */
export function escapeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cellOf(v: CellValue): XLSX.CellObject | undefined {
  if (v === null) return undefined;
  if (typeof v === 'number') return { t: 'n', v };
  if (typeof v === 'object') return { t: 's', v: v.date };
  return { t: 's', v: escapeText(v) };
}

async function write(
  sheets: Array<{ name: string; rows: Array<Array<XLSX.CellObject | undefined>>; widths?: number[] }>,
) {
  const { utils, write: writeBook } = await loadXlsx();
  const wb = utils.book_new();
  for (const s of sheets) {
    const ws: XLSX.WorkSheet = {};
    let width = 0;
    s.rows.forEach((row, r) => {
      width = Math.max(width, row.length);
      row.forEach((cell, c) => {
        if (cell) ws[utils.encode_cell({ r, c })] = cell;
      });
    });
    ws['!ref'] = utils.encode_range({
      s: { r: 0, c: 0 },
      e: { r: Math.max(0, s.rows.length - 1), c: Math.max(0, width - 1) },
    });
    if (s.widths) ws['!cols'] = s.widths.map((wch) => ({ wch }));
    utils.book_append_sheet(wb, ws, s.name);
  }
  return writeBook(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const text = (v: string): XLSX.CellObject => ({ t: 's', v: escapeText(v) });

/** The template: the header (required marked *), one example row; a second sheet explains each column. */
export function templateFile(locale: Locale): Promise<Buffer> {
  const header = COLUMNS.map((c) => text(headerLabel(c, locale)));
  const example = COLUMNS.map((c): XLSX.CellObject | undefined => {
    if (c.example === '') return undefined;
    // The phone stays text (z: '@'), so a spreadsheet keeps its + and leading zeros.
    if (c.kind === 'phone') return { t: 's', v: String(c.example), z: '@' };
    if (typeof c.example === 'number') return { t: 'n', v: c.example };
    return text(String(c.example));
  });
  const formatOf = (c: (typeof COLUMNS)[number]) =>
    c.kind === 'text' ? t(locale, 'format.text', { max: c.max }) : t(locale, `format.${c.kind}`);
  const help = [
    ['column', 'meaning', 'format', 'example'].map((k) => text(t(locale, `help-header.${k}`))),
    ...COLUMNS.map((c) => [
      text(headerLabel(c, locale)),
      text(t(locale, `meaning.${c.key}`)),
      text(formatOf(c)),
      text(String(c.example)),
    ]),
    [],
    [text(t(locale, 'required-mark'))],
  ];
  return write([
    { name: t(locale, 'sheet-data'), rows: [header, example], widths: COLUMNS.map(() => 16) },
    { name: t(locale, 'sheet-help'), rows: help, widths: [22, 60, 60, 20] },
  ]);
}

/** "Quantity: A whole number greater than 0 (found: abc)" */
export function errorText(e: RowError, locale: Locale): string {
  const expected = t(locale, `errors.${e.expected.key}`, e.expected.params);
  const column = e.column ? `${t(locale, `columns.${e.column}`)}: ` : '';
  return `${column}${expected}${e.value ? ` (${e.value})` : ''}`;
}

/**
 * The rows with errors as the user wrote them (the file's own header and columns), each with an
 * "error" column at the end saying everything wrong with it, in the uploader's language.
 */
export function errorFile(header: CellValue[], rows: readonly SheetRow[], errors: readonly RowError[], locale: Locale) {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), errorText(e, locale)]);
  const width = Math.max(header.length, ...rows.filter((r) => byRow.has(r.row)).map((r) => r.cells.length));
  const pad = (cells: CellValue[]) => Array.from({ length: width }, (_, i) => cellOf(cells[i] ?? null));
  const out = [[...pad(header), text(t(locale, 'columns.error'))]];
  for (const r of rows) {
    const problems = byRow.get(r.row);
    if (problems) out.push([...pad(r.cells), text(problems.join('; '))]);
  }
  return write([{ name: t(locale, 'sheet-data'), rows: out }]);
}
