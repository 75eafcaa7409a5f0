import { ERRORS, type Envelope, type ErrorReason, type FieldError, reasonOf } from '@dsm/contract';
import { takeFirstAnswer } from './first-answers';
import { i18n } from './i18n';
import { session } from './session';

/*
 * The transport: it sends, retries, and turns the server's envelope into an ApiResult (or, for
 * `api.data`, a value or a thrown ApiError). It shows nothing and moves nobody: it announces each
 * request and each failure to its listeners (`api.subscribe`), and the UI layer
 * (app/api-feedback.ts) decides on the loading bar, the toasts and the way to the log-in page.
 */

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

/**
 * A contract schema for the answer's `data` (any zod schema fits): checked in development and in
 * tests, so a server/web drift fails loudly there instead of showing `undefined` on a page.
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

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

/** Request options with the contract's schema of the answer's data (checked only in development and tests). */
export type CheckedOptions<T> = RequestOptions & { schema?: AnswerSchema<T> };

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What the transport announces. `background` is a call that asked for no loading indicator
 * (`loadingflags`); `quiet` one that asked for no message (`noshow`); `network` a failure where the
 * server was not reached (or did not answer with an envelope).
 */
export type ApiEvent =
  | { type: 'start'; background: boolean }
  | { type: 'end'; background: boolean }
  | { type: 'failure'; failure: ApiFailure; quiet: boolean; network: boolean };
type Listener = (event: ApiEvent) => void;

const listeners = new Set<Listener>();
function announce(event: ApiEvent) {
  for (const listener of listeners) listener(event);
}

/** Unchecked in production: the parse costs time on every answer, and the pages trust the contract. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * The reason of an error answer as sent. Development and tests check it against the contract's
 * list (`reasonOf`); production trusts the server, built from the same contract, as it does for
 * answers: the list of every reason was 1.1 kB of every page's first load (decision 0122).
 */
function sentReason(data: unknown): ErrorReason | undefined {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? (reason as ErrorReason) : undefined;
}

/** Thrown in development and tests when an answer does not match the contract's schema. */
export class AnswerDriftError extends Error {
  constructor(method: Method, path: string, detail: string) {
    super(`${method} ${path}: the answer does not match the contract's schema: ${detail}`);
    this.name = 'AnswerDriftError';
  }
}

function checkAnswer<T>(method: Method, path: string, data: unknown, schema: AnswerSchema<T> | undefined): T {
  if (!schema || !CHECK_ANSWERS) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const drift = new AnswerDriftError(method, path, parsed.error.message);
    // A query turns a thrown error into an error state the page may show quietly: say it out loud.
    console.error(drift.message);
    throw drift;
  }
  // The answer as sent, not the parse's output: production skips the parse, so development must
  // see the same object (no stripped keys, no defaults filled in) or the two would differ.
  return data as T;
}

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

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: CheckedOptions<T> = {},
): Promise<ApiResult<T>> {
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

  // A catalogue page's first answer may already be in its HTML (lib/first-answers.ts).
  let envelope = method === 'GET' ? takeFirstAnswer(url, headers['Accept-Language']!) : undefined;
  const background = markers.loadingflags;
  announce({ type: 'start', background });
  try {
    let response: Response | undefined;
    for (let tries = 0; !envelope && !response; tries += 1) {
      try {
        response = await attempt(url, init, options.signal);
      } catch {
        if (options.signal?.aborted) return { code: 'error', success: false, msg: 'aborted' };
        if (!retryable || tries >= 1) return connectionFailure(markers);
        await delay(RETRY_DELAY_MS);
      }
    }

    try {
      envelope ??= await response!.json();
    } catch {
      envelope = undefined;
    }
    // A proxy page or an empty 502 is not an answer from our server.
    if (!isEnvelope(envelope)) return connectionFailure(markers);

    if (envelope.success && envelope.code === ERRORS.OK.code) {
      const data = checkAnswer<T>(method, path, envelope.data, options.schema);
      return { code: 200, data, msg: envelope.msg, success: true };
    }
    // The token is no longer valid: forget it (the UI layer decides where the user goes).
    if (envelope.code === ERRORS.SESSION_INVALID.code) session.clear();
    const failure: ApiFailure = {
      code: 'error',
      success: false,
      msg: envelope.msg,
      errorCode: envelope.code,
      reason: CHECK_ANSWERS ? reasonOf(envelope.data) : sentReason(envelope.data),
      data: envelope.data,
    };
    if (response) httpStatus.set(failure, response.status);
    announce({ type: 'failure', failure, quiet: markers.noshow, network: false });
    return failure;
  } finally {
    announce({ type: 'end', background });
  }
}

/**
 * The HTTP status of each failure the server answered, for ApiError. Kept beside the result, not
 * in it: pages and tests compare an ApiFailure whole, and its shape is the one SPEC §9 gives.
 */
const httpStatus = new WeakMap<ApiFailure, number>();

function connectionFailure(markers: Markers): ApiFailure {
  const failure: ApiFailure = { code: 'error', success: false, msg: i18n.t('common:errors.network') };
  announce({ type: 'failure', failure, quiet: markers.noshow, network: true });
  return failure;
}

/** The per-field details of a validation failure (A00002); empty for any other answer. */
export function fieldErrorsOf(result: ApiResult<unknown>): FieldError[] {
  if (result.success || result.errorCode !== ERRORS.VALIDATION.code || !Array.isArray(result.data)) return [];
  return (result.data as unknown[]).filter(
    (e): e is FieldError =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as FieldError).field === 'string' &&
      typeof (e as FieldError).message === 'string',
  );
}

/**
 * Thrown by `api.data` so TanStack Query sees a failed call as an error state (the UI layer has
 * already been told, and has shown its message). `result` is the failure as `api.get` returns it.
 */
export class ApiError extends Error {
  /** The server's error code (e.g. A00002, A00006); undefined when the server was not reached. */
  readonly code: string | undefined;
  /** The HTTP status; undefined when the server was not reached. */
  readonly status: number | undefined;
  readonly reason: ErrorReason | undefined;
  /** The messages per field of a validation failure (A00002); empty otherwise. */
  readonly fieldErrors: FieldError[];

  constructor(readonly result: ApiFailure) {
    super(result.msg);
    this.name = 'ApiError';
    this.code = result.errorCode;
    this.status = httpStatus.get(result);
    this.reason = result.reason;
    this.fieldErrors = fieldErrorsOf(result);
  }
}

export const api = {
  request,
  get: <T>(path: string, options?: CheckedOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: CheckedOptions<T>) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: CheckedOptions<T>) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: CheckedOptions<T>) => request<T>('PATCH', path, body, options),
  del: <T>(path: string, options?: CheckedOptions<T> & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
  /**
   * GET that resolves to `data` or throws ApiError. With `schema` (the contract's), the answer is
   * checked in development and tests: `api.data('/orders/7', { schema: OrderDetail })`.
   */
  async data<T>(path: string, options?: CheckedOptions<T>): Promise<T> {
    const result = await request<T>('GET', path, undefined, options);
    if (!result.success) throw new ApiError(result);
    return result.data;
  },
  /** Listens to every request's start and end and to every failure; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
