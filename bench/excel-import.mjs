// The Excel import scenario of `npm run bench` (issue 23, decision 0125): one owner uploads a
// 10,000-row .xlsx (5,000 orders of two lines, catalogue SKUs of the seeded products) and imports
// it. Timed to each answer: the preview (upload, the worker's read, matching, the error file, the
// record) and the import (every store order in one unit of work); the server's peak RSS over both.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const XLSX = createRequire(import.meta.url)('@e965/xlsx');
export const EXCEL_TARGETS = { previewMs: 3000, importMs: 10_000, peakRssMb: 300 };
const HEADER = [
  'Order number*',
  'SKU*',
  'Quantity*',
  'Consignee*',
  'Phone*',
  'Country*',
  'City*',
  'Address*',
  'Postcode',
];

async function answer(res, what) {
  const json = await res.json().catch(() => null);
  if (!res.ok || !json?.success) throw new Error(`${what}: ${res.status} ${JSON.stringify(json)?.slice(0, 300)}`);
  return json.data;
}

/** A workbook of `rows` order lines, two per order, the SKU codes in turn. */
function workbook(codes, rows) {
  const data = [HEADER];
  for (let i = 0; i < rows; i++) {
    const order = Math.floor(i / 2);
    data.push([
      `BENCH-${order}`,
      codes[i % codes.length],
      1 + (i % 3),
      `Buyer ${order}`,
      '+1 415 555 0100',
      'US',
      'Austin',
      `${order} Main St`,
      '73301',
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(data), 'Orders');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true });
}

export async function excelImportScenario(url, o, ctx, meter) {
  // The target is a 10,000-row file whatever the seed's size (--quick too).
  const rows = 10_000;
  const token = ctx.sessions[0].token;
  const codes = [];
  for (const s of ctx.skus.slice(0, 20)) {
    const product = await answer(await fetch(`${url}/api/prod/prodInfo?prodId=${s.prodId}`), 'prodInfo');
    codes.push(...product.skuList.map((x) => x.skuCode));
  }
  const bytes = workbook(codes, rows);
  console.log(`  excel-import: a ${rows}-row .xlsx (${Math.round(bytes.length / 1024)} kB), preview then import`);
  const before = await meter();
  // The form a browser sends: one `file` part.
  const boundary = `----bench${randomUUID()}`;
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let started = performance.now();
  const preview = await answer(
    await fetch(`${url}/api/p/excel-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
    'preview',
  );
  const previewMs = performance.now() - started;
  started = performance.now();
  const done = await answer(
    await fetch(`${url}/api/p/excel-imports/${preview.id}/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ confirmDuplicate: true }),
    }),
    'import',
  );
  const importMs = performance.now() - started;
  const m = await meter();
  const orders = rows / 2;
  const result = {
    rows,
    orders,
    kept: done.successCount,
    previewMs: Math.round(previewMs),
    importMs: Math.round(importMs),
    requests: 2,
    errors: preview.errorRowCount + (done.successCount === orders ? 0 : 1),
    firstError: preview.errors[0] ? JSON.stringify(preview.errors[0]) : undefined,
    p50: null,
    p99: null,
    peakRssMb: m.peakRssMb,
    cpuMsPerRequest: null,
    detail: `${rows} rows (${orders} orders): preview ${(previewMs / 1000).toFixed(2)} s, import ${(importMs / 1000).toFixed(2)} s, ${done.successCount} orders created, peak RSS ${m.peakRssMb} MB`,
  };
  void before;
  console.log(`    ${result.detail}`);
  return { 'excel-import': result };
}
