import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ requestTimeoutMs: 2000, headersTimeoutMs: 1500 } as never);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(() => ctx.app.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

/** Sends bytes on a raw socket (optionally in timed pieces) and reads the answer until the socket closes. */
function raw(pieces: Array<string | { wait: number }>, maxMs = 20_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${maxMs} ms`));
    }, maxMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, ms: Date.now() - started });
    });
    (async () => {
      for (const piece of pieces) {
        if (closed) return;
        if (typeof piece === 'string') socket.write(piece);
        else await new Promise((r) => setTimeout(r, piece.wait));
      }
    })();
  });
}

const get = (target: string, extraHeaders = '') =>
  raw([`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: fr-FR\r\nConnection: close\r\n${extraHeaders}\r\n`]);

describe('probe', () => {
  it('prints', async () => {
    for (const t of ['/api/%c0', `/api/admin/catalogue/categories/${'1'.repeat(150)}`, `/api/prod/search?keyword=${'a'.repeat(20_000)}`]) {
      const a = await get(t);
      console.log(t.slice(0, 60), a.status, JSON.stringify(a.headers), a.body.slice(0, 300));
    }
    const big = await get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`);
    console.log('bighdr', big.status, JSON.stringify(big.headers), big.body.slice(0, 300));
  });
});
