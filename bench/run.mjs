// `npm run bench`: every benchmark, each beside its baseline, results in bench/results/.
// The web benchmarks need the built web app (npm run build). Pass names to run some:
// npm run bench -- lighthouse   |   npm run bench -- wallet (PostgreSQL at 127.0.0.1:5432 only)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

const wanted = process.argv.slice(2);
const all = [
  { name: 'lighthouse', file: 'lighthouse.mjs', fn: 'runLighthouse', web: true },
  { name: 'catalogue', file: 'catalogue.mjs', fn: 'runCatalogueBench', web: true },
  { name: 'wallet', file: 'wallet.mjs', fn: 'runWalletBench', web: false },
];
const selected = all.filter((b) => !wanted.length || wanted.includes(b.name));
if (selected.some((b) => b.web) && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
for (const bench of selected) {
  const file = path.join(root, 'bench', bench.file);
  if (!existsSync(file)) continue;
  console.log(`\n== ${bench.name}`);
  const mod = await import(file);
  await mod[bench.fn]();
}
