import { type RawBuilder, sql } from 'kysely';

/** A column of {@link rowSet}: its SQL type, as written in a column definition list. */
export type RowSetType = 'int8' | 'int4' | 'text' | 'timestamptz' | 'boolean';

/**
 * Many rows as one parameter: `json_to_recordset($1::json) as alias(col type, …)`, usable wherever a
 * table can stand (`insert … select … from`, `update … from`, `join`). A multi-row `values` list costs a
 * bind parameter per cell, and both the driver and the planner pay for each; a batch of a hundred orders
 * is thousands of them. Rows keep their order. bigint values travel as JSON strings (exact at any size),
 * Dates as ISO 8601, null as null.
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
  const json = JSON.stringify(
    rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const n of names) {
        const v = (r as Record<string, unknown>)[n];
        o[n] = typeof v === 'bigint' ? v.toString() : v === undefined ? null : v;
      }
      return o;
    }),
  );
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  return sql`json_to_recordset(${json}::json) as ${sql.raw(`${alias}(${defs})`)}`;
}
