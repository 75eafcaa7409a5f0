import { createRequire } from 'node:module';
import { type Invoice, type Locale, translate } from '@dsm/contract';
import { countryName } from '../logistics/logistics.service';

/**
 * Invoices as PDF, drawn on the server in the invoice's language (decision 0082). pdfkit's
 * built-in fonts are WinAnsi only (no ğ ş ı İ, no Chinese), so two OFL fonts shipped by npm
 * packages are embedded: Noto Sans for Latin (Turkish, French), Greek and Cyrillic, and Noto Sans
 * SC for CJK, which lacks ğ ş ı İ itself. Each text is cut into runs by script and each run drawn
 * in its font. pdfkit embeds only the glyphs used (subset), so an invoice stays small.
 */

const require = createRequire(import.meta.url);
const FONTS = {
  latin: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  cjk: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  cjkBold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

/** CJK ideographs, kana, hangul, CJK punctuation and full-width forms: drawn with Noto Sans SC. */
const CJK = /[\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]/u;

/** "你好 İstanbul" → [{cjk,"你好"}, {latin," İstanbul"}]. */
export function scriptRuns(text: string): Array<{ cjk: boolean; text: string }> {
  const runs: Array<{ cjk: boolean; text: string }> = [];
  for (const ch of text) {
    const cjk = CJK.test(ch);
    const last = runs.at(-1);
    if (last && (last.cjk === cjk || ch === ' ')) last.text += ch;
    else runs.push({ cjk, text: ch });
  }
  return runs;
}

/** 2 decimals in the invoice's language, then the currency code: "1.234,50 USD" in Turkish. */
export function formatAmount(value: number, currency: string, locale: Locale): string {
  const n = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return `${n} ${currency}`;
}

function formatTime(iso: string, locale: Locale): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

type Doc = PDFKit.PDFDocument;
interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  size?: number;
}

/** Draws `text` at (x, y) run by run, each in the font of its script; returns the height used. */
function write(doc: Doc, text: string, x: number, y: number, opts: TextOptions = {}): number {
  const { width = 200, align = 'left', bold = false, size = 9 } = opts;
  const runs = scriptRuns(text || ' ');
  doc.fontSize(size);
  const fontOf = (cjk: boolean) => (cjk ? (bold ? 'cjkBold' : 'cjk') : bold ? 'latinBold' : 'latin');
  // Height with the taller font of the text (the CJK one has larger line gaps).
  doc.font(fontOf(runs.some((r) => r.cjk)));
  const height = doc.heightOfString(text || ' ', { width, align });
  runs.forEach((run, i) => {
    doc.font(fontOf(run.cjk));
    const more = i < runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { width, align, continued: more });
    else doc.text(run.text, { width, align, continued: more });
  });
  return height;
}

const MARGIN = 48;
const PAGE_WIDTH = 595.28; // A4
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

