#!/usr/bin/env node
/**
 * What the browser downloads for a first visit to each public page, measured from the build:
 * the page's HTML (index.html, or the page's own copy in dist/routes/, with the entry CSS
 * inlined), the entry script with its static imports, the chunks that HTML preloads (the page's
 * layout and page with their imports and CSS, and the default language's catalogue: listed by the
 * build in dist/.vite/route-preloads.json, decision 0109), and the page's own deferred sections
 * (the home page's carousel, notices and shelves: fetched after the first paint, but still part
 * of a first visit).
 * Prints gzip sizes per page and exits 1 when a page is above the budget (SPEC: Lighthouse
 * mobile ≥ 0.95 needs light pages; ARCHITECTURE: antd must stay out of them).
 *
 * Usage: node scripts/first-load-size.mjs [--budget-kb N (one budget for every page)] [--json] [--files]
 * (175 kB for /index alone from decision 0093; 170 kB for every public page from decision 0109.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 170;
/** Pages held above 170 kB where they stand, so none can grow (decision 0109): none now. */
const OVER_BUDGET_KB = {};
/**
 * Modules a page imports only when the visitor acts, not on every visit: not part of a first load.
 * The account forms' schemas (with zod) load on the first focus of a field or the first submit.
 */
const ON_INTERACTION = ['src/features/accounts/form-schemas.ts'];
const budgetOf = (route) => (args.includes('--budget-kb') ? budgetKb : (OVER_BUDGET_KB[route] ?? budgetKb));

let manifest;
let preloads;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  preloads = JSON.parse(readFileSync(join(dist, '.vite', 'route-preloads.json'), 'utf8'));
} catch {
  console.error(
    'first-load-size: dist/.vite/{manifest,route-preloads}.json not found; run `npm run build -w apps/web` first',
  );
  process.exit(2);
}
const byFile = new Map(Object.entries(manifest).map(([key, e]) => [e.file, key]));

// zlib's default level and 1 kB = 1000 bytes, as Vite's build report: the two can be compared.
const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
};
const kb = (n) => (n / 1000).toFixed(1);

/** The files of one page: file → why it is loaded. */
function pageFiles(route, html) {
  const htmlText = readFileSync(join(dist, html), 'utf8');
  // The build inlines the entry's stylesheet into the HTML (vite-plugins.ts): counted with it.
  const inlined = (css) => !htmlText.includes(`/${css}"`) && (manifest['index.html'].css ?? []).includes(css);
  const files = new Map([[html, 'document (with the inlined entry CSS)']]);
  function take(key, reason) {
    const entry = manifest[key];
    if (!entry) throw new Error(`first-load-size: "${key}" is not in the manifest`);
    if (!files.has(entry.file)) files.set(entry.file, reason);
    for (const css of entry.css ?? []) if (!files.has(css) && !inlined(css)) files.set(css, reason);
    for (const imported of entry.imports ?? []) if (!files.has(manifest[imported]?.file)) take(imported, reason);
  }
  take('index.html', 'entry');
  for (const file of preloads.routes[route]) {
    if (file.endsWith('.css')) files.set(file, files.get(file) ?? 'preloaded');
    else take(byFile.get(file), 'preloaded');
  }
  // The page's lazily loaded sections: downloaded on every visit, after the first paint.
  for (const file of preloads.routes[route]) {
    const key = byFile.get(file);
    if (key?.startsWith('src/features/'))
      for (const deferred of manifest[key].dynamicImports ?? [])
        if (!ON_INTERACTION.includes(deferred)) take(deferred, 'deferred section');
  }
  return files;
}

const pages = Object.keys(preloads.routes).map((route) => {
  const own = join('routes', `${route}.html`);
  // The landing page has its own copy too when the build drew its first screen (decision 0147).
  const html = existsSync(join(dist, own)) ? own : 'index.html';
  const rows = [...pageFiles(route, html)].map(([file, reason]) => ({ file, reason, gzip: gz(file) }));
  return { route: `/${route}`, totalGzipKb: Number(kb(rows.reduce((s, r) => s + r.gzip, 0))), files: rows };
});

// The UI kit's chunk: reported so its cost stays visible, and it must not be in a public page.
const antd = Object.values(manifest)
  .filter((e) => e.name === 'antd')
  .map((e) => ({ file: e.file, gzip: gz(e.file) }));
const leaked = pages.filter((p) => p.files.some((r) => antd.some((a) => a.file === r.file)));
const over = pages.filter((p) => p.totalGzipKb > budgetOf(p.route));

if (args.includes('--json')) {
  console.log(JSON.stringify({ budgetKb, pages, antd }, null, 2));
} else {
  console.log(`First load of each public page (HTML + JS + CSS, gzip; budget ${budgetKb} kB):`);
  for (const p of pages) {
    const own = budgetOf(p.route) === budgetKb ? '' : `, held at ${budgetOf(p.route)} kB`;
    console.log(`  ${String(p.totalGzipKb).padStart(7)} kB  ${p.route}  (${p.files.length} files${own})`);
    if (args.includes('--files'))
      for (const r of [...p.files].sort((a, b) => b.gzip - a.gzip))
        console.log(`      ${kb(r.gzip).padStart(7)} kB  ${r.file}  (${r.reason})`);
  }
  for (const a of antd) console.log(`  antd chunk (loaded by /user and /admin only): ${a.file} ${kb(a.gzip)} kB gzip`);
}

if (leaked.length) {
  console.error(
    `first-load-size: the antd chunk is part of the first load of ${leaked.map((p) => p.route).join(', ')}`,
  );
  process.exit(1);
}
if (over.length) {
  console.error(
    `first-load-size: over budget: ${over.map((p) => `${p.route} ${p.totalGzipKb} kB (budget ${budgetOf(p.route)} kB)`).join(', ')}`,
  );
  process.exit(1);
}
