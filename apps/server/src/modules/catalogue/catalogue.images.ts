import type { UploadImageBody, UploadedImage } from '@dsm/contract';
import { type FileStore, decodeBase64, saveFile } from '../../platform/files';
import { demoSvg } from '../../db/seed/demo/demo-images';
import { COLOURS } from '../../db/seed/demo/vocabulary-common';

/**
 * Product images: operator uploads (base64 in JSON, no multipart) kept by the platform file
 * store in its `catalogue` area and served at /api/files/catalogue/<sha>.<ext>; demo pictures
 * are generated from their URL. See docs/decisions/0022-catalogue-images.md and 0064-files.md.
 */

/**
 * Stores an uploaded image and answers its URL. The name is the content hash, so the same image
 * uploaded twice (or ten times at once) is one file. Nothing here runs inside a transaction.
 */
export async function uploadImage(files: FileStore, body: UploadImageBody): Promise<UploadedImage> {
  const saved = await saveFile(files, 'catalogue', decodeBase64(body.data, 'data'), {
    field: 'data',
    declaredType: body.contentType,
    typeField: 'contentType',
  });
  return { url: saved.url, bytes: saved.bytes, contentType: saved.contentType };
}

/** A demo picture from its URL parts (`fashion`, `red-2.svg`), or null. */
export function readDemoImage(icon: string, file: string): string | null {
  const m = /^([a-z]+)-(\d)\.svg$/.exec(file);
  if (!m) return null;
  return demoSvg(icon, COLOURS.find((c) => c.code === m[1])?.hex, Number(m[2])) ?? null;
}
