import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locale } from '@dsm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { ADDRESS, placeOrder, signedInUser, topUp } from '../../../test/factories';

const dataDir = mkdtempSync(path.join(tmpdir(), 'invoice-address-'));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir });
});
afterAll(async () => {
  await ctx.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The text a reader of the PDF gets (poppler's pdftotext, reading order). */
function pdfText(bytes: Buffer): string {
  const file = path.join(dataDir, `t-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

const headers = (token: string, lang: Locale) => ({ authorization: `Bearer ${token}`, 'accept-language': lang });

/** A buyer reading in `lang` pays an order billed to `billing`; the invoice's PDF text. */
async function invoiceText(lang: Locale, billing: typeof ADDRESS): Promise<string> {
  const b = await signedInUser(ctx.db, { locale: lang });
  await topUp(ctx.db, b.userId, 10_000);
  const order = await placeOrder(ctx.db, b.userId, { billing });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/p/order/pay',
    payload: { orderIds: [order.id], method: 'wallet' },
    headers: { ...headers(b.token, lang), 'idempotency-key': crypto.randomUUID() },
  });
  expect(paid.json().data.outcome).toBe('success');
  const list = await ctx.app.inject({
    method: 'GET',
    url: `/api/p/invoices?reference=${order.id}`,
    headers: headers(b.token, lang),
  });
  const [invoice] = list.json().data.records;
  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/api/p/invoices/${invoice.id}/pdf`,
    headers: headers(b.token, lang),
  });
  expect(pdf.headers['content-type']).toBe('application/pdf');
  return pdfText(pdf.rawPayload);
}

const BILL_TO: Record<Locale, string> = {
  'en-US': 'Bill to',
  'zh-CN': '购买方',
  'fr-FR': 'Facturé à',
  'tr-TR': 'Alıcı',
};
const FRANCE: Record<Locale, string> = { 'en-US': 'France', 'zh-CN': '法国', 'fr-FR': 'France', 'tr-TR': 'Fransa' };

describe("the invoice's bill-to", () => {
  const billing = { ...ADDRESS, company: 'Billing Ltd', address: 'Bâtiment A, 2e étage' };
  for (const lang of ['en-US', 'zh-CN', 'fr-FR', 'tr-TR'] as const) {
    it(`${lang}: the whole address, with and without the second line, and the country by name`, async () => {
      const withSecond = await invoiceText(lang, billing);
      expect(withSecond).toContain(BILL_TO[lang]);
      expect(withSecond).toContain('1 Rue de Rivoli, Bâtiment A, 2e étage, 75001 Paris, IDF');
      expect(withSecond).toContain(FRANCE[lang]);
      const without = await invoiceText(lang, { ...billing, address: '' });
      expect(without).toContain('1 Rue de Rivoli, 75001 Paris, IDF');
    });
  }
});
