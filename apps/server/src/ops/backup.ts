import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDb } from '@kabuto/db';
import { MINOR_UNIT } from '@kabuto/domain';
import { checkInvariants } from '@kabuto/ledger';
import { sql } from 'kysely';
import pg from 'pg';
import type { Env } from '../config.ts';
import { fileStore } from '../shared/files.ts';

/**
 * `npm run backup` and `npm run restore` (docs/deploy.md, "Backups"). A backup is a folder:
 *
 * - `database.dump`: pg_dump's custom format of the whole database, taken from one snapshot; with
 *   FILES_STORE=database (the default) the uploaded files are in it (table `stored_file`), still sealed;
 * - `files/`: with another store (s3, local), every file's sealed bytes as the store holds them;
 * - `manifest.json`: when, from which PostgreSQL with which pg_dump, the last migration, the number of
 *   files, and the ledger's totals per currency read from the dump's own snapshot.
 *
 * The files' keys (FILES_KEYS) are not in it: keep them apart, as the database password is.
 * A restore goes into an empty database only, then checks the ledger (reconcile's invariants) and that its
 * totals are the manifest's.
 */
export interface Manifest {
  format: 1;
  createdAt: string;
  database: { server: string; pgDump: string; lastMigration: string | null };
  files: { store: Env['FILES_STORE']; count: number; inDatabase: boolean };
  ledger: LedgerTotals;
}

/** Per currency: accounts, and the sums of the four balance columns (strings: exact). */
export type LedgerTotals = Record<
  string,
  {
    accounts: number;
    debitsPosted: string;
    creditsPosted: string;
    debitsPending: string;
    creditsPending: string;
  }
>;

export class BackupError extends Error {}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** `pg_dump --version` → "15.20 (Debian …)"; throws when the tool is not installed. */
export function toolVersion(tool: 'pg_dump' | 'pg_restore'): string {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new BackupError(
      `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client-<server major>)`,
    );
  }
  return r.stdout.trim().replace(/^\S+ \(PostgreSQL\) /, '');
}

const major = (version: string) => Number(/^(\d+)/.exec(version)?.[1] ?? 0);

/** pg_dump of an older major than the server refuses to dump it; a newer one works (its restore may not). */
function checkToolAgainstServer(tool: 'pg_dump' | 'pg_restore', server: string): string {
  const version = toolVersion(tool);
  if (major(version) < major(server)) {
    throw new BackupError(
      `${tool} ${version} is older than the server (PostgreSQL ${server}): install the client tools of version ${major(server)} or later`,
    );
  }
  if (major(version) !== major(server)) {
    log(`note: ${tool} ${version} and the server (PostgreSQL ${server}) differ in major version`);
  }
  return version;
}

function requirePostgres(env: Env): string {
  if (!env.DATABASE_URL) {
    throw new BackupError(
      'backup and restore work on PostgreSQL (DATABASE_URL). The demo keeps everything in DATA_DIR: stop it and copy the folder',
    );
  }
  return env.DATABASE_URL;
}

const TOTALS_SQL = `select currency, count(*)::int as accounts,
    coalesce(sum(debits_posted), 0)::text as dpo, coalesce(sum(credits_posted), 0)::text as cpo,
    coalesce(sum(debits_pending), 0)::text as dpe, coalesce(sum(credits_pending), 0)::text as cpe
  from ledger_account group by currency order by currency`;
type TotalsRow = { currency: string; accounts: number; dpo: string; cpo: string; dpe: string; cpe: string };

