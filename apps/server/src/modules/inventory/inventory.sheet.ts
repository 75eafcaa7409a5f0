import type { InventoryRow, Locale } from '@dsm/contract';
import { translate } from '@dsm/contract';
import { loadXlsx } from '../../platform/xlsx';

/**
 * A text cell a spreadsheet would read as a formula (=, +, -, @, and the tab/CR tricks) is kept
 * as text by a leading apostrophe, so a product named "=HYPERLINK(…)" cannot run in the owner's
 * spreadsheet (OWASP "CSV injection"; the same holds for .xlsx opened and re-saved).
 */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The inventory as an .xlsx workbook, headings in the owner's language. */
export async function inventoryWorkbook(rows: readonly InventoryRow[], locale: Locale): Promise<Buffer> {
  const XLSX = await loadXlsx();
  const t = (key: string) => translate(locale, `inventory.sheet.${key}`);
  const head = ['sku', 'product', 'warehouse', 'total', 'frozen', 'available', 'unreceived', 'low'].map(t);
  const body = rows.map((r) => [
    escapeCell(r.skuCode),
    escapeCell(r.prodName),
    escapeCell(r.warehouseName),
    r.total,
    r.frozen,
    r.available,
    r.unreceived,
    r.lowStock ? t('yes') : '',
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([head, ...body]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t('name').slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
