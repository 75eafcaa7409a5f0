import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Uploaded files live under DATA_DIR/uploads/<area>/ with content-addressed names
 * (<sha256 prefix>.<ext>: the same file uploaded twice is one file, and a name never changes
 * meaning, so it may be cached forever). The module owning an area serves it at
 * /api/files/<area>/<name> — the same layout the catalogue's product images use. Moving to an
 * S3-compatible store later changes this file only: callers get a URL and never see a path.
 */

/** Image types we store, with their file extension. */
export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
} as const;
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;

const TYPE_BY_EXTENSION = Object.fromEntries(Object.entries(IMAGE_EXTENSIONS).map(([type, ext]) => [ext, type])) as Record<
  string,
  ImageContentType
>;

/** The shape of a stored file's name; anything else is never read from disk. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|gif|svg)$/;
const AREA = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * Writes the bytes (atomically: temp file, then rename) and returns their public URL,
 * /api/files/<area>/<name>. Call it outside any database transaction.
 */
export async function saveUpload(dataDir: string, bytes: Uint8Array, contentType: string, area = 'files'): Promise<string> {
  const ext = (IMAGE_EXTENSIONS as Record<string, string>)[contentType];
  if (!ext) throw new Error(`saveUpload: unsupported content type ${contentType}`);
  if (!AREA.test(area)) throw new Error(`saveUpload: bad area ${area}`);
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${ext}`;
  const dir = path.join(dataDir, 'uploads', area);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(tmp, bytes);
  await rename(tmp, path.join(dir, name));
  return `/api/files/${area}/${name}`;
}

/** A stored file of an area by its name, or null (bad name, missing file). */
export async function readUpload(
  dataDir: string,
  area: string,
  name: string,
): Promise<{ body: Buffer; contentType: ImageContentType } | null> {
  if (!AREA.test(area) || !UPLOAD_NAME.test(name)) return null;
  try {
    const body = await readFile(path.join(dataDir, 'uploads', area, name));
    return { body, contentType: TYPE_BY_EXTENSION[name.split('.').pop()!]! };
  } catch {
    return null;
  }
}

/** Headers for serving an upload: cached forever (names are content hashes), never sniffed or scripted. */
export const UPLOAD_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

/** The real type of image bytes from their first bytes (a declared type is not trusted). */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  const b = (i: number) => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38) return 'image/gif';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('utf8');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/**
 * Decodes base64 image data (a `data:…;base64,` prefix is accepted) and checks that the bytes
 * really are an image of an allowed type. Null when they are not, or are larger than `maxBytes`.
 */
export function decodeImageData(
  data: string,
  maxBytes: number,
  allowed: readonly ImageContentType[] = Object.keys(IMAGE_EXTENSIONS) as ImageContentType[],
): { bytes: Buffer; contentType: ImageContentType } | null {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const base64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2) return null;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.length > maxBytes) return null;
  const contentType = sniffImageType(bytes);
  return contentType && allowed.includes(contentType) ? { bytes, contentType } : null;
}
