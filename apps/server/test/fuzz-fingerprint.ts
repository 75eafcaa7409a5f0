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
 * anything has been written since the last look, which costs one tiny query; only then is the
 * fingerprint taken again.
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
      ? `coalesce(sum(hashtext(row(${cols
          .filter((c) => !rule.includes(c))
          .map((c) => `"${c}"`)
          .join(',')})::text)::bigint), 0)::text`
      : `coalesce(max(xmin::text::bigint), 0)::text`;
    parts.push(`select '${table}' as t, count(*)::int as n, ${state} as h from "${table}"`);
  }
  const query = sql.raw(parts.join(' union all '));

  // A write counter of this database alone: a statement trigger on every watched table bumps a
  // sequence. The server's transaction id would do on PGlite, but on a PostgreSQL server it moves
  // with every other database's writes (the other test files), which made every case a full look.
  // A rolled-back write bumps it too; that only costs a look that finds nothing.
  await db.execute(sql.raw('create sequence if not exists fuzz_writes'));
  await db.execute(
    sql.raw(
      `create or replace function fuzz_count_write() returns trigger language plpgsql as $$ begin perform nextval('fuzz_writes'); return null; end $$`,
    ),
  );
  for (const table of byTable.keys()) {
    if (typeof MAY_CHANGE_WHEN_REFUSED[table] === 'string') continue;
    await db.execute(
      sql.raw(
        `create or replace trigger fuzz_count_write after insert or update or delete or truncate on "${table}" for each statement execute function fuzz_count_write()`,
      ),
    );
  }
  const writes = async () =>
    (await rows<{ n: string }>(db, sql`select last_value::text || is_called::text as n from fuzz_writes`))[0]!.n;

  const take = async () => {
    const result = await rows<{ t: string; n: number; h: string }>(db, query);
    return new Map(result.map((r) => [r.t, `${r.n}:${r.h}`]));
  };
  let last = await take();
  let lastWrites = await writes();

  return {
    tables: byTable.size,
    /**
     * The tables whose rows differ from the last look (empty when none), then remembers the
     * present state. `compare: false` only remembers (after a request that was allowed to write).
     */
    async since({ compare }: { compare: boolean }): Promise<string[]> {
      const count = await writes();
      if (count === lastWrites) return [];
      lastWrites = count;
      const now = await take();
      const changed = compare ? [...now].filter(([t, v]) => last.get(t) !== v).map(([t]) => t) : [];
      last = now;
      return changed;
    },
  };
}
