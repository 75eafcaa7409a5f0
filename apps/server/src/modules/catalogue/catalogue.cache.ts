import { LOCALES } from '@dsm/contract';
import { ok } from '../../platform/envelope';
import { TtlCache } from '../../platform/ttl-cache';
import { BytesBoundedCache } from './catalogue.match-cache';
import type { MatchSet } from './catalogue.search.types';
import { type DbOrUow, currentUnit, rootOf } from '../../platform/unit-of-work';

export { TtlCache };

/** 64 MB: every keyword of a busy shop's goods list, or twenty that each match the whole catalogue. */
const MATCH_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Per-database caches, so two apps on two databases in one process never share entries. Keyed by
 * the real database: a transaction handle (or unit of work) maps to its root, so a read or an
 * invalidation inside a use case reaches the same caches the public routes read.
 */
export interface CatalogueCaches {
  /** Category tree per language. */
  tree: TtlCache<unknown>;
  /** Tag list per language. */
  tags: TtlCache<unknown>;
  /** Keyword → tsquery text; stemming never changes, so only a size bound applies. */
  queries: TtlCache<unknown>;
  /** Typo-corrected tsquery per keyword (null: nothing to correct); the lexicon grows with writes, so cleared by them. */
  corrections: TtlCache<unknown>;
  /** Goods-list match sets per keyword tsquery ('' for none), bounded by bytes; cleared by writes. */
  matches: BytesBoundedCache<MatchSet>;
  /** Whole public responses, already serialized (see cachedJson); cleared by writes. */
  responses: TtlCache<Buffer>;
}

const byDb = new WeakMap<object, CatalogueCaches>();

export function cachesFor(db: DbOrUow): CatalogueCaches {
  const root = rootOf(db);
  let caches = byDb.get(root);
  if (!caches) {
    caches = {
      tree: new TtlCache(30_000, 64),
      tags: new TtlCache(30_000, 64),
      queries: new TtlCache(3_600_000, 5_000),
      corrections: new TtlCache(30_000, 5_000),
      matches: new BytesBoundedCache(30_000, MATCH_CACHE_BYTES, (set) => set.bytes),
      responses: new TtlCache(10_000, 10_000),
    };
    byDb.set(root, caches);
  }
  return caches;
}

/** Runs `clear` after the commit of the unit of work `db` is in, or at once outside one. */
function whenCommitted(db: DbOrUow, clear: () => void): void {
  const unit = currentUnit(db);
  if (unit) unit.afterCommit(clear);
  else clear();
}

/**
 * Called by every operator write that changes what visitors see. Inside a unit of work the caches
 * are cleared after commit (a reader between the write and the commit would otherwise put the old
 * value back for a whole TTL), and not at all when it rolls back.
 */
export function invalidateCatalogue(db: DbOrUow): void {
  const c = cachesFor(db);
  whenCommitted(db, () => {
    c.tree.clear();
    c.tags.clear();
    c.corrections.clear();
    c.matches.clear();
    c.responses.clear();
  });
}

/**
 * One product's entries only (its detail answer, which shows stock, in every language): for a
 * change that touches nothing else, such as its stock, so the rest of the catalogue stays cached.
 */
export function invalidateProduct(db: DbOrUow, prodId: number): void {
  const c = cachesFor(db);
  whenCommitted(db, () => {
    for (const locale of LOCALES) {
      c.responses.delete(`detail:${locale}:${prodId}`);
    }
  });
}

/**
 * A public read answered from memory as a ready JSON string: the envelope is validated against
 * its schema once, when the entry is made, instead of on every request (serializing the same
 * tree or product thousands of times a second was the main cost of these routes). Errors are
 * not cached.
 */
export function cachedJson<T>(
  db: DbOrUow,
  key: string,
  schema: { parse(value: unknown): unknown },
  load: () => Promise<T>,
  ttlMs?: number,
): Promise<Buffer> {
  // Kept as UTF-8 bytes: the socket write then needs no per-request encoding.
  return cachesFor(db).responses.get(key, async () => ownBytes(JSON.stringify(schema.parse(ok(await load())))), ttlMs);
}

/**
 * The text's UTF-8 bytes in a buffer of exactly their size. `Buffer.from` cuts a short text's
 * buffer out of a shared 8 KB block, and a cached 1 KB answer then kept its whole block alive:
 * 10,000 cached product answers held about 65 MB instead of 10.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
  bytes.write(text, 'utf8');
  return bytes;
}
