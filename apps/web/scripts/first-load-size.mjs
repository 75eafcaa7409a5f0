#!/usr/bin/env node
/**
 * What the browser downloads for a first visit to /index, measured from the build's manifest:
 * index.html itself (the entry CSS is inlined there at build time), the entry script with its
 * static imports (modulepreload), the /index route's lazy chunks (public layout + home page)
 * with their imports and CSS, the home page's own deferred sections (carousel, notices, shelves:
 * fetched after the first paint, but still part of a first visit), and the default language's
 * catalogue.
 * Prints gzip sizes and exits 1 above the budget (SPEC: Lighthouse mobile ≥ 0.95 needs a light
 * first page; ARCHITECTURE: antd must stay out of it).
 *
 * Usage: node scripts/first-load-size.mjs [--budget-kb 175] [--json]
 * (170 kB until decision 0093: the shell's route table grows a little with every page.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 175;

/** The modules the /index route loads lazily (see src/app/routes.tsx). */
const INDEX_ROUTE = ['src/app/layouts/public-layout.tsx', 'src/features/home/home-page.tsx'];
/** The catalogue chunk of the default language (the build groups each language into one chunk). */
const DEFAULT_LOCALE_CHUNK = 'locale-en-US';

let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('first-load-size: dist/.vite/manifest.json not found; run `npm run build -w apps/web` first');
  process.exit(2);
}

const html = readFileSync(join(dist, 'index.html'));
const htmlText = html.toString('utf8');
// The build inlines the entry's stylesheet into index.html (vite-plugins.ts): counted with the HTML.
const inlined = (css) => !htmlText.includes(`/${css}"`) && (manifest['index.html'].css ?? []).includes(css);

const files = new Map([['index.html', 'document (with the inlined entry CSS)']]); // file → why it is loaded
function take(key, reason) {
  const entry = manifest[key];
  if (!entry) throw new Error(`first-load-size: "${key}" is not in the manifest (renamed? update INDEX_ROUTE)`);
  if (!files.has(entry.file)) files.set(entry.file, reason);
  for (const css of entry.css ?? []) if (!files.has(css) && !inlined(css)) files.set(css, reason);
  for (const imported of entry.imports ?? []) {
    if (!files.has(manifest[imported]?.file)) take(imported, reason);
  }
}

take('index.html', 'entry');
for (const route of INDEX_ROUTE) take(route, '/index route');
// The home page's lazily loaded sections: downloaded on every visit to /index, after first paint.
for (const deferred of manifest['src/features/home/home-page.tsx'].dynamicImports ?? [])
  take(deferred, '/index deferred section');
const localeKey = Object.keys(manifest).find((k) => manifest[k].name === DEFAULT_LOCALE_CHUNK);
if (!localeKey) throw new Error(`first-load-size: no chunk named ${DEFAULT_LOCALE_CHUNK}`);
take(localeKey, 'en-US catalogue');

// zlib's default level and 1 kB = 1000 bytes, as Vite's build report: the two can be compared.
const gz = (buf) => gzipSync(buf).length;
const rows = [...files].map(([file, reason]) => {
  const buf = readFileSync(join(dist, file));
  return { file, reason, raw: buf.length, gzip: gz(buf) };
});
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n) => (n / 1000).toFixed(1);

// The UI kit's chunk: reported so its cost stays visible, and it must not be in the first load.
const antd = Object.values(manifest)
  .filter((e) => e.name === 'antd')
  .map((e) => ({ file: e.file, gzip: gz(readFileSync(join(dist, e.file))) }));
const leaked = rows.filter((r) => antd.some((a) => a.file === r.file));

if (args.includes('--json')) {
  console.log(JSON.stringify({ budgetKb, totalGzipKb: Number(kb(total)), files: rows, antd }, null, 2));
} else {
  console.log('First load of /index (gzip):');
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${kb(r.gzip).padStart(7)} kB  ${r.file}  (${r.reason}; ${kb(r.raw)} kB raw)`);
  }
  console.log(`  ${'-'.repeat(9)}`);
  console.log(`  ${kb(total).padStart(7)} kB  total: HTML + JS + CSS (budget ${budgetKb} kB)`);
  for (const a of antd) console.log(`  antd chunk (loaded by /user and /admin only): ${a.file} ${kb(a.gzip)} kB gzip`);
}

if (leaked.length) {
  console.error(
    `first-load-size: the antd chunk is part of the first load of /index: ${leaked.map((r) => r.file).join(', ')}`,
  );
  process.exit(1);
}
if (total > budgetKb * 1000) {
  console.error(`first-load-size: ${kb(total)} kB is over the ${budgetKb} kB budget`);
  process.exit(1);
}
