import type { Db } from '../db/client';

/**
 * Who answers a module's events, kept per database handle. The composition (composition.ts)
 * subscribes on the database its app owns; the module that emits looks the handlers up by the root
 * of its unit of work (`uow.root`). So two apps on two databases in one process (tests, the
 * scale-out test's nodes) never share subscribers, and a database nobody composed (a bare test
 * database, a seed) has none. A lookup is a WeakMap and a Map read: nothing is allocated per event.
 */
export class Subscribers<Key, Handler> {
  private readonly byRoot = new WeakMap<Db, Map<Key, Map<string, Handler>>>();

  /**
   * Subscribes `handler` to `key` on the database `root` under `name`; subscribing a name again
   * replaces it (an app built twice on one database, as some tests do, runs it once).
   */
  add(root: Db, key: Key, name: string, handler: Handler): void {
    let byKey = this.byRoot.get(root);
    if (!byKey) this.byRoot.set(root, (byKey = new Map()));
    let named = byKey.get(key);
    if (!named) byKey.set(key, (named = new Map()));
    named.set(name, handler);
  }

  /** The handlers of `key` on `root`, in the order they were subscribed. */
  of(root: Db, key: Key): Iterable<Handler> {
    return this.byRoot.get(root)?.get(key)?.values() ?? NONE;
  }
}

const NONE: readonly never[] = [];
