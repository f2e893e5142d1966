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
 * when DATABASE_URL is set. Each PostgreSQL handle gets a fresh database of its own, dropped on close.
 */
export const TEST_DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * The database the API suites run on: PostgreSQL when DATABASE_URL is set (the engine production runs),
 * else embedded PGlite. The engine itself is tested on both (TEST_DB_KINDS: the ledger, the migrations,
 * concurrent money calls, unique violations, cross-user reads, corporate actions and tax), and every
 * browser test runs the demo server on PGlite end to end, so running each API suite twice bought little
 * for half of the test time.
 */
export const API_DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['postgres'] : ['pglite'];

/** Arbitrary, fixed: every test process serialises the creation and removal of databases on this key. */
const CREATE_LOCK = 4_242_026;

/** Runs `work` while holding a session-level advisory lock on a connection of its own (handed to it). */
async function withCreateLock<T>(url: string, work: (conn: Db) => Promise<T>): Promise<T> {
  const admin = await createDb({ url, poolSize: 1 });
  try {
    return await admin.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${CREATE_LOCK})`.execute(conn);
      try {
        return await work(conn);
      } finally {
        await sql`select pg_advisory_unlock(${CREATE_LOCK})`.execute(conn);
      }
    });
  } finally {
    await admin.close();
  }
}

/** A hash of the migrations: a changed or added migration makes new templates. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(f);
    hash.update(readFileSync(join(MIGRATIONS_DIR, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory, dumped once per set of migrations into the temporary folder and
 * shared by every test process: starting from it skips PGlite's initdb and the migrations, most of the
 * cost of a fresh embedded database. It is written under a temporary name and renamed, so a reader never
 * sees half of it.
 */
let pgliteTemplate: Promise<Blob> | undefined;

async function loadPgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `kabuto-pglite-template-${migrationsHash()}.tar`);
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

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
};

/**
 * A fresh PostgreSQL database per test handle, copied from a migrated template database (one per set of
 * migrations, made by the first test process that needs it; older templates are dropped then). A copy
 * costs a fraction of running every migration, and each handle's database is its own: no schema, search
 * path or advisory lock of one test meets another's.
 */
async function postgresTestDb(url: string, poolSize?: number): Promise<DbHandle> {
  const template = `kabuto_tpl_${migrationsHash()}`;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const drop = () =>
    withCreateLock(url, (conn) =>
      sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).execute(conn),
    );
  await withCreateLock(url, async (conn) => {
    const found = await sql`select 1 from pg_database where datname = ${template}`.execute(conn);
    if (found.rows.length === 0) {
      const old = await sql<{ datname: string }>`select datname from pg_database
        where datname like 'kabuto_tpl_%' and datname <> ${template}`.execute(conn);
      for (const { datname } of old.rows) {
        await sql.raw(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`).execute(conn);
      }
      await sql.raw(`CREATE DATABASE ${quoteIdent(template)}`).execute(conn);
      const t = await createDb({ url: withDatabase(url, template), poolSize: 1 });
      try {
        await migrateToLatest(t.db);
      } finally {
        await t.close();
      }
    }
    await sql.raw(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`).execute(conn);
  });
  const h = await createDb({ url: withDatabase(url, name), poolSize });
  try {
    // a no-op on a whole template; it keeps a template cut short by a killed process from hiding a migration
    await migrateToLatest(h.db);
  } catch (err) {
    await h.close();
    await drop();
    throw err;
  }
  return {
    ...h,
    close: async () => {
      await h.close();
      await drop();
    },
  };
}

export async function createTestDb(kind: DbKind, opts: { poolSize?: number } = {}): Promise<DbHandle> {
  if (kind === 'pglite') {
    pgliteTemplate ??= loadPgliteTemplate();
    const h = await createDb({ dataDir: 'memory://', loadDataDir: await pgliteTemplate });
    // a no-op on the template's schema; it keeps a stale template from ever hiding a migration
    await migrateToLatest(h.db);
    return h;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  return postgresTestDb(url, opts.poolSize);
}
