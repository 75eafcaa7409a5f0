// The Excel order import's scenario of `npm run bench` (issue 23, decision 0132): a spreadsheet of
// N data rows (10,000, the import's limit, with --quick too; `--excel-rows N`) made here with the same
// library the server reads with, uploaded as a browser would (multipart, field `file`), then:
// - the preview: `POST /api/p/excel-imports`, from the first byte sent to the answer (stored,
//   read in the worker thread, checked, matched), target < 3 s;
// - the import: `POST /api/p/excel-imports/:id/import` (one unit of work), target < 10 s;
// - the server's resident memory before, and its peak during each step (target < 300 MB).
import { Blob } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import * as XLSX from '@e965/xlsx';
import { cpuPerRequest } from './checkout-drive.mjs';

export const EXCEL_TARGETS = { previewSeconds: 3, importSeconds: 10, peakRssMb: 300 };
/** How long after the import's answer the server's memory is still read (its orders' quote jobs). */
const QUOTES_WINDOW_MS = 8000;

const COUNTRIES = ['US', 'FR', 'DE', 'GB', 'TR', 'CN', 'Türkiye', 'France', '中国', 'Allemagne'];

/** Catalogue SKU codes to order (the first SKU of some seeded products), read as a client reads them. */
async function skuCodes(url, productIds, n = 30) {
  const codes = [];
  for (const prodId of productIds.slice(0, n)) {
    const res = await fetch(`${url}/api/prod/prodInfo?prodId=${prodId}`);
    const body = await res.json().catch(() => null);
    for (const s of body?.data?.skuList ?? []) codes.push(s.skuCode);
  }
  if (!codes.length) throw new Error('excel-import: no catalogue SKU found to order');
  return codes;
}

/**
 * A workbook of `rows` data rows under the template's header (column keys, which the reader
 * accepts as well as the labels): orders of 1–3 rows, the consignee on an order's first row,
 * store prices on most lines, a date, a phone stored as a number on some rows. Every row valid.
 */
export function ordersWorkbook(rows, codes) {
  const header = [
    'orderNumber',
    'sku',
    'quantity',
    'name',
    'phone',
    'email',
    'company',
    'country',
    'province',
    'city',
    'line1',
    'line2',
    'postcode',
    'price',
    'orderDate',
  ];
  const aoa = [header];
  let order = 0;
  while (aoa.length <= rows) {
    order++;
    const lines = Math.min(1 + (order % 3), rows + 1 - aoa.length);
    for (let j = 0; j < lines; j++) {
      const first = j === 0;
      aoa.push([
        `B-${order}`,
        codes[(order * 7 + j) % codes.length],
        1 + ((order + j) % 3),
        first ? `Buyer ${order}` : '',
        first ? (order % 4 === 0 ? 4155550100 + order : `+1 415 555 ${String(order % 10000).padStart(4, '0')}`) : '',
        first ? `buyer${order}@example.com` : '',
        '',
        first ? COUNTRIES[order % COUNTRIES.length] : '',
        first ? 'CA' : '',
        first ? 'San Francisco' : '',
        first ? `${order} Market St` : '',
        first && order % 5 === 0 ? `Apt ${order % 50}` : '',
        first ? '94105' : '',
        order % 10 === 0 ? '' : 9.9 + (order % 50),
        first ? '2026-03-31' : '',
      ]);
    }
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Orders');
  return { bytes: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }), orders: order };
}

