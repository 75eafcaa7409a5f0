import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operator: { email: string; password: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let server: ChildProcess | undefined;
let dataDir = '';

export async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`Build the web app first (npm run build): ${webDist}/index.html is missing`);
  }
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'dsm-e2e-'));
  const operator = { email: 'operator@example.com', password: 'e2e-operator-1' };
  // The server as `npm start` runs it: the bundle (scripts/build-server.mjs), with plain Node.
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`bundling the server failed (exit ${built.status})`);
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_PASSWORD: operator.password,
      LOG_LEVEL: 'warn',
      ADDRESS_REQUESTS_PER_HOUR: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds the demo; on a loaded 2-core machine that took 63–90 s, so
  // the wait is generous and says what it waited for (E2E_START_SECONDS overrides it).
  const startSeconds = Number(process.env.E2E_START_SECONDS || 240);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health/ready within ${startSeconds} s`);
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('operator', operator);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
