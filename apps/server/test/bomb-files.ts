import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hostile files for the upload tests, built from real formats (nothing here is a stub): a PNG
 * whose header declares enormous dimensions, and an .xlsx-shaped zip with a deflated entry that
 * expands a thousandfold.
 */

/** A 1 × 1 PNG, valid in every byte (chunk CRCs included). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The same PNG with its IHDR saying width × height (its CRC recomputed, so a decoder believes it). */
export function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A zip of these entries, each deflated, with its central directory (what Excel writes, minus the data). */
export function zipOf(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc32(data), 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(dir, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const XLSX_PARTS = {
  '[Content_Types].xml': Buffer.from(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
  'xl/workbook.xml': Buffer.from(
    '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  ),
};

/** A small, honest .xlsx-shaped zip. */
export const smallXlsx = () =>
  zipOf({ ...XLSX_PARTS, 'xl/worksheets/sheet1.xml': Buffer.from('<worksheet/>'.repeat(50)) });

/** An .xlsx-shaped zip whose sheet is `mb` MB of zeros: a few kB on the wire. */
export const xlsxBomb = (mb = 20) =>
  zipOf({ ...XLSX_PARTS, 'xl/worksheets/sheet1.xml': Buffer.alloc(mb * 1024 * 1024) });
