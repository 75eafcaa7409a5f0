import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MAX_IMAGE_BYTES, type UploadImageBody, type UploadedImage } from '@dsm/contract';
import sanitizeHtml from 'sanitize-html';
import { AppError } from '../../platform/app-error';
import { demoSvg } from './demo/demo-images';
import { COLOURS } from './demo/vocabulary-common';

/**
 * Product images: operator uploads (base64 in JSON, no multipart) stored content-addressed under
 * DATA_DIR/uploads/catalogue and served at /api/files/catalogue/<sha>.<ext>; demo pictures are
 * generated from their URL. See docs/decisions/0022-catalogue-images.md.
 */

const EXT: Record<UploadImageBody['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
const TYPE_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

export const UPLOAD_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|svg)$/;

function invalid(field: string, messageKey: string): AppError {
  return AppError.invalid([{ field, messageKey }]);
}

function decodeBase64(data: string): Buffer {
  const raw = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(raw) || raw.length % 4 === 1) throw invalid('data', 'catalogue.image-data');
  return Buffer.from(raw, 'base64');
}

/** The bytes must be what the declared type says (magic numbers; SVG by its root element). */
function matchesType(bytes: Buffer, type: UploadImageBody['contentType']): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'image/svg+xml':
      return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(bytes.toString('utf8'));
  }
}

const SVG_TAGS = [
  'svg', 'g', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'defs', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'title', 'desc', 'symbol', 'use',
];
const SVG_ATTRIBUTES = [
  'xmlns', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd',
  'points', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke', 'stroke-width', 'stroke-linecap',
  'stroke-linejoin', 'stroke-opacity', 'stroke-dasharray', 'stroke-miterlimit', 'opacity', 'transform',
  'id', 'class', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'fx', 'fy',
  'clip-path', 'mask', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline',
  'preserveAspectRatio', 'version', 'href', 'xlink:href', 'xmlns:xlink',
];

/**
 * SVG can carry scripts, event handlers, foreign HTML and external references: keep drawing
 * elements and presentation attributes only; `href` only to a fragment in the same file.
 */
export function sanitizeSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    parser: { xmlMode: true },
    allowedSchemes: [],
    exclusiveFilter: (frame) => frame.tag === 'use' && !/^#/.test(frame.attribs.href ?? frame.attribs['xlink:href'] ?? ''),
    transformTags: {
      '*': (tagName, attribs) => {
        const out = { ...attribs };
        for (const k of ['href', 'xlink:href']) if (out[k] !== undefined && !out[k]!.startsWith('#')) delete out[k];
        for (const [k, v] of Object.entries(out)) if (/url\(\s*['"]?(?!#)/i.test(v)) delete out[k];
        return { tagName, attribs: out };
      },
    },
  });
  return clean.trim();
}

/**
 * Stores an uploaded image and answers its URL. The name is the content hash, so the same image
 * uploaded twice is one file. Nothing here runs inside a database transaction.
 */
export async function uploadImage(dataDir: string, body: UploadImageBody): Promise<UploadedImage> {
  let bytes = decodeBase64(body.data);
  if (bytes.length === 0) throw invalid('data', 'catalogue.image-data');
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid('data', 'catalogue.image-too-large');
  if (!matchesType(bytes, body.contentType)) throw invalid('contentType', 'catalogue.image-type');
  if (body.contentType === 'image/svg+xml') {
    const clean = sanitizeSvg(bytes.toString('utf8'));
    if (!/^<svg[\s>]/.test(clean)) throw invalid('contentType', 'catalogue.image-type');
    bytes = Buffer.from(clean, 'utf8');
  }
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXT[body.contentType]}`;
  const dir = path.join(dataDir, 'uploads', 'catalogue');
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(tmp, bytes);
  await rename(tmp, path.join(dir, name));
  return { url: `/api/files/catalogue/${name}`, bytes: bytes.length, contentType: body.contentType };
}

export interface ServedFile {
  body: Buffer | string;
  contentType: string;
}

/** An uploaded file by its name, or null. */
export async function readUpload(dataDir: string, name: string): Promise<ServedFile | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  try {
    const body = await readFile(path.join(dataDir, 'uploads', 'catalogue', name));
    return { body, contentType: TYPE_BY_EXT[name.split('.').pop()!]! };
  } catch {
    return null;
  }
}

/** A demo picture from its URL parts (`fashion`, `red-2.svg`), or null. */
export function readDemoImage(icon: string, file: string): ServedFile | null {
  const m = /^([a-z]+)-(\d)\.svg$/.exec(file);
  if (!m) return null;
  const svg = demoSvg(icon, COLOURS.find((c) => c.code === m[1])?.hex, Number(m[2]));
  return svg ? { body: svg, contentType: 'image/svg+xml' } : null;
}
