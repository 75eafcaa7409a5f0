import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS, translate } from '@dsm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import {
  type FirstRequest,
  type FirstRequestsOf,
  firstAnswersMarkup,
  pageEncoding,
  pageLocale,
  streamedPage,
} from './first-answers';

/** Where the web build writes a public page's own HTML (apps/web/vite-plugins.ts, preloadRoutes). */
const ROUTE_PAGES_DIR = 'routes';

/**
 * The web build's page for a path: routes/<first segment>.html when the build wrote one (the
 * same document, preloading that page's chunks: decision 0109), else index.html. The segment is
 * compared lowercase, as the web app's router matches paths.
 */
export function pageFileFor(url: string, routePages: ReadonlySet<string>): string {
  const segment = routeOf(url);
  return segment && routePages.has(segment) ? `${ROUTE_PAGES_DIR}/${segment}.html` : 'index.html';
}

const routeOf = (url: string) => /^\/([A-Za-z0-9-]+)(?:[/?#]|$)/.exec(url)?.[1]?.toLowerCase();

/**
 * The pages the web build wrote under routes/: `<route>.html` (a public page's own document,
 * decision 0109) and, for those it drew a first screen for in each language (apps/web
 * first-screens.ts, decision 0147), `<route>.<locale>.html` beside it, kept as `<route>.<locale>`.
 * One read of the folder at start.
 */
function builtPagesOf(webDist: string): { routePages: Set<string>; localizedPages: Set<string> } {
  const routePages = new Set<string>();
  const localizedPages = new Set<string>();
  const dir = path.join(webDist, ROUTE_PAGES_DIR);
  if (!existsSync(dir)) return { routePages, localizedPages };
  for (const f of readdirSync(dir)) {
    const page = /^([A-Za-z0-9-]+)(\.[A-Za-z]{2}-[A-Za-z]{2})?\.html$/.exec(f);
    if (!page) continue;
    if (page[2]) localizedPages.add(`${page[1]}${page[2]}`);
    else routePages.add(page[1]!);
  }
  return { routePages, localizedPages };
}

/**
 * Serves the built web app: hashed assets cached for a year, HTML never cached, and every
 * non-API GET that is not a file answered with the app's page (index.html, or the public page's
 * own copy) so the SPA router takes over. Unknown /api paths answer the envelope's not-found.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  { firstRequests, firstAnswersWaitMs }: { firstRequests?: FirstRequestsOf; firstAnswersWaitMs?: number } = {},
) {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  const { routePages, localizedPages } = hasWeb
    ? builtPagesOf(webDist)
    : { routePages: new Set<string>(), localizedPages: new Set<string>() };
  const localized = new Set([...localizedPages].map((name) => name.split('.')[0]!));
  // The public pages' own HTML, read once: a page that carries its first answers is made per request.
  const pageHtml = new Map<string, string>();
  const htmlOf = (file: string) => {
    let html = pageHtml.get(file);
    if (html === undefined) pageHtml.set(file, (html = readFileSync(path.join(webDist, file), 'utf8')));
    return html;
  };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; send those to clients that accept them.
      preCompressed: true,
      // Off, or send writes its own `public, max-age=0` over what setHeaders and the page
      // handler set (assets were served uncached, HTML without no-cache).
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A page's first requests (decision 0122); an address they cannot be read from gets none.
  const firstRequestsOf = (route: string, url: string): FirstRequest[] => {
    try {
      return firstRequests?.(route, new URL(url, 'http://page')) ?? [];
    } catch {
      return [];
    }
  };
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === '/api' || req.url.startsWith('/api/');
    // A missing hashed asset (an old tab after a deploy) must fail as a 404, not as index.html
    // served with the wrong type: the web app then offers to reload.
    const isAsset = req.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      const file = pageFileFor(req.url, routePages);
      const route = routeOf(req.url);
      const requests = req.method === 'GET' && route && file !== 'index.html' ? firstRequestsOf(route, req.url) : [];
      if (!requests.length && route && file !== 'index.html' && localized.has(route)) {
        // A first screen drawn in each language (decision 0147): the copy in the page's language.
        const locale = pageLocale(req);
        const own = localizedPages.has(`${route}.${locale}`) ? `${ROUTE_PAGES_DIR}/${route}.${locale}.html` : file;
        return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').sendFile(own);
      }
      if (!requests.length) return reply.header('cache-control', 'no-cache').sendFile(file);
      return sendWithFirstAnswers(app, req, reply, htmlOf(file), requests, firstAnswersWaitMs);
    }
    return reply
      .status(404)
      .send(fail(ERRORS.NOT_FOUND.code, translate(req.locale ?? 'en-US', 'errors.route-not-found')));
  });
}

/**
 * A page with its first answers (decision 0122). It now depends on the visitor's language (the
 * `lang` cookie) and the data of the moment: private, revalidated every time, and said to vary.
 */
function sendWithFirstAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  html: string,
  requests: FirstRequest[],
  waitMs?: number,
) {
  const encoding = pageEncoding(req.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  const locale = pageLocale(req);
  const rest = () => firstAnswersMarkup(app, requests, locale, waitMs);
  // Once Fastify has piped the page into the response (the head then goes out on the next ticks),
  // or a moment later at the latest.
  let piped = false;
  reply.raw.once('pipe', () => {
    piped = true;
  });
  const whenHeadSent = (start: () => void) => {
    if (piped) return void setImmediate(start);
    const fallback = setTimeout(start, 20);
    reply.raw.once('pipe', () => {
      clearTimeout(fallback);
      setImmediate(start);
    });
  };
  return reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8')
    .send(streamedPage(html, encoding, rest, whenHeadSent));
}
