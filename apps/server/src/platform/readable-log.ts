import { Writable } from 'node:stream';

/**
 * A pino destination for a terminal (`npm start` in a shell): one short line per request
 * (time, method, path, status, ms) instead of two JSON lines, and other entries as time, level and
 * message. It only reformats what pino already serialized and redacted; the query string is left
 * out (it can carry tokens and search terms). Not a terminal: main.ts keeps pino's JSON lines.
 */
export function readableLogStream(out: { write(line: string): unknown }): Writable {
  // Fastify logs the method and URL on "incoming request" and the status on "request completed".
  const pending = new Map<string, { method: string; path: string }>();
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        const text = formatEntry(line, pending);
        if (text !== undefined) out.write(`${text}\n`);
      }
      done();
    },
  });
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

function clock(time: unknown): string {
  const at = typeof time === 'number' ? new Date(time) : new Date();
  return at.toTimeString().slice(0, 8);
}

/** The URL's path only: the query string may hold secrets or personal data. */
function pathOf(url: unknown): string {
  if (typeof url !== 'string') return '?';
  const query = url.indexOf('?');
  return query === -1 ? url : `${url.slice(0, query)}?…`;
}

export function formatEntry(line: string, pending: Map<string, { method: string; path: string }>): string | undefined {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (entry.msg === 'incoming request' && reqId && req) {
    // A request that never completes (the client went away) must not stay here for ever.
    if (pending.size >= 1000) pending.delete(pending.keys().next().value as string);
    pending.set(reqId, { method: String(req.method), path: pathOf(req.url) });
    return undefined;
  }
  const res = entry.res as { statusCode?: number } | undefined;
  if (entry.msg === 'request completed' && reqId) {
    const seen = pending.get(reqId);
    pending.delete(reqId);
    const ms = typeof entry.responseTime === 'number' ? Math.round(entry.responseTime) : '?';
    return `${clock(entry.time)} ${seen?.method ?? '?'} ${seen?.path ?? '?'} ${res?.statusCode ?? '?'} ${ms} ms`;
  }
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !OMITTED.has(key)));
  const err = rest.err as { stack?: string; message?: string } | undefined;
  delete rest.err;
  const seen = reqId ? pending.get(reqId) : undefined;
  const parts = [clock(entry.time), level, seen ? `${seen.method} ${seen.path}` : '', String(entry.msg ?? '')];
  if (Object.keys(rest).length > 0) parts.push(JSON.stringify(rest));
  const text = parts.filter(Boolean).join(' ');
  return err ? `${text}\n${err.stack ?? err.message ?? ''}` : text;
}
