/**
 * The real type of stored bytes, from their first bytes: a declared type (a header, a JSON field,
 * a file name) is never trusted, since it is whatever the sender says.
 */

/** Every type the file store keeps, with the extension its names end in. */
export const FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  /** Excel 97–2003 (BIFF8 in an OLE2 compound file), what older Excel and many ERPs export. */
  'application/vnd.ms-excel': 'xls',
} as const;
export type FileType = keyof typeof FILE_TYPES;
export type FileExtension = (typeof FILE_TYPES)[FileType];

export const TYPE_BY_EXTENSION = Object.fromEntries(
  Object.entries(FILE_TYPES).map(([type, ext]) => [ext, type]),
) as Record<FileExtension, FileType>;

const SVG_ROOT = /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i;

export function sniffType(bytes: Uint8Array): FileType | null {
  const b = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (b(0) === 0x89 && ascii(1, 8) === 'PNG\r\n\x1a\n') return 'image/png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'image/jpeg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  if (isXlsx(bytes)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (isXls(bytes)) return 'application/vnd.ms-excel';
  if (SVG_ROOT.test(Buffer.from(bytes.subarray(0, 1024)).toString('utf8'))) return 'image/svg+xml';
  return null;
}

/**
 * An .xlsx file is a zip (local file header `PK\x03\x04`) holding `[Content_Types].xml` and
 * `xl/workbook.xml`. Any zip starts with the same four bytes (a .docx, an .apk), so the entry
 * names are read from the zip's central directory (searching the raw bytes for a name could
 * match inside compressed data).
 */
function isXlsx(bytes: Uint8Array): boolean {
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)) return false;
  const names = zipEntryNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return names.has('[Content_Types].xml') && names.has('xl/workbook.xml');
}

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/**
 * An .xls file is an OLE2 compound file holding a stream named "Workbook" (or "Book", BIFF5).
 * A .doc or .msg shares the header, so the stream's name (UTF-16LE, in the directory) is looked for.
 */
function isXls(bytes: Uint8Array): boolean {
  if (!OLE2.every((b, i) => bytes[i] === b)) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buf.includes(Buffer.from('Workbook', 'utf16le')) || buf.includes(Buffer.from('Book\0\0', 'utf16le'));
}

/** The entry names of a zip, from its central directory; empty when it cannot be read. */
function zipEntryNames(zip: Buffer): Set<string> {
  const names = new Set<string>();
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 64 KB.
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return names;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let n = 0; n < count && at + 46 <= zip.length && zip.readUInt32LE(at) === 0x02014b50; n++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    names.add(zip.toString('utf8', at + 46, Math.min(zip.length, at + 46 + nameLength)));
    at += 46 + skip;
  }
  return names;
}
