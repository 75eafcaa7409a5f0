import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import { DEFAULT_LOCALE, type Locale, isLocale } from '@dsm/contract';
import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';

/**
 * A public page's first answers in its HTML (decision 0122): the goods list's search, the
 * product, … are the same envelopes the page's first GETs would fetch, so the page draws its
 * first cards without a round trip after its scripts, and its largest picture can start loading
 * with them. The page only ever gains: a lookup that fails, refuses or is slow leaves the answer
 * out, and the browser asks the API as before.
 */

/** One GET of the API a page sends first: its path under /api and its query. */
export interface FirstRequest {
  path: string;
  query?: Record<string, string | number | undefined>;
  /** The answer's picture the page shows largest (its `data` given), to preload. */
  image?: (data: unknown) => string | undefined;
  /**
   * The page's first screen drawn from the answer (its `data` given) as HTML the browser paints
   * before the scripts run (decision 0135): every text in it escaped by the caller (`escapeHtml`).
   */
  preview?: (data: unknown) => string | undefined;
}

/** The first requests of a public page, from its route (first path segment, lowercase) and URL. */
export type FirstRequestsOf = (route: string, url: URL) => FirstRequest[];

/** How long a page waits for its first answers before it is sent without them. */
export const FIRST_ANSWERS_WAIT_MS = 300;

/**
 * How the server's own lookups are told from a visitor's requests: a header with a value made at
 * start and known only to this process, so a client cannot hide its own requests from the log by
 * sending the header.
 */
const MARK_HEADER = 'x-dsm-first-answer';
const MARK = randomUUID();

/** Whether a request is one of the server's own first-answer lookups. */
export function isFirstAnswerLookup(req: { headers: IncomingHttpHeaders }): boolean {
  return req.headers[MARK_HEADER] === MARK;
}

/**
 * Fastify's request log lines (incoming, completed), for every request but the server's own
 * lookups: those are part of the page request that caused them (one debug line each, below), not
 * requests a person or a client made, and they doubled the log of every catalogue page.
 */
export function requestLogController(): LogController {
  return new LogController({ disableRequestLogging: isFirstAnswerLookup });
}

/** The id the web app reads the answers from (apps/web/src/lib/first-answers.ts). */
const SCRIPT_ID = 'first-answers';

/**
 * The key of an answer: the API path and its query parameters sorted by name, as the web app
 * writes it for the request it is about to send (`firstAnswerKey` there).
 */
