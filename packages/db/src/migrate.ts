import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import type { Db } from './tx.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Migrations are the files in ./migrations named NNNN_name.ts (NNNN_name.js in the compiled server,
 * apps/server/dist/migrations), applied in name order.
 * Kysely's migrator takes a lock row, so two processes starting at once apply each migration once.
 */
class DirectoryProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{4}_[\w-]+\.(ts|js)$/.test(f))
      .sort();
    const out: Record<string, Migration> = {};
    for (const f of files) {
      out[f.replace(/\.(ts|js)$/, '')] = (await import(
        pathToFileURL(join(MIGRATIONS_DIR, f)).href
      )) as Migration;
    }
    return out;
  }
}

/**
 * Applies pending migrations. `schema` names where the migration bookkeeping lives (and must match the
 * connection's search_path): Kysely otherwise finds another schema's bookkeeping tables in the same database.
 */
export async function migrateToLatest(db: Db, schema = 'public'): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DirectoryProvider(), migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Rolls back to just after migration `target` (null: before the first), running the `down` of each
 * later one, newest first. For tests and for an operator undoing a release; returns what it undid.
 */
export async function migrateBackTo(db: Db, target: string | null, schema = 'public'): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DirectoryProvider(), migrationTableSchema: schema });
  const { error, results } = await migrator.migrateTo(target ?? NO_MIGRATIONS);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not applied (empty: up to date). */
export async function pendingMigrations(db: Db, schema = 'public'): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DirectoryProvider(), migrationTableSchema: schema });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
