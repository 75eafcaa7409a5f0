import type { Db } from '../db/client';
import { type JobRequest, insertJob } from './jobs/jobs.queue';

/**
 * One use case = one transaction, handed down (decision 0060). A service that is given a unit of
 * work joins it: it never opens its own transaction, so nothing becomes a silent savepoint.
 */
export interface UnitOfWork {
  /** The Drizzle transaction every write of the use case goes through. */
  readonly tx: Db;
  /** The real database the transaction runs on (caches and job wake-ups belong to it). */
  readonly root: Db;
  /** Runs `fn` once the outermost transaction has committed; never after a rollback. */
  afterCommit(fn: () => void | Promise<void>): void;
  /** Inserts a job row in this transaction: it runs only if the use case commits. */
  enqueue(job: JobRequest): Promise<string>;
}

/**
 * The first argument of a data function says what it needs from its caller (issue 19):
 * - `db: Db` runs its statements on the handle it is given, right with or without a transaction
 *   around it (reads, row locks, one-statement writes); a use case passes `uow.tx`. A process that
 *   calls a remote system or commits more than once also takes `db: Db`: it is given the database.
 * - `uow: UnitOfWork` is a step of a use case, right only inside its caller's unit (writes that
 *   commit with the caller's, the caller's locks, `uow.enqueue`, `uow.afterCommit`, other steps).
 * - `db: DbOrUow` is a use case's entry point: `inTransaction(db, async (uow) => …)`.
 * No module takes a `tx` parameter; `tx` is only ever `uow.tx`.
 */
export type DbOrUow = Db | UnitOfWork;

/** Transactions opened by inTransaction → their unit of work, so `uow.tx` handed on as a plain
 * Db still joins the same unit instead of opening a savepoint. */
const unitByTx = new WeakMap<object, UnitOfWork>();

/** The first error of a joined step, so the outermost level rolls back even if it was caught. */
const failures = new WeakMap<UnitOfWork, unknown>();

/** Where after-commit failures are reported; buildApp points it at the app's logger. */
let reportAfterCommitError = (err: unknown) => {
  console.error(`after-commit work failed: ${err instanceof Error ? err.message : String(err)}`);
};
export function setAfterCommitErrorReporter(report: (err: unknown) => void): void {
  reportAfterCommitError = report;
}

export function isUnitOfWork(db: DbOrUow): db is UnitOfWork {
  return typeof (db as UnitOfWork).afterCommit === 'function' && 'tx' in db;
}

/** The unit of work `db` belongs to, if any (a uow itself, or a transaction opened by one). */
export function currentUnit(db: DbOrUow): UnitOfWork | undefined {
  return isUnitOfWork(db) ? db : unitByTx.get(db);
}

/** The real database behind a handle: the root of its unit of work, or the handle itself. */
export function rootOf(db: DbOrUow): Db {
  return currentUnit(db)?.root ?? (db as Db);
}

/** The handle to query with: the transaction of a unit of work, or the database itself. */
export function handleOf(db: DbOrUow): Db {
  return isUnitOfWork(db) ? db.tx : db;
}

/** Runs `fn` after commit when `db` is inside a unit of work, else at once (autocommit). */
export async function afterCommitOf(db: DbOrUow, fn: () => void | Promise<void>): Promise<void> {
  const unit = currentUnit(db);
  if (unit) unit.afterCommit(fn);
  else await runHook(fn);
}

async function runHook(fn: () => void | Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    reportAfterCommitError(err);
  }
}

/**
 * Runs `work` in one transaction. Given a unit of work (or its transaction) it joins it; given the
 * database it opens the transaction, commits, then runs the after-commit hooks in order (their
 * errors are logged, never thrown: the use case has happened).
 */
export async function inTransaction<T>(db: DbOrUow, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const joined = currentUnit(db);
  if (joined) {
    try {
      return await work(joined);
    } catch (err) {
      // No savepoint: a failed inner step fails the whole use case, even if a caller catches it.
      if (!failures.has(joined)) failures.set(joined, err);
      throw err;
    }
  }
  const root = db as Db;
  const hooks: Array<() => void | Promise<void>> = [];
  const result = await root.transaction(async (tx) => {
    let enqueued = false;
    const uow: UnitOfWork = {
      tx,
      root,
      afterCommit: (fn) => {
        hooks.push(fn);
      },
      enqueue: async (job) => {
        const id = await insertJob(tx, job);
        if (!enqueued) {
          enqueued = true;
          // Local workers look at once instead of at their next poll.
          hooks.push(() => wakeWorkers(root));
        }
        return id;
      },
    };
    unitByTx.set(tx, uow);
    const value = await work(uow);
    if (failures.has(uow)) throw failures.get(uow);
    return value;
  });
  for (const hook of hooks) await runHook(hook);
  return result;
}

const wakers = new WeakMap<object, Set<() => void>>();

/** A job runtime on `root` asks to be told when a job was committed there. */
export function onJobsCommitted(root: Db, wake: () => void): () => void {
  let set = wakers.get(root);
  if (!set) wakers.set(root, (set = new Set()));
  set.add(wake);
  return () => set.delete(wake);
}

/** Tells the job runtimes of this process working `root` that jobs are due. */
export function wakeWorkers(root: Db): void {
  for (const wake of wakers.get(root) ?? []) wake();
}
