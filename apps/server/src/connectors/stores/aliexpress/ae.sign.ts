import { createHmac } from 'node:crypto';

/**
 * The IOP request signature (connector-protocols.md §3.2, sign_method=sha256): every parameter
 * but `sign` sorted by key in ASCII order, concatenated as key1value1key2value2… without
 * separators or URL-encoding; a system API (its name is a path, e.g. `/auth/token/create`) puts
 * its path in front. HMAC-SHA256 keyed by the app secret, upper-case hex.
 */
export function aliExpressStringToSign(apiName: string, params: Record<string, string>): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign')
    // ASCII order, not the locale's: the platform compares byte strings.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const body = keys.map((k) => `${k}${params[k]}`).join('');
  return apiName.includes('/') ? `${apiName}${body}` : body;
}

export function signAliExpress(secret: string, apiName: string, params: Record<string, string>): string {
  return createHmac('sha256', secret)
    .update(aliExpressStringToSign(apiName, params), 'utf8')
    .digest('hex')
    .toUpperCase();
}
