import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, StoredFile } from './store';
import { TYPE_BY_EXTENSION, type FileExtension } from './sniff';

/**
 * Files under <root>/<area>/<name> (root is DATA_DIR/uploads): the embedded default, one node.
 * A write goes to a temporary name of its own and is renamed into place, so a reader never sees
 * half a file; two writers of the same content (same name) both succeed, the second rename
 * replacing identical bytes.
 */
export function diskFileStore(root: string): FileStore {
  const where = (area: string, name: string) => path.join(root, area, name);
  const exists = (file: string) =>
    access(file).then(
      () => true,
      () => false,
    );
  return {
    kind: 'disk',
    async put({ area, name, bytes }) {
      const target = where(area, name);
      if (await exists(target)) return;
      await mkdir(path.dirname(target), { recursive: true });
      // Unique per write: a name built from the pid alone collided between two uploads of the
      // same bytes in one process (one renamed the other's file away: ENOENT, answered 500).
      const tmp = path.join(path.dirname(target), `.${name}.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, target);
      } catch (err) {
        await unlink(tmp).catch(() => undefined);
        if (!(await exists(target))) throw err;
      }
    },
    async get(area, name): Promise<StoredFile | null> {
      const bytes = await readFile(where(area, name)).catch(() => null);
      if (!bytes) return null;
      return { contentType: TYPE_BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1) as FileExtension], bytes };
    },
    has: (area, name) => exists(where(area, name)),
    delete: (area, name) =>
      unlink(where(area, name)).then(
        () => true,
        () => false,
      ),
  };
}