const totalsOf = (rows: TotalsRow[]): LedgerTotals =>
  Object.fromEntries(
    rows.map((r) => [
      r.currency,
      {
        accounts: Number(r.accounts),
        debitsPosted: r.dpo,
        creditsPosted: r.cpo,
        debitsPending: r.dpe,
        creditsPending: r.cpe,
      },
    ]),
  );

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let err = '';
    p.stderr.on('data', (d) => {
      err += d;
    });
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** libpq's connection string without a password (the password goes through PGPASSWORD, not argv). */
function libpq(url: string): { conninfo: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { conninfo: u.href, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export async function backup(env: Env, out: string): Promise<Manifest> {
  const url = requirePostgres(env);
  if (existsSync(out) && (await readdir(out)).length > 0) {
    throw new BackupError(`${out} is not empty: give a new folder`);
  }
  await mkdir(out, { recursive: true, mode: 0o700 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const server = (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? '?';
    const pgDump = checkToolAgainstServer('pg_dump', server);
    // One snapshot for the dump and the totals: the database stays live meanwhile.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s ?? '';
    const ledger = totalsOf((await client.query<TotalsRow>(TOTALS_SQL)).rows);
    const last = await client.query<{ name: string }>(
      'select name from kysely_migration order by name desc limit 1',
    );
    const inDatabase = env.FILES_STORE === 'database';
    const count = inDatabase
      ? Number((await client.query<{ n: string }>('select count(*) as n from stored_file')).rows[0]?.n ?? 0)
      : 0;
    const target = libpq(url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${join(out, 'database.dump')}`,
        `--dbname=${target.conninfo}`,
      ],
      target.env,
    );
    await client.query('commit');
    let copied = count;
    if (!inDatabase) {
      // The files of another store, sealed as they are; their rows (upload) are in the dump.
      const store = fileStore(null as never, env);
      const dir = join(out, 'files');
      await mkdir(dir, { mode: 0o700 });
      copied = 0;
      for (const name of await store.names()) {
        const sealed = await store.getSealed(name);
        if (!sealed) continue;
        await writeFile(join(dir, name), sealed, { mode: 0o600 });
        copied++;
      }
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: { server, pgDump, lastMigration: last.rows[0]?.name ?? null },
      files: { store: env.FILES_STORE, count: copied, inDatabase },
      ledger,
    };
    await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } finally {
    await client.end();
  }
}

export interface RestoreReport {
  manifest: Manifest;
  files: number;
  ledgerOk: boolean;
  totalsMatch: boolean;
  problems: string[];
}

export async function restore(env: Env, from: string): Promise<RestoreReport> {
  const url = requirePostgres(env);
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const server = (await client.query<{ v: string }>('show server_version')).rows[0]?.v ?? '?';
    checkToolAgainstServer('pg_restore', server);
    const tables = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(tables.rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'the database is not empty: restore into a new, empty database (createdb), then point DATABASE_URL at it',
      );
    }
  } finally {
    await client.end();
  }
  const target = libpq(url);
  await run(
    'pg_restore',
    [
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      `--dbname=${target.conninfo}`,
      join(from, 'database.dump'),
    ],
    target.env,
  );
  const handle = await createDb({ url, poolSize: 2 });
  try {
    let files = Number(
      (await sql<{ n: string }>`select count(*) as n from stored_file`.execute(handle.db)).rows[0]?.n ?? 0,
    );
    if (!manifest.files.inDatabase) {
      const store = fileStore(handle.db, env);
      files = 0;
      const dir = join(from, 'files');
      for (const name of existsSync(dir) ? await readdir(dir) : []) {
        await store.putSealed(name, await readFile(join(dir, name)));
        files++;
      }
    }
    const problems: string[] = [];
    const report = await checkInvariants(handle.db, { minorUnits: MINOR_UNIT });
    for (const v of report.violations.slice(0, 20)) problems.push(v.message);
    const totals = totalsOf((await sql<TotalsRow>`${sql.raw(TOTALS_SQL)}`.execute(handle.db)).rows);
    const totalsMatch = JSON.stringify(totals) === JSON.stringify(manifest.ledger);
    if (!totalsMatch) problems.push('the ledger totals differ from the backup manifest');
    if (files !== manifest.files.count) {
      problems.push(`${files} files restored, the backup lists ${manifest.files.count}`);
    }
    return { manifest, files, ledgerOk: report.ok, totalsMatch, problems };
  } finally {
    await handle.close();
  }
}
