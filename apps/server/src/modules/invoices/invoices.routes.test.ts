import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser, sampleInput } from '../../../test/factories';
import { jobs } from '../../platform/jobs/jobs.tables';
import type { FileStore } from '../../platform/files';
import { type IssueInvoiceInput, INVOICE_NUMBER_PENDING_JOB, invoicePdf, issueInvoice } from './invoices.service';
import { invoices } from './invoices.tables';
import { rawRows } from '../../db/rows';

/** A store that keeps nothing (to render afresh without touching the real one). */
const noStore: FileStore = {
  kind: 'disk',
  put: async () => {},
  get: async () => null,
  has: async () => false,
  delete: async () => false,
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'invoices-test-'));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function buyer() {
  const { userId, email } = await newUser(ctx.db);
  return { userId, token: await sessionFor(ctx.db, email) };
}
const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const download = (token: string, ids: string[]) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/p/invoices/download',
    payload: { ids },
    headers: { authorization: `Bearer ${token}` },
  });

/** The text a reader of the PDF gets (poppler's pdftotext, layout kept). */
function pdfText(bytes: Buffer): string {
  const file = path.join(dataDir, `t-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}
/** Issued on the database (its own unit of work): it comes back numbered, the number read after the commit. */
async function issue(input: IssueInvoiceInput) {
  const inv = await issueInvoice(ctx.db, input);
  expect(inv.number).toMatch(/^INV-\d{4}-\d{6}$/);
  const [stored] = await rows(sql`select number from invoices where id = ${inv.id}`);
  expect(stored!.number).toBe(inv.number);
  return { ...inv, number: inv.number! };
}

/** Issued in a unit whose after-commit numbering never runs (the process died right after the commit). */
async function issueLeftUnnumbered(input: IssueInvoiceInput) {
  return ctx.db.transaction(async (tx) =>
    issueInvoice(
      {
        tx,
        root: ctx.db,
        afterCommit: () => {},
        enqueue: async () => {
          throw new Error('not in this test');
        },
      },
      input,
    ),
  );
}

const rows = async (q: ReturnType<typeof sql>) => rawRows(await ctx.db.execute(q));

describe('invoice PDF', () => {
  it('zh-CN: Chinese labels and product name, Turkish letters of the buyer, the numbers with 2 decimals and the currency', async () => {
    const { userId, token } = await buyer();
    const inv = await issue(sampleInput(userId, 'zh-CN'));
    const res = await get(token, `/api/p/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      '发票',
      '无线蓝牙耳机',
      '单价',
      '税费',
      '应付金额',
      inv.number,
      'Ayşe Yılmaz',
      'İstiklal',
      'Güneş İthalat',
      'Çiçekli ışıklı kupa',
    ]) {
      expect(text).toContain(expected);
    }
    // Unit price, amount, tax and total.
    expect(text).toMatch(/12\.50\s+2\s+25\.00/);
    expect(text).toContain('3.23 USD');
    expect(text).toContain('39.73 USD');
    // The service fee is named as checkout names it.
    expect(text).toMatch(/服务费\s+0\.50 USD/);
  });

  it('tr-TR: Turkish labels (ğ, ş, ı, İ) and Turkish number format', async () => {
    const { userId, token } = await buyer();
    const inv = await issue(sampleInput(userId, 'tr-TR'));
    const text = pdfText((await get(token, `/api/p/invoices/${inv.id}/pdf`)).rawPayload);
    for (const expected of [
      'Fatura',
      'Ödenecek tutar',
      'İndirim',
      'Ödeme yöntemi',
      'Cüzdan bakiyesi',
      'Alıcı',
      'Satıcı',
      'Kargo ücreti',
      '无线蓝牙耳机',
      'Çiçekli ışıklı kupa',
      'Ayşe Yılmaz',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/12,50\s+2\s+25,00/);
    expect(text).toContain('3,23 USD');
    expect(text).toContain('39,73 USD');
    expect(text).toContain('-1,00 USD');
    expect(text).toMatch(/Hizmet bedeli\s+0,50 USD/);
    expect(text).toMatch(/İşlem ücreti\s+0,75 USD/);
  });

  it('no discount prints 0.00, not -0.00', async () => {
    const { userId, token } = await buyer();
    const inv = await issue(sampleInput(userId, 'en-US', { discountMinor: 0, payableMinor: 4073 }));
    const text = pdfText((await get(token, `/api/p/invoices/${inv.id}/pdf`)).rawPayload);
    expect(text).toMatch(/Discount\s+0\.00 USD/);
    expect(text).not.toContain('-0.00');
    // The service fee is named as checkout names it, not "Operate amount".
    expect(text).toMatch(/Service fee\s+0\.50 USD/);
    expect(text).not.toContain('Operate');
  });

  it('the first download stores one file; a render job or a second download keeps that one file', async () => {
    const { userId, token } = await buyer();
    const inv = await issue(sampleInput(userId, 'fr-FR'));
    expect((await get(token, `/api/p/invoices/${inv.id}`)).json().data.pdfReady).toBe(false);
    // Issuing queued nothing (decision 0094): the PDF is drawn on its first download.
    expect(await rows(sql`select id from jobs where type = 'invoice.render' and payload->>'id' = ${inv.id}`)).toEqual(
      [],
    );
    expect((await get(token, `/api/p/invoices/${inv.id}`)).json().data.pdfReady).toBe(false);
    await get(token, `/api/p/invoices/${inv.id}/pdf`);
    const [after] = await rows(sql`select pdf_file from invoices where id = ${inv.id}`);
    expect(after!.pdf_file).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect((await get(token, `/api/p/invoices/${inv.id}`)).json().data.pdfReady).toBe(true);
    // A job queued before this change (or by hand, delivered at least once) and another download keep the same file.
    await ctx.db.insert(jobs).values({ type: 'invoice.render', payload: { id: inv.id } });
    await ctx.app.jobs.drain();
    await get(token, `/api/p/invoices/${inv.id}/pdf`);
    const [again] = await rows(sql`select pdf_file from invoices where id = ${inv.id}`);
    expect(again!.pdf_file).toBe(after!.pdf_file);
    // Rendering is deterministic: a second render is byte for byte the stored one (one content-addressed file).
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, inv.id));
    const stored = (await get(token, `/api/p/invoices/${inv.id}/pdf`)).rawPayload;
    expect((await invoicePdf(ctx.db, noStore, { ...row!, pdfFile: null })).equals(stored)).toBe(true);
    const text = pdfText((await get(token, `/api/p/invoices/${inv.id}/pdf`)).rawPayload);
    expect(text).toContain('Montant à payer');
    expect(text).toContain('39,73 USD');
    expect(text).toMatch(/Frais de service\s+0,50 USD/);
  });
});

