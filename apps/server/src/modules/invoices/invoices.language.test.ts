import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFor } from '../../../test/harness';
import { newUser, rowsOfQuery, sampleInput } from '../../../test/factories';
import { createFileStore } from '../../platform/files';
import { issueInvoice } from './invoices.service';

const dataDir = mkdtempSync(path.join(tmpdir(), 'invoices-language-'));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function pdfText(bytes: Buffer): string {
  const file = path.join(dataDir, `t-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** An invoice issued to a buyer whose saved language is English. */
async function englishBuyersInvoice() {
  const { userId, email } = await newUser(ctx.db, { locale: 'en-US' });
  const token = await sessionFor(ctx.db, email);
  const inv = await issueInvoice(ctx.db, sampleInput(userId, 'en-US'));
  const download = async (opts: { lang?: string; query?: string } = {}) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/p/invoices/${inv.id}/pdf${opts.query ?? ''}`,
      headers: { authorization: `Bearer ${token}`, ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  return { inv, token, download };
}

/** The stored files' names by language (the invoice's own language in pdf_file). */
async function storedNames(id: string) {
  const [row] = await rowsOfQuery(ctx.db, sql`select pdf_files, pdf_file from invoices where id = ${id}`);
  return { own: row!.pdf_file as string | null, others: row!.pdf_files as Record<string, string> };
}

/** Swaps a stored file's bytes: a download that serves the stored file shows the swap, a new render would not. */
async function swapStored(name: string, bytes: Buffer) {
  const files = createFileStore(ctx.config, ctx.db);
  await files.delete('invoices', name);
  await files.put({ area: 'invoices', name, contentType: 'application/pdf', bytes });
}

/** What every language prints the same: the legal content of the snapshot. */
function expectSameContent(text: string, number: string) {
  for (const same of [number, 'Ayşe Yılmaz', 'Güneş İthalat', '无线蓝牙耳机', 'Çiçekli ışıklı kupa', 'BT-EAR-01'])
    expect(text).toContain(same);
}

describe('invoice PDF in the reader language', () => {
  it('fr-FR and zh-CN downloads print their labels around the same content; each language is rendered once', async () => {
    const { inv, download } = await englishBuyersInvoice();

    const frBytes = await download({ lang: 'fr-FR' });
    const fr = pdfText(frBytes);
    expect(fr).toContain('Facture');
    expect(fr).toContain('Montant à payer');
    expect(fr).toContain('Facturé à');
    expect(fr).toContain('39,73 USD');
    // French typography: a space before the colon.
    expect(fr).toContain('Numéro de TVA : TR1234567890');
    expect(fr).not.toContain('Payable amount');
    expectSameContent(fr, inv.number!);

    const zhBytes = await download({ lang: 'zh-CN' });
    const zh = pdfText(zhBytes);
    expect(zh).toContain('应付金额');
    expect(zh).toContain('购买方');
    expect(zh).toContain('39.73 USD');
    expect(zh).toContain('税号：TR1234567890');
    expect(zh).not.toContain('Payable amount');
    expectSameContent(zh, inv.number!);

    // Each language stored once; the invoice's own (English) was never asked for.
    const names = await storedNames(inv.id);
    expect(Object.keys(names.others).sort()).toEqual(['fr-FR', 'zh-CN']);
    expect(names.own).toBeNull();

    // The second download of a language is its stored file, not a new render: swap the stored
    // French file's bytes and the French download serves the swapped bytes.
    await swapStored(names.others['fr-FR']!, zhBytes);
    expect((await download({ lang: 'fr-FR' })).equals(zhBytes)).toBe(true);
    expect((await download({ lang: 'zh-CN,zh;q=0.9' })).equals(zhBytes)).toBe(true);
    expect(await storedNames(inv.id)).toEqual(names);
  });

  it('?lang= wins over Accept-Language (a link the browser opens sends its own); none of either: its own language', async () => {
    const { inv, download } = await englishBuyersInvoice();
    expect(pdfText(await download({ lang: 'en-US', query: '?lang=tr-TR' }))).toContain('Ödenecek tutar');
    expect(pdfText(await download())).toContain('Payable amount');
    const names = await storedNames(inv.id);
    expect(Object.keys(names.others)).toEqual(['tr-TR']);
    expect(names.own).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(pdfText(await download({ lang: 'en-US' }))).toContain('Payable amount');
    expect(await storedNames(inv.id)).toEqual(names);
  });

  it('several invoices as one PDF are printed in the reader language too', async () => {
    const { inv, token } = await englishBuyersInvoice();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/p/invoices/download',
      payload: { ids: [inv.id] },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr-TR' },
    });
    expect(pdfText(res.rawPayload)).toContain('Ödenecek tutar');
  });
});
