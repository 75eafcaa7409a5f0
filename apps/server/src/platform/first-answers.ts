import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { DEFAULT_LOCALE, type Locale, isLocale } from '@dsm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
}

/** The first requests of a public page, from its route (first path segment, lowercase) and URL. */
export type FirstRequestsOf = (route: string, url: URL) => FirstRequest[];

/** How long a page waits for its first answers before it is sent without them. */
export const FIRST_ANSWERS_WAIT_MS = 300;

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

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture URL worth preloading: one of this site's paths, or http(s) elsewhere. */
function preloadable(url: string | undefined): url is string {
  return Boolean(url && url.length < 2048 && (/^\/[^/\\]/.test(url) || /^https?:\/\//i.test(url)));
}

interface Answer {
  key: string;
  body: string;
  image?: string;
}

async function answer(app: FastifyInstance, request: FirstRequest, locale: Locale): Promise<Answer | null> {
  const key = firstAnswerKey(request.path, request.query);
  try {
    const res = await app.inject({ method: 'GET', url: key, headers: { 'accept-language': locale } });
    if (res.statusCode !== 200) return null;
    const parsed = JSON.parse(res.body) as { success?: unknown; data?: unknown };
    // A refusal (an unknown product…) is left to the page's own request and its own screen.
    if (parsed.success !== true) return null;
    return { key, body: res.body, image: request.image?.(parsed.data) };
  } catch {
    return null;
  }
}

/**
 * The page's HTML with its first answers and the preload of its largest picture, or the HTML as
 * it is when none could be had in time.
 */
export async function withFirstAnswers(
  app: FastifyInstance,
  html: string,
  requests: FirstRequest[],
  locale: Locale,
  waitMs = FIRST_ANSWERS_WAIT_MS,
): Promise<string> {
  if (!requests.length) return html;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  const answers = await Promise.all(requests.map((r) => Promise.race([answer(app, r, locale), late])));
  clearTimeout(timer);
  const found = answers.filter((a): a is Answer => a !== null);
  if (!found.length) return html;

  const entries = found.map((a) => `${JSON.stringify(a.key)}:${a.body}`).join(',');
  const json = scriptSafeJson(`{"lang":${JSON.stringify(locale)},"answers":{${entries}}}`);
  const script = `<script type="application/json" id="${SCRIPT_ID}">${json}</script>`;
  const image = found.map((a) => a.image).find(preloadable);
  const preload = image ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">` : '';
  // The preload early in the head, beside the scripts' preloads; the answers at the end of the
  // body: the page's module script runs after the document is parsed, so it finds them there.
  return html.replace('</head>', `${preload}</head>`).replace('</body>', `${script}</body>`);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page made for one request, compressed as the static files are (they are sent pre-compressed),
 * brotli at a fast level or gzip when the client accepts them.
 */
export async function compressedPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .filter((part) => !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]!.trim().toLowerCase()),
  );
  const accepts = (name: string) => accepted.has(name);
  if (accepts('br'))
    return { body: await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  if (accepts('gzip')) return { body: await gzipAsync(html), encoding: 'gzip' };
  return { body: Buffer.from(html) };
}
