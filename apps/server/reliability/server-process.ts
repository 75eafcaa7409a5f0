import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The real entry point, run the way scripts/start.mjs runs it. */
export const MAIN = path.join(root, 'apps/server/src/main.ts');
export const OPERATOR_PASSWORD = 'operator-reliability-1';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs main.ts as a child process (no inherited database variables) and waits for it to listen. */
export function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output(): string;
  exited: ServerProcess['exited'];
} {
  const { DATABASE_URL: _d, TEST_DATABASE_URL: _t, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: root,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OPERATOR_PASSWORD,
      RESET_CODE_ANSWER_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (b: Buffer) => (text += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (text += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const server = spawnServer(env);
  let gone = false;
  void server.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const port = /running at http:\/\/[^:]+:(\d+)/.exec(server.output())?.[1];
    if (port) return { ...server, base: `http://127.0.0.1:${port}` };
    if (gone) throw new Error(`server exited before listening:\n${server.output()}`);
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`server not listening after ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops a server with SIGKILL and waits until it is gone (so its pid is reaped). */
export async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function call(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'accept-language': 'en-US',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // The answers of many routes, read field by field by the load; the envelope itself is checked.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: { code?: string; msg?: string; success?: boolean; data?: any } | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}
