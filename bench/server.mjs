// Starts the real server (built web app + API) on a free port for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { clearInterval, setInterval } from 'node:timers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build-server.mjs';
import { serverEnv, serverNodeArgs } from '../scripts/server-env.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** env: extra environment (e.g. DATABASE_URL); returns { url, stop }. */
export async function startServer(env = {}) {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'dsm-bench-'));
  // As `npm start` runs it: the bundle, with plain Node.
  const bundle = await buildServer();
  const child = spawn(
    process.execPath,
    [...serverNodeArgs, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), bundle],
    {
      cwd: root,
      env: serverEnv({
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...env,
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not ready in time');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    /** The server's process id (CPU accounting from /proc in the benchmarks). */
    pid: child.pid,
    async stop() {
      // Ctrl-C reaches the server too: it may be gone already, and then 'exit' never fires again.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Fastify hello world in its own process: the yardstick for this machine and this run. */
export async function startBaseline() {
  const port = await freePort();
  const code = `
    const app = require('fastify')();
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((r) => {
            child.once('exit', r);
            child.kill('SIGTERM');
          }),
  };
}

/** Resident memory of a process in MB from /proc (`field`: VmRSS now, VmHWM its peak so far); null once gone. */
export function residentMb(pid, field = 'VmRSS') {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Samples a process's resident memory every 100 ms; `take()` → the highest sample since the last
 * take (MB). A scenario's peak, where VmHWM would only give the whole life's.
 */
export function rssSampler(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid) ?? 0);
  }, 100);
  timer.unref();
  return {
    take() {
      const out = Math.max(peak, residentMb(pid) ?? 0);
      peak = 0;
      return out;
    },
    stop: () => clearInterval(timer),
  };
}
