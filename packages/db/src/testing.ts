import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle, type DbKind, quoteIdent } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';
import type { Db } from './tx.ts';

/**
 * The databases a test suite runs on: embedded PGlite (in memory) always, and PostgreSQL too
 * when DATABASE_URL is set. Each PostgreSQL handle gets its own fresh schema, dropped on close.
 */
export const TEST_DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Arbitrary, fixed: every test process serialises schema creation and removal on this key. */
const SCHEMA_LOCK = 4_242_026;

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own (handed to it). Kysely's
 * migrator introspects every schema of the database; a schema dropped by another test process in the
 * middle of that fails the migration ("schema … does not exist"), so creation and removal take turns.
 */
async function withSchemaLock<T>(url: string, work: (conn: Db) => Promise<T>): Promise<T> {
  const admin = await createDb({ url, poolSize: 1 });
  try {
    return await admin.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(conn);
      }
    });
  } finally {
    await admin.close();
  }
}

const dropSchema = (conn: Db, schema: string) =>
  sql.raw(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).execute(conn);

export async function createTestDb(kind: DbKind, opts: { poolSize?: number } = {}): Promise<DbHandle> {
  if (kind === 'pglite') {
    const h = await createDb({ dataDir: 'memory://' });
    await migrateToLatest(h.db);
    return h;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const h = await createDb({ url, schema, poolSize: opts.poolSize });
  try {
    await withSchemaLock(url, () => migrateToLatest(h.db, schema));
  } catch (err) {
    await h.close();
    await withSchemaLock(url, (conn) => dropSchema(conn, schema));
    throw err;
  }
  return {
    ...h,
    close: async () => {
      await h.close();
      await withSchemaLock(url, (conn) => dropSchema(conn, schema));
    },
  };
}
