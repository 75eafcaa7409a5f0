import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import './combobox.css';

export interface ComboboxOption {
  value: string;
  label: string;
  icon?: ReactNode;
  /** Extra words the filter matches (e.g. "chinese" for 简体中文). */
  keywords?: string;
}

export interface ComboboxProps {
  /** Accessible name of the field. */
  label: string;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Typing filters the options (default true). */
  filterable?: boolean;
  /** Offers a clear button (default false). */
  clearable?: boolean;
  onClear?: () => void;
  noOptionsText: string;
  clearText?: string;
  width?: number;
  className?: string;
  disabled?: boolean;
  /** For a form: the input's id (so a <label htmlFor> names it), error state and description. */
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  onBlur?: () => void;
}

/**
 * A select with type-to-filter, following the WAI-ARIA combobox pattern: arrows move, Enter
 * picks, Escape closes, Home/End jump. Replaces a UI-kit select on the public pages so they stay
 * light.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  filterable = true,
  clearable = false,
  onClear,
  noOptionsText,
  clearText,
  width,
  className,
  disabled,
  id: inputId,
  invalid,
  describedBy,
  onBlur,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const selected = options.find((o) => o.value === value) ?? null;
  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!filterable || !q) return options;
    const found = options.filter((o) => `${o.label} ${o.value} ${o.keywords ?? ''}`.toLowerCase().includes(q));
    // Labels that start with what was typed come first ("fr" → France before Central African Republic).
    const starts = (o: ComboboxOption) => o.label.toLowerCase().startsWith(q);
    return [...found.filter(starts), ...found.filter((o) => !starts(o))];
  }, [options, query, filterable]);

  function openList() {
    if (disabled) return;
    setQuery('');
    const index = options.findIndex((o) => o.value === value);
    setActive(index < 0 ? 0 : index);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setQuery('');
  }

  function choose(option: ComboboxOption | undefined) {
    if (!option) return;
    close();
    if (option.value !== value) onChange(option.value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(last);
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          choose(visible[active]);
        } else {
          event.preventDefault();
          openList();
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
      default:
    }
  }

  const activeOption = open ? visible[active] : undefined;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const showIcon = !open || !query;

  return (
    <div className={`combobox${className ? ` ${className}` : ''}`} style={width ? { width } : undefined}>
      {showIcon && selected?.icon ? <span className="combobox-icon">{selected.icon}</span> : null}
      <input
        ref={inputRef}
        id={inputId}
        className={`combobox-input${showIcon && selected?.icon ? ' has-icon' : ''}`}
        role="combobox"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete={filterable ? 'list' : 'none'}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        readOnly={!filterable}
        disabled={disabled}
        placeholder={open && selected ? selected.label : placeholder}
        value={open ? query : (selected?.label ?? '')}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      {clearable && selected && !open ? (
        <button type="button" className="combobox-clear" aria-label={clearText ?? label} onClick={() => onClear?.()}>
          ×
        </button>
      ) : (
        <ChevronDownIcon className="combobox-chevron" />
      )}
      <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!open}>
        {open && visible.length === 0 ? <li className="combobox-empty">{noOptionsText}</li> : null}
        {open &&
          visible.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={option.value === value}
              className={`combobox-option${index === active ? ' is-active' : ''}`}
              // mousedown would blur the input and close the list before the click lands
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(option)}
            >
              {option.icon}
              <span>{option.label}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
