// The front end of `npm run bench` (decisions 0095, 0109): for every public page of the built web
// app served by the benchmark's server (its seeded data), Lighthouse's mobile performance with
// Debian Chromium (median of `runs`) and the first load: every script and stylesheet the page
// fetched while Lighthouse loaded it (lazy route chunks, deferred sections and the language
// catalogue included), each counted as its build file gzipped (zlib's default level, 1 kB =
// 1000 B, as Vite and apps/web/scripts/first-load-size.mjs count), plus the HTML document.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { auditRuns, launchChromium, summarize } from './lighthouse.mjs';
import { root } from './server.mjs';

const dist = path.join(root, 'apps/web/dist');
/** Lighthouse's own mobile target in the SPEC. */
export const LIGHTHOUSE_TARGET = 0.95;
/** The first load of each public page (HTML + JS + CSS gzip), as CI's budget (decision 0109). */
export const FIRST_LOAD_TARGET_KB = 170;

/**
 * The public pages (apps/web/src/app/routes.tsx: PUBLIC_PAGES and the log-in pages of
 * TOP_LEVEL_PAGES) with the seeded product and category they show. The footer's content pages
 * are one component fed by GET /api/content/pages/{slug}: three of them stand for all eleven.
 */
export function publicPages({ productId, categoryId }) {
  return {
    '/index': '/index',
    '/goodslist': '/goodslist?keyword=dress',
    '/goodslist (category)': `/goodslist?categoryId=${categoryId}`,
    '/productdetails': `/productdetails?prodId=${productId}`,
    '/shippingfee': '/shippingfee',
    '/affiliate': '/affiliate',
    '/faq': '/faq',
    '/aboutus': '/aboutus',
    '/login': '/login',
    '/register': '/register',
    '/resetpassword': '/resetpassword',
  };
}

/** A product and a top category of the server at `url`, for the pages that show one. */
export async function pageSubjects(url) {
  const get = async (p) => (await (await fetch(`${url}${p}`)).json()).data;
  const products = await get('/api/prod/search?current=1&size=1');
  const tree = await get('/api/category/categories');
  return { productId: products.records[0].prodId, categoryId: tree[0].categoryId };
}

/** Builds the web app when there is no build (a fresh clone). */
export function ensureWebBuild() {
  if (existsSync(path.join(dist, 'index.html'))) return false;
  console.log('The web app is not built: npm run build');
  execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

/** The HTML the server sends for a page's path: the page's own copy, else index.html (decision 0109). */
function pageFile(pathname) {
  const own = path.join('routes', `${pathname.split('/')[1]?.toLowerCase()}.html`);
  return existsSync(path.join(dist, own)) ? own : 'index.html';
}

/** gzip bytes of the build file behind a URL of the server; null for what is not a build file. */
function gzipOf(url) {
  const file = new URL(url).pathname;
  const local = path.join(dist, !path.extname(file) ? pageFile(file) : file);
  if (!local.startsWith(dist) || !existsSync(local)) return null;
  return gzipSync(readFileSync(local)).length;
}

function firstLoad(requests, origin) {
  const kinds = { Script: 'js', Stylesheet: 'css', Document: 'html' };
  const out = { js: 0, css: 0, html: 0, files: 0 };
  const seen = new Set();
  for (const r of requests) {
    const kind = kinds[r.type];
    if (!kind || !r.url.startsWith(origin) || seen.has(r.url)) continue;
    const size = gzipOf(r.url);
    if (size === null) continue;
    seen.add(r.url);
    out[kind] += size;
    out.files++;
  }
  const kb = (n) => Number((n / 1000).toFixed(1));
  return {
    totalGzipKb: kb(out.js + out.css + out.html),
    jsCssGzipKb: kb(out.js + out.css),
    jsGzipKb: kb(out.js),
    cssGzipKb: kb(out.css),
    htmlGzipKb: kb(out.html),
    files: out.files,
  };
}

/** The public pages against `url`; `productId` and `categoryId` are seeded ones they show. */
export async function runWeb(url, { runs, productId, categoryId }) {
  const pages = publicPages({ productId, categoryId });
  const { chrome, version } = await launchChromium();
  const out = { chromium: version, runs, pages: {} };
  try {
    for (const [name, p] of Object.entries(pages)) {
      // The page asked for once first, as a visitor before the measured ones would: the server's
      // lookups for its first answers then run warm (compiled, their caches made), so the runs
      // measure the page, not the server's first request since it started (decision 0148).
      await (await fetch(`${url}${p}`)).text();
      // Failed runs are retried (auditRuns), so each page's median and minimum are over `runs`.
      const { runs: all, failures } = await auditRuns(chrome, `${url}${p}`, runs, { label: name });
      const { median, min } = summarize(all);
      if (!median) {
        out.pages[name] = { path: p, performance: null, performanceMin: null, performanceRuns: [], failures };
        console.log(`  ${name}: no Lighthouse run finished (${failures.join('; ')})`);
        continue;
      }
      const { requests, ...scores } = median;
      out.pages[name] = {
        path: p,
        ...scores,
        performanceMin: min,
        firstLoad: firstLoad(requests, url),
        performanceRuns: all.map((r) => r.performance),
        lcpRuns: all.map((r) => r.lcpMs),
        tbtRuns: all.map((r) => r.tbtMs),
        failures,
      };
      const f = out.pages[name].firstLoad;
      const retried = failures.length ? `, ${failures.length} failed run(s) retried` : '';
      console.log(
        `  ${name}: performance median ${scores.performance}, min ${min} (${out.pages[name].performanceRuns.join(', ')}${retried}), LCP ${scores.lcpMs} ms (${out.pages[name].lcpRuns.join(', ')}), TBT ${scores.tbtMs} ms (${out.pages[name].tbtRuns.join(', ')}), CLS ${scores.cls?.toFixed(3)}; first load ${f.totalGzipKb} kB gzip (JS + CSS ${f.jsCssGzipKb}, ${f.files} files)`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
