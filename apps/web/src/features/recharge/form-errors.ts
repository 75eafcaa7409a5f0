import type { FormInstance } from 'antd';
import { ERRORS, type FieldError } from '@dsm/contract';
import type { ApiFailure } from '../../lib/api';

/**
 * Puts the messages of an A00002 answer under the form's fields (the server words them in the
 * interface language); returns the ones for no field here, for the page to show above the form.
 */
export function applyFieldErrors(form: FormInstance, result: ApiFailure, fields: readonly string[]): string[] {
  if (result.errorCode !== ERRORS.VALIDATION.code || !Array.isArray(result.data)) return [];
  const errors = (result.data as FieldError[]).filter(
    (e) => typeof e?.field === 'string' && typeof e?.message === 'string',
  );
  const onForm = errors.filter((e) => fields.includes(e.field));
  form.setFields(onForm.map((e) => ({ name: e.field, errors: [e.message] })));
  return errors.filter((e) => !fields.includes(e.field)).map((e) => e.message);
}
