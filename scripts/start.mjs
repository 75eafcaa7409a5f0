// `npm start`: builds the web app when it is missing or older than its sources, bundles the
// server (scripts/build-server.mjs, under a second), then runs it with plain Node; it serves the
// app and /api on one port (default 3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './build-server.mjs';
import { serverEnv, serverNodeArgs } from './server-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const built = path.join(web, 'dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = [path.join(web, 'src'), path.join(web, 'index.html'), path.join(root, 'packages/contract/src')];
const stale =
  !existsSync(built) ||
  sources.some(
    (s) => existsSync(s) && (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs) > statSync(built).mtimeMs,
  );
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bundle = await buildServer();
const server = spawn(process.execPath, [...serverNodeArgs, bundle], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
