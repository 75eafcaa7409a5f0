import type { FocusEvent } from 'react';
import { Form, Input, Select, type FormInstance, type FormRule, type InputProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../lib/countries';
import { type Schema, serverFieldErrors, validateWith } from '../validation';

/**
 * An antd rule that asks the contract schema about one field, so the account forms check
 * exactly what the server checks, in the same words as the public forms.
 */
export function schemaRule<T>(
  schema: Schema<T>,
  field: string,
  t: TFunction<'accounts'>,
  extra: Record<string, unknown> = {},
): FormRule {
  return (form) => ({
    validator: async () => {
      const { errors } = validateWith(schema, { ...form.getFieldsValue(true), ...extra }, t);
      const message = (errors as Record<string, string | undefined>)[field];
      if (message) throw new Error(message);
    },
  });
}

/** A00002 data → the messages under their fields; true when at least one field was named. */
export function showServerErrors(form: FormInstance, data: unknown, fields: readonly string[]): boolean {
  const found = serverFieldErrors(data);
  const named = Object.entries(found).filter(([name]) => fields.includes(name));
  form.setFields(named.map(([name, message]) => ({ name, errors: [message] })));
  const first = named[0]?.[0];
  if (first) form.scrollToField(first, { focus: true, block: 'center' });
  return named.length > 0;
}

/** A text input that trims what was typed when the user leaves it (SPEC §5 input helpers). */
export function TrimmedInput({ name, onBlur, ...props }: InputProps & { name: string }) {
  const form = Form.useFormInstance();
  return (
    <Input
      {...props}
      name={name}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        const value: unknown = form.getFieldValue(name);
        if (typeof value === 'string' && value !== value.trim()) form.setFieldValue(name, value.trim());
        onBlur?.(e);
      }}
    />
  );
}

/** Country: a searchable select of GET /api/countries in the interface language. */
export { useCountryName } from '../../../lib/countries';

export function CountrySelect(props: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  'aria-required'?: boolean;
}) {
  const { t } = useTranslation('accounts');
  const countries = useCountries();
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={countries.isPending}
      placeholder={t('placeholders.country')}
      options={(countries.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
      popupMatchSelectWidth
    />
  );
}
