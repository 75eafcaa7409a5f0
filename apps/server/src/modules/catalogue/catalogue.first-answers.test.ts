import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createTestCategories, createTestProduct } from '../../../test/factories';

// The catalogue pages' HTML carries the answers of their first requests (decision 0122): what a
// browser receives for /goodslist and /productdetails, checked against the API's own answers.
const PAGE = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;
let cats: { rootId: number; childId: number };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dsm-first-answers-'));
  mkdirSync(path.join(dist, 'routes'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  for (const route of ['goodslist', 'productdetails', 'login'])
    writeFileSync(path.join(dist, 'routes', `${route}.html`), PAGE);
  // What the pages embed is checked here, not how fast (platform/static.test.ts): a loaded
  // machine's first, uncached lookup may take longer than the 300 ms a page waits in production.
  ctx = await createTestApp({ webDist: dist, firstAnswersWaitMs: 10_000 });
  cats = await createTestCategories(ctx.db, 'First answers');
});
afterAll(async () => {
  await ctx?.app.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  const block = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html)?.[1];
  const image = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(html)?.[1];
  return {
    res,
    html,
    image,
    embedded: block ? (JSON.parse(block) as { lang: string; answers: Record<string, unknown> }) : undefined,
  };
}

async function api(url: string, lang = 'en-US') {
  return (await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } })).json();
}

/** The shell's lists every catalogue page carries too (app.ts, decision 0147), as the API answers them. */
const SHELL = ['/api/countries', '/api/logistics/warehouse', '/api/currency/rates', '/api/config-info/chat-link'];
async function shell(): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const key of SHELL) {
    const answer = await api(key);
    if (answer.success === true) answers[key] = answer;
  }
  return answers;
}

describe('the goods list page', () => {
  it('carries the search the page sends first, as the API answers it, and preloads the first picture', async () => {
    const { res, embedded, image } = await page('/goodslist?keyword=dress');
    const search = await api('/api/prod/search?keyword=dress&current=1&size=20');
    expect(search.data.records.length).toBeGreaterThan(0);
    expect(embedded).toEqual({
      lang: 'en-US',
      answers: {
        '/api/prod/search?current=1&keyword=dress&size=20': search,
        '/api/category/categories': await api('/api/category/categories'),
        ...(await shell()),
      },
    });
    expect(image).toBe(search.data.records[0].pic);
    // The cards' ships-from notes' lists are among them (not only whatever the API happened to answer).
    expect(Object.keys(embedded!.answers)).toEqual(
      expect.arrayContaining(['/api/countries', '/api/logistics/warehouse']),
    );
    // It now differs per visitor's language and moment: never shared by a cache, always revalidated.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it("answers in the language the page will ask in (the app's `lang` cookie), not the browser's", async () => {
    const zh = await page('/goodslist?keyword=dress', { cookie: 'lang=zh-CN', 'accept-language': 'fr-FR' });
    expect(zh.embedded?.lang).toBe('zh-CN');
    expect(zh.embedded?.answers['/api/prod/search?current=1&keyword=dress&size=20']).toEqual(
      await api('/api/prod/search?keyword=dress&current=1&size=20', 'zh-CN'),
    );
    // No cookie (a first visit): the app's default language, whatever the browser prefers.
    expect((await page('/goodslist?keyword=dress', { 'accept-language': 'fr-FR' })).embedded?.lang).toBe('en-US');
    expect((await page('/goodslist?keyword=dress', { cookie: 'lang=xx-XX' })).embedded?.lang).toBe('en-US');
  });

  it("on a category's list, the search with its filters and the tree (the category's name)", async () => {
    const { embedded } = await page(`/goodslist?categoryId=${cats.rootId}&sort=price_asc&current=2&shipsTo=us`);
    expect(Object.keys(embedded!.answers)).toEqual([
      `/api/prod/search?categoryId=${cats.rootId}&current=2&shipsTo=US&size=20&sort=price_asc`,
      '/api/category/categories',
      ...Object.keys(await shell()),
    ]);
    expect(embedded!.answers['/api/category/categories']).toEqual(await api('/api/category/categories'));
  });

  it('a price range (priced in a currency only the browser knows) is the built page, as before', async () => {
    const { res, html, embedded } = await page('/goodslist?minPrice=5&maxPrice=9');
    expect(embedded).toBeUndefined();
    expect(html).toBe(PAGE);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('is compressed for a browser that accepts it', async () => {
    const { res, embedded } = await page('/goodslist?keyword=dress', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(embedded?.lang).toBe('en-US');
  });
});

describe('the product page', () => {
  it('carries the product, the category tree and the bulk prices, and preloads the main picture', async () => {
    const created = await createTestProduct(
      ctx.db,
      cats.childId,
      { 'en-US': { title: 'Embedded kettle', brief: '', description: '' } },
      {
        skus: [
          { stocks: 0, pic: '/api/files/demo/kitchen/red-1.svg', specs: [{ property: 'colour', value: 'red' }] },
          { stocks: 5, pic: '/api/files/demo/kitchen/blue-1.svg', specs: [{ property: 'colour', value: 'blue' }] },
        ],
      },
    );
    const id = created.prodId;
    const { embedded, image } = await page(`/productdetails?prodId=${id}`);
    expect(embedded?.answers).toEqual({
      [`/api/prod/prodInfo?prodId=${id}`]: await api(`/api/prod/prodInfo?prodId=${id}`),
      '/api/category/categories': await api('/api/category/categories'),
      [`/api/prod/priceTiers?prodId=${id}`]: await api(`/api/prod/priceTiers?prodId=${id}`),
      ...(await shell()),
    });
    // The variant the page opens on: the first in stock, or the link's.
    expect(image).toBe('/api/files/demo/kitchen/blue-1.svg');
    const red = (await api(`/api/prod/prodInfo?prodId=${id}`)).data.skuList[0].skuId;
    expect((await page(`/productdetails?prodId=${id}&skuId=${red}`)).image).toBe('/api/files/demo/kitchen/red-1.svg');
  });

  it('an unknown product leaves its answers to the page (its own "not found"); a bad id carries none', async () => {
    const missing = await page('/productdetails?prodId=999999');
    expect(Object.keys(missing.embedded!.answers)).toEqual(['/api/category/categories', ...Object.keys(await shell())]);
    expect(missing.image).toBeUndefined();
    expect((await page('/productdetails?prodId=abc')).html).toBe(PAGE);
  });

  it('a name that would close the script element is embedded harmlessly and reads back the same', async () => {
    const evil = 'Kettle </script><script>alert(1)</script> <!-- x';
    const created = await createTestProduct(ctx.db, cats.childId, {
      'en-US': { title: evil, brief: '', description: '' },
    });
    const { html, embedded } = await page(`/productdetails?prodId=${created.prodId}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- x');
    const product = embedded!.answers[`/api/prod/prodInfo?prodId=${created.prodId}`] as { data: { prodName: string } };
    expect(product.data.prodName).toBe(evil);
  });
});

describe('other pages', () => {
  it('are the built files as they were: no answers, shared caching', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect([res.body, res.headers['cache-control']]).toEqual([PAGE, 'no-cache']);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/goodslist?keyword=dress' });
    expect(head.headers['cache-control']).toBe('no-cache');
  });
});
