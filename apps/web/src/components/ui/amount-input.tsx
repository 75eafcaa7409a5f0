import { useEffect, useState, type FocusEvent } from 'react';
import { Input, type InputProps } from 'antd';
import { sanitizeAmountInput } from '../../lib/amount';

/**
 * The shared number fields (SPEC §5 "Amount inputs: max 2 decimals, formatted to two decimals on
 * blur"; "Input helpers: numbers only, float with digit limit"). One component for the operator
 * console and the wallet screens, so every amount behaves the same way.
 */
export interface DecimalInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Digits allowed after the point; 0 for whole numbers. */
  decimals: number;
  /** Pad to exactly `decimals` places on blur (amounts: 5 → 5.00). */
  pad?: boolean;
}

function parse(text: string): number | null {
  if (text === '' || text === '.') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function show(value: number | null | undefined, decimals: number, pad: boolean): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return pad ? value.toFixed(decimals) : String(Number(value.toFixed(decimals)));
}

/**
 * Takes digits and at most `decimals` places as they are typed: a letter is dropped (also from a
 * pasted "12 USD"), a comma from fr-FR or tr-TR keyboards counts as the point, and a keystroke
 * that would add one place too many is refused, so the field never holds an amount the server
 * would reject for its decimals. Tidied on blur. The text stays text while typing, so a
 * half-typed "1." is not rewritten under the cursor.
 */
export function DecimalInput({ value, onChange, decimals, pad = false, onBlur, ...rest }: DecimalInputProps) {
  const [text, setText] = useState(() => show(value, decimals, pad));

  // A value set from outside (form reset, server data) replaces what is shown.
  useEffect(() => {
    setText((current) => (parse(current) === (value ?? null) ? current : show(value, decimals, pad)));
  }, [value, decimals, pad]);

  return (
    <Input
      {...rest}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const cleaned = sanitizeAmountInput(event.target.value);
        const next = decimals > 0 ? cleaned : cleaned.replace(/\./g, '');
        const dot = next.indexOf('.');
        if (dot >= 0 && next.length - dot - 1 > decimals) return;
        setText(next);
        onChange?.(parse(next));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        setText(show(parse(text), decimals, pad));
        onBlur?.(event);
      }}
    />
  );
}

export type AmountInputProps = Omit<DecimalInputProps, 'decimals' | 'pad'>;

/**
 * A money amount: two decimals, shown as 12.50 after leaving the field. Give it a label (a
 * `<label htmlFor>` / Form.Item with the same id, or `aria-label`) and, where it helps, the
 * currency as `prefix`.
 */
export function AmountInput(props: AmountInputProps) {
  return <DecimalInput {...props} decimals={2} pad />;
}

/** A USD amount in the operator console: the amount field with a "$" in front. */
export function MoneyInput(props: AmountInputProps) {
  return <AmountInput prefix="$" {...props} />;
}
