import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { contentPreview } from './content.first-answers';

// The content pages' first answer and first screen in their HTML (decision 0147): what a browser
// paints from the document alone, before the app's scripts run, for /aboutus, /faq, /affiliate…
const HEADER = '<div class="boot-header">Dropship Market</div>';
const PAGE = `<!doctype html><html><head><title>x</title></head><body><div id="root">${HEADER}<!--first-paint--></div></body></html>`;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dsm-content-first-paint-'));
  mkdirSync(path.join(dist, 'routes'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  for (const route of ['aboutus', 'faq', 'login']) writeFileSync(path.join(dist, 'routes', `${route}.html`), PAGE);
  ctx = await createTestApp({ webDist: dist, firstAnswersWaitMs: 10_000 });
});
afterAll(async () => {
  await ctx?.app.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const root = /<div id="root">(.*?)<!--first-paint--><\/div>/s.exec(res.body)?.[1] ?? '';
  return { res, html: res.body, root: root.slice(HEADER.length) };
}

const api = async (url: string, lang = 'en-US') =>
  (await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).json();

describe('a content page', () => {
  it('shows its title and text in the root and carries the answer the page asks for', async () => {
    const answer = await api('/api/content/pages/aboutus');
    expect(answer.success).toBe(true);
    const { res, html, root } = await page('/aboutus');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(root).toContain(`<h1>${answer.data.title}</h1>`);
    // The body as the app inserts it, under the room of the "updated on" line.
    expect(root).toContain(`<div class="fp-updated"></div></header><div class="fp-body">${answer.data.body}</div>`);
    // The same envelope the page's GET would fetch, under its key.
    const block = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html)?.[1];
    const embedded = JSON.parse(block ?? '{}');
    expect(embedded.lang).toBe('en-US');
    expect(embedded.answers['/api/content/pages/aboutus']).toEqual(answer);
  });

  it('is drawn in the language of the lang cookie', async () => {
    const answer = await api('/api/content/pages/faq', 'fr-FR');
    const { html, root } = await page('/faq', 'lang=fr-FR');
    expect(root).toContain(`<h1>${answer.data.title}</h1>`);
    expect(html).toContain('"lang":"fr-FR"');
  });

  it('is not drawn for a page that is not a content page', async () => {
    const { root, res } = await page('/login');
    expect(root).toBe('');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the first screen', () => {
  it('escapes the title; leaves a long body and an answer without a title to the app', () => {
    expect(contentPreview({ title: '<b>A&B</b>', body: '<p>x</p>' })).toContain('<h1>&lt;b&gt;A&amp;B&lt;/b&gt;</h1>');
    expect(contentPreview({ title: 'T', body: `<p>${'x'.repeat(16_001)}</p>` })).toBeUndefined();
    expect(contentPreview({ body: '<p>x</p>' })).toBeUndefined();
    expect(contentPreview(null)).toBeUndefined();
  });
});
