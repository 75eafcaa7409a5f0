import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_AREAS, isFileName } from '../files';
import { type FileExtension, TYPE_BY_EXTENSION, sniffType } from './sniff';
import type { FileStore } from './store';

/**
 * Copies files an earlier version kept under DATA_DIR/uploads into the store (the database, when
 * FILE_STORE=database), so rows written then keep their pictures after the switch. Idempotent
 * (names are content hashes; present files are skipped) and cheap when there is nothing to copy.
 * Answers how many files were copied.
 */
export async function importDiskUploads(dataDir: string, store: FileStore): Promise<number> {
  if (store.kind === 'disk') return 0;
  let copied = 0;
  for (const area of Object.keys(FILE_AREAS)) {
    const dir = path.join(dataDir, 'uploads', area);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!isFileName(name) || (await store.has(area, name))) continue;
      const bytes = await readFile(path.join(dir, name));
      const contentType = TYPE_BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1) as FileExtension];
      // Written by our own upload code, but read back from a disk: keep only what it says it is.
      if (sniffType(bytes) !== contentType) continue;
      await store.put({ area, name, contentType, bytes });
      copied++;
    }
  }
  return copied;
}
