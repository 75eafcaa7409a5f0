import { type InferSelectModel, type SQL, type Table, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';

/**
 * Hot-path statements as plain SQL, with a table's own column definitions doing the mapping
 * (decision 0102). Drizzle's query builder spends 0.1–0.2 ms of CPU building the text of one
 * statement over a wide table (measured: 160 µs for `select … for update` of an order, 200 µs
 * for an update returning it), every time; on the checkout path that was a third of the server's
 * time per request. An `sql` template costs a few microseconds. These helpers keep what the
 * builder gave: rows typed and mapped by the columns (timestamps to Date, money to number,
 * jsonb parsed), values mapped to the driver's form, identifiers quoted. Use them only where a
 * statement runs on every request; elsewhere the builder reads better.
 */

interface Mapped {
  key: string;
  name: string;
  column: Column;
}

const columnsOf = new WeakMap<Table, Mapped[]>();
function mapped(table: Table): Mapped[] {
  let list = columnsOf.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
    columnsOf.set(table, list);
  }
  return list;
}

/** Maps a raw row of `table` (`select *`, `returning *`) to the row type the builder returns. */
export function rowMapper<T extends Table>(table: T): (row: Record<string, unknown>) => InferSelectModel<T> {
  const columns = mapped(table);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = row[name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as InferSelectModel<T>;
  };
}

/** The rows of a raw `execute` result (node-postgres and PGlite both answer `{ rows }`), typed as the caller's select says. */
export const rawRows = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The value as the column sends it to the database; an SQL value (`now()`, a subquery) as is. */
function driverValue(column: Column, value: unknown): SQL {
  if (value instanceof Object && 'getSQL' in value) return value as SQL;
  return sql`${value === null || value === undefined ? null : column.mapToDriverValue(value)}`;
}

/** The quoted table name, for `insert into ${tableSql(t)}`. */
export const tableSql = (table: Table) => sql.raw(quote(getTableName(table)));

/**
 * `("a", "b") values ($1, $2), ($3, $4)` for one row or several: the keys the first row gives
 * (the others take their database defaults; every row must give the same keys), in the table's
 * column order, so a call site always produces the same text.
 */
export function insertValues<T extends Table>(table: T, rows: RowValues<T> | ReadonlyArray<RowValues<T>>): SQL {
  const list = (Array.isArray(rows) ? rows : [rows]) as ReadonlyArray<Record<string, unknown>>;
  const given = mapped(table).filter((c) => list[0]![c.key] !== undefined);
  const names = sql.raw(given.map((c) => quote(c.name)).join(', '));
  const tuples = list.map(
    (row) =>
      sql`(${sql.join(
        given.map((c) => driverValue(c.column, row[c.key])),
        sql`, `,
      )})`,
  );
  return sql`(${names}) values ${sql.join(tuples, sql`, `)}`;
}

type RowValues<T extends Table> = Partial<Record<keyof InferSelectModel<T>, unknown>>;

/** `"a" = $1, "b" = $2` for an update's SET, from a patch of the row's keys. */
export function setClause<T extends Table>(table: T, patch: Partial<Record<keyof InferSelectModel<T>, unknown>>): SQL {
  const given = mapped(table).filter((c) => (patch as Record<string, unknown>)[c.key] !== undefined);
  return sql.join(
    given.map(
      (c) => sql`${sql.raw(quote(c.name))} = ${driverValue(c.column, (patch as Record<string, unknown>)[c.key])}`,
    ),
    sql`, `,
  );
}
