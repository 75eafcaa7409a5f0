/**
 * Decompression bombs: a file small on the wire that becomes huge once decoded. The store keeps
 * bytes as they are, but whatever reads them later (a browser drawing a picture, a thumbnailer,
 * the spreadsheet import) would decode them, so the limits are checked before anything is stored.
 * Only headers are read here: nothing is decompressed to find out.
 */

/** A picture may have at most this many pixels (about 8000 × 5000) … */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** … and no side longer than this (a 1 × 40,000,000 strip is a bomb too). */
export const MAX_IMAGE_SIDE = 20_000;
/** A zip (.xlsx) may expand to at most this many bytes in all … */
export const MAX_ZIP_EXPANDED_BYTES = 100 * 1024 * 1024;
/** … at most this many times its own size (text compresses ~10:1; bombs 1000:1 and more) … */
export const MAX_ZIP_RATIO = 200;
/** … and hold at most this many entries. */
export const MAX_ZIP_ENTRIES = 10_000;

/** Width and height a PNG, JPEG, WebP or GIF header declares, or null when it declares none. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.toString('latin1', 0, 6).startsWith('GIF8') && bytes.length >= 10) {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return webpSize(bytes);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ' && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

/** The size in the first start-of-frame marker (SOF0…SOF15 except DHT, JPG and DAC). */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    // Markers without a length (RSTn, SOI, TEM) are two bytes; the others carry their length.
    at += marker >= 0xd0 && marker <= 0xd9 ? 2 : 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

export function isImageBomb(bytes: Buffer): boolean {
  const size = imageSize(bytes);
  if (!size) return false;
  return size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS;
}

/**
 * What a zip declares it expands to, from its central directory: the entries and the sum of their
 * uncompressed sizes. A zip64 size (0xFFFFFFFF) counts as enormous; an unreadable directory as a
 * refusal (a reader could not find the entries either). The import that unpacks the file later
 * must still stop at the same limit while inflating: a zip can lie about its sizes.
 */
export function zipExpansion(zip: Buffer): { entries: number; expandedBytes: number } | null {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let expandedBytes = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const size = zip.readUInt32LE(at + 24);
    expandedBytes += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entries: count === 0xffff ? Number.POSITIVE_INFINITY : count, expandedBytes };
}

export function isZipBomb(zip: Buffer): boolean {
  const x = zipExpansion(zip);
  if (!x) return true;
  return (
    x.entries > MAX_ZIP_ENTRIES ||
    x.expandedBytes > MAX_ZIP_EXPANDED_BYTES ||
    x.expandedBytes > zip.length * MAX_ZIP_RATIO
  );
}
