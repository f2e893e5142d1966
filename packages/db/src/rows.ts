import { type RawBuilder, sql } from 'kysely';

/** A column of {@link rowSet}: its SQL type, as written in a column definition list. */
export type RowSetType = 'int8' | 'int4' | 'text' | 'timestamptz' | 'boolean';

/** One array element as PostgreSQL's array input reads it (null unquoted, anything else quoted). */
function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = v instanceof Date ? v.toISOString() : String(v);
  return `"${s.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A list as one array parameter (`$1::int8[]`), for `= any(…)`: one bind parameter whatever its length,
 * where an `in (…)` list costs one each (parsed and planned for each).
 */
export function sqlArray(values: readonly unknown[], type: RowSetType): RawBuilder<unknown> {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i]);
  return sql`${`{${parts.join(',')}}`}::${sql.raw(`${type}[]`)}`;
}

/**
 * Many rows as one parameter a column: `unnest((select $1::int8[]), …) as alias(col, …)`, usable
 * wherever a table can stand (`insert … select … from`, `update … from`, `join`). A multi-row `values`
 * list costs a bind parameter per cell, and both the driver and the planner pay for each; a batch of a
 * hundred orders is thousands of them. An array a column is also a fraction of the cost of the same rows
 * as JSON (`json_to_recordset` parses every key of every row: about 7 µs a row of nine columns here,
 * against 1–2 for the arrays). Rows keep their order. bigint values travel as their decimal text (exact
 * at any size), Dates as ISO 8601, null as NULL.
 */
export function rowSet<C extends Record<string, RowSetType>>(
  alias: string,
  columns: C,
  rows: readonly { [K in keyof C]: unknown }[],
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const n of [alias, ...names]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`rowSet: not a plain identifier: ${n}`);
  }
  // each array behind a scalar sub-select: the planner then sizes the set at a handful of rows and
  // joins it to a table by the table's index, where with the literal it counts the rows and, for a
  // batch of thousands, hashes the whole table instead (a scan of every position per batch)
  const arrays = names.map(
    (n) =>
      sql`(select ${sqlArray(
        rows.map((r) => (r as Record<string, unknown>)[n]),
        columns[n],
      )})`,
  );
  return sql`unnest(${sql.join(arrays)}) as ${sql.raw(`${alias}(${names.join(', ')})`)}`;
}