/** The scenario; `meter()` reads CPU, the peak RSS since the last read and the RSS now. */
export async function excelImportScenario(url, o, ctx, meter) {
  const rows = o.excelRows ?? 10_000; // the target is on the import's limit, so --quick keeps it
  const token = ctx.sessions[2 % ctx.sessions.length].token;
  const auth = { authorization: `Bearer ${token}` };
  const codes = await skuCodes(url, ctx.productIds);
  const file = ordersWorkbook(rows, codes);
  console.log(
    `  excel-import: ${rows} rows (${file.orders} orders), ${(file.bytes.length / 1024).toFixed(0)} kB .xlsx: preview, then import`,
  );

  const before = await meter();
  const form = new globalThis.FormData(); // Node's own (undici), as a browser builds a form upload
  form.append(
    'file',
    new Blob([file.bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'bench-orders.xlsx',
  );
  let started = performance.now();
  const res = await fetch(`${url}/api/p/excel-imports`, { method: 'POST', headers: auth, body: form });
  const preview = await res.json().catch(() => null);
  const previewMs = performance.now() - started;
  const afterPreview = await meter();
  if (!res.ok || !preview?.success)
    return failed(rows, `preview: ${res.status} ${JSON.stringify(preview)?.slice(0, 300)}`, before, afterPreview);
  const p = preview.data;

  started = performance.now();
  const imp = await fetch(`${url}/api/p/excel-imports/${p.id}/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-excel-${p.id}` },
    body: JSON.stringify({}),
  });
  const imported = await imp.json().catch(() => null);
  const importMs = performance.now() - started;
  const afterImport = await meter();
  if (!imp.ok || !imported?.success)
    return failed(rows, `import: ${imp.status} ${JSON.stringify(imported)?.slice(0, 300)}`, before, afterImport);

  // The imported orders are quoted by jobs after the commit (decision 0120): their memory is the
  // import's too (decision 0146: the server peaked there, after the answer). On PGlite the jobs
  // cannot be counted from here, so a fixed window after the answer is metered.
  await new Promise((r) => setTimeout(r, QUOTES_WINDOW_MS));
  const afterQuotes = await meter();

  const kept = imported.data.successCount;
  const seconds = (ms) => Number((ms / 1000).toFixed(2));
  const r = {
    rows,
    orders: file.orders,
    previewOrders: p.successCount,
    previewErrors: p.errorRowCount,
    kept,
    previewSeconds: seconds(previewMs),
    importSeconds: seconds(importMs),
    seconds: seconds(previewMs + importMs),
    rps: Math.round((rows / (previewMs + importMs)) * 1000),
    requests: 2,
    errors: (kept === file.orders ? 0 : 1) + (p.errorRowCount ? 1 : 0),
    firstError:
      kept !== file.orders
        ? `${kept} of ${file.orders} orders imported (${p.errorRowCount} rows with errors)`
        : undefined,
    p50: null,
    p99: null,
    cpuMsPerRequest: cpuPerRequest(before, afterImport, 2),
    // The server's CPU time in each step: on a shared machine a steadier figure than the wall clock.
    previewCpuMs: cpuPerRequest(before, afterPreview, 1),
    importCpuMs: cpuPerRequest(afterPreview, afterImport, 1),
    rssBeforeMb: before.rssMb,
    peakRssBeforeMb: before.peakRssMb,
    previewPeakRssMb: afterPreview.peakRssMb,
    importPeakRssMb: afterImport.peakRssMb,
    quotesPeakRssMb: afterQuotes.peakRssMb,
    peakRssMb: Math.max(afterPreview.peakRssMb, afterImport.peakRssMb, afterQuotes.peakRssMb),
  };
  r.met =
    r.previewSeconds < EXCEL_TARGETS.previewSeconds &&
    r.importSeconds < EXCEL_TARGETS.importSeconds &&
    r.peakRssMb < EXCEL_TARGETS.peakRssMb &&
    r.errors === 0;
  r.detail = `${rows} rows / ${file.orders} orders: preview ${r.previewSeconds} s (target < ${EXCEL_TARGETS.previewSeconds}; server CPU ${r.previewCpuMs.node} ms), import ${r.importSeconds} s (target < ${EXCEL_TARGETS.importSeconds}; server CPU ${r.importCpuMs.node} ms), ${kept} orders imported; RSS ${r.rssBeforeMb} MB before (peak so far ${r.peakRssBeforeMb} MB), peak ${r.previewPeakRssMb} MB in the preview, ${r.importPeakRssMb} MB in the import, ${r.quotesPeakRssMb} MB in the ${QUOTES_WINDOW_MS / 1000} s after it (its quote jobs; target < ${EXCEL_TARGETS.peakRssMb})`;
  console.log(`    ${r.detail}`);
  return r;
}

function failed(rows, why, before, after) {
  console.log(`    excel-import failed: ${why}`);
  return {
    rows,
    requests: 2,
    errors: 1,
    firstError: why,
    rps: 0,
    p50: null,
    p99: null,
    cpuMsPerRequest: cpuPerRequest(before, after, 1),
    rssBeforeMb: before.rssMb,
    peakRssMb: after.peakRssMb,
    met: false,
    detail: `excel-import failed: ${why}`,
  };
}
