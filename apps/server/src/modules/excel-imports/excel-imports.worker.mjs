// @ts-check
// The spreadsheet reader's thread (decision 0125). Plain JavaScript on purpose: Node 20 cannot
// start a worker from TypeScript, and this one file runs unchanged from the sources (vitest, tsx)
// and beside the bundle (scripts/build-server.mjs copies it to dist/). It reads one workbook's
// first visible sheet and answers its cells as values; the limits of rows and cells are checked
// here, while reading, and the thread's memory and time are bounded by whoever started it.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/** @typedef {{ maxRows: number, maxColumns: number, maxCells: number, scanRows: number }} Limits */

/**
 * A cell's value as the reader keeps it: text, a number, a date ('YYYY-MM-DD', from a date
 * serial or a date cell), a boolean as text; a formula counts by its cached value; null when empty.
 * @param {any} cell
 * @returns {string | number | { date: string } | null}
 */
function valueOf(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  if (cell.t === 'e') return null;
  if (cell.t === 'd' && cell.v instanceof Date) {
    if (Number.isNaN(cell.v.getTime())) return null;
    return { date: cell.v.toISOString().slice(0, 10) };
  }
  if (cell.t === 'n') {
    // A number formatted as a date is a date serial: the day it names (time of day dropped).
    if (cell.z && XLSX.SSF.is_date(cell.z)) {
      const d = XLSX.SSF.parse_date_code(cell.v);
      if (d && d.y > 0)
        return {
          date: `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`,
        };
    }
    return cell.v;
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  // Our error file writes text that could run as a formula with a leading apostrophe; it goes again here.
  const text = String(cell.v)
    .trim()
    .replace(/^'(?=[=+\-@])/, '');
  return text === '' ? null : text;
}

/**
 * @param {Uint8Array} bytes
 * @param {Limits} limits
 */
function read(bytes, limits) {
  const wb = XLSX.read(bytes, {
    type: 'array',
    dense: true,
    cellDates: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
    // One row more than a title, the header and the allowed rows: enough to know it is too many.
    sheetRows: limits.scanRows + limits.maxRows + 1,
  });
  const hidden = wb.Workbook?.Sheets ?? [];
  const index = wb.SheetNames.findIndex((_, i) => !hidden[i]?.Hidden);
  if (index < 0) return { ok: false, reason: 'no-sheet' };
  const ws = wb.Sheets[wb.SheetNames[index]];
  /** @type {any[][]} */
  const data = (ws && ws['!data']) || [];
  /** @type {{ row: number, cells: (string | number | { date: string } | null)[] }[]} */
  const rows = [];
  let cells = 0;
  for (let r = 0; r < data.length; r++) {
    const line = data[r];
    if (!line) continue;
    /** @type {(string | number | { date: string } | null)[]} */
    const out = [];
    let filled = false;
    const width = Math.min(line.length, limits.maxColumns);
    for (let c = 0; c < width; c++) {
      const v = valueOf(line[c]);
      out.push(v);
      if (v !== null) filled = true;
    }
    if (!filled) continue; // empty rows are skipped; their numbers stay the sheet's own
    while (out.length && out[out.length - 1] === null) out.pop();
    cells += out.length;
    if (cells > limits.maxCells) return { ok: false, reason: 'too-many-cells' };
    rows.push({ row: r + 1, cells: out });
  }
  return { ok: true, sheet: wb.SheetNames[index], rows };
}

const { bytes, limits } = workerData;
try {
  parentPort?.postMessage(read(bytes, limits));
} catch {
  // Whatever SheetJS could not read is "not a spreadsheet" to the user; no detail leaves.
  parentPort?.postMessage({ ok: false, reason: 'unreadable' });
}
