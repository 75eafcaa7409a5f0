import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../../components/ui/combobox';
import type { SchemaForm } from './use-schema-form';
import { useCountries } from '../../lib/countries';

/*
 * Labelled fields for the light public forms (login, register, reset password): each input is
 * named by its <label>, points at its message with aria-describedby, and says aria-invalid.
 */

/** The id of a field's input (`${formId}-${name}`), so a form can move the focus to it. */
export const fieldId = (formId: string, name: string) => `${formId}-${name}`;

/** Moves the focus to a field after React has shown its message. */
export function focusField(formId: string, name: string | undefined) {
  if (!name) return;
  setTimeout(() => document.getElementById(fieldId(formId, name))?.focus(), 0);
}

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'onChange' | 'onBlur' | 'id'>;

export function TextField<F extends string>({
  form,
  formId,
  name,
  label,
  hint,
  className,
  ...input
}: { form: SchemaForm<F, unknown>; formId: string; name: F; label: string; hint?: string } & InputProps) {
  const id = fieldId(formId, name);
  const error = form.error(name);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <input
        {...input}
        id={id}
        name={name}
        value={String(form.values[name] ?? '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => form.setValue(name, e.target.value)}
        onBlur={() => form.blur(name)}
      />
    </FieldShell>
  );
}

export function SelectField<F extends string>({
  form,
  formId,
  name,
  label,
  options,
  placeholder,
  className,
}: {
  form: SchemaForm<F, unknown>;
  formId: string;
  name: F;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  className?: string;
}) {
  const id = fieldId(formId, name);
  const error = form.error(name);
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <select
        id={id}
        name={name}
        value={String(form.values[name] ?? '')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(e) => form.setValue(name, e.target.value)}
        onBlur={() => form.blur(name)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Country: a type-to-filter list of GET /api/countries, names in the interface language. */
export function CountryField<F extends string>({
  form,
  formId,
  name,
  label,
  placeholder,
  className,
}: {
  form: SchemaForm<F, unknown>;
  formId: string;
  name: F;
  label: string;
  placeholder: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const id = fieldId(formId, name);
  const error = form.error(name);
  const options = (countries.data ?? []).map((c) => ({ value: c.code, label: c.name, keywords: c.code }));
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <Combobox
        id={id}
        className="form-combobox"
        label={label}
        options={options}
        value={String(form.values[name] ?? '') || null}
        onChange={(value) => form.setValue(name, value)}
        onBlur={() => form.blur(name)}
        placeholder={placeholder}
        noOptionsText={countries.isPending ? t('loading') : t('select.no-options')}
        invalid={Boolean(error)}
        describedBy={describedBy(id, error)}
      />
    </FieldShell>
  );
}
