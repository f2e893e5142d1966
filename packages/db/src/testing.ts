import { randomBytes } from 'node:crypto';
import { createDb, type DbHandle, type DbKind } from './create-db.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The databases a test suite runs on: embedded PGlite (in memory) always, and PostgreSQL too
 * when DATABASE_URL is set. Each PostgreSQL handle gets its own fresh schema, dropped on close.
 */
export const TEST_DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

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
  await migrateToLatest(h.db, schema);
  return {
    ...h,
    close: async () => {
      await h.db.destroy();
      const admin = await createDb({ url, poolSize: 1 });
      try {
        const { sql } = await import('kysely');
        await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
      } finally {
        await admin.close();
      }
    },
  };
}
