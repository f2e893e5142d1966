/**
 * Once per browser-test run: an embedded database with every migration applied, which each server a test
 * starts on a fresh data directory begins from (a copy of the directory), instead of creating and
 * migrating its own (about half of a server's start). The server still runs its migrations at start: with
 * the copy there is nothing left to apply. The copy is made before the server starts, from outside it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '@kabuto/db';
import { DB_TEMPLATE_ENV } from './server.ts';

export async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-e2e-template-'));
  const handle = await createDb({ dataDir: join(dir, 'pglite') });
  await migrateToLatest(handle.db);
  // closed cleanly (a shutdown checkpoint), so that a copy of the directory is a consistent database
  await handle.close();
  // read by the test workers, which start after this
  process.env[DB_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
