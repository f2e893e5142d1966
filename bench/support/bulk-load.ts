/**
 * What a benchmark's book builder does around its bulk inserts (as a restore does): the foreign keys and
 * plain indexes of the big tables dropped before the load and made again after it, and each step timed.
 */
import type { Db } from '@kabuto/db';
import { sql } from 'kysely';

export interface KeysAndIndexes {
  fks: { tbl: string; name: string; def: string }[];
  indexes: { name: string; def: string }[];
}

/** The foreign keys and plain (not constraint-backed) indexes of `tables` in `schema`. */
export async function keysAndIndexes(
  db: Db,
  schema: string,
  tables: readonly string[],
): Promise<KeysAndIndexes> {
  const fks = await sql<{ tbl: string; name: string; def: string }>`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = ${schema}::regnamespace and t.relname in (${sql.join(tables)})`.execute(
    db,
  );
  const indexes = await sql<{ name: string; def: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = ${schema}::regnamespace and t.relname in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(db);
  return { fks: fks.rows, indexes: indexes.rows };
}

export async function dropKeysAndIndexes(db: Db, defs: KeysAndIndexes): Promise<void> {
  for (const f of defs.fks) await sql.raw(`alter table ${f.tbl} drop constraint "${f.name}"`).execute(db);
  for (const i of defs.indexes) await sql.raw(`drop index "${i.name}"`).execute(db);
}

export async function restoreKeysAndIndexes(db: Db, defs: KeysAndIndexes): Promise<void> {
  for (const i of defs.indexes) await sql.raw(i.def).execute(db);
  for (const f of defs.fks)
    await sql.raw(`alter table ${f.tbl} add constraint "${f.name}" ${f.def}`).execute(db);
}

/** A step timer: `step(name, f)` runs f and keeps its seconds under name in `steps`. */
export function stepTimer() {
  const steps: Record<string, number> = {};
  const step = async (name: string, f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    steps[name] = (performance.now() - t) / 1000;
  };
  return { steps, step };
}
