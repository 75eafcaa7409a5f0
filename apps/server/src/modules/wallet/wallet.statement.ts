import { type Locale, type WalletLine, translate } from '@dsm/contract';

/**
 * The statement export (decision 0077): CSV with a header row in the user's language, one row per
 * history line, amounts signed with two decimals (USD, the ledger's currency), a UTF-8 byte order
 * mark so Excel reads the accents and Chinese text, CRLF line ends (RFC 4180).
 */
const BOM = '\uFEFF';

/** Quotes a field when it needs it; text a spreadsheet would run as a formula is made plain text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const KINDS = new Set([
  'recharge',
  'payment',
  'capture',
  'refund',
  'bonus',
  'adjustment',
  'withdrawal',
  'lock',
  'release',
  'commission',
  'commission-reversal',
]);

export function statementCsv(lines: readonly WalletLine[], locale: Locale): string {
  const t = (key: string) => translate(locale, `wallet.${key}`);
  const header = ['time', 'direction', 'kind', 'amount', 'note', 'reference'].map((k) => t(`statement.${k}`));
  const rows = lines.map((l) => [
    cell(l.time.replace('T', ' ').replace(/\.\d+Z$/, '')),
    cell(t(`statement.${l.type}`)),
    cell(KINDS.has(l.kind) ? t(`kinds.${l.kind}`) : l.kind),
    // Numbers are not escaped: a negative amount stays a number in the spreadsheet.
    (l.type === 'consume' ? -l.amount : l.amount).toFixed(2),
    cell(l.note),
    cell(l.referenceLabel || `${l.referenceType}:${l.referenceId}`),
  ]);
  return BOM + [header.map(cell), ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n';
}
