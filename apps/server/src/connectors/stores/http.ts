import { DEFAULT_HTTP_POLICY, type HttpPolicy, type StorePlatform, StorePlatformError } from './store-platform.js';

export interface StoreRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * May this request be sent again after a timeout or a 5xx? Reads may; a write only when the
   * platform de-duplicates it. A 429 is retried either way (the platform did not act on it).
   */
  idempotent: boolean;
}

export interface StoreResponse {
  status: number;
  headers: Headers;
  text: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The URL as it may be logged: no query string (it can carry keys and signatures). */
export function loggableUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/**
 * One call to a store platform with a timeout, and retries with doubling backoff for network
 * errors and 5xx (idempotent requests only) and for 429 (honouring Retry-After up to 10 s).
 * Answers every other status to the caller, who knows what the platform means by it.
 */
export async function storeFetch(
  platform: StorePlatform,
  req: StoreRequest,
  policy: Partial<HttpPolicy> = {},
): Promise<StoreResponse> {
  const p = { ...DEFAULT_HTTP_POLICY, ...policy };
  const doFetch = p.fetch ?? fetch;
  let lastError = 'no attempt';
  for (let attempt = 0; attempt <= p.retries; attempt++) {
    if (attempt > 0) await sleep(p.backoffMs * 2 ** (attempt - 1));
    const started = Date.now();
    try {
      const res = await doFetch(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(p.timeoutMs),
      });
      const text = await res.text();
      p.log?.({
        platform,
        method: req.method,
        url: loggableUrl(req.url),
        status: res.status,
        ms: Date.now() - started,
        attempt,
      });
      if (res.status === 429 && attempt < p.retries) {
        const retryAfter = Number(res.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter > 0) await sleep(Math.min(retryAfter, 10) * 1000);
        lastError = 'HTTP 429';
        continue;
      }
      if (res.status >= 500 && req.idempotent && attempt < p.retries) {
        lastError = `HTTP ${res.status}`;
        continue;
      }
      return { status: res.status, headers: res.headers, text };
    } catch (err) {
      const name = (err as Error).name;
      lastError =
        name === 'TimeoutError' || name === 'AbortError'
          ? `no answer within ${p.timeoutMs} ms`
          : `connection failed (${(err as Error).message})`;
      p.log?.({
        platform,
        method: req.method,
        url: loggableUrl(req.url),
        status: 'error',
        ms: Date.now() - started,
        attempt,
      });
      if (!req.idempotent) break;
    }
  }
  throw new StorePlatformError(platform, lastError === 'HTTP 429' ? 'throttled' : 'unavailable', lastError);
}

/** Parses a JSON answer or says the platform broke its protocol. */
export function jsonOf<T = unknown>(platform: StorePlatform, res: StoreResponse): T {
  try {
    return JSON.parse(res.text) as T;
  } catch {
    throw new StorePlatformError(platform, 'protocol', `answer is not JSON (HTTP ${res.status})`, res.status);
  }
}
