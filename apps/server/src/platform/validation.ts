import { type FieldError, type Locale, hasMessage, translate } from '@dsm/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/** A request part (body, querystring, params, headers) did not match its zod schema. */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly input: unknown,
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Validates with the route's zod schema and keeps the raw issues so the error handler can
 * word each one in the caller's language (the stock compiler flattens them to English text).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const nul = nulIssues(data);
    if (nul.length > 0) return { error: new RequestValidationError(nul, data) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, data) };
  };

/**
 * How deeply a request part may nest. No schema of the API goes past a handful of levels; a body
 * of 100,000 nested arrays (200 kB, well under the body limit) used to overflow the stack in the
 * walk below and in zod, and came back as a 500.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Two rules every validated request part (body, query, params, headers) obeys before its schema,
 * so no route can forget them: no string anywhere, nor any object key, contains U+0000
 * (PostgreSQL cannot store it in text, so it used to surface as a 500 from the database, with the
 * statement's parameters in the log line), and nothing nests deeper than MAX_INPUT_DEPTH.
 */
function nulIssues(input: unknown, path: PropertyKey[] = [], found: z.core.$ZodIssue[] = []): z.core.$ZodIssue[] {
  if (found.length >= 20) return found;
  if (typeof input === 'string') {
    if (input.includes('\u0000'))
      found.push({ code: 'custom', path: [...path], message: 'validation.nul', input } as z.core.$ZodIssue);
  } else if (input !== null && typeof input === 'object') {
    if (path.length >= MAX_INPUT_DEPTH) {
      found.push({
        code: 'custom',
        path: [...path],
        message: 'validation.too-deep',
        input: undefined,
        params: { max: MAX_INPUT_DEPTH },
      } as z.core.$ZodIssue);
      return found;
    }
    // One path array, pushed and popped: copying it per level made deep input quadratic.
    if (Array.isArray(input)) {
      input.forEach((item, i) => {
        path.push(i);
        nulIssues(item, path, found);
        path.pop();
      });
    } else {
      for (const [key, value] of Object.entries(input)) {
        if (key.includes('\u0000')) {
          found.push({
            code: 'custom',
            path: [...path, key.replaceAll('\u0000', '')],
            message: 'validation.nul',
            input: key,
          } as z.core.$ZodIssue);
          continue;
        }
        path.push(key);
        nulIssues(value, path, found);
        path.pop();
      }
    }
  }
  return found;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** The field's label: `fields.<name>` in the catalogue when present, else the name itself. */
function fieldLabel(locale: Locale, path: PropertyKey[]): string {
  const name = String([...path].reverse().find((p) => typeof p === 'string') ?? '');
  if (!name) return translate(locale, 'validation.body');
  return hasMessage(`fields.${name}`) ? translate(locale, `fields.${name}`) : name;
}

/** Turns one zod issue into `{field, message}` in the caller's language. */
export function localizeIssue(locale: Locale, issue: z.core.$ZodIssue, input: unknown): FieldError[] {
  const field = issue.path.map(String).join('.');
  const label = fieldLabel(locale, issue.path);
  const t = (key: string, params: Record<string, unknown> = {}) => translate(locale, key, { field: label, ...params });
  // A schema may name its own message key, e.g. z.string().email('validation.email').
  if (issue.message && hasMessage(issue.message))
    return [{ field, message: t(issue.message, (issue as { params?: Record<string, unknown> }).params) }];
  const value = valueAt(input, issue.path);
  const missing = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  switch (issue.code) {
    case 'invalid_type':
      return [{ field, message: missing ? t('validation.required') : t('validation.invalid-type') }];
    case 'too_small':
      if (missing) return [{ field, message: t('validation.required') }];
      if (issue.origin === 'string') return [{ field, message: t('validation.too-short', { min: issue.minimum }) }];
      if (issue.origin === 'number' && Number(issue.minimum) === 0 && !issue.inclusive)
        return [{ field, message: t('validation.positive') }];
      return [{ field, message: t('validation.too-small', { min: issue.minimum }) }];
    case 'too_big':
      if (issue.origin === 'string') return [{ field, message: t('validation.too-long', { max: issue.maximum }) }];
      return [{ field, message: t('validation.too-big', { max: issue.maximum }) }];
    case 'invalid_format':
      if (missing) return [{ field, message: t('validation.required') }];
      return [{ field, message: issue.format === 'email' ? t('validation.email') : t('validation.invalid') }];
    case 'invalid_value':
      if (missing) return [{ field, message: t('validation.required') }];
      return [{ field, message: t('validation.one-of', { options: issue.values.map(String).join(', ') }) }];
    case 'not_multiple_of':
      return [
        { field, message: Number(issue.divisor) === 0.01 ? t('validation.two-decimals') : t('validation.invalid') },
      ];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: field ? `${field}.${key}` : key,
        message: translate(locale, 'validation.unknown-field', { field: key }),
      }));
    default:
      return [{ field, message: missing ? t('validation.required') : t('validation.invalid') }];
  }
}

export function localizeIssues(locale: Locale, issues: z.core.$ZodIssue[], input: unknown): FieldError[] {
  return issues.flatMap((issue) => localizeIssue(locale, issue, input));
}
