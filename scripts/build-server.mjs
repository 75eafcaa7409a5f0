// Bundles the server (apps/server/src/main.ts and the shared contract) into one ES module,
// apps/server/dist/main.mjs, which `npm start` and the benchmarks run with plain Node (decision
// 0103): running the sources through tsx kept a second V8 isolate (its loader thread) and the
// transpiled sources alive, about 80 MB of the server's memory. The packages stay outside the
// bundle, loaded from node_modules as before; the shared contract (TypeScript) and JSON data are
// bundled. It takes well under a second, so `npm start` builds every time instead of asking
// whether the sources changed.
//
//   node scripts/build-server.mjs
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/main.mjs');

/** A package import stays an import, except the workspace's own packages and JSON files. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@dsm/') || args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
    );
  },
};

/** The worker files the server starts (decision 0125). */
const WORKERS = ['apps/server/src/modules/excel-imports/excel-imports.worker.mjs'];

export async function buildServer() {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Beside the bundle, for `node --enable-source-maps` when a stack trace must name the sources.
    sourcemap: 'linked',
    plugins: [packagesOutside],
    logLevel: 'warning',
  });
  // Worker threads start from a file of their own: each is plain JavaScript that imports only
  // packages, copied beside the bundle, where `new URL('./<name>', import.meta.url)` finds it.
  for (const worker of WORKERS)
    await copyFile(path.join(root, worker), path.join(path.dirname(SERVER_BUNDLE), path.basename(worker)));
  return SERVER_BUNDLE;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Server bundled into ${path.relative(root, SERVER_BUNDLE)} in ${Date.now() - started} ms`);
}
