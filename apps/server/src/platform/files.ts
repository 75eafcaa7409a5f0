import { createHash } from 'node:crypto';
import path from 'node:path';
import { EXCEL_IMPORT_MAX_MB, MAX_IMAGE_BYTES } from '@dsm/contract';
import type { Db } from '../db/client';
import { AppError } from './app-error';
import { databaseFileStore } from './files/database-store';
import { diskFileStore } from './files/disk-store';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_ZIP_EXPANDED_BYTES, isImageBomb, isZipBomb } from './files/bombs';
import { FILE_TYPES, type FileType, sniffType } from './files/sniff';
import type { FileStore } from './files/store';
import { sanitizeSvg } from './files/svg';

/**
 * The one file store of the server, for every area that keeps files. A file is stored under a
 * content-addressed name (<first 32 hex of its sha256>.<ext>: the same bytes are one file, and
 * a name never changes meaning, so it is cached forever) and served by one route,
 * GET /api/files/<area>/<name> (files/files.routes.ts). Two backends behind one interface: the
 * local disk (embedded default) and the database itself (default with DATABASE_URL).
 * See docs/decisions/0064-files.md.
 */

export type { FileStore, StoredFile } from './files/store';
export { FILE_TYPES, type FileType, sniffType } from './files/sniff';

const MB = 1024 * 1024;
const RASTER = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies readonly FileType[];

/**
 * Every area, what it accepts (by the bytes, never by a declared type) and how large. A new
 * kind of file is one line here; its messages are `files.types.<area>` in common.json.
 */
export const FILE_AREAS = {
  /** Product and SKU pictures (operator). SVG is kept only after sanitizing. */
  catalogue: { types: [...RASTER, 'image/svg+xml'], maxBytes: MAX_IMAGE_BYTES },
  /** Banner pictures (operator): raster only, an SVG could carry script. */
  content: { types: RASTER, maxBytes: MAX_IMAGE_BYTES },
  /**
   * Proofs of a bank transfer for a wallet recharge (user): a photo or the bank's PDF. Private:
   * never served by the public files route; the recharge module serves it to operators only.
   */
  slips: { types: [...RASTER, 'application/pdf'], maxBytes: 5 * MB, private: true },
  /** Pictures attached to a sourcing request (user). */
  sourcing: { types: RASTER, maxBytes: 5 * MB },
  /**
   * Pictures attached to an after-sales request (user, decision 0088). Private: the after-sales
   * module serves them to the request's owner and to operators only.
   */
  aftersales: { types: RASTER, maxBytes: 5 * MB, private: true },
  /**
   * Spreadsheets uploaded for import (orders, decision 0125) and the error files made from them.
   * Private: the excel-imports module serves each to its owner. 5 MB: the one limit the import states.
   */
  imports: {
    types: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-excel'],
    maxBytes: EXCEL_IMPORT_MAX_MB * MB,
    private: true,
  },
  /** PDFs the server generates (invoices, packing lists). */
  documents: { types: ['application/pdf'], maxBytes: 20 * MB },
  /** Rendered invoices (decision 0082). Private: the invoices module serves each to its owner. */
  invoices: { types: ['application/pdf'], maxBytes: 20 * MB, private: true },
} as const satisfies Record<string, { types: readonly FileType[]; maxBytes: number; private?: boolean }>;
export type FileArea = keyof typeof FILE_AREAS;

export function isFileArea(area: string): area is FileArea {
  return Object.hasOwn(FILE_AREAS, area);
}

/** An area whose files the public route never serves (personal documents such as bank slips). */
export function isPrivateArea(area: FileArea): boolean {
  return 'private' in FILE_AREAS[area] && FILE_AREAS[area].private === true;
}

/** The shape of a stored name; nothing else ever reaches a backend. */
const FILE_NAME = new RegExp(`^[a-f0-9]{32}\\.(${[...new Set(Object.values(FILE_TYPES))].join('|')})$`);
export function isFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

export function fileUrl(area: FileArea, name: string): string {
  return `/api/files/${area}/${name}`;
}

/** `{area, name}` of one of our file URLs (`/api/files/<area>/<name>`), or null for anything else. */
export function parseFileUrl(url: string): { area: FileArea; name: string } | null {
  const m = /^\/api\/files\/([a-z]+)\/([^/]+)$/.exec(url);
  return m && isFileArea(m[1]!) && isFileName(m[2]!) ? { area: m[1], name: m[2]! } : null;
}

/** FILE_STORE, or by mode: the database with DATABASE_URL (stateless nodes), else the disk. */
export function createFileStore(config: { fileStore: 'disk' | 'database'; dataDir: string }, db: Db): FileStore {
  return config.fileStore === 'database' ? databaseFileStore(db) : diskFileStore(path.join(config.dataDir, 'uploads'));
}

