import { LOCALES, type Locale, translate } from '@dsm/contract';

/**
 * The template's columns, in order (decision 0125). `max` follows the consignee address's limits
 * (contract `SaveAddressBody`), so an imported order's address is as valid as one typed in.
 */
export const COLUMNS = [
  { key: 'orderNumber', required: true, kind: 'text', max: 64, example: '#1001' },
  { key: 'sku', required: true, kind: 'text', max: 64, example: 'SKU-RED-M' },
  { key: 'quantity', required: true, kind: 'integer', max: 10_000, example: 2 },
  { key: 'name', required: true, kind: 'text', max: 128, example: 'Jane Smith' },
  { key: 'phone', required: true, kind: 'phone', max: 32, example: '+1 415 555 0100' },
  { key: 'email', required: false, kind: 'email', max: 254, example: 'jane@example.com' },
  { key: 'company', required: false, kind: 'text', max: 128, example: '' },
  { key: 'country', required: true, kind: 'country', max: 64, example: 'US' },
  { key: 'province', required: false, kind: 'text', max: 64, example: 'CA' },
  { key: 'city', required: true, kind: 'text', max: 64, example: 'San Francisco' },
  { key: 'line1', required: true, kind: 'text', max: 128, example: '100 Market St' },
  { key: 'line2', required: false, kind: 'text', max: 255, example: 'Apt 5' },
  { key: 'postcode', required: false, kind: 'text', max: 16, example: '94105' },
  { key: 'price', required: false, kind: 'money', max: 1_000_000, example: 19.9 },
  { key: 'orderDate', required: false, kind: 'date', max: 0, example: '2026-03-31' },
] as const;

export type Column = (typeof COLUMNS)[number];
export type ColumnKey = Column['key'];

export const t = (locale: Locale, key: string, params?: Record<string, unknown>) =>
  translate(locale, `excel-imports.${key}`, params);

/** A header cell as compared: lower case, without the required mark, spaces and punctuation. */
export function normalise(label: string): string {
  return label
    .toLocaleLowerCase('en-US')
    .replace(/[*＊:：()（）/\s._-]/g, '')
    .trim();
}

/** Every spelling a header cell may have: the label in each of the four languages, and the key. */
const HEADERS: Map<string, ColumnKey> = new Map();
for (const column of COLUMNS) {
  HEADERS.set(normalise(column.key), column.key);
  for (const locale of LOCALES) HEADERS.set(normalise(t(locale, `columns.${column.key}`)), column.key);
}

export function columnOfHeader(cell: unknown): ColumnKey | undefined {
  return typeof cell === 'string' ? HEADERS.get(normalise(cell)) : undefined;
}

/** The header label as the template writes it: the label, and "*" when required. */
export function headerLabel(column: Column, locale: Locale): string {
  return `${t(locale, `columns.${column.key}`)}${column.required ? '*' : ''}`;
}
