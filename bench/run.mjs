// `npm run bench`: every benchmark, each beside its baseline, results in bench/results/.
// Needs the built web app (npm run build). Pass names to run some: npm run bench -- lighthouse
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.mjs';

const wanted = process.argv.slice(2);
const all = [
  { name: 'lighthouse', file: 'lighthouse.mjs', fn: 'runLighthouse' },
  { name: 'catalogue', file: 'catalogue.mjs', fn: 'runCatalogueBench' },
];
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}
for (const bench of all) {
  if (wanted.length && !wanted.includes(bench.name)) continue;
  const file = path.join(root, 'bench', bench.file);
  if (!existsSync(file)) continue;
  console.log(`\n== ${bench.name}`);
  const mod = await import(file);
  await mod[bench.fn]();
}
