import {
  WITHDRAWAL_METHODS,
  WITHDRAWAL_METHOD_FIELDS,
  type WithdrawalMethod,
  type WithdrawalRequest,
  withdrawalRequestBody,
} from '@dsm/contract';
import type { TFunction } from 'i18next';

/**
 * The form checks what the server checks: the contract's own schema, built with the server's
 * sanctions list (GET /api/p/withdrawals/limits). Only the words are ours (`withdrawals:rules.*`).
 */

/** The fields each method asks for, in the order a person fills them in (decision 0073). */
export const METHOD_FIELDS = WITHDRAWAL_METHOD_FIELDS;
/** Fields a method may leave empty (a wire takes an IBAN or an account number). */
export const OPTIONAL_FIELDS: Partial<Record<WithdrawalMethod, readonly string[]>> = {
  swift: ['iban', 'accountNumber'],
};

export const isMethod = (v: unknown): v is WithdrawalMethod => (WITHDRAWAL_METHODS as readonly unknown[]).includes(v);

export type FormValues = Record<string, unknown> & { method?: WithdrawalMethod; amount?: number | null };

/** What is sent: the method's fields only, trimmed; empty optional fields left out. */
export function requestOf(values: FormValues): Record<string, unknown> {
  const method = values.method;
  const out: Record<string, unknown> = {
    method,
    amount: values.amount ?? undefined,
    beneficiaryName: values.beneficiaryName,
  };
  for (const field of isMethod(method) ? METHOD_FIELDS[method] : []) out[field] = values[field];
  for (const [key, value] of Object.entries(out)) {
    const v = typeof value === 'string' ? value.trim() : value;
    out[key] = v === '' || v === null ? undefined : v;
  }
  return out;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  maximum?: unknown;
}

function messageOf(issue: Issue, request: Record<string, unknown>, t: TFunction<'withdrawals'>): string {
  const field = String(issue.path[0] ?? '');
  if (issue.message.startsWith('withdrawal.')) return t(`rules.${issue.message.slice('withdrawal.'.length)}`);
  if (issue.message === 'validation.two-decimals') return t('rules.two-decimals');
  if (issue.message === 'validation.email') return t('rules.email');
  if (request[field] === undefined) return t('rules.required');
  if (issue.code === 'too_big') return t('rules.too-long', { max: Number(issue.maximum) });
  return t('rules.invalid');
}

export type Checked =
  | { data: WithdrawalRequest; errors: Record<string, string> }
  | { data: null; errors: Record<string, string> };

/** Validates the form's values; the first message of each field. */
export function checkWithdrawal(
  values: FormValues,
  sanctioned: readonly string[],
  t: TFunction<'withdrawals'>,
): Checked {
  const request = requestOf(values);
  const result = schemaFor(sanctioned).safeParse(request);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues as Issue[]) {
    const field = String(issue.path[0] ?? 'method');
    errors[field] ??= messageOf(issue, request, t);
  }
  return { data: null, errors };
}

let cached: { key: string; schema: ReturnType<typeof withdrawalRequestBody> } | undefined;
function schemaFor(sanctioned: readonly string[]) {
  const key = sanctioned.join(',');
  if (cached?.key !== key) cached = { key, schema: withdrawalRequestBody(sanctioned) };
  return cached.schema;
}
