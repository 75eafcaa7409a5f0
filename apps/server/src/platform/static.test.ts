import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PREVIEW_MARK, escapeHtml, requestLogController } from './first-answers';
import { registerWebApp } from './static';

// A web build in miniature: the landing page and the product page's own copy (decision 0109).
describe('the web app is served with the page the path needs', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dsm-web-'));
    mkdirSync(path.join(dist, 'routes'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
    writeFileSync(path.join(dist, 'routes', 'productdetails.html'), '<p>product</p>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'x');
    app = Fastify();
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a public page with a page of its own gets it, whatever the case of its path', async () => {
    for (const url of ['/productdetails?prodId=7', '/ProductDetails?prodId=7', '/productdetails/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      // Revalidated on every visit, so a deploy's new page is seen at once.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<p>product</p>');
    }
  });

  it('every other page of the app gets the landing page', async () => {
    for (const url of ['/index', '/', '/user/profile', '/productdetailsx', '/admin/orders?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('<p>landing</p>');
    }
  });

  it('hashed assets are cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('a missing asset is still a 404, not a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });
});

// A page whose first screen the web build drew in each language (decision 0147):
// routes/<route>.html in the default language, routes/<route>.<locale>.html in the others.
describe('a public page drawn in each language', () => {
  let dist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dsm-web-'));
    mkdirSync(path.join(dist, 'routes'));
    writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
    writeFileSync(path.join(dist, 'routes', 'index.html'), '<p>home en-US</p>');
    writeFileSync(path.join(dist, 'routes', 'index.zh-CN.html'), '<p>home zh-CN</p>');
    writeFileSync(path.join(dist, 'routes', 'index.fr-FR.html'), '<p>home fr-FR</p>');
    app = Fastify();
    await app.register(cookie);
    await registerWebApp(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, lang?: string) =>
    app.inject({ method: 'GET', url, headers: lang ? { cookie: `lang=${lang}` } : {} });

  it("sends the copy in the lang cookie's language, the default language's without one, and says it varies", async () => {
    for (const [lang, body] of [
      ['zh-CN', '<p>home zh-CN</p>'],
      ['fr-FR', '<p>home fr-FR</p>'],
      [undefined, '<p>home en-US</p>'],
      ['en-US', '<p>home en-US</p>'],
      // A language without a copy of its own, or no language at all: the default one.
      ['tr-TR', '<p>home en-US</p>'],
      ['xx', '<p>home en-US</p>'],
    ] as const) {
      const res = await page('/index', lang);
      expect(res.statusCode, lang).toBe(200);
      expect(res.body, lang).toBe(body);
      expect(res.headers['cache-control'], lang).toBe('no-cache');
      expect(res.headers.vary, lang).toContain('Cookie');
    }
  });

  it('the landing page of every other path stays the built one, without a first screen', async () => {
    for (const url of ['/', '/user/profile', '/index.zh-CN']) {
      const res = await page(url, 'zh-CN');
      expect(res.body, url).toBe('<p>landing</p>');
    }
  });
});

// A page's first answers in its HTML (decision 0122), with API routes that answer, fail, refuse
// or take too long: the page is always sent, with whatever answers came in time.
describe('a public page with first answers', () => {
  let dist: string;
  let app: FastifyInstance;
  const page = '<html><head></head><body><div id="root"></div></body></html>';
  // The web build's mark for the first screen (decision 0135), after the header the root shows.
  const markedPage = `<html><head></head><body><div id="root"><header>h</header>${PREVIEW_MARK}</div></body></html>`;
  // The built page as the web build writes it: the app's entry, its chunks and stylesheets asked for in the head.
  const appFetches =
    '<script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/vendor.js">' +
    '<link rel="preload" as="style" crossorigin href="/assets/page.css">';
  const scriptedPage = `<html><head><style>s</style>${appFetches}</head><body><div id="root"><header>h</header>${PREVIEW_MARK}</div></body></html>`;
  const block = (html: string) =>
    /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html)?.[1];
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dsm-web-'));
    mkdirSync(path.join(dist, 'routes'));
    writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
    writeFileSync(path.join(dist, 'routes', 'goodslist.html'), page);
    writeFileSync(path.join(dist, 'routes', 'productdetails.html'), markedPage);
    writeFileSync(path.join(dist, 'routes', 'faq.html'), scriptedPage);
    app = Fastify();
    await app.register(cookie);
    app.get('/api/ok', async (req) => ({
      code: '00000',
      success: true,
      msg: 'ok',
      data: { name: `</script><b>${req.headers['accept-language']}</b>`, pic: '/p.svg?a=1&b="2"' },
    }));
    app.get('/api/boom', async () => {
      throw new Error('database down');
    });
    app.get('/api/refused', async () => ({ code: 'A00006', success: false, msg: 'not found', data: null }));
    app.get('/api/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      return { code: '00000', success: true, msg: 'ok', data: 1 };
    });
    await registerWebApp(app, dist, {
      firstAnswersWaitMs: 1_000,
      firstRequests: (route, url) =>
        route === 'goodslist' || route === 'productdetails' || route === 'faq'
          ? (url.searchParams.get('ask') ?? '').split(',').map((p) => ({
              path: `/${p}`,
              query: { z: 1, a: 'x y' },
              image: (data: unknown) => (data as { pic?: string }).pic,
              preview: (data: unknown) => `<h1>${escapeHtml((data as { name: string }).name)}</h1>`,
            }))
          : [],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('embeds the answer under its key (query sorted), escaped, with the preload of its picture', async () => {
    const res = await app.inject({ method: 'GET', url: '/goodslist?ask=ok', headers: { cookie: 'lang=tr-TR' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('</script><b>');
    expect(JSON.parse(block(res.body)!)).toEqual({
      lang: 'tr-TR',
      answers: {
        '/api/ok?a=x+y&z=1': {
          code: '00000',
          success: true,
          msg: 'ok',
          data: { name: '</script><b>tr-TR</b>', pic: '/p.svg?a=1&b="2"' },
        },
      },
    });
    // The picture's preload and the answers come last, before </body>: the head went out first.
    expect(res.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/p.svg?a=1&amp;b=&quot;2&quot;"><script type="application/json" id="first-answers">',
    );
    expect(res.body).toMatch(/^<html><head><\/head><body><div id="root"><\/div><link .*<\/script><\/body><\/html>$/);
  });

  it('a failed, refused or late lookup leaves that answer out; the page is sent all the same', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/goodslist?ask=boom,refused,slow,ok' });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(JSON.parse(block(res.body)!).answers)).toEqual(['/api/ok?a=x+y&z=1']);

    const none = await app.inject({ method: 'GET', url: '/goodslist?ask=boom,refused' });
    expect([none.statusCode, none.body]).toEqual([200, page]);
  });

  it.each(['identity', 'br', 'gzip'])(
    'sends everything before </body> at once, the answers when they are in (%s)',
    async (accept) => {
      const address = app.server.listening
        ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
        : await app.listen({ port: 0, host: '127.0.0.1' });
      const started = Date.now();
      const times = await new Promise<{ first: number; end: number; body: Buffer }>((resolve, reject) => {
        get(`${address}/goodslist?ask=slow`, { headers: { 'accept-encoding': accept } }, (res) => {
          let first = 0;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            first ||= Date.now() - started;
            chunks.push(chunk);
          });
          res.on('end', () => resolve({ first, end: Date.now() - started, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
      // The slow answer is given up after 1 s (firstAnswersWaitMs); the head did not wait for it.
      expect(times.first).toBeLessThan(times.end - 500);
      const html =
        accept === 'br' ? brotliDecompressSync(times.body) : accept === 'gzip' ? gunzipSync(times.body) : times.body;
      expect(html.toString()).toBe(page);
    },
  );

  it("draws the answer's first screen in the root, at the build's mark, escaped (decision 0135)", async () => {
    const res = await app.inject({ method: 'GET', url: '/productdetails?ask=ok' });
    expect(res.body).toMatch(
      /^<html><head><\/head><body><div id="root"><header>h<\/header><h1>&lt;\/script&gt;&lt;b&gt;en-US&lt;\/b&gt;<\/h1><!--first-paint--><\/div><link [^>]*><script type="application\/json" id="first-answers">.*<\/script><\/body><\/html>$/,
    );
    // Nothing came: the built page, mark and all (the app's first render replaces the root).
    const none = await app.inject({ method: 'GET', url: '/productdetails?ask=refused' });
    expect(none.body).toBe(markedPage);
    // A page built without the mark gets the answers only, as before.
    expect((await app.inject({ method: 'GET', url: '/goodslist?ask=ok' })).body).not.toContain('<h1>');
  });

  it('sends the head and the header at once, the first screen when its answer is in', async () => {
    const address = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
    const chunks = await new Promise<string[]>((resolve, reject) => {
      get(`${address}/productdetails?ask=ok,slow`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        const got: string[] = [];
        res.on('data', (chunk: Buffer) => got.push(chunk.toString()));
        res.on('end', () => resolve(got));
      }).on('error', reject);
    });
    expect(chunks[0]).toBe(markedPage.slice(0, markedPage.indexOf(PREVIEW_MARK)));
    expect(chunks.join('')).toContain('<header>h</header><h1>');
  });

  it("asks for the app's files after the first screen, so its picture is asked for first (decision 0148)", async () => {
    const address = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
    const chunks = await new Promise<string[]>((resolve, reject) => {
      get(`${address}/faq?ask=ok`, { headers: { 'accept-encoding': 'identity' } }, (res) => {
        const got: string[] = [];
        res.on('data', (chunk: Buffer) => got.push(chunk.toString()));
        res.on('end', () => resolve(got));
      }).on('error', reject);
    });
    // The head goes out at once without them; they follow the first screen, in their order.
    expect(chunks[0]).toBe('<html><head><style>s</style></head><body><div id="root"><header>h</header>');
    expect(chunks.join('')).toMatch(
      new RegExp(`<h1>[^<]*&lt;/b&gt;</h1>${appFetches.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}<!--first-paint-->`),
    );
    // Without answers the page keeps every one of them, after the mark.
    const none = await app.inject({ method: 'GET', url: '/faq?ask=refused' });
    expect(none.body).toBe(
      `<html><head><style>s</style></head><body><div id="root"><header>h</header>${appFetches}${PREVIEW_MARK}</div></body></html>`,
    );
  });

  it('is compressed as the client accepts, and marked private and varying', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/goodslist?ask=ok', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      const html =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(block(html), accept).toContain('"lang":"en-US"');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    }
  });
});

// The server's own lookups are part of the page request, not requests of their own (decision 0136).
describe('the log of a page with first answers', () => {
  let dist: string;
  let app: FastifyInstance;
  const entries: Array<{ level: number; msg: string; req?: { url?: string }; path?: string }> = [];
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dsm-web-'));
    mkdirSync(path.join(dist, 'routes'));
    writeFileSync(path.join(dist, 'index.html'), '<p>landing</p>');
    writeFileSync(path.join(dist, 'routes', 'goodslist.html'), '<html><body></body></html>');
    const stream = { write: (line: string) => entries.push(JSON.parse(line)) };
    app = Fastify({ logger: { level: 'debug', stream }, logController: requestLogController() });
    await app.register(cookie);
    app.get('/api/ok', async () => ({ code: '00000', success: true, msg: 'ok', data: 1 }));
    await registerWebApp(app, dist, {
      firstRequests: () => [{ path: '/ok', query: { keyword: 'private words' } }],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('logs the page request, and its lookups at debug without their query', async () => {
    entries.length = 0;
    const res = await app.inject({ method: 'GET', url: '/goodslist' });
    expect(res.body).toContain('"/api/ok?keyword=private+words"');
    const requests = entries.filter((e) => e.msg === 'incoming request').map((e) => e.req?.url);
    expect(requests).toEqual(['/goodslist']);
    expect(entries.filter((e) => e.msg === 'request completed')).toHaveLength(1);
    const lookups = entries.filter((e) => e.msg === 'first answer');
    expect(lookups).toEqual([expect.objectContaining({ level: 20, path: '/api/ok', statusCode: 200 })]);
    expect(JSON.stringify(entries)).not.toContain('private');
  });

  it('a client sending the header of the lookups is still logged', async () => {
    entries.length = 0;
    await app.inject({ method: 'GET', url: '/api/ok', headers: { 'x-dsm-first-answer': 'guess' } });
    expect(entries.filter((e) => e.msg === 'incoming request').map((e) => e.req?.url)).toEqual(['/api/ok']);
  });
});
