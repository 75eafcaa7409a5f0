import { type AffiliateOrder, type Locale, translate } from '@dsm/contract';
import { loadXlsx } from '../../platform/xlsx';

/**
 * The dashboard's export: one row per referred user's paid order (masked name only), as .xlsx or
 * CSV, headers in the user's language. Text a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`) is made plain text with a leading apostrophe; amounts go in as numbers.
 */
const FORMULA = /^[=+\-@\t\r]/;
const safe = (v: string) => (FORMULA.test(v) ? `'${v}` : v);
const COLUMNS = ['paidAt', 'orderNumber', 'referred', 'goods', 'commission', 'state', 'availableAt'] as const;

function table(lines: readonly AffiliateOrder[], locale: Locale): Array<Array<string | number>> {
  const t = (key: string) => translate(locale, `affiliates.${key}`);
  return [
    COLUMNS.map((c) => t(`export.${c}`)),
    ...lines.map((l) => [
      l.paidAt.slice(0, 10),
      safe(l.orderNumber),
      safe(l.referred),
      l.goods,
      l.commission,
      t(`states.${l.state}`),
      l.availableAt.slice(0, 10),
    ]),
  ];
}

export async function exportXlsx(lines: readonly AffiliateOrder[], locale: Locale): Promise<Buffer> {
  const XLSX = await loadXlsx();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table(lines, locale)), 'Affiliate');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export function exportCsv(lines: readonly AffiliateOrder[], locale: Locale): string {
  const quote = (v: string | number) => {
    const s = typeof v === 'number' ? v.toFixed(2) : v;
    return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${table(lines, locale)
    .map((row) => row.map(quote).join(','))
    .join('\r\n')}\r\n`;
}
