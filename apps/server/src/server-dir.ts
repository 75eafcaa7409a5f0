import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up from this file to the first
 * package.json: the same answer whether the server runs from its sources (src/, through tsx) or
 * from the bundle `npm start` builds (dist/main.mjs, decision 0103). Paths to the migrations, the
 * bundled seed files and the repository start here, never at `import.meta.url` of another file,
 * which moves into the bundle.
 */
export const SERVER_DIR = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
