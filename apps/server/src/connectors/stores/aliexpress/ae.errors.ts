import { type StorePlatformErrorKind, StorePlatformError } from '../store-platform.js';

/** The gateway's error shape (connector-protocols.md §3.5): `code` "0" is success. */
export interface AliExpressErrorBody {
  code?: string | number;
  message?: string;
  type?: string;
  request_id?: string;
}

/**
 * Codes that mean the token itself is refused. `IllegalAccessToken` is in the reference; the
 * others are what peers report for expired or refused tokens (UNCONFIRMED as a full list), so a
 * message about an expired or invalid token counts too.
 */
const AUTH_CODES = new Set([
  'IllegalAccessToken',
  'IllegalRefreshToken',
  'InvalidSession',
  'SessionExpired',
  'InvalidCode',
  'IllegalCode',
]);
/** Codes that are our own mistake (a wrong app key, secret or request), never the owner's token. */
const OURS = new Set([
  'IncompleteSignature',
  'InvalidSignature',
  'InvalidAppKey',
  'MissingParameter',
  'InvalidParameter',
  'InvalidApiPath',
  'InvalidMethod',
]);

export function isAliExpressError(body: unknown): body is AliExpressErrorBody & { code: string } {
  if (!body || typeof body !== 'object') return false;
  const code = (body as AliExpressErrorBody).code;
  return code !== undefined && code !== null && String(code) !== '0';
}

/**
 * A gateway error → our kind: a refused or expired token → `auth`; the platform's own trouble
 * (`ISP`, `SYSTEM`) → `unavailable`; a call limit → `throttled`; any other client error (`ISV`)
 * → `invalid`. `tokenCall`: during token create / refresh every client error that is not ours
 * (signature, app key) means the code or refresh token is refused → `auth`.
 */
export function aliExpressError(body: AliExpressErrorBody, status: number, tokenCall = false): StorePlatformError {
  const code = String(body.code ?? 'unknown');
  const type = String(body.type ?? '').toUpperCase();
  const detail = `${code}: ${body.message ?? 'no message'}`.slice(0, 300);
  let kind: StorePlatformErrorKind;
  if (
    AUTH_CODES.has(code) ||
    (!OURS.has(code) && /token|session/i.test(code) && /expire|invalid|illegal/i.test(`${code} ${body.message ?? ''}`))
  )
    kind = 'auth';
  else if (type === 'ISP' || type === 'SYSTEM') kind = 'unavailable';
  else if (/ApiCallLimit|Throttl|Frequency/i.test(code)) kind = 'throttled';
  else if (tokenCall && !OURS.has(code)) kind = 'auth';
  else kind = 'invalid';
  return new StorePlatformError('aliexpress', kind, detail, status);
}
