import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, type DbHandle, type DbKind, quoteIdent } from './create-db.ts';
import { MIGRATIONS_DIR, migrateToLatest } from './migrate.ts';
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

/**
 * A migrated, empty PGlite data directory, dumped once per set of migrations into the temporary folder and
 * shared by every test process: starting from it skips PGlite's initdb and the migrations, most of the
 * cost of a fresh embedded database. The file's name is a hash of the migrations, so a changed migration
 * makes a new one; it is written under a temporary name and renamed, so a reader never sees half of it.
 */
function templatePath(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(f);
    hash.update(readFileSync(join(MIGRATIONS_DIR, f)));
  }
  return join(tmpdir(), `kabuto-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

let template: Promise<Blob> | undefined;

async function pgliteTemplate(): Promise<Blob> {
  const path = templatePath();
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    const h = await createDb({ dataDir: 'memory://' });
    try {
      await migrateToLatest(h.db);
      const dump = await h.pglite!.dumpDataDir('none');
      const partial = `${path}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
      return dump;
    } finally {
      await h.close();
    }
  }
}

export async function createTestDb(kind: DbKind, opts: { poolSize?: number } = {}): Promise<DbHandle> {
  if (kind === 'pglite') {
    template ??= pgliteTemplate();
    const h = await createDb({ dataDir: 'memory://', loadDataDir: await template });
    // a no-op on the template's schema; it keeps a stale template from ever hiding a migration
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
