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
      if (headers['transfer-encoding'] === 'chunked')
        body = body.replace(/^[0-9a-f]+\r\n/, '').replace(/\r\n0\r\n\r\n$/, '');
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
  raw([
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: fr-FR\r\nConnection: close\r\n${extraHeaders}\r\n`,
  ]);

/** What every answer must look like: the envelope, our headers, nothing the client sent echoed. */
function expectEnvelope(a: RawAnswer, status: number, code: string, reason: string, echo: string[] = []) {
  expect(a.status).toBe(status);
  expect(a.headers['content-type']).toContain('application/json');
  const body = JSON.parse(a.body);
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'success']);
  expect(body).toMatchObject({ code, success: false, data: { reason } });
  expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.headers['content-security-policy']).toContain("script-src 'self'");
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
  for (const e of echo) expect(a.body).not.toContain(e);
  return body as { msg: string };
}

describe('errors raised before a route runs answer the envelope (listening server, raw sockets)', () => {
  it('an undecodable URL: 400 A00002 bad-url, in the caller language, without echoing the path', async () => {
    const a = await get('/api/%c0');
    const body = expectEnvelope(a, 400, 'A00002', 'bad-url', ['%c0', 'api/']);
    expect(body.msg).toBe("Cette adresse n'est pas valide");
  });

  it('a path parameter over 100 characters: the envelope, without echoing it', async () => {
    const long = '7'.repeat(150);
    const a = await get(`/api/shop/notice/info/${long}`);
    expect(a.status).toBeGreaterThanOrEqual(400);
    expect(a.status).toBeLessThan(500);
    const body = JSON.parse(a.body);
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'success']);
    expect(body.success).toBe(false);
    expect(a.headers['x-request-id']).toBeTruthy();
    expect(a.headers['content-security-policy']).toBeTruthy();
    expect(a.body).not.toContain(long);
  });

  it('a 20 KB query string: 431 A00009 headers-too-large', async () => {
    const a = await get(`/api/prod/search?keyword=${'q'.repeat(20_000)}`);
    // The parser stops inside the request line, before Accept-Language: the default language.
    const body = expectEnvelope(a, 431, 'A00009', 'headers-too-large', ['qqqq']);
    expect(body.msg).toBe('The request headers or address are too large');
  });

  it('too large headers: 431 A00009 headers-too-large', async () => {
    const a = await get('/api/health', `X-Big: ${'b'.repeat(20_000)}\r\n`);
    const body = expectEnvelope(a, 431, 'A00009', 'headers-too-large', ['bbbb']);
    expect(body.msg).toBe("Les en-têtes ou l'adresse de la demande sont trop volumineux");
  });

  it('a malformed request: 400 A00002 bad-request', async () => {
    const a = await raw(['GET /api/health HTTP/1.1\r\nHost 127.0.0.1\r\nBad\u0001Header: x\r\n\r\n']);
    expectEnvelope(a, 400, 'A00002', 'bad-request', ['Bad']);
  });

  it('headers sent one byte a second are cut off at the request timeout with 408', async () => {
    const trickle = Array.from({ length: 20 }, () => ['X', { wait: 1000 }]).flat();
    const a = await raw(['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', ...trickle]);
    expectEnvelope(a, 408, 'A00002', 'request-timeout');
    expect(a.ms).toBeLessThan(6_000);
  });

  it('a body sent one byte a second is cut off at the request timeout with 408, not kept open', async () => {
    const trickle = Array.from({ length: 60 }, () => ['a', { wait: 1000 }]).flat();
    const a = await raw([
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n',
      ...trickle,
    ]);
    expectEnvelope(a, 408, 'A00002', 'request-timeout');
    expect(a.ms).toBeLessThan(6_000);
  });

  it('a normal request on the same server still answers', async () => {
    const a = await get('/api/health');
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toMatchObject({ code: '00000', success: true });
  });
});
