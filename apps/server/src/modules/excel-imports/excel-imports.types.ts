/** The shapes the reader, the rows, the matching and the table share (no imports: no cycles). */

export interface RowError {
  row: number;
  /** A template column's key, or null for an error of the whole row. */
  column: string | null;
  value: string;
  /** A message key under `excel-imports.errors.` and its values, localized when shown. */
  expected: { key: string; params?: Record<string, string | number> };
}

export interface ParsedLine {
  row: number;
  sku: string;
  quantity: number;
  unitPriceMinor: number | null;
}

export interface ParsedOrder {
  number: string;
  rows: number[];
  name: string;
  phone: string;
  email: string;
  company: string;
  countryCode: string;
  province: string;
  city: string;
  line1: string;
  line2: string;
  postcode: string;
  orderDate: string | null;
  lines: ParsedLine[];
}

/** A valid order with each line's catalogue SKU, as it waits between preview and import. */
export interface MatchedOrder extends Omit<ParsedOrder, 'lines'> {
  lines: Array<ParsedLine & { skuId: number }>;
}
