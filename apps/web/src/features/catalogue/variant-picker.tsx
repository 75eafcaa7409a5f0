import type { ProductSpec } from '@dsm/contract';
import type { ValueState } from './variants';

interface VariantPickerProps {
  specs: readonly ProductSpec[];
  selection: Record<string, string>;
  stateOf: (specName: string, value: string) => ValueState;
  onPick: (specName: string, value: string) => void;
}

/**
 * One group of toggle buttons per spec (colour, size…), its name and the chosen value in the
 * legend. A value whose combination with the other choices is missing or out of stock is struck
 * through but still leads to its nearest variant; only a value no variant has is disabled.
 */
export function VariantPicker({ specs, selection, stateOf, onPick }: VariantPickerProps) {
  return (
    <div className="variant-picker">
      {specs.map((spec) => (
        <fieldset key={spec.name} className="spec">
          <legend>
            <span className="spec-name">{spec.name}:</span>{' '}
            <span className="spec-chosen">{selection[spec.name] ?? ''}</span>
          </legend>
          <div className="spec-values">
            {spec.values.map((value) => {
              const chosen = selection[spec.name] === value;
              const state = stateOf(spec.name, value);
              return (
                <button
                  key={value}
                  type="button"
                  className="spec-value"
                  aria-pressed={chosen}
                  disabled={state === 'none' && !chosen}
                  data-unavailable={state !== 'available' || undefined}
                  onClick={() => (chosen ? undefined : onPick(spec.name, value))}
                >
                  {value}
                </button>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
