import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TINY_PNG, pngDeclaring, smallXlsx, xlsxBomb, zipOf } from '../../../test/bomb-files';
import { AppError } from '../app-error';
import { saveFile } from '../files';
import { imageSize, isImageBomb, isZipBomb, zipExpansion } from './bombs';
import { sniffType } from './sniff';
import type { FileStore } from './store';

const fixture = (file: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', file));

/** A store that remembers every put: a refused file must never reach it. */
function spyStore() {
  const puts: string[] = [];
  const store = { put: async (f: { name: string }) => void puts.push(f.name) } as unknown as FileStore;
  return { store, puts };
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).data as Array<{ field: string; messageKey: string }>;
};

describe('decompression bombs', () => {
  it('reads the dimensions a picture declares', () => {
    expect(imageSize(TINY_PNG)).toEqual({ width: 1, height: 1 });
    expect(imageSize(pngDeclaring(100_000, 100_000))).toEqual({ width: 100_000, height: 100_000 });
    expect(isImageBomb(TINY_PNG)).toBe(false);
    expect(isImageBomb(pngDeclaring(8000, 5000))).toBe(false);
    expect(isImageBomb(pngDeclaring(8000, 5001))).toBe(true);
    expect(isImageBomb(pngDeclaring(40_000_000, 1))).toBe(true);
  });

  it('reads what a zip declares it expands to; a real .xlsx passes, a bomb does not', () => {
    const bomb = xlsxBomb(20);
    expect(bomb.length).toBeLessThan(100_000);
    expect(sniffType(bomb)).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(zipExpansion(bomb)!.expandedBytes).toBeGreaterThan(20 * 1024 * 1024);
    expect(isZipBomb(bomb)).toBe(true);
    expect(isZipBomb(smallXlsx())).toBe(false);
    expect(isZipBomb(fixture('workbook.xlsx'))).toBe(false);
    // Many small entries are a bomb of another kind (a reader's per-entry cost).
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`x/${i}`, Buffer.from('a')]));
    expect(isZipBomb(zipOf(many))).toBe(true);
    // No central directory: nothing could read it, so it is refused.
    expect(isZipBomb(bomb.subarray(0, bomb.length - 22))).toBe(true);
  });

  it('saveFile refuses both with a localized field error and stores nothing', async () => {
    const { store, puts } = spyStore();
    expect(
      await refusal(saveFile(store, 'catalogue', pngDeclaring(100_000, 100_000), { field: 'file' })),
    ).toMatchObject([{ field: 'file', messageKey: 'files.dimensions' }]);
    expect(await refusal(saveFile(store, 'imports', xlsxBomb(20), { field: 'file' }))).toMatchObject([
      { field: 'file', messageKey: 'files.archive' },
    ]);
    expect(puts).toEqual([]);
    await saveFile(store, 'imports', smallXlsx(), { field: 'file' });
    await saveFile(store, 'catalogue', TINY_PNG, { field: 'file' });
    expect(puts).toHaveLength(2);
  });
});
