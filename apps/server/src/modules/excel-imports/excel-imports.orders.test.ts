import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingWorld, signedInUser, topUp } from '../../../test/factories';
import { createTestApp } from '../../../test/harness';

// Imported orders once in the store orders (issue 23, decision 0132), over HTTP as the pages ask:
// the list says which file and when instead of a sync; an order without store prices has no
// margin rather than a loss; paid, they are on the store invoices page with their invoices.
// PGlite, or PostgreSQL with TEST_DATABASE_URL. The shipping world ships PS-A and PS-B to Japan.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
  await shippingWorld(ctx);
});
afterAll(() => ctx.app.close());

type Owner = Awaited<ReturnType<typeof signedInUser>>;
const headers = (o: Owner, key: string | null = null) => ({
  authorization: `Bearer ${o.token}`,
  'accept-language': 'en-US',
  ...(key ? { 'idempotency-key': key } : {}),
});
const get = async (o: Owner, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: headers(o) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const post = (o: Owner, url: string, payload: object, key: string | null = crypto.randomUUID()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: headers(o, key) });

const HEADER = ['Order number*', 'SKU*', 'Quantity*', 'Consignee*', 'Phone*', 'Country*', 'City*', 'Address*', 'Price'];
const row = (n: string, sku: string, qty: number, price: number | '') => [
  n,
  sku,
  qty,
  'Aiko Tanaka',
  '+81 3 1234 5678',
  'JP',
  'Tokyo',
  '1-2-3 Shibuya',
  price,
];

/** Uploads a one-sheet workbook as the page does and imports its valid orders. */
async function importRows(o: Owner, fileName: string, rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Orders');
  const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  const boundary = `----xl${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const preview = await ctx.app.inject({
    method: 'POST',
    url: '/api/p/excel-imports',
    payload: body,
    headers: { ...headers(o), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const done = await post(o, `/api/p/excel-imports/${preview.json().data.id}/import`, {});
  expect(done.statusCode, done.body).toBe(200);
  while ((await ctx.app.jobs.drain()) > 0);
  return done.json().data as { importedAt: string; successCount: number };
}

type Row = {
  id: string;
  number: string;
  source: string;
  imported: { fileName: string; importedAt: string } | null;
  quote: {
    landed: number | null;
    sellingUsd: number | null;
    margin: number | null;
    marginPercent: number | null;
    sellingGiven?: boolean;
  } | null;
};

describe('imported orders among the store orders', () => {
  it('say the file and time they came from; without a store price, no margin (not a loss); with one, the margin', async () => {
    const o = await signedInUser(ctx.db);
    const done = await importRows(o, 'june-orders.xlsx', [
      row('#X1', 'PS-A', 2, ''), // no store price given
      row('#X2', 'PS-B', 1, 30),
      row('#X3', 'PS-A', 1, 12), // one line priced, the other not: no selling total either
      row('#X3', 'PS-B', 1, ''),
    ]);
    expect(done.successCount).toBe(3);
    const page = await get(o, '/api/p/store-orders?tab=related&size=10');
    const by = new Map<string, Row>(page.records.map((r: Row) => [r.number, r]));
    for (const r of by.values()) {
      expect(r.source).toBe('excel');
      // The file's name and the import's time, where a store's order shows its sync.
      expect(r.imported).toEqual({ fileName: 'june-orders.xlsx', importedAt: expect.any(String) });
      expect(Math.abs(Date.parse(r.imported!.importedAt) - Date.parse(done.importedAt))).toBeLessThan(60_000);
    }
    for (const n of ['#X1', '#X3']) {
      const q = by.get(n)!.quote!;
      expect(q.landed).toBeGreaterThan(0);
      expect(q).toMatchObject({ sellingGiven: false, sellingUsd: null, margin: null, marginPercent: null });
    }
    const priced = by.get('#X2')!.quote!;
    expect(priced.sellingGiven).toBe(true);
    expect(priced.sellingUsd).toBe(30);
    expect(priced.margin).toBeCloseTo(30 - priced.landed!, 2);

    // The pay page's quote says the same of each.
    const confirm = await post(
      o,
      '/api/p/store-orders/pay/confirm',
      { ids: [by.get('#X1')!.id, by.get('#X2')!.id] },
      null,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    const landed = new Map(
      confirm.json().data.orders.map((x: { number: string; landed: object }) => [x.number, x.landed]),
    );
    expect(landed.get('#X1')).toMatchObject({ sellingGiven: false, sellingUsd: null, margin: null });
    expect(landed.get('#X2')).toMatchObject({ sellingGiven: true, sellingUsd: 30 });
  });
});

describe('/api/p/store-orders/invoices', () => {
  it('lists paid imported orders with the invoices of their orders; a replay answers their links again', async () => {
    const o = await signedInUser(ctx.db);
    await topUp(ctx.db, o.userId, 100_000);
    await importRows(o, 'july.xlsx', [row('#Y1', 'PS-A', 1, 20), row('#Y2', 'PS-A', 1, ''), row('#Y2', 'PS-B', 1, '')]);
    const page = await get(o, '/api/p/store-orders?tab=related&size=10');
    const ids = page.records.map((r: Row) => r.id);
    expect(ids).toHaveLength(2);
    const quote = (await post(o, '/api/p/store-orders/pay/confirm', { ids }, null)).json().data;
    const key = crypto.randomUUID();
    const paid = await post(o, '/api/p/store-orders/pay', { confirmToken: quote.confirmToken, method: 'wallet' }, key);
    expect(paid.statusCode, paid.body).toBe(200);
    const { payment, storeOrders } = paid.json().data;
    expect(payment.outcome).toBe('success');
    // #Y2 ships from two warehouses: two orders.
    const links = new Map<string, string[]>(
      storeOrders.map((l: { storeOrderId: string; orderIds: string[] }) => [l.storeOrderId, l.orderIds]),
    );
    expect([...links.values()].map((x) => x.length).sort()).toEqual([1, 2]);
    const again = await post(o, '/api/p/store-orders/pay', { confirmToken: quote.confirmToken, method: 'wallet' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.storeOrders).toHaveLength(2);
    while ((await ctx.app.jobs.drain()) > 0);

    const invoices = await get(o, '/api/p/store-orders/invoices?current=1&size=10');
    expect(invoices.total).toBe(2);
    for (const r of invoices.records as Array<{
      storeOrderId: string;
      source: string;
      storeName: string;
      paidAt: string | null;
      invoices: Array<{ number: string; reference: string }>;
    }>) {
      expect(r).toMatchObject({ source: 'excel', storeName: '', paidAt: expect.any(String) });
      const orderIds = links.get(r.storeOrderId)!;
      expect(r.invoices.map((i) => i.reference).sort()).toEqual([...orderIds].sort());
      expect(r.invoices.every((i) => /^INV-\d{4}-\d{6}$/.test(i.number))).toBe(true);
    }
    // Another user sees none of them.
    const stranger = await signedInUser(ctx.db);
    expect((await get(stranger, '/api/p/store-orders/invoices?current=1&size=10')).total).toBe(0);
  });
});
