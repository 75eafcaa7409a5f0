import { ERRORS, type Envelope, type ErrorReason, reasonOf } from '@dsm/contract';
import { i18n } from './i18n';
import { loading } from './loading';
import { loginPathFromHere, navigateTo } from './navigation';
import { session } from './session';
import { toast, TOAST_MS } from './toast';

/** SPEC §7 / §9 */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
export const RETRY_DELAY_MS = 1_000;

export interface ApiSuccess<T> {
  code: 200;
  data: T;
  msg: string;
  success: true;
}
export interface ApiFailure {
  code: 'error';
  success: false;
  msg: string;
  /** The server's error code (e.g. A00002); absent when the server was not reached. */
  errorCode?: string;
  /**
   * The machine-readable reason of a business error or conflict (`data.reason`). Branch on this,
   * never on `errorCode` A00001 (which only says "a business rule refused it") nor on `msg`.
   */
  reason?: ErrorReason;
  data?: unknown;
}
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  query?: Query;
  /** No warning toast for an unsuccessful answer or a network failure. */
  noshow?: boolean;
  /** No global loading indicator (background calls). */
  loadingflags?: boolean;
  /**
   * Makes a non-GET call safe to retry: the server answers a repeat of the same key with the
   * first result. Without one, a POST is never sent twice (a payment must not be).
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Marker keys callers may put in a query or body instead of options; never sent. */
const MARKERS = ['noshow', 'loadingflags'] as const;
type Markers = { noshow: boolean; loadingflags: boolean };

function isMarkerOn(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== 'false';
}

function stripMarkers<T>(input: T, found: Markers): T {
  if (input instanceof FormData) {
    for (const key of MARKERS) {
      if (input.has(key)) {
        found[key] ||= isMarkerOn(input.get(key));
        input.delete(key);
      }
    }
    return input;
  }
  if (!input || typeof input !== 'object' || Array.isArray(input) || input instanceof Blob) return input;
  const copy = { ...(input as Record<string, unknown>) };
  for (const key of MARKERS) {
    if (key in copy) {
      found[key] ||= isMarkerOn(copy[key]);
      delete copy[key];
    }
  }
  return copy as T;
}

export function buildUrl(path: string, query?: Query): string {
  const base = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) params.append(key, String(v));
    }
  }
  const qs = params.toString();
  return qs ? `${base}${base.includes('?') ? '&' : '?'}${qs}` : base;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope<unknown>).code === 'string' &&
    typeof (value as Envelope<unknown>).success === 'boolean'
  );
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One fetch with the 30 s timeout; rejects on a network failure or a timeout. */
async function attempt(url: string, init: RequestInit, callerSignal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  callerSignal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const markers: Markers = { noshow: Boolean(options.noshow), loadingflags: Boolean(options.loadingflags) };
  const query = stripMarkers(options.query ?? {}, markers);
  const payload = stripMarkers(body, markers);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': session.get().lang,
    ...options.headers,
  };
  const token = session.get().admin_token;
  if (token) headers.Authorization = token;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let requestBody: BodyInit | undefined;
  if (payload instanceof FormData || payload instanceof Blob || typeof payload === 'string') requestBody = payload;
  else if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(payload);
  }

  const url = buildUrl(path, query);
  const init: RequestInit = { method, headers, body: requestBody, credentials: 'include' };
  // Repeating a request is only safe when the server cannot act on it twice.
  const retryable = method === 'GET' || method === 'HEAD' || Boolean(options.idempotencyKey);

  if (!markers.loadingflags) loading.start();
  try {
    let response: Response | undefined;
    for (let tries = 0; !response; tries += 1) {
      try {
        response = await attempt(url, init, options.signal);
      } catch {
        if (options.signal?.aborted) return { code: 'error', success: false, msg: 'aborted' };
        if (!retryable || tries >= 1) return connectionFailure(markers);
        await delay(RETRY_DELAY_MS);
      }
    }

    let envelope: unknown;
    try {
      envelope = await response.json();
    } catch {
      envelope = undefined;
    }
    // A proxy page or an empty 502 is not an answer from our server.
    if (!isEnvelope(envelope)) return connectionFailure(markers);

    if (envelope.success && envelope.code === ERRORS.OK.code) {
      return { code: 200, data: envelope.data as T, msg: envelope.msg, success: true };
    }
    if (envelope.code === ERRORS.SESSION_INVALID.code) {
      session.clear();
      navigateTo(loginPathFromHere());
    }
    if (!markers.noshow && envelope.msg) toast.warning(envelope.msg, TOAST_MS);
    return { code: 'error', success: false, msg: envelope.msg, errorCode: envelope.code, reason: reasonOf(envelope.data), data: envelope.data };
  } finally {
    if (!markers.loadingflags) loading.stop();
  }
}

function connectionFailure(markers: Markers): ApiFailure {
  const msg = i18n.t('common:errors.network');
  if (!markers.noshow) toast.error(msg, TOAST_MS);
  return { code: 'error', success: false, msg };
}

/** Thrown by `api.data` so TanStack Query sees a failed call as an error state. */
export class ApiError extends Error {
  constructor(readonly result: ApiFailure) {
    super(result.msg);
    this.name = 'ApiError';
  }
}

export const api = {
  request,
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  del: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
  /** GET that resolves to `data` or throws ApiError (the toast has already been shown). */
  async data<T>(path: string, options?: RequestOptions): Promise<T> {
    const result = await request<T>('GET', path, undefined, options);
    if (!result.success) throw new ApiError(result);
    return result.data;
  },
};
