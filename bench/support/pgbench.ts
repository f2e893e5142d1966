/**
 * pgbench's TPC-B against the same PostgreSQL server, in a throwaway database: the baseline every
 * database benchmark here puts beside its own figures. Latency percentiles come from pgbench's
 * per-transaction log.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDb } from '@kabuto/db';
import { sql } from 'kysely';
import { percentile } from './stats.ts';

const run = promisify(execFile);

export interface PgbenchResult {
  tps: number;
  p50: number;
  p99: number;
  transactions: number;
}

export interface PgbenchOptions {
  url: string;
  clients: number;
  seconds: number;
  /** TPC-B scale (default PGBENCH_SCALE or 16). */
  scale?: number;
  /** A run of this many seconds before the measured one (default 0). */
  warmupSeconds?: number;
}

/** `PGBENCH`, else pgbench on PATH, else PostgreSQL 15's (Debian's path). */
function binary(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  const debian = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(debian) ? debian : 'pgbench';
}

export async function pgbench(opts: PgbenchOptions): Promise<PgbenchResult> {
  const bin = binary();
  const scale = opts.scale ?? Number(process.env.PGBENCH_SCALE || 16);
  const dbName = `bench_pgbench_${randomBytes(4).toString('hex')}`;
  const target = new URL(opts.url);
  target.pathname = `/${dbName}`;
  const logDir = mkdtempSync(join(tmpdir(), 'pgbench-'));
  const admin = await createDb({ url: opts.url, poolSize: 1 });
  const common = [
    '-c',
    String(opts.clients),
    '-j',
    String(Math.max(1, Math.min(opts.clients, cpus().length))),
    '-n',
  ];
  try {
    await sql.raw(`create database ${dbName}`).execute(admin.db);
    await run(bin, ['-i', '-q', '-s', String(scale), target.href], { maxBuffer: 1 << 24 });
    if (opts.warmupSeconds) {
      await run(bin, [...common, '-T', String(opts.warmupSeconds), target.href], { maxBuffer: 1 << 24 });
    }
    const { stdout } = await run(
      bin,
      [...common, '-T', String(opts.seconds), '-l', `--log-prefix=${join(logDir, 'tx')}`, target.href],
      { maxBuffer: 1 << 24 },
    );
    const latencies: number[] = [];
    for (const f of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, f), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      tps: Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      transactions: latencies.length,
    };
  } finally {
    await sql
      .raw(`drop database if exists ${dbName} with (force)`)
      .execute(admin.db)
      .catch(() => {});
    await admin.close();
    rmSync(logDir, { recursive: true, force: true });
  }
}