describe('invoice routes', () => {
  it("lists the user's own invoices, newest first; another user's invoice is not found everywhere", async () => {
    const a = await buyer();
    const b = await buyer();
    const first = await issue(
      sampleInput(a.userId, 'en-US', { issuedAt: new Date('2026-01-02T00:00:00Z'), reference: randomUUID() }),
    );
    const second = await issue(sampleInput(a.userId, 'en-US', { issuedAt: new Date('2026-01-03T00:00:00Z') }));
    const theirs = await issue(sampleInput(b.userId, 'en-US', { reference: randomUUID() }));

    const list = (await get(a.token, '/api/p/invoices?current=1&size=10')).json().data;
    expect(list.total).toBe(2);
    expect(list.records.map((r: { number: string }) => r.number)).toEqual([second.number, first.number]);
    expect(list.records[0].payable).toBe(39.73);

    // By order (the order screens' link): only the caller's invoice of that order.
    const ofFirst = (await get(a.token, `/api/p/invoices?reference=${first.reference}`)).json().data;
    expect(ofFirst.records.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await get(a.token, `/api/p/invoices?reference=${theirs.reference}`)).json().data.total).toBe(0);

    const one = (await get(a.token, `/api/p/invoices/${first.id}`)).json().data;
    expect(one).toMatchObject({
      number: first.number,
      tax: 3.23,
      payable: 39.73,
      paymentMethod: 'wallet',
      locale: 'en-US',
    });
    expect(one.lines[0]).toMatchObject({ title: '无线蓝牙耳机', unitPrice: 12.5, quantity: 2, amount: 25 });
    expect(one.billFrom.name).toContain('DEMO');

    for (const res of [
      await get(a.token, `/api/p/invoices/${theirs.id}`),
      await get(a.token, `/api/p/invoices/${theirs.id}/pdf`),
      await get(a.token, '/api/p/invoices/not-a-uuid'),
      await download(a.token, [first.id, theirs.id]),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('This invoice does not exist');
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/p/invoices/${first.id}` })).statusCode).toBe(401);
  });

  it('downloads several invoices as one PDF, in the order asked', async () => {
    const a = await buyer();
    const x = await issue(sampleInput(a.userId, 'en-US'));
    const y = await issue(sampleInput(a.userId, 'zh-CN'));
    const res = await download(a.token, [y.id, x.id]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('invoices.pdf');
    const text = pdfText(res.rawPayload);
    expect(text.indexOf(y.number)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(y.number)).toBeLessThan(text.indexOf(x.number));
    expect(text).toContain('Payable amount');
    expect(text).toContain('应付金额');
    expect((await download(a.token, [])).statusCode).toBe(400);
  });

  it('an invoice left unnumbered is numbered before any route shows or prints it; the sweep runs every minute', async () => {
    const a = await buyer();
    const listed = await issueLeftUnnumbered(
      sampleInput(a.userId, 'en-US', { issuedAt: new Date('2045-01-01T00:00:00Z') }),
    );
    const printed = await issueLeftUnnumbered(
      sampleInput(a.userId, 'en-US', { issuedAt: new Date('2045-01-02T00:00:00Z') }),
    );
    const batch = await issueLeftUnnumbered(
      sampleInput(a.userId, 'en-US', { issuedAt: new Date('2045-01-03T00:00:00Z') }),
    );
    const shown = await issueLeftUnnumbered(
      sampleInput(a.userId, 'en-US', { issuedAt: new Date('2045-01-04T00:00:00Z') }),
    );
    const unnumbered = async () =>
      Number((await rows(sql`select count(*)::int as n from invoices where year = 2045 and number is null`))[0]!.n);
    expect(await unnumbered()).toBe(4);

    // The list numbers every pending one (oldest first) before it answers.
    const list = (await get(a.token, '/api/p/invoices?current=1&size=2')).json().data;
    expect(list.total).toBe(4);
    expect(list.records.map((r: { number: string }) => r.number)).toEqual(['INV-2045-000004', 'INV-2045-000003']);
    expect(await unnumbered()).toBe(0);
    expect((await get(a.token, `/api/p/invoices/${listed.id}`)).json().data.number).toBe('INV-2045-000001');

    // One at a time: the detail, the PDF and the batch download each number what they read first.
    const later = [
      await issueLeftUnnumbered(sampleInput(a.userId, 'en-US', { issuedAt: new Date('2045-02-01T00:00:00Z') })),
      await issueLeftUnnumbered(sampleInput(a.userId, 'zh-CN', { issuedAt: new Date('2045-02-02T00:00:00Z') })),
      await issueLeftUnnumbered(sampleInput(a.userId, 'fr-FR', { issuedAt: new Date('2045-02-03T00:00:00Z') })),
    ];
    expect((await get(a.token, `/api/p/invoices/${later[0]!.id}`)).json().data.number).toBe('INV-2045-000005');
    const pdf = await get(a.token, `/api/p/invoices/${later[1]!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="INV-2045-000006.pdf"');
    expect(pdfText(pdf.rawPayload)).toContain('INV-2045-000006');
    // The pending one after it was numbered in the same sweep.
    expect((await rows(sql`select number from invoices where id = ${later[2]!.id}`))[0]!.number).toBe(
      'INV-2045-000007',
    );
    const twoMore = await issueLeftUnnumbered(
      sampleInput(a.userId, 'tr-TR', { issuedAt: new Date('2045-03-01T00:00:00Z') }),
    );
    const text = pdfText((await download(a.token, [twoMore.id, printed.id, batch.id, shown.id])).rawPayload);
    for (const n of ['INV-2045-000002', 'INV-2045-000003', 'INV-2045-000004', 'INV-2045-000008'])
      expect(text).toContain(n);
    expect(await unnumbered()).toBe(0);
    expect(await rows(sql`select number from invoices where year = 2045 order by sequence`)).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ number: `INV-2045-${String(i + 1).padStart(6, '0')}` })),
    );
    expect(await rows(sql`select last_number from invoice_counters where year = 2045`)).toEqual([{ last_number: 8 }]);
    // The sweep is on the app's schedule, every minute.
    await ctx.app.jobs.start();
    await ctx.app.jobs.stop();
    expect(await rows(sql`select every_seconds from jobs where schedule_key = ${INVOICE_NUMBER_PENDING_JOB}`)).toEqual([
      { every_seconds: 60 },
    ]);
  });
});
