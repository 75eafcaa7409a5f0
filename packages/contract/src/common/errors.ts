/**
 * The error catalogue (SPEC §8). Each code has one HTTP status and one message key; the message
 * text lives in ../locales/<lang>.json under `errors.<CODE>` so every language has it.
 */
export const ERRORS = {
  /** Success. */
  OK: { code: '00000', status: 200 },
  /** A business error whose message the user should see. */
  BUSINESS: { code: 'A00001', status: 422 },
  /** Validation failed; `data` lists each field with its message. */
  VALIDATION: { code: 'A00002', status: 400 },
  /** Logged in but not allowed. */
  FORBIDDEN: { code: 'A00003', status: 403 },
  /** Session invalid or missing: the client clears its session and goes to /login. */
  SESSION_INVALID: { code: 'A00004', status: 401 },
  /** Unexpected server error: generic text, full log with the request id. */
  SERVER_ERROR: { code: 'A00005', status: 500 },
  /** The thing asked for does not exist (or is not the caller's). */
  NOT_FOUND: { code: 'A00006', status: 404 },
  /** The request conflicts with existing data (duplicate, already done). */
  CONFLICT: { code: 'A00007', status: 409 },
  /** Too many requests; `data.retryAfterSeconds` says how long to wait. */
  RATE_LIMITED: { code: 'A00008', status: 429 },
  /** The request body is larger than allowed. */
  PAYLOAD_TOO_LARGE: { code: 'A00009', status: 413 },
  /** Not enough money in the wallet. */
  INSUFFICIENT_BALANCE: { code: 'A00010', status: 422 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

export const ERROR_BY_CODE: Record<string, { code: string; status: number }> = Object.fromEntries(
  Object.values(ERRORS).map((e) => [e.code, e]),
);
