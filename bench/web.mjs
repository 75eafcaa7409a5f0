// The front end of `npm run bench` (decision 0095): for /index, /goodslist and /productdetails of
// the built web app served by the benchmark's server (its seeded data), Lighthouse's mobile
// performance with Debian Chromium (median of `runs`) and the first load: every script and
// stylesheet the page fetched while Lighthouse loaded it (lazy route chunks, deferred sections
// and the language catalogue included), each counted as its build file gzipped (zlib's default
// level, 1 kB = 1000 B, as Vite and scripts/first-load-size.mjs count), plus the HTML document.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { auditPage, launchChromium } from './lighthouse.mjs';
import { root } from './server.mjs';

const dist = path.join(root, 'apps/web/dist');
/** Lighthouse's own mobile target in the SPEC. */
export const LIGHTHOUSE_TARGET = 0.95;

/** Builds the web app when there is no build (a fresh clone). */
export function ensureWebBuild() {
  if (existsSync(path.join(dist, 'index.html'))) return false;
  console.log('The web app is not built: npm run build');
  execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return true;
}

/** gzip bytes of the build file behind a URL of the server; null for what is not a build file. */
function gzipOf(url) {
  const file = new URL(url).pathname;
  const local = path.join(dist, file === '/' || !path.extname(file) ? 'index.html' : file);
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
    jsCssGzipKb: kb(out.js + out.css),
    jsGzipKb: kb(out.js),
    cssGzipKb: kb(out.css),
    htmlGzipKb: kb(out.html),
    files: out.files,
  };
}

/** The three pages against `url`; `productId` is a seeded product for /productdetails. */
export async function runWeb(url, { runs, productId }) {
  const pages = {
    '/index': '/index',
    '/goodslist': '/goodslist?keyword=dress',
    '/productdetails': `/productdetails?prodId=${productId}`,
  };
  const { chrome, version } = await launchChromium();
  const out = { chromium: version, runs, pages: {} };
  try {
    for (const [name, p] of Object.entries(pages)) {
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await auditPage(chrome, `${url}${p}`));
      const median = [...all].sort((a, b) => a.performance - b.performance)[Math.floor(all.length / 2)];
      const { requests, ...scores } = median;
      out.pages[name] = {
        path: p,
        ...scores,
        firstLoad: firstLoad(requests, url),
        performanceRuns: all.map((r) => r.performance),
      };
      const f = out.pages[name].firstLoad;
      console.log(
        `  ${name}: performance ${scores.performance} (${out.pages[name].performanceRuns.join(', ')}), LCP ${scores.lcpMs} ms, TBT ${scores.tbtMs} ms; first load JS + CSS ${f.jsCssGzipKb} kB gzip (${f.files} files)`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
