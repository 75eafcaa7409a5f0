/**
 * Amount and measure inputs (SPEC §5 "Amount inputs: max 2 decimals, formatted to two decimals on
 * blur"; "Input helpers: numbers only, float with digit limit"). The text the visitor types stays
 * text until it is checked, so a half-typed "1." is not rewritten under their cursor.
 */

export type AmountProblem = 'required' | 'number' | 'positive' | 'two-decimals' | 'max';

const NUMBER = /^\d+(\.\d*)?$|^\.\d+$/;

/** Keeps digits and one decimal point; a comma (fr-FR, tr-TR keyboards) counts as the point. */
export function sanitizeAmountInput(text: string): string {
  const unified = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = unified.indexOf('.');
  return dot < 0 ? unified : `${unified.slice(0, dot + 1)}${unified.slice(dot + 1).replace(/\./g, '')}`;
}

/** The number typed, or null when the text is empty or not a number. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed || !NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function decimals(text: string): number {
  const dot = text.trim().replace(',', '.').indexOf('.');
  return dot < 0 ? 0 : text.trim().length - dot - 1;
}

/** On blur: a valid number with at most two decimals is shown with exactly two ("1.5" → "1.50"). */
export function formatAmountOnBlur(text: string): string {
  const value = parseAmount(text);
  if (value === null || decimals(text) > 2) return text.trim();
  return value.toFixed(2);
}

export interface AmountRule {
  required?: boolean;
  /** Zero allowed (a price filter); otherwise the amount must be greater than 0. */
  allowZero?: boolean;
  max?: number;
}

/** What is wrong with the typed amount, or null when it is fine (an empty optional field is fine). */
export function checkAmount(text: string, rule: AmountRule = {}): AmountProblem | null {
  if (!text.trim()) return rule.required ? 'required' : null;
  const value = parseAmount(text);
  if (value === null) return 'number';
  if (rule.allowZero ? value < 0 : value <= 0) return 'positive';
  if (decimals(text) > 2) return 'two-decimals';
  if (rule.max !== undefined && value > rule.max) return 'max';
  return null;
}
