import type { FormInstance } from 'antd';
import { type ApiFailure, fieldErrorsOf } from './api';

export type NamePath = Array<string | number>;

export { fieldErrorsOf };

/** `skus.0.price` → ['skus', 0, 'price']; `translations.fr-FR.title` → ['translations', 'fr-FR', 'title']. */
export function toNamePath(field: string): NamePath {
  return field
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

const keyOf = (name: NamePath) => JSON.stringify(name);

/**
 * Puts each message of an A00002 answer under its field on the form (`mapField` translates a
 * server path into the form's own, or null). Returns the messages that have no field on this
 * form, for the page to show above it, so no message is lost.
 */
export function applyServerErrors(
  form: FormInstance,
  result: ApiFailure,
  mapField: (path: NamePath) => NamePath | null = (path) => path,
): string[] {
  const errors = fieldErrorsOf(result);
  const registered = new Set(form.getFieldsError().map((f) => keyOf(f.name as NamePath)));
  const byName = new Map<string, { name: NamePath; errors: string[] }>();
  const orphans: string[] = [];
  for (const error of errors) {
    const name = mapField(toNamePath(error.field));
    if (!name || !registered.has(keyOf(name))) {
      orphans.push(error.message);
      continue;
    }
    const entry = byName.get(keyOf(name)) ?? { name, errors: [] };
    entry.errors.push(error.message);
    byName.set(keyOf(name), entry);
  }
  form.setFields([...byName.values()]);
  return orphans;
}

/** The first locale (in tab order) that has a field error under `prefix` (e.g. translations). */
export function firstErrorLocale<L extends string>(
  names: NamePath[],
  prefix: string,
  order: readonly L[],
): L | undefined {
  const withErrors = new Set(names.filter((n) => n[0] === prefix).map((n) => String(n[1])));
  return order.find((locale) => withErrors.has(locale));
}
