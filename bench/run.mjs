// `npm run bench`: every benchmark, each beside its baseline, results in bench/results/.
// The web benchmarks need the built web app (npm run build). Pass names to run some:
// npm run bench -- lighthouse   |   npm run bench -- wallet (PostgreSQL at 127.0.0.1:5432 only)
// npm run bench -- checkout --quick   (options after the names go to the benchmarks: checkout.mjs)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

// Names select benchmarks; anything else (--db pglite, --quick, …) is for the benchmarks themselves.
const args = process.argv.slice(2);
const all = [
  { name: 'lighthouse', file: 'lighthouse.mjs', fn: 'runLighthouse', web: true },
  { name: 'catalogue', file: 'catalogue.mjs', fn: 'runCatalogueBench', web: true },
  { name: 'wallet', file: 'wallet.mjs', fn: 'runWalletBench', web: false },
  { name: 'checkout', file: 'checkout.mjs', fn: 'runCheckoutBench', web: false },
];
const wanted = args.filter((a) => all.some((b) => b.name === a));
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
