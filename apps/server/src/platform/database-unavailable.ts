/**
 * Whether an error means the database could not be reached (server down or restarting, connection
 * cut), not that a statement was wrong: the answer is then 503 "try again in a moment", which a
 * client or load balancer retries, rather than 500 "contact the administrator".
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// SQLSTATE class 08 (connection exception); 57P01–57P03: shut down by an administrator, crashed, starting up.
const SQLSTATE = /^(08\w{3}|57P0[123])$/;
const PG_MESSAGES = [
  /^Connection terminated/,
  /not queryable/,
  /timeout exceeded when trying to connect/,
  /^Client was closed/,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (PG_MESSAGES.some((m) => m.test(e.message))) return true;
  }
  return false;
}
