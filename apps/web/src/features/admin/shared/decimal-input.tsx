import { useEffect, useState, type FocusEvent } from 'react';
import { Input, type InputProps } from 'antd';

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
 * A number field that accepts digits and at most `decimals` places as it is typed (SPEC §5
 * input helpers: "float with digit limit"), takes a comma for a point, and tidies on blur.
 */
export function DecimalInput({ value, onChange, decimals, pad = false, onBlur, ...rest }: DecimalInputProps) {
  const [text, setText] = useState(() => show(value, decimals, pad));
  const pattern = decimals > 0 ? new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`) : /^\d*$/;

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
        const next = event.target.value.replace(',', '.').replace(/\s+/g, '');
        if (!pattern.test(next)) return;
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

/** USD amounts: two decimals, shown as 12.50 after leaving the field. */
export function MoneyInput(props: Omit<DecimalInputProps, 'decimals' | 'pad'>) {
  return <DecimalInput prefix="$" {...props} decimals={2} pad />;
}
