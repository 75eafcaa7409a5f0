import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from './files.tables';
import type { FileStore } from './store';
import type { FileType } from './sniff';

/**
 * Files as rows of the `files` table (bytea): the default with DATABASE_URL, so that every API
 * node serves what any node stored, with nothing to share but the database. Give it the root
 * handle, never a transaction: bytes are written before (and apart from) the rows that refer to
 * them, see docs/decisions/0064-files.md.
 */
export function databaseFileStore(db: Db): FileStore {
  const key = (area: string, name: string) => and(eq(files.area, area), eq(files.name, name));
  return {
    kind: 'database',
    async put({ area, name, contentType, bytes }) {
      // Same name, same bytes: a concurrent or repeated upload of one file is not an error.
      await db.insert(files).values({ area, name, contentType, size: bytes.length, bytes }).onConflictDoNothing();
    },
    async get(area, name) {
      const [row] = await db
        .select({ contentType: files.contentType, bytes: files.bytes })
        .from(files)
        .where(key(area, name));
      return row ? { contentType: row.contentType as FileType, bytes: row.bytes } : null;
    },
    async has(area, name) {
      const [row] = await db.select({ one: sql<number>`1` }).from(files).where(key(area, name));
      return row !== undefined;
    },
    async delete(area, name) {
      const rows = await db.delete(files).where(key(area, name)).returning({ name: files.name });
      return rows.length > 0;
    },
  };
}
