import { createDb, migrateToLatest } from '@kabuto/db';
import { loadEnv } from '../config.ts';

/**
 * `npm run migrate`: applies the pending migrations and exits, the first step of an upgrade (then the
 * rolling restart). Servers also migrate as they start; Kysely's lock lets one of them do it.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const handle = await createDb({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite`, poolSize: 2 });
  try {
    const applied = await migrateToLatest(handle.db);
    process.stdout.write(applied.length ? `applied ${applied.join(', ')}\n` : 'up to date\n');
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  process.stderr.write(`migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
