import { storeFetch } from '../http.js';
import type { HttpPolicy } from '../store-platform.js';
import { StorePlatformError } from '../store-platform.js';
import { aliExpressError, isAliExpressError } from './ae.errors.js';
import { parseAeJson } from './ae.json.js';
import { signAliExpress } from './ae.sign.js';

/**
 * The app's side of the IOP platform. `authUrl` is the seller's authorization page, `apiUrl`
 * the gateway base (`/rest…` for system APIs, `/sync` for business APIs): the only things that
 * differ between AliExpress and the demo's emulator (decision 0100).
 */
export interface AliExpressApp {
  appKey: string;
  appSecret: string;
  authUrl: string;
  apiUrl: string;
}

export interface AliExpressCall {
  /** A business API (`aliexpress.ds.product.get`) or a system API path (`/auth/token/create`). */
  api: string;
  params: Record<string, string>;
  /** The seller's access token, for business APIs. */
  session?: string;
  /** Reads may be sent again after a timeout; token calls may not (a code works once). */
  idempotent: boolean;
  /** Token create / refresh: a refused call means the code or refresh token is refused. */
  tokenCall?: boolean;
}

const base = (url: string) => url.replace(/\/+$/, '');

/** The URL a call goes to: system APIs on the `/rest` base, business APIs on `/sync` (§3.3). */
export function aliExpressEndpoint(apiUrl: string, api: string): string {
  return api.includes('/') ? `${base(apiUrl)}/rest${api}` : `${base(apiUrl)}/sync`;
}

/**
 * One signed call through the gateway: system parameters (app_key, ms timestamp, sign_method,
 * `method` for business APIs, `session` when acting for a seller) with the API's own, signed as
 * §3.2 says, sent as a form body. Answers the parsed body once it is not an error.
 */
export async function callAliExpress(
  app: AliExpressApp,
  call: AliExpressCall,
  http: Partial<HttpPolicy> = {},
): Promise<Record<string, unknown>> {
  const params: Record<string, string> = {
    ...call.params,
    app_key: app.appKey,
    timestamp: String(Date.now()),
    sign_method: 'sha256',
    ...(call.api.includes('/') ? {} : { method: call.api, format: 'json' }),
    ...(call.session ? { session: call.session } : {}),
  };
  params.sign = signAliExpress(app.appSecret, call.api, params);
  const res = await storeFetch(
    'aliexpress',
    {
      method: 'POST',
      url: aliExpressEndpoint(app.apiUrl, call.api),
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
      idempotent: call.idempotent,
    },
    http,
  );
  let body: unknown;
  try {
    body = parseAeJson(res.text);
  } catch {
    if (res.status >= 500) throw new StorePlatformError('aliexpress', 'unavailable', `HTTP ${res.status}`, res.status);
    throw new StorePlatformError('aliexpress', 'protocol', `answer is not JSON (HTTP ${res.status})`, res.status);
  }
  if (isAliExpressError(body)) throw aliExpressError(body, res.status, call.tokenCall);
  if (res.status === 429) throw new StorePlatformError('aliexpress', 'throttled', 'HTTP 429', 429);
  if (res.status >= 500) throw new StorePlatformError('aliexpress', 'unavailable', `HTTP ${res.status}`, res.status);
  if (res.status >= 400 || !body || typeof body !== 'object')
    throw new StorePlatformError('aliexpress', 'protocol', `unexpected answer (HTTP ${res.status})`, res.status);
  return body as Record<string, unknown>;
}

/** A business API's payload: `{api_name_with_underscores}_response` (§3.5). */
export function responseOf(api: string, body: Record<string, unknown>): Record<string, unknown> {
  const key = `${api.replaceAll('.', '_')}_response`;
  const r = body[key];
  if (!r || typeof r !== 'object')
    throw new StorePlatformError('aliexpress', 'protocol', `${key} missing from the answer`);
  return r as Record<string, unknown>;
}
