import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config.ts';
import { BackupError, backup, restore } from './backup.ts';

/**
 * `npm run backup -- [--out <folder>]` and `npm run restore -- --from <folder>` (ops/backup.ts). Both use
 * the environment the server uses (DATABASE_URL, FILES_STORE, FILES_S3_*); a restore goes into an empty
 * database and exits non-zero unless the ledger reconciles with the backup's totals.
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: { out: { type: 'string' }, from: { type: 'string' } },
  });
  const env = loadEnv();
  if (command === 'backup') {
    const out = values.out ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
    const m = await backup(env, out);
    const currencies = Object.entries(m.ledger)
      .map(([c, t]) => `${c} ${t.accounts} accounts`)
      .join(', ');
    process.stdout.write(
      `backup written to ${out}: PostgreSQL ${m.database.server} (pg_dump ${m.database.pgDump}), migration ${m.database.lastMigration}, ${m.files.count} files (${m.files.inDatabase ? 'in the dump' : `from ${m.files.store}`}), ledger ${currencies || 'empty'}\n`,
    );
    return;
  }
  if (command === 'restore') {
    if (!values.from) throw new BackupError('give the backup folder: npm run restore -- --from <folder>');
    const r = await restore(env, values.from);
    process.stdout.write(
      `restored ${values.from} (taken ${r.manifest.createdAt}): ${r.files} files; ledger invariants ${r.ledgerOk ? 'hold' : 'FAIL'}; totals ${r.totalsMatch ? 'match the backup' : 'DIFFER from the backup'}\n`,
    );
    if (r.problems.length > 0) {
      throw new BackupError(`the restored database does not reconcile:\n  ${r.problems.join('\n  ')}`);
    }
    return;
  }
  throw new BackupError('usage: backup-cli backup [--out <folder>] | restore --from <folder>');
}

main().catch((err) => {
  process.stderr.write(
    `${err instanceof BackupError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
