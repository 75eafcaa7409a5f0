import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, openPages } from './browser';

// Catalogue pages carry their first answers in their HTML (decision 0122): the goods list and
// the product page draw their first screen without asking the API for it, in the visitor's language.

interface Page1 {
  records: Array<{ prodId: number; prodName: string; pic: string }>;
}

async function apiGet<T>(path: string, lang: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, { headers: { 'Accept-Language': lang } });
  return ((await res.json()) as { data: T }).data;
}

/** Opens `route` at 375 px in a fresh context with `lang` saved, noting catalogue requests and console errors. */
async function visit(browser: Browser, route: string, lang: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/api\/(prod|category)\//.test(url.pathname)) asked.push(url.pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const go = async () => {
    asked.length = 0;
    await page.goto(`${baseUrl()}${route}`);
  };
  await go();
  return { page, asked, errors, again: go };
}

describe('first answers in the page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the goods list shows its first cards without a search request, in English and in Chinese', async () => {
    const en = await apiGet<Page1>('/prod/search?keyword=dress&current=1&size=20', 'en-US');
    const zh = await apiGet<Page1>('/prod/search?keyword=dress&current=1&size=20', 'zh-CN');
    expect(en.records[0]!.prodName).not.toBe(zh.records[0]!.prodName);

    const visitEn = await visit(browser, '/goodslist?keyword=dress', 'en-US');
    await visitEn.page.getByText(en.records[0]!.prodName, { exact: true }).first().waitFor();
    expect(visitEn.asked).not.toContain('/api/prod/search');
    expect(await visitEn.page.locator('link[rel=preload][as=image]').getAttribute('href')).toBe(en.records[0]!.pic);
    expect(visitEn.errors).toEqual([]);

    // A Chinese reader's first visit: the server could not know the language yet, so the page asks
    // (and shows Chinese); from then on the app's `lang` cookie tells it, and the page asks nothing.
    const visitZh = await visit(browser, '/goodslist?keyword=dress', 'zh-CN');
    await visitZh.page.getByText(zh.records[0]!.prodName, { exact: true }).first().waitFor();
    expect(visitZh.asked).toContain('/api/prod/search');
    await visitZh.again();
    await visitZh.page.getByText(zh.records[0]!.prodName, { exact: true }).first().waitFor();
    expect(visitZh.asked).not.toContain('/api/prod/search');
    expect(visitZh.errors).toEqual([]);
  });

  it('the product page asks for none of the three answers it waits for', async () => {
    const id = (await apiGet<Page1>('/prod/search?current=1&size=1', 'en-US')).records[0]!.prodId;
    const { page, asked, errors } = await visit(browser, `/productdetails?prodId=${id}`, 'en-US');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const path of ['/api/prod/prodInfo', '/api/category/categories', '/api/prod/priceTiers'])
      expect(asked).not.toContain(path);
    expect(errors).toEqual([]);
  });
});

// Decision 0147: the content pages carry their text and draw it before the scripts; the home page,
// the shipping calculator and the log-in page have their first screen in their HTML in the
// visitor's language; the catalogue pages carry the shell's lists too.
describe('first screens in the page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page at 375 px, scripts on or off, with a `lang` cookie; the API paths it asked for. */
  async function open(route: string, { lang, scripts = true }: { lang?: string; scripts?: boolean } = {}) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: scripts });
    if (lang) {
      await context.addCookies([{ name: 'lang', value: lang, url: baseUrl() }]);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    }
    const page = await context.newPage();
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/files/')) asked.push(url.pathname);
    });
    await page.goto(`${baseUrl()}${route}`, { waitUntil: 'networkidle' });
    return { page, asked };
  }

  it('a content page shows its title and text without scripts, and the app asks nothing for them', async () => {
    const about = await apiGet<{ title: string; body: string }>('/content/pages/aboutus', 'fr-FR');
    const firstText = /<p>([^<]{20,60})/.exec(about.body)![1]!;
    const bare = await open('/aboutus', { lang: 'fr-FR', scripts: false });
    expect(await bare.page.getByRole('heading', { level: 1 }).textContent()).toBe(about.title);
    expect(await bare.page.getByText(firstText).first().isVisible()).toBe(true);
    await bare.page.close();

    const app = await open('/aboutus', { lang: 'fr-FR' });
    await app.page.getByRole('heading', { level: 1, name: about.title }).waitFor();
    expect(app.asked).not.toContain('/api/content/pages/aboutus');
    await app.page.close();
  });

  it('the home page, the calculator and the log-in page show their first screen in the reader language without scripts', async () => {
    for (const [route, lang, heading] of [
      ['/index', 'zh-CN', '为您的网店从中国采购商品'],
      ['/index', undefined, 'Source products from China for your online store'],
      ['/shippingfee', 'tr-TR', undefined],
      ['/login', 'fr-FR', undefined],
      ['/register', 'zh-CN', undefined],
    ] as const) {
      const bare = await open(route, { lang, scripts: false });
      const title = await bare.page.getByRole('heading', { level: 1 }).textContent();
      expect(await bare.page.locator('html').getAttribute('lang'), route).toBe(lang ?? 'en-US');
      await bare.page.close();
      // The app draws the same heading in the same language.
      const app = await open(route, { lang });
      await app.page.getByRole('heading', { level: 1, name: title! }).waitFor();
      await app.page.close();
      if (heading) expect(title, route).toBe(heading);
    }
  });

  it("the goods list asks for neither the countries nor the warehouses of its cards' notes", async () => {
    const { page, asked } = await open('/goodslist?keyword=dress');
    await page.locator('.goods-grid li').first().waitFor();
    for (const path of ['/api/countries', '/api/logistics/warehouse', '/api/currency/rates'])
      expect(asked).not.toContain(path);
    await page.close();
  });
});
