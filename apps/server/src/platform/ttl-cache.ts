import { AsyncLocalStorage } from 'node:async_hooks';

interface Entry<V> {
  at: number;
  ttlMs: number;
  value: Promise<V>;
  /** The load succeeded: the value may be served stale while a refresh runs. */
  settled: boolean;
  refreshing: boolean;
}

/**
 * A small in-process cache for hot, rarely changing reads (the catalogue, logistics reference data).
 * - Fresh for `ttlMs`; then, up to 3 × ttl, the old value is still served while one background
 *   refresh runs (stale-while-revalidate: no latency spike and no stampede when a hot entry
 *   expires). So several API nodes converge within about one TTL after an operator write on
 *   another node; on this node the write clears the caches at once (the catalogue's `invalidateCatalogue`,
 *   logistics' `invalidateLogistics`).
 * - Concurrent misses for one key share one load; a failed load is not remembered, and a failed
 *   refresh drops the entry (a product taken down elsewhere then answers NOT_FOUND).
 * - A refresh that started before a `clear()` does not put its older value back.
 * - A refresh never reads a stale value from another cache: caches may nest (a response cache's
 *   load reading another cache of the same TTL), and if the inner one answered the outer
 *   refresh with its own stale copy, the outer would keep that copy fresh for one more TTL — a
 *   change made on another node would then show after two TTLs, not one.
 */
/** Set while a background refresh loads: any cache it reads then loads fresh instead of serving stale. */
const refreshing = new AsyncLocalStorage<true>();

export class TtlCache<V> {
  private entries = new Map<string, Entry<V>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>, ttlMs = this.ttlMs): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < hit.ttlMs) return hit.value;
      if (age < hit.ttlMs * 3 && hit.settled && !refreshing.getStore()) {
        if (!hit.refreshing) this.refresh(key, hit, load);
        return hit.value;
      }
      this.entries.delete(key);
    }
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry: Entry<V> = { at: now, ttlMs, value: load(), settled: false, refreshing: false };
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    const generation = this.generation;
    refreshing.run(true, load).then(
      (value) => {
        if (generation !== this.generation || this.entries.get(key) !== entry) return;
        this.entries.set(key, {
          at: Date.now(),
          ttlMs: entry.ttlMs,
          value: Promise.resolve(value),
          settled: true,
          refreshing: false,
        });
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
  }

  /** The fresh value of `key` when there is one, without loading or refreshing anything. */
  peek(key: string): Promise<V> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.settled && Date.now() - hit.at < hit.ttlMs ? hit.value : undefined;
  }

  /** Remembers a value the caller already has (e.g. a total counted along with a page). */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.get(key, () => Promise.resolve(value));
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
