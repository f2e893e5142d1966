import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema/index.ts';

export type DbKind = 'pglite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** PostgreSQL only: the connection pool (its use is a metric). */
  pool?: pg.Pool;
  /** PGlite only: the embedded database (tests dump a migrated one to start the next from it). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` for an in-memory database. Default `./data/pglite`. */
  dataDir?: string;
  /** PostgreSQL only: put every table in this schema (tests use one schema per run). */
  schema?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

const INT8 = 20;

/** The driver under a Kysely handle: what a library needing raw SQL (the job queue) talks to. */
export type RawDriver = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };
const drivers = new WeakMap<Kysely<Database>, RawDriver>();

/** The PGlite instance or PostgreSQL pool a handle from {@link createDb} runs on. */
export const rawDriverOf = (db: Kysely<Database>): RawDriver | undefined => drivers.get(db);
const parseInt8 = (v: string) => BigInt(v);

/** PGlite when no URL is given, PostgreSQL (pg) otherwise. int8 parses to bigint on both. */
export async function createDb(opts: CreateDbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its connection (the server restarted, an operator ended it) is dropped
    // and replaced by the pool; without a listener that error would end the process.
    pool.on('error', () => {});
    if (opts.schema) {
      const client = await pool.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(opts.schema)}`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: observeQuery });
    drivers.set(db, { kind: 'postgres', pool });
    return { db, kind: 'postgres', pool, close: () => db.destroy() };
  }
  const dataDir = opts.dataDir ?? './data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, { parsers: { [INT8]: parseInt8 }, loadDataDir: opts.loadDataDir });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log: observeQuery });
  drivers.set(db, { kind: 'pglite', pglite });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}

/** Told of every query when set: its SQL, how long it took (ms) and its error if it failed. */
export type QueryObserver = (sql: string, ms: number, error?: unknown) => void;

let queryObserver: QueryObserver | null = null;

/** Every query of every database this process opened is reported to `fn` (tracing); null stops it. */
export function setQueryObserver(fn: QueryObserver | null): void {
  queryObserver = fn;
}

function observeQuery(event: LogEvent): void {
  const observer = queryObserver;
  if (!observer) return;
  observer(event.query.sql, event.queryDurationMillis, event.level === 'error' ? event.error : undefined);
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `"${name}"`;
}
