import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkAmount,
  formatAmountOnBlur,
  parseAmount,
  sanitizeAmountInput,
  type AmountProblem,
} from '../../lib/amount';

/** Largest price the search accepts (contract SearchProductsQuery). */
const MAX_PRICE = 10_000_000;

interface PriceFilterProps {
  minPrice: number | null;
  maxPrice: number | null;
  /** The currency the range is written in: the URL's, else the visitor's. */
  currency: string;
  onApply: (range: { minPrice: number | null; maxPrice: number | null }) => void;
}

const shown = (n: number | null) => (n === null ? '' : n.toFixed(2));

/**
 * The price range in the visitor's currency (the server compares it with prices converted the
 * same way). Amounts: two decimals at most, formatted on blur; the lower bound not above the
 * upper. Remount it (key) when the URL's range changes so the fields show the applied values.
 */
export function PriceFilter({ minPrice, maxPrice, currency, onApply }: PriceFilterProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [min, setMin] = useState(shown(minPrice));
  const [max, setMax] = useState(shown(maxPrice));
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  const message = (problem: AmountProblem) => t(`amount.${problem}`, { max: MAX_PRICE });

  function submit(event: FormEvent) {
    event.preventDefault();
    const minProblem = checkAmount(min, { allowZero: true, max: MAX_PRICE });
    const maxProblem = checkAmount(max, { allowZero: true, max: MAX_PRICE });
    const next: { min?: string; max?: string } = {};
    if (minProblem) next.min = message(minProblem);
    if (maxProblem) next.max = message(maxProblem);
    const low = parseAmount(min);
    const high = parseAmount(max);
    if (!next.min && !next.max && low !== null && high !== null && low > high) next.max = t('filters.price-order');
    setErrors(next);
    if (next.min || next.max) return;
    onApply({ minPrice: low, maxPrice: high });
  }

  function clear() {
    setMin('');
    setMax('');
    setErrors({});
    onApply({ minPrice: null, maxPrice: null });
  }

  const field = (which: 'min' | 'max', value: string, set: (v: string) => void) => {
    const inputId = `${id}-${which}`;
    const errorId = `${inputId}-error`;
    const error = errors[which];
    return (
      <div className="ui-field">
        <label className="ui-label" htmlFor={inputId}>
          {t(`filters.${which}-price`)}
        </label>
        <div className="ui-suffix">
          <input
            id={inputId}
            className="ui-input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => set(sanitizeAmountInput(e.target.value))}
            onBlur={() => set(formatAmountOnBlur(value))}
          />
          <span className="ui-suffix-text" aria-hidden="true">
            {currency}
          </span>
        </div>
        {error ? (
          <p className="ui-error" id={errorId}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="price-filter" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="filter-title" id={`${id}-title`}>
        {t('filters.price', { currency })}
      </h2>
      <div className="price-fields">
        {field('min', min, setMin)}
        {field('max', max, setMax)}
      </div>
      <div className="price-actions">
        <button type="submit" className="button button-primary">
          {t('filters.apply')}
        </button>
        {minPrice !== null || maxPrice !== null ? (
          <button type="button" className="button button-secondary" onClick={clear}>
            {t('filters.clear-price')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
