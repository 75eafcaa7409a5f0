import type { FileType } from './sniff';

export interface StoredFile {
  contentType: FileType;
  bytes: Buffer;
}

/**
 * Where stored files live. Names are content hashes checked by the caller (files.ts), so a
 * backend never sees a path from a request, and a name once written never changes meaning.
 */
export interface FileStore {
  readonly kind: 'disk' | 'database';
  /** Idempotent: storing a name that exists already succeeds and keeps the stored bytes. */
  put(file: { area: string; name: string; contentType: FileType; bytes: Buffer }): Promise<void>;
  get(area: string, name: string): Promise<StoredFile | null>;
  has(area: string, name: string): Promise<boolean>;
  /** True when something was deleted. */
  delete(area: string, name: string): Promise<boolean>;
}
