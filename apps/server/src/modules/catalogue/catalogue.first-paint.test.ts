import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { createTestCategories, createTestProduct } from '../../../test/factories';

// The catalogue pages' first screen in their HTML (decision 0135): what a browser paints from the
// document alone, before the app's scripts run, for /goodslist and /productdetails.
const HEADER = '<div class="boot-header">Dropship Market</div>';
const PAGE = `<!doctype html><html><head><title>x</title></head><body><div id="root">${HEADER}<!--first-paint--></div></body></html>`;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let dist: string;
let cats: { rootId: number; childId: number };

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dsm-first-paint-'));
  mkdirSync(path.join(dist, 'routes'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  for (const route of ['goodslist', 'productdetails']) writeFileSync(path.join(dist, 'routes', `${route}.html`), PAGE);
  // What the pages embed is checked here, not how fast (platform/static.test.ts): a loaded
  // machine's first, uncached lookup may take longer than the 300 ms a page waits in production.
  ctx = await createTestApp({ webDist: dist, firstAnswersWaitMs: 10_000 });
  cats = await createTestCategories(ctx.db, 'First paint');
});
afterAll(async () => {
  await ctx?.app.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The page's HTML and what its root shows before the app runs. */
async function page(url: string) {
  const html = (await ctx.app.inject({ method: 'GET', url })).body;
  const root = /<div id="root">(.*?)<!--first-paint--><\/div>/s.exec(html)?.[1] ?? '';
  return { html, root: root.slice(HEADER.length) };
}

const api = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).json();

describe('the product page', () => {
  it('shows the main picture and the name in the root, as the page will draw them', async () => {
    const { prodId } = await createTestProduct(
      ctx.db,
      cats.childId,
      { 'en-US': { title: 'Painted kettle', brief: '', description: '' } },
      {
        skus: [
          { stocks: 0, pic: '/api/files/demo/kitchen/red-1.svg', specs: [{ property: 'colour', value: 'red' }] },
          { stocks: 5, pic: '/api/files/demo/kitchen/blue-1.svg', specs: [{ property: 'colour', value: 'blue' }] },
        ],
      },
    );
    const { root } = await page(`/productdetails?prodId=${prodId}`);
    // The variant the page opens on (the first in stock), at the priority of the page's own picture.
    expect(root).toContain(
      '<img src="/api/files/demo/kitchen/blue-1.svg" alt="Painted kettle" width="600" height="600" fetchpriority="high">',
    );
    expect(root).toContain('<h1>Painted kettle</h1>');
    // Two pictures: the gallery's row of thumbnails has its room, so the name sits where the page puts it.
    expect(root).toContain('<div class="fp-thumbs"></div>');
    const red = (await api(`/api/prod/prodInfo?prodId=${prodId}`)).data.skuList[0].skuId;
    expect((await page(`/productdetails?prodId=${prodId}&skuId=${red}`)).root).toContain(
      '<img src="/api/files/demo/kitchen/red-1.svg"',
    );
  });

  it('writes a name as text: nothing in it becomes markup', async () => {
    const evil = `Kettle </h1><img src=x onerror="alert(1)"> & <!-- x 'q'`;
    const { prodId } = await createTestProduct(ctx.db, cats.childId, {
      'en-US': { title: evil, brief: '', description: '' },
    });
    const { root } = await page(`/productdetails?prodId=${prodId}`);
    expect(root).toContain(
      '<h1>Kettle &lt;/h1&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;!-- x &#39;q&#39;</h1>',
    );
    expect(root).not.toContain('<img src=x');
  });

  it('an unknown product or a bad id: the root as built (the page shows its own "not found")', async () => {
    expect((await page('/productdetails?prodId=999999')).root).toBe('');
    expect((await page('/productdetails?prodId=abc')).html).toBe(PAGE);
  });
});

describe('the goods list', () => {
  it("shows the search's first four cards, the first picture at high priority", async () => {
    for (const n of [1, 2, 3, 4, 5])
      await createTestProduct(
        ctx.db,
        cats.childId,
        { 'en-US': { title: `Paintbox ${n}`, brief: '', description: '' } },
        { skus: [{ pic: `/api/files/demo/kitchen/paintbox-${n}.svg` }] },
      );
    const search = await api(`/api/prod/search?categoryId=${cats.childId}&keyword=paintbox&current=1&size=20`);
    await api('/api/category/categories');
    const { root } = await page(`/goodslist?categoryId=${cats.childId}&keyword=paintbox`);
    const records = search.data.records as Array<{ prodName: string; pic: string }>;
    expect(records).toHaveLength(5);
    const cards = [...root.matchAll(/<li class="fp-card"><img src="([^"]+)"[^>]*><p>([^<]*)<\/p><\/li>/g)];
    expect(cards.map((c) => [c[1], c[2]])).toEqual(records.slice(0, 4).map((r) => [r.pic, r.prodName]));
    expect(root.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(cards[0]![0]).toContain('fetchpriority="high"');
  });

  it('no results, or a price range (priced in the browser): the root as built', async () => {
    expect((await page('/goodslist?keyword=zzzznothing')).root).toBe('');
    expect((await page('/goodslist?minPrice=5&maxPrice=9')).html).toBe(PAGE);
  });
});
