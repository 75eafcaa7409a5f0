/**
 * A cache bounded by the bytes its values hold rather than by their number (a keyword's match
 * set is a few hundred bytes or a few megabytes). Otherwise the rules of TtlCache: fresh for the
 * TTL, then served stale while one refresh runs (up to 3 × TTL), concurrent misses share one
 * load, a failed load is not kept, and a load that began before `clear()` does not come back.
 */
interface Entry<V> {
  at: number;
  value: Promise<V>;
  bytes: number;
  settled: boolean;
  refreshing: boolean;
}

export class BytesBoundedCache<V> {
  private entries = new Map<string, Entry<V>>();
  private bytes = 0;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) {
      const age = Date.now() - hit.at;
      if (age < this.ttlMs) return this.touch(key, hit).value;
      if (age < this.ttlMs * 3 && hit.settled) {
        if (!hit.refreshing) this.refresh(key, hit, load);
        return hit.value;
      }
      this.remove(key);
    }
    const entry: Entry<V> = { at: Date.now(), value: load(), bytes: 0, settled: false, refreshing: false };
    this.entries.set(key, entry);
    this.watch(key, entry, this.generation);
    return entry.value;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Bytes held now (tests and diagnostics). */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Most recently used last, so eviction takes the least recently used first. */
  private touch(key: string, entry: Entry<V>): Entry<V> {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private watch(key: string, entry: Entry<V>, generation: number): void {
    entry.value.then(
      (value) => {
        if (generation !== this.generation || this.entries.get(key) !== entry) return;
        entry.settled = true;
        entry.bytes = this.weigh(value);
        this.bytes += entry.bytes;
        this.evict(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
  }

  private refresh(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.refreshing = true;
    const generation = this.generation;
    const next: Entry<V> = { at: Date.now(), value: load(), bytes: 0, settled: false, refreshing: false };
    next.value.then(
      () => {
        if (generation !== this.generation || this.entries.get(key) !== entry) return;
        this.remove(key);
        this.entries.set(key, next);
        this.watch(key, next, generation);
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Drops the least recently used entries (never `keep`, the one just loaded) until under the bound. */
  private evict(keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      if (key !== keep) this.remove(key);
    }
  }
}
