import { ERRORS, type ErrorName, type ErrorReason, type FieldError } from '@dsm/contract';

/**
 * The one error type services throw. `messageKey` names a message in the contract's locale
 * catalogues (default `errors.<CODE>`); `params` fill its placeholders; `data` goes to the client.
 * Business errors and conflicts name a stable `reason` (contract ERROR_REASONS), which the error
 * handler adds to `data` so programs branch on it rather than on the wording or on A00001.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(
    readonly kind: ErrorName,
    readonly messageKey: string = `errors.${ERRORS[kind].code}`,
    readonly params: Record<string, unknown> = {},
    readonly data: unknown = null,
    readonly reason?: ErrorReason,
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.code = ERRORS[kind].code;
    this.status = ERRORS[kind].status;
  }

  static notFound(messageKey?: string) {
    return new AppError('NOT_FOUND', messageKey);
  }
  static conflict(reason: ErrorReason, messageKey?: string, params?: Record<string, unknown>, data?: unknown) {
    return new AppError('CONFLICT', messageKey, params, data ?? null, reason);
  }
  static business(reason: ErrorReason, messageKey: string, params?: Record<string, unknown>, data?: unknown) {
    return new AppError('BUSINESS', messageKey, params, data ?? null, reason);
  }
  static forbidden(messageKey?: string) {
    return new AppError('FORBIDDEN', messageKey);
  }
  static sessionInvalid() {
    return new AppError('SESSION_INVALID');
  }
  static rateLimited(retryAfterSeconds: number) {
    return new AppError('RATE_LIMITED', undefined, { seconds: retryAfterSeconds }, { retryAfterSeconds });
  }
  /** A validation failure found by a service (not by the route schema), e.g. "passwords differ". */
  static invalid(fields: Array<{ field: string; messageKey: string; params?: Record<string, unknown> }>) {
    return new AppError('VALIDATION', undefined, {}, fields);
  }
}

export type { FieldError };