export interface SavedFile {
  url: string;
  area: FileArea;
  name: string;
  contentType: FileType;
  bytes: number;
}

export interface SaveOptions {
  /** The request field the file came in (errors are reported under it). */
  field?: string;
  /** A type the client declared: when given, the bytes must be of that type too. */
  declaredType?: string;
  /** Where an error about the type goes, when not under `field` (e.g. `contentType`). */
  typeField?: string;
}

/**
 * Checks the bytes against the area (real type by magic bytes, size), sanitizes an SVG, stores
 * the file under its content hash and answers its URL. Refusals are A00002 under the request's
 * field. Call it before, and outside, the transaction that writes a row referring to the URL
 * (the database store writes on the root handle; on PGlite, one connection, a write from inside
 * an open transaction would wait for that transaction for ever).
 */
export async function saveFile(
  store: FileStore,
  area: FileArea,
  bytes: Buffer,
  options: SaveOptions = {},
): Promise<SavedFile> {
  const { field = 'data', declaredType, typeField = field } = options;
  const rule = FILE_AREAS[area];
  if (bytes.length === 0) throw AppError.invalid([{ field, messageKey: 'files.empty' }]);
  if (bytes.length > rule.maxBytes) {
    throw AppError.invalid([{ field, messageKey: 'files.too-large', params: { mb: rule.maxBytes / MB } }]);
  }
  const wrongType = () =>
    AppError.invalid([{ field: typeField, messageKey: 'files.type', params: { types: `files.types.${area}` } }]);
  const type = sniffType(bytes);
  if (
    !type ||
    !(rule.types as readonly FileType[]).includes(type) ||
    (declaredType !== undefined && declaredType !== type)
  ) {
    throw wrongType();
  }
  // Decompression bombs (files/bombs.ts): refused before they are stored, whatever reads them later.
  if (isImageBomb(bytes)) {
    throw AppError.invalid([
      { field, messageKey: 'files.dimensions', params: { pixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE } },
    ]);
  }
  if (type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' && isZipBomb(bytes)) {
    throw AppError.invalid([{ field, messageKey: 'files.archive', params: { mb: MAX_ZIP_EXPANDED_BYTES / MB } }]);
  }
  let stored = bytes;
  if (type === 'image/svg+xml') {
    const clean = sanitizeSvg(bytes.toString('utf8'));
    // Defensive: what the sanitizer leaves must still be an <svg> root, or it is not kept.
    if (!/^<svg[\s>]/.test(clean)) throw wrongType();
    stored = Buffer.from(clean, 'utf8');
  }
  const name = `${createHash('sha256').update(stored).digest('hex').slice(0, 32)}.${FILE_TYPES[type]}`;
  await store.put({ area, name, contentType: type, bytes: stored });
  return { url: fileUrl(area, name), area, name, contentType: type, bytes: stored.length };
}

/**
 * The body limit of a route taking one file of `area` as base64 in JSON: a little over the
 * area's limit, so that a file just too large gets the A00002 "too large" answer, not A00009.
 */
export function uploadBodyLimit(area: FileArea): number {
  return Math.ceil((FILE_AREAS[area].maxBytes * 4) / 3) + 64 * 1024;
}

/** Base64 from a JSON body (a `data:…;base64,` prefix is accepted); A00002 under `field` if it is not. */
export function decodeBase64(data: string, field = 'data'): Buffer {
  const raw = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(raw) || raw.length % 4 === 1)
    throw AppError.invalid([{ field, messageKey: 'files.base64' }]);
  return Buffer.from(raw, 'base64');
}

/**
 * Which of these URLs name one of our stored files that is not there: a row must not refer to a
 * file that does not exist (e.g. a product saved with a made-up /api/files/… address).
 * Other addresses (http(s), bundled or generated pictures) are not the store's business.
 */
export async function missingFiles(store: FileStore, urls: readonly string[]): Promise<Set<string>> {
  const missing = new Set<string>();
  for (const url of new Set(urls)) {
    if (!url.startsWith('/api/files/')) continue;
    const ref = parseFileUrl(url);
    if (ref && (await store.has(ref.area, ref.name))) continue;
    // An /api/files/<area>/<name> address the store cannot hold (unknown area, bad name) is
    // missing too; generated demo pictures (/api/files/demo/<icon>/<file>) have three parts.
    if (!ref && /^\/api\/files\/demo\/[a-z-]+\/[a-z]+-\d\.svg$/.test(url)) continue;
    missing.add(url);
  }
  return missing;
}

/**
 * Headers for serving a stored file: cached forever (names are content hashes), never sniffed,
 * never scripted (an SVG opened directly runs nothing even if sanitizing ever missed something).
 */
export const UPLOAD_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;
