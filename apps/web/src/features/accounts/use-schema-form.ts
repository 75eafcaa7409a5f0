import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, type Schema, trimValues, validateWith } from './validation';

export interface SchemaForm<F extends string, T> {
  values: Record<F, unknown>;
  /** The message to show under a field: the server's for it (until it is edited), else ours. */
  error(field: F): string | undefined;
  setValue(field: F, value: unknown): void;
  /** Leaving a field: trims it (passwords excepted) and shows its problem, if any. */
  blur(field: F): void;
  /** Starts loading the schema (a field got the focus): its messages are ready by the first blur. */
  prime(): void;
  /** Checks every field; the parsed body, or null with every problem shown (and the first field at fault). */
  submit(): Promise<{ data: T; invalid?: undefined } | { data: null; invalid: F }>;
  /** Messages from the server's answer (A00002 data, a conflict's field). */
  setServerErrors(errors: Record<string, string>): void;
  reset(values?: Partial<Record<F, unknown>>): void;
}

/**
 * Form state for the light public pages (no UI kit): values, fields the user has visited, and
 * messages from the contract schema. A field shows its message once visited or after a submit,
 * and the message follows every keystroke from then on. The schema (with zod) is loaded on the
 * first focus or submit, not with the page (decision 0109); until then no field has a message.
 */
export function useSchemaForm<F extends string, T>(
  loadSchema: () => Promise<Schema<T>>,
  initial: Record<F, unknown>,
  opts: { keepSpaces?: readonly F[] } = {},
): SchemaForm<F, T> {
  const { t } = useTranslation('accounts');
  const [schema, setSchema] = useState<Schema<T> | null>(null);
  const loading = useRef<Promise<Schema<T>> | null>(null);
  const load = useCallback(() => {
    loading.current ??= loadSchema().then((loaded) => {
      setSchema(() => loaded);
      return loaded;
    });
    // A failed download (offline) is tried again on the next focus or submit.
    loading.current.catch(() => {
      loading.current = null;
    });
    return loading.current;
  }, [loadSchema]);
  const [values, setValues] = useState(initial);
  const [visited, setVisited] = useState<Partial<Record<F, true>>>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const keep = useMemo(() => (opts.keepSpaces ?? []) as readonly string[], [opts.keepSpaces]);

  // Recomputed on each render: cheap for a form, and messages follow a language switch.
  const errors: FieldErrors<F> = schema ? validateWith(schema, values, t).errors : {};

  const error = (field: F) => server[field] ?? (visited[field] ? errors[field] : undefined);

  const setValue = useCallback((field: F, value: unknown) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServer((s) => {
      if (!(field in s)) return s;
      const next = { ...s };
      delete next[field];
      return next;
    });
  }, []);

  const blur = useCallback(
    (field: F) => {
      void load();
      setValues((v) => {
        const value = v[field];
        if (typeof value !== 'string' || keep.includes(field) || value.trim() === value) return v;
        return { ...v, [field]: value.trim() };
      });
      setVisited((s) => (s[field] ? s : { ...s, [field]: true }));
    },
    [keep, load],
  );

  const submit: SchemaForm<F, T>['submit'] = async () => {
    const trimmed = trimValues(values, keep);
    setValues(trimmed);
    setVisited(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<F, true>>);
    setServer({});
    const result = validateWith(schema ?? (await load()), trimmed, t);
    if (result.data !== null) return { data: result.data };
    // The first field at fault in the form's order (the order of `initial`).
    const invalid = (Object.keys(values) as F[]).find((f) => result.errors[f]) ?? (Object.keys(result.errors)[0] as F);
    return { data: null, invalid };
  };

  return {
    values,
    error,
    setValue,
    blur,
    prime: () => void load(),
    submit,
    setServerErrors: setServer,
    reset: (next) => {
      setValues({ ...initial, ...next });
      setVisited({});
      setServer({});
    },
  };
}
