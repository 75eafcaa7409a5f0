import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorReason, type Locale, resolveLocale, translate } from '@dsm/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';

/**
 * Answers Fastify and Node give before a route runs, in our envelope with our headers. Without
 * this, a bad URL (`/api/%c0`), too large headers or query string, and a slow client got
 * Fastify's `{error, code, message}` in English, with no security headers and no request id,
 * echoing the path. None of these answers repeats anything the client sent (decision 0063).
 */
interface Failure {
  status: number;
  code: string;
  messageKey: string;
  reason: ErrorReason;
}

const BAD_URL: Failure = { status: 400, code: ERRORS.VALIDATION.code, messageKey: 'errors.bad-url', reason: 'bad-url' };
const BAD_REQUEST: Failure = {
  status: 400,
  code: ERRORS.VALIDATION.code,
  messageKey: 'errors.bad-request',
  reason: 'bad-request',
};
const HEADERS_TOO_LARGE: Failure = {
  status: 431,
  code: ERRORS.PAYLOAD_TOO_LARGE.code,
  messageKey: 'errors.headers-too-large',
  reason: 'headers-too-large',
};
const TIMEOUT: Failure = {
  status: 408,
  code: ERRORS.VALIDATION.code,
  messageKey: 'errors.request-timeout',
  reason: 'request-timeout',
};

function envelopeOf(failure: Failure, locale: Locale): string {
  return JSON.stringify(fail(failure.code, translate(locale, failure.messageKey), { reason: failure.reason }));
}

/**
 * Errors Fastify meets while routing (an undecodable URL, a failed constraint): the request
 * object exists but no hook has run, so the headers a hook would set are set here.
 */
export function frameworkErrorHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const failure = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_INVALID_URL' ? BAD_URL : BAD_REQUEST;
    req.log.info({ code: error.code }, 'request refused before routing');
    const locale = resolveLocale(req.headers['accept-language']);
    return reply
      .headers(securityHeaders)
      .header('x-request-id', req.id)
      .status(failure.status)
      .type('application/json; charset=utf-8')
      .send(envelopeOf(failure, locale));
  };
}

/** The caller's language when what the parser read shows it (a 431 still has the first bytes). */
function localeOfRawPacket(raw: unknown): Locale {
  if (!Buffer.isBuffer(raw)) return resolveLocale(undefined);
  const match = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(raw.subarray(0, 16_384).toString('latin1'));
  return resolveLocale(match?.[1]);
}

/**
 * Errors Node's HTTP parser raises before a request exists (headers too large, a malformed
 * request, headers or body not arriving within the timeout): written straight to the socket,
 * which is then closed, as Node itself does.
 */
export function clientErrorHandler(securityHeaders: Record<string, string>) {
  return (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const failure =
      err.code === 'HPE_HEADER_OVERFLOW' || err.code === 'HPE_URI_OVERFLOW'
        ? HEADERS_TOO_LARGE
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? TIMEOUT
          : BAD_REQUEST;
    // An answer already under way (a slow body on a route that answered early) cannot get another.
    const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (socket.writable && !started) {
      const body = envelopeOf(failure, localeOfRawPacket(err.rawPacket));
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        'x-request-id': randomUUID(),
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      socket.write(`HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n${head}\r\n\r\n${body}`);
    }
    socket.destroy();
  };
}

/**
 * A whole request (headers and body) must arrive within `requestTimeoutMs`: a body sent one byte
 * every few seconds used to hold a connection open for good (Fastify's default is no limit).
 * Node checks open requests every `connectionsCheckingInterval`, so that is kept to a fraction of
 * the timeout; headers keep Node's own 60 s limit unless the request limit is shorter.
 */
export function requestTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
