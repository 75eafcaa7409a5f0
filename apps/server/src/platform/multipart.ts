import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * One file from a `multipart/form-data` body (RFC 7578), for routes that take a single upload
 * from a browser form (a transfer slip). Small on purpose: the whole body is already in memory
 * (the route's bodyLimit bounds it), so a part is found with Buffer.indexOf, no streaming.
 * The bytes are a non-enumerable property: the idempotency hash and logs see name, type and
 * size, never 5 MB of bytes.
 */
export interface UploadedFile {
  field: string;
  fileName: string;
  /** What the browser declared; never trusted for the type (the bytes are sniffed). */
  declaredType: string;
  size: number;
  readonly bytes: Buffer;
}

export type MultipartBody = Record<string, UploadedFile | string>;

function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

function param(header: string, name: string): string | undefined {
  const m = new RegExp(`${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  const v = m?.[1] ?? m?.[2];
  return v === undefined ? undefined : v.replace(/\\(.)/g, '$1');
}

/** Parses a whole multipart body: text fields as strings, file fields as UploadedFile. */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw AppError.invalid([{ field: 'file', messageKey: 'files.empty' }]);
  const delimiter = Buffer.from(`--${boundary}`);
  const out: MultipartBody = {};
  let pos = body.indexOf(delimiter);
  while (pos !== -1) {
    const start = pos + delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break;
    const headerEnd = body.indexOf('\r\n\r\n', start);
    if (headerEnd === -1) break;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next === -1) break;
    const headers = body.subarray(start, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = param(disposition, 'name');
    const fileName = param(disposition, 'filename');
    const content = body.subarray(headerEnd + 4, next);
    if (name && !Object.hasOwn(out, name)) {
      if (fileName !== undefined) {
        const file = {
          field: name,
          fileName: fileName.slice(0, 200),
          declaredType: (/content-type:\s*([^\r\n;]*)/i.exec(headers)?.[1] ?? '').trim(),
          size: content.length,
        };
        Object.defineProperty(file, 'bytes', { value: Buffer.from(content), enumerable: false });
        out[name] = file as UploadedFile;
      } else {
        out[name] = content.toString('utf8');
      }
    }
    pos = next + 2;
  }
  return out;
}

/** Registers the multipart parser in the calling plugin's scope only. */
export function acceptMultipart(app: FastifyInstance) {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (req, body, done) => {
    try {
      done(null, parseMultipart(body as Buffer, String(req.headers['content-type'] ?? '')));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return typeof v === 'object' && v !== null && Buffer.isBuffer((v as UploadedFile).bytes);
}