function drawInvoice(doc: Doc, inv: Invoice): void {
  const t = (key: string, params?: Record<string, unknown>) => translate(inv.locale, `invoices.pdf.${key}`, params);
  const money = (v: number) => formatAmount(v, inv.currency, inv.locale);
  let y = MARGIN;

  write(doc, t('title'), MARGIN, y, { size: 20, bold: true, width: 250 });
  write(doc, inv.number, MARGIN + CONTENT - 250, y + 4, { size: 12, bold: true, width: 250, align: 'right' });
  y += 40;

  // Header facts, two columns of label: value.
  const facts: Array<[string, string]> = [
    [t('number'), inv.number],
    [t('issued'), formatTime(inv.issuedAt, inv.locale)],
    [t('paid'), formatTime(inv.paidAt, inv.locale)],
    [t('method'), translate(inv.locale, `invoices.methods.${inv.paymentMethod}`).replace(/^invoices\.methods\./, '')],
  ];
  if (inv.orderNumber ?? inv.reference) facts.push([t('reference'), inv.orderNumber ?? inv.reference!]);
  for (const [label, value] of facts) {
    write(doc, label, MARGIN, y, { width: 120, bold: true });
    y += Math.max(14, write(doc, value, MARGIN + 125, y, { width: CONTENT - 125 }));
  }
  y += 12;

  // Bill from | bill to.
  const party = (title: string, p: Invoice['billTo'], x: number) => {
    let py = y;
    py += write(doc, title, x, py, { bold: true, size: 10, width: CONTENT / 2 - 10 }) + 2;
    const rows = [
      p.name,
      p.company ?? '',
      p.address,
      // The country by name in the invoice's language; the snapshot keeps its code.
      countryName(p.countryCode, inv.locale),
      // French puts a space before the colon; each language writes its own line.
      p.vatNumber ? t('vat-line', { number: p.vatNumber }) : '',
    ];
    for (const row of rows.filter(Boolean)) py += write(doc, row, x, py, { width: CONTENT / 2 - 10 }) + 1;
    return py;
  };
  y = Math.max(party(t('bill-from'), inv.billFrom, MARGIN), party(t('bill-to'), inv.billTo, MARGIN + CONTENT / 2)) + 16;

  // Lines.
  const cols = [
    { key: 'item', w: 175, align: 'left' as const },
    { key: 'sku', w: 80, align: 'left' as const },
    { key: 'specs', w: 90, align: 'left' as const },
    { key: 'unit-price', w: 60, align: 'right' as const },
    { key: 'quantity', w: 30, align: 'right' as const },
    { key: 'amount', w: CONTENT - 435, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    let x = MARGIN;
    let h = 0;
    cells.forEach((cell, i) => {
      h = Math.max(h, write(doc, cell, x, y, { width: cols[i]!.w - 4, align: cols[i]!.align, bold, size: 8 }));
      x += cols[i]!.w;
    });
    y += h + 4;
  };
  row(
    cols.map((c) => t(c.key)),
    true,
  );
  doc
    .moveTo(MARGIN, y - 2)
    .lineTo(MARGIN + CONTENT, y - 2)
    .lineWidth(0.5)
    .stroke('#999999');
  for (const line of inv.lines) {
    if (y > 720) {
      doc.addPage();
      y = MARGIN;
    }
    const amount = (v: number) =>
      new Intl.NumberFormat(inv.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
    // A line from the buyer's inventory says why its goods cost nothing here.
    const title = line.fromInventory
      ? `${line.title}\n(${translate(inv.locale, 'inventory.from-inventory')})`
      : line.title;
    row([title, line.sku, line.specs, amount(line.unitPrice), String(line.quantity), amount(line.amount)]);
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.5)
    .stroke('#999999');
  y += 10;

  // Totals, right-aligned.
  const totals: Array<[string, number, boolean]> = [
    [t('product-cost'), inv.productCost, false],
    ...(inv.shipping ? [[t('shipping'), inv.shipping, false] as [string, number, boolean]] : []),
    [t('operate'), inv.operateAmount, false],
    [t('handling'), inv.handlingFee, false],
    [t('tax'), inv.tax, false],
    // A discount is shown as taken off; none is 0.00, not −0.00.
    [t('discount'), inv.discount ? -inv.discount : 0, false],
    [t('payable'), inv.payable, true],
  ];
  if (y > 680) {
    doc.addPage();
    y = MARGIN;
  }
  for (const [label, value, bold] of totals) {
    write(doc, label, MARGIN + CONTENT - 300, y, { width: 160, align: 'right', bold });
    y += write(doc, money(value), MARGIN + CONTENT - 130, y, { width: 130, align: 'right', bold }) + 3;
  }
  // An order paid in two parts (decision 0140): each part with its date, then what is still due.
  if (inv.parts) {
    y += 10;
    write(doc, t('parts'), MARGIN, y, { bold: true, size: 10, width: CONTENT });
    y += 16;
    const parts: Array<[string, number, boolean]> = inv.parts.map((p) => {
      const when = p.returnedAt
        ? t('part-returned', { date: formatTime(p.returnedAt, inv.locale) })
        : p.paidAt
          ? t('part-paid', { date: formatTime(p.paidAt, inv.locale) })
          : t('part-due');
      return [`${t(`part-${p.part}`)} · ${when}`, p.amount, false];
    });
    parts.push([t('due'), inv.due, true]);
    for (const [label, value, bold] of parts) {
      write(doc, label, MARGIN, y, { width: CONTENT - 140, align: 'right', bold });
      y += write(doc, money(value), MARGIN + CONTENT - 130, y, { width: 130, align: 'right', bold }) + 3;
    }
  }
  y += 20;
  write(doc, t('footer', { currency: inv.currency }), MARGIN, y, { width: CONTENT, size: 8 });
}

/**
 * Renders invoices into one PDF (one or more pages each, in the given order). The creation date is
 * the first invoice's issue time, so rendering the same invoice twice gives the same bytes (and so
 * the same content-addressed file).
 */
export async function renderInvoicesPdf(list: readonly Invoice[]): Promise<Buffer> {
  const first = list[0]!;
  // Loaded on the first invoice, not at start-up: pdfkit and its font code hold about 25 MB that
  // a server which never draws an invoice would keep resident (decision 0143).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: list.length === 1 ? first.number : `${first.number} …`,
      Producer: 'dropship-marketplace',
      Creator: 'dropship-marketplace',
      CreationDate: new Date(first.issuedAt),
    },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const inv of list) {
    doc.addPage();
    drawInvoice(doc, inv);
  }
  doc.end();
  return done;
}
