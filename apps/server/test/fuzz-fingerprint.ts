import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

type Db = Database['db'];

/**
 * What a refused request may still write, with the reason; everything else in the database must
 * be exactly as before a refused request.
 */
export const MAY_CHANGE_WHEN_REFUSED: Record<string, string | string[]> = {
  // A session's expiry slides forward on use (at most once a minute), refused request or not.
  sessions: ['expires_at', 'last_used_at'],
  // A failed log-in is counted, to lock out password guessing: that is the refusal's purpose.
  login_attempts: 'failed log-ins are counted on purpose',
  // Requests per address are counted before the answer, to throttle abuse of register / reset.
  request_throttle_events: 'requests per address are counted on purpose',
};

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A fingerprint of the stored data: per table its row count and newest row version (or a sum of
 * row hashes, for a table whose columns a refused request may touch). `since` first asks whether
 * any transaction has taken an id since the last look, which costs one tiny query; only then is
 * the fingerprint taken again.
 */
export async function createFingerprinter(db: Db) {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name in (select tablename from pg_tables where schemaname = 'public')
        order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  const parts: string[] = [];
  for (const [table, cols] of byTable) {
    const rule = MAY_CHANGE_WHEN_REFUSED[table];
    if (typeof rule === 'string') continue;
    // Row count and the newest row version's transaction id (`xmin`): an insert or an update
    // writes a row version with a new id, a delete lowers the count. No row is read as text, so
    // this stays cheap however many rows the catalogue has. A table with columns a refused request
    // may touch is hashed without them instead.
    const state = rule
      ? `coalesce(sum(hashtext(row(${cols.filter((c) => !rule.includes(c)).map((c) => `"${c}"`).join(',')})::text)::bigint), 0)::text`
      : `coalesce(max(xmin::text::bigint), 0)::text`;
    parts.push(`select '${table}' as t, count(*)::int as n, ${state} as h from "${table}"`);
  }
  const query = sql.raw(parts.join(' union all '));
  // The next transaction id: it moves only when some transaction has written (or locked rows).
  const nextXid = async () => (await rows<{ x: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x;

  const take = async () => {
    const result = await rows<{ t: string; n: number; h: string }>(db, query);
    return new Map(result.map((r) => [r.t, `${r.n}:${r.h}`]));
  };
  let last = await take();
  let lastXid = await nextXid();

  return {
    tables: byTable.size,
    /**
     * The tables whose rows differ from the last look (empty when none), then remembers the
     * present state. `compare: false` only remembers (after a request that was allowed to write).
     */
    async since({ compare }: { compare: boolean }): Promise<string[]> {
      const xid = await nextXid();
      if (xid === lastXid) return [];
      lastXid = xid;
      const now = await take();
      const changed = compare ? [...now].filter(([t, v]) => last.get(t) !== v).map(([t]) => t) : [];
      last = now;
      return changed;
    },
  };
}