export function firstAnswerKey(path: string, query: FirstRequest['query'] = {}): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined) params.append(name, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/**
 * The language the page's requests will carry: the web app sends its saved language as
 * Accept-Language and mirrors it in the `lang` cookie for this guess; a first visit has neither
 * and uses the default, as the web app does. The browser's own Accept-Language is not the app's
 * choice, so it is not used: a guess that turns out wrong only means the page asks again.
 */
export function pageLocale(req: FastifyRequest): Locale {
  const lang = (req.cookies as Record<string, string | undefined> | undefined)?.lang;
  return lang && isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** JSON that cannot end the script element nor open a comment in it: every `<` escaped. */
export function scriptSafeJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** Text or an attribute's value made safe to put in HTML. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture URL worth preloading (or drawing in a preview): one of this site's paths, or http(s) elsewhere. */
export function preloadable(url: string | undefined): url is string {
  return Boolean(url && url.length < 2048 && (/^\/[^/\\]/.test(url) || /^https?:\/\//i.test(url)));
}

interface Answer {
  key: string;
  body: string;
  image?: string;
  preview?: string;
}

async function answer(app: FastifyInstance, request: FirstRequest, locale: Locale): Promise<Answer | null> {
  const key = firstAnswerKey(request.path, request.query);
  const started = performance.now();
  try {
    const res = await app.inject({
      method: 'GET',
      url: key,
      headers: { 'accept-language': locale, [MARK_HEADER]: MARK },
    });
    // The path without its query: a search's words stay out of the log, as in the request lines.
    app.log.debug(
      {
        path: `/api${request.path}`,
        statusCode: res.statusCode,
        responseTime: Math.round(performance.now() - started),
      },
      'first answer',
    );
    if (res.statusCode !== 200) return null;
    const parsed = JSON.parse(res.body) as { success?: unknown; data?: unknown };
    // A refusal (an unknown product…) is left to the page's own request and its own screen.
    if (parsed.success !== true) return null;
    return { key, body: res.body, image: request.image?.(parsed.data), preview: request.preview?.(parsed.data) };
  } catch {
    return null;
  }
}

/** What a page gets from its first answers: its first screen (in the root) and what goes before `</body>`. */
export interface FirstAnswersMarkup {
  /** The first screen, drawn in the app's root until the app replaces it; empty without one. */
  preview: string;
  /** The preload of the largest picture and the answers; empty when none came in time. */
  tail: string;
}

/**
 * A page's markup from its first answers, those that came in time: the preload of its largest
 * picture and the answers (`tail`), and the first screen an answer draws (`preview`).
 */
export async function firstAnswersMarkup(
  app: FastifyInstance,
  requests: FirstRequest[],
  locale: Locale,
  waitMs = FIRST_ANSWERS_WAIT_MS,
): Promise<FirstAnswersMarkup> {
  const none = { preview: '', tail: '' };
  if (!requests.length) return none;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const answers = await Promise.all(requests.map((r) => Promise.race([answer(app, r, locale), late])));
  clearTimeout(timer);
  const found = answers.filter((a): a is Answer => a !== null);
  if (!found.length) return none;

  const entries = found.map((a) => `${JSON.stringify(a.key)}:${a.body}`).join(',');
  const json = scriptSafeJson(`{"lang":${JSON.stringify(locale)},"answers":{${entries}}}`);
  const image = found.map((a) => a.image).find(preloadable);
  // In the body (the head is already on its way, see static.ts): Chromium honours a preload there,
  // and the page's module script runs once the document is parsed, so it finds the answers.
  const preload = image ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">` : '';
  return {
    preview: found.map((a) => a.preview).find(Boolean) ?? '',
    tail: `${preload}<script type="application/json" id="${SCRIPT_ID}">${json}</script>`,
  };
}

/** The encoding to send a page made per request in: brotli, gzip, or none, as the client accepts. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/**
 * Where a page's first screen goes: the web build's mark in the app's root (apps/web/index.html),
 * after the header it draws there, so the app's first render replaces it.
 */
export const PREVIEW_MARK = '<!--first-paint-->';

/**
 * What the head asks the browser to fetch for the app (its entry script, the chunks and the
 * stylesheets it preloads): held back until after the first screen, so the first screen's picture
 * is asked for first. On HTTP/1.1 a browser opens six connections to a host; with the app's 30 or
 * so files asked for first, the picture waited behind them, and it was the page's largest paint
 * (decision 0148).
 */
const APP_FETCHES = /<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|preload)"[^>]*>/g;

/**
 * The page as a stream: everything before the root's preview mark (or before `</body>` without
 * one) at once but the app's fetches — the browser paints the header while the answers are looked
 * up — then the first screen, the app's fetches, the rest of the page, the answers and the end.
 * Compressed with a flush after the first part, so the compressor does not hold it back. The app's
 * scripts are deferred modules either way: they run once the document is parsed, as before.
 */
export function streamedPage(
  html: string,
  encoding: 'br' | 'gzip' | undefined,
  rest: () => Promise<FirstAnswersMarkup>,
  whenHeadSent: (start: () => void) => void,
): Readable {
  const out =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : new PassThrough();
  const bodyEnd = html.lastIndexOf('</body>');
  const end = bodyEnd < 0 ? html.length : bodyEnd;
  const mark = html.indexOf(PREVIEW_MARK);
  const at = mark >= 0 && mark < end ? mark : end;
  const head = html.slice(0, at);
  const appFetches = head.match(APP_FETCHES)?.join('') ?? '';
  out.write(head.replace(APP_FETCHES, ''));
  // The lookups start once the head is on its way: with PGlite the database works on this
  // thread, and a lookup started first would hold the head (and its compression) back.
  const start = () =>
    whenHeadSent(() => {
      void rest()
        .catch(() => ({ preview: '', tail: '' })) // the page as built: it never fails for its answers
        .then(({ preview, tail }) =>
          out.end(
            at === end
              ? tail + appFetches + html.slice(end)
              : preview + appFetches + html.slice(at, end) + tail + html.slice(end),
          ),
        );
    });
  if (out instanceof PassThrough) start();
  else out.flush(start);
  return out;
}
