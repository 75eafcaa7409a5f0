import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The database handle every service takes: a PGlite or node-postgres Drizzle instance, or a
 * transaction. Typed with node-postgres' result shape; PGlite's results have the same `rows`.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs plain SQL (migrations, health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Extensions must be passed every time PGlite opens a database. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's buffer cache (decision 0135). Its default, PostgreSQL's 128 MB, is written over when the
 * database starts, so all of it was resident from the first second: a seeded demo's server held
 * about 430 MB before its first request, against the 300 MB target (issue 20). The files under it
 * are read through the operating system, whose page cache keeps what this cache lets go.
 */
export const PGLITE_SHARED_BUFFERS = process.env.PGLITE_SHARED_BUFFERS || '16MB';

/** PGlite's start parameters: its own defaults, and the buffer cache above. */
export const pgliteStartParams = () => [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

/** PGlite: a directory for a file-backed database, undefined for memory, or a prepared instance. */
export async function openPglite(source: string | PGlite | undefined): Promise<Database> {
  const client =
    source instanceof PGlite
      ? source
      : await PGlite.create(source ?? 'memory://', { extensions: PGLITE_EXTENSIONS, startParams: pgliteStartParams() });
  const db = drizzlePglite(takingTurns(client as unknown as PgliteLike) as unknown as PGlite, {
    schema,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** What Drizzle's PGlite driver calls on a PGlite instance or on one of its transactions. */
interface PgliteLike {
  query: (...args: never[]) => Promise<unknown>;
  transaction: (fn: (tx: PgliteLike) => Promise<unknown>) => Promise<unknown>;
}

/**
 * Set while background work runs (the job runtime's handlers): on PGlite its statements take
 * turns with the event loop; a request's statements run straight on.
 */
const inBackground = new AsyncLocalStorage<true>();

/** Runs `work` as background work (see `takingTurns`). */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return inBackground.run(true, work);
}

/** How long background work on PGlite may run before the event loop gets a turn. */
const SLICE_MS = 10;
let sliceStart = performance.now();

/** A turn of the event loop once the current slice is used up (at once otherwise). */
async function turnIfDue(): Promise<void> {
  if (!inBackground.getStore() || performance.now() - sliceStart < SLICE_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  sliceStart = performance.now();
}

/**
 * PGlite runs in the server's own thread, and a statement completes without any I/O: its promise
 * settles at once. So background work that only talks to the database (jobs one after another,
 * each a few long transactions) ran as one chain of promise callbacks and kept the event loop from reading sockets
 * for as long as it lasted: in a burst of webhooks, new connections were read about one per turn
 * of the loop, and some deliveries waited the whole burst (decision 0131). Here the jobs'
 * statements, in a transaction or not, let the event loop take turns, so requests are read between
 * statements and queue for the database in order, as they would while waiting for a PostgreSQL
 * server. Statements still run one at a time. (A turn before each transaction only was not
 * enough: a job's transaction of forty statements still held the loop for its whole length.) The
 * turn is taken once 10 ms of work have passed since the last one, not before every statement: a
 * turn each time, and for requests' statements too, made the burst test's short webhook
 * transactions (with no job running) slower on the loaded machine, so requests run straight on.
 */
function takingTurns(client: PgliteLike): PgliteLike {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return async (...args: never[]) => {
          await turnIfDue();
          return target.query(...args);
        };
      if (prop === 'transaction')
        return (fn: (tx: PgliteLike) => Promise<unknown>) => target.transaction((tx) => fn(takingTurns(tx)));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function openPostgres(
  url: string,
  max = 20,
  onIdleError: (err: Error) => void = (err) => console.error(`database: idle connection lost: ${err.message}`),
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A pooled connection the server ends while idle (restart, failover, idle timeout, a dropped
  // database) is reported here. Without a listener the 'error' event would crash the process;
  // the pool has already discarded that client and opens a new one on the next query.
  pool.on('error', onIdleError);
  // A connection lost while checked out (inside a transaction, or mid-query when the server
  // restarts) also emits 'error', on the client: the pool listens only while it is idle. The
  // statement in progress already fails with that error and the pool drops the broken client on
  // release; without this listener Node would end the whole process (reliability suite, 0097).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareRepeatedStatements(client);
  });
  // Fail fast with a clear error when the server is unreachable.
  const conn = await pool.connect();
  conn.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/** How many distinct statement texts get a server-side prepared statement (decision 0102). */
const PREPARED_TEXTS_LIMIT = 500;
const preparedNames = new Map<string, string>();
/** Texts seen once: a text is named on its second use, so one-off shapes do not take the places. */
const seenOnce = new Set<string>();

/**
 * Makes every parameterized statement a named prepared statement on its connection (decision
 * 0102). Drizzle sends the same text for the same query shape with new parameters each time; a
 * name lets PostgreSQL parse and analyse it once per connection (and, after five runs, reuse a
 * generic plan when it is no worse), which took a third off PostgreSQL's CPU per payment. The
 * texts are the application's own query shapes, a few hundred. A text is named on its second
 * use, and past the limit statements go unnamed as before, so shapes that vary with their input
 * (an IN list's length) neither crowd out the hot ones nor make a connection keep an unbounded
 * number of prepared statements.
 */
function prepareRepeatedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config &&
      typeof config === 'object' &&
      Array.isArray(values) &&
      values.length > 0 &&
      !(config as pg.QueryConfig).name
    ) {
      const { text } = config as pg.QueryConfig;
      let name = preparedNames.get(text);
      if (name === undefined && preparedNames.size < PREPARED_TEXTS_LIMIT) {
        if (seenOnce.delete(text)) preparedNames.set(text, (name = `dsm_${preparedNames.size}`));
        else if (seenOnce.size < 10 * PREPARED_TEXTS_LIMIT) seenOnce.add(text);
      }
      if (name !== undefined) config = { ...(config as object), name };
    }
    return query(config, values, callback);
  };
}
