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

/**
 * Machine-readable reasons of business errors (A00001) and conflicts (A00007), and of the answers
 * the framework gives before a route runs. They travel as `data.reason` beside the localized `msg`
 * (the envelope stays `{code, data, msg, success}`), never change once published, and are what a
 * program branches on: `msg` is for people and changes with the language, `A00001` says only
 * "a business rule refused it" (decision 0063).
 */
export const ERROR_REASONS = [
  // Money and orders (used by the wallet, orders and stores work that builds on this).
  'insufficient-balance',
  'out-of-stock',
  'price-changed',
  'already-associated',
  'refund-exceeds-payment',
  'wallet-lock-closed',
  'recharge-not-payable',
  'recharge-not-pending',
  'payment-method-disabled',
  'provider-unavailable',
  'recharge-failed',
  'payment-not-approved',
  'withdrawal-closed',
  'held-payment-exists',
  'order-transition-refused',
  // Order payments (decision 0085).
  'payment-in-progress',
  'payment-not-cancellable',
  'price-difference-closed',
  // After-sales requests (decision 0088).
  'after-sales-open',
  'after-sales-not-eligible',
  'after-sales-transition-refused',
  // Stores and product connection (decision 0100).
  'store-address-taken',
  'store-address-not-allowed',
  'store-credentials-refused',
  'store-unreachable',
  'store-authorization-failed',
  'store-authorization-expired',
  'store-not-current-user',
  'store-unbind-failed',
  'store-disconnected',
  'store-platform-not-configured',
  'store-sync-running',
  'nothing-to-undo',
  // Tracking back to the store (issue 21, decision 0115).
  'tracking-push-not-retryable',
  'undo-stale',
  // Store orders (issue 21, decision 0113).
  'store-order-transition-refused',
  'store-order-not-refundable',
  'store-orders-not-supported',
  'store-order-gone',
  'store-order-sync-cooling-down',
  // Paying store orders (decision 0118).
  'store-order-not-payable',
  'quote-changed',
  // Excel order import (decision 0125).
  'import-duplicate',
  'import-not-previewed',
  'import-nothing-valid',
  'import-upload-failed',
  // The affiliate programme (decision 0128).
  'self-referral',
  'affiliate-suspended',
  'programme-closed',
  // Listing (issue 22, decision 0124).
  'listing-not-offered',
  'listing-margin-too-low',
  'listing-transition-refused',
  'reprice-changed',
  'price-update-decided',
  // Private inventory (issue 24, decision 0126).
  'inventory-transition-refused',
  // bulk deposit (decision 0130): two parts were not offered, or the balance is still unpaid
  'deposit-not-offered',
  'balance-unpaid',
  // catalogue bulk orders in two parts (decision 0145): the percentage changed since the page
  // showed it; the goods were bought, so the deposit is no longer returned
  'deposit-terms-changed',
  'deposit-not-cancellable',
  'inventory-short',
  'warehouse-not-stocking',
  // Accounts.
  'login-failed',
  'account-disabled',
  'cannot-disable-self',
  'email-taken',
  'username-taken',
  // Catalogue and shipping.
  'category-not-empty',
  'sku-code-taken',
  'tag-code-taken',
  'warehouse-code-taken',
  'warehouse-in-use',
  'method-code-taken',
  'no-shipping-method',
  // Checkout (decision 0083).
  'taken-down',
  'shipping-address-empty',
  'billing-address-empty',
  'confirm-invalid',
  // A confirm token places one order; a user holds at most so many unpaid (decision 0106).
  'confirm-used',
  'hold-cap',
  // Preferred shipping (decision 0116): one rule per product-or-all and country-or-all.
  'preference-exists',
  // Sourcing (decision 0127): a request moved only along its states.
  'sourcing-transition-refused',
  // Platform: idempotent writes and the jobs console.
  'idempotency-key-reused',
  'idempotency-in-progress',
  'job-not-retryable',
  // Answers given before routing (framework errors).
  'bad-url',
  'bad-request',
  'headers-too-large',
  'request-timeout',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The reason of an error answer's `data`, when it carries a known one. */
export function reasonOf(data: unknown): ErrorReason | undefined {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason)
    ? (reason as ErrorReason)
    : undefined;
}
