import type { TFunction } from 'i18next';

/**
 * Client-side checks run the contract's own zod schemas (RegisterBody, ResetPasswordBody,
 * SaveAddressBody, UpdateProfileBody): the same rules the server applies, so a form never
 * accepts what the server refuses. Only the wording is ours: each issue becomes a message from
 * the `accounts` catalogue, the way the server's validation.ts words its A00002 answers.
 */

/** The part of a zod issue we read (zod is the contract's dependency, not ours). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  maximum?: unknown;
}
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: SchemaIssue[] } };
}

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Message keys the contract's schemas name → our catalogue keys. */
const KNOWN_MESSAGES: Record<string, string> = {
  'validation.email': 'errors.email',
  'accounts.password-rule': 'errors.password-rule',
  'accounts.password-mismatch': 'errors.password-mismatch',
  'accounts.agreement-required': 'errors.agreement-required',
  'accounts.country-unknown': 'errors.country-unknown',
  'accounts.code-format': 'errors.code-format',
};

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** One issue in the interface language (t is bound to the `accounts` namespace). */
export function issueMessage(issue: SchemaIssue, values: Record<string, unknown>, t: TFunction<'accounts'>): string {
  const field = String(issue.path[0] ?? '');
  const known = KNOWN_MESSAGES[issue.message];
  if (known) return t(known);
  if (isMissing(values[field])) return t(`required.${field}`, { defaultValue: t('errors.required') });
  if (issue.code === 'too_big') return t('errors.too-long', { max: Number(issue.maximum) });
  return t('errors.invalid');
}

/** Validates all values; the first message of each field. */
export function validateWith<T, F extends string>(
  schema: Schema<T>,
  values: Record<F, unknown>,
  t: TFunction<'accounts'>,
): { data: T; errors: FieldErrors<F> } | { data: null; errors: FieldErrors<F> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!(field in errors)) errors[field] = issueMessage(issue, values, t);
  }
  return { data: null, errors };
}

/** A00002 `data`: [{field, message}] → first message per field (the server's own words). */
export function serverFieldErrors(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(data)) return out;
  for (const item of data as Array<{ field?: unknown; message?: unknown }>) {
    const field = typeof item?.field === 'string' ? item.field.split('.')[0] : '';
    if (field && typeof item.message === 'string' && !(field in out)) out[field] = item.message;
  }
  return out;
}

/** A00007 CONFLICT names the taken field in `data.field` (email or username). */
export function conflictField(data: unknown): string | undefined {
  const field = (data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

/** Trims every string value except the ones listed (passwords keep their spaces). */
export function trimValues<T extends Record<string, unknown>>(values: T, keep: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' && !keep.includes(key) ? value.trim() : value;
  return out as T;
}
