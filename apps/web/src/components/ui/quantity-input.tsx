import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './field.css';
import './quantity-input.css';

/** An integer from 1 to the stock (at least 1 even when nothing is in stock). */
export function clampQuantity(value: number, stock: number): number {
  const max = Math.max(1, stock);
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(value)));
}

interface QuantityInputProps {
  value: number;
  stock: number;
  onChange: (value: number) => void;
  /** The visible label (the product page); a cart row names it for screen readers only. */
  label?: string;
  hideLabel?: boolean;
}

/**
 * Quantity: an integer from 1 to the stock. Digits only; above the stock it becomes the stock at
 * once, and an empty or zero field becomes 1 when it loses focus. − / + step by one.
 */
export function QuantityInput({ value, stock, onChange, label, hideLabel = false }: QuantityInputProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const disabled = stock <= 0;

  // A new SKU (other stock) or a clamp from outside: show the value in force.
  useEffect(() => setDraft(String(value)), [value]);

  function commit(next: number) {
    const clamped = clampQuantity(next, stock);
    setDraft(String(clamped));
    if (clamped !== value) onChange(clamped);
  }

  return (
    <div className="ui-field quantity">
      <label className={hideLabel ? 'sr-only' : 'ui-label'} htmlFor={id}>
        {label ?? t('quantity.label')}
      </label>
      <div className="quantity-control">
        <button
          type="button"
          className="quantity-step"
          aria-label={t('quantity.decrease')}
          aria-controls={id}
          disabled={disabled || value <= 1}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          className="ui-input quantity-field"
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          value={draft}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
            if (!digits) {
              setDraft('');
              return;
            }
            const n = Number(digits);
            if (n > stock) commit(n);
            else {
              setDraft(digits);
              if (n >= 1 && n !== value) onChange(n);
            }
          }}
          onBlur={() => commit(draft ? Number(draft) : 1)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp') {
              e.preventDefault();
              commit(value + 1);
            } else if (e.key === 'ArrowDown') {
              e.preventDefault();
              commit(value - 1);
            }
          }}
        />
        <button
          type="button"
          className="quantity-step"
          aria-label={t('quantity.increase')}
          aria-controls={id}
          disabled={disabled || value >= stock}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </div>
      <p className="ui-hint" id={`${id}-hint`}>
        {disabled ? t('stock.out') : t('quantity.hint', { max: stock })}
      </p>
    </div>
  );
}
