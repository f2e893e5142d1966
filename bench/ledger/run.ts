/**
 * Ledger throughput and latency: transfers per second and p50/p99 latency at N concurrent clients,
 * each operation one SQL transaction that moves money between two users' cash accounts
 * (lock both accounts in id order, check, insert the transfer, update both balances), on PGlite and
 * on PostgreSQL — beside pgbench's TPC-B run against the same PostgreSQL server in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/ledger/run.ts
 *
 * Environment: BENCH_SECONDS (per phase, default 10), BENCH_CLIENTS (default 16), BENCH_USERS
 * (default 1000), PGBENCH (binary, default `pgbench` on PATH), PGBENCH_SCALE (default 16).
 * Without DATABASE_URL only the PGlite phases run. Everything created is dropped at the end.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDb, type Db, type DbHandle, migrateToLatest, withTx } from '@kabuto/db';
import { units } from '@kabuto/domain';
import {
  type Account,
  checkInvariants,
  createTransfers,
  isLedgerError,
  platformAccount,
  userAccount,
} from '@kabuto/ledger';
import { sql } from 'kysely';
import { pgbench } from '../support/pgbench.ts';
import { percentile } from '../support/stats.ts';

const run = promisify(execFile);
const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const SECONDS = num('BENCH_SECONDS', 10);
const CLIENTS = num('BENCH_CLIENTS', 16);
const USERS = num('BENCH_USERS', 1000);
const WARMUP_MS = 1500;

interface Result {
  phase: string;
  clients: number;
  seconds: number;
  ops: number;
  tps: number;
  p50: number;
  p99: number;
  refused: number;
}

const results: Result[] = [];

function summarise(
  phase: string,
  clients: number,
  seconds: number,
  latencies: number[],
  refused: number,
): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  const r = {
    phase,
    clients,
    seconds,
    ops: latencies.length,
    tps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    refused,
  };
  results.push(r);
  console.log(
    `  ${phase}: ${r.tps.toFixed(0)} ops/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.ops} ops, ${refused} refused)`,
  );
  return r;
}

/** Create USERS funded cash accounts (one currency) and the bank account that funded them. */
async function setup(db: Db): Promise<Account[]> {
  const bank = await platformAccount(db, 'bank', 'jpy');
  const accounts: Account[] = [];
  for (let u = 1; u <= USERS; u++) accounts.push(await userAccount(db, BigInt(u), 'jpy', 'cash'));
  for (let i = 0; i < accounts.length; i += 200) {
    await withTx(db, (tx) =>
      createTransfers(
        tx,
        accounts.slice(i, i + 200).map((a) => ({
          type: 'single' as const,
          debitAccountId: bank.id,
          creditAccountId: a.id,
          amount: units(10_000_000),
          currency: 'jpy' as const,
          code: 'deposit' as const,
        })),
      ),
    );
  }
  return accounts;
}

/** CLIENTS loops, each running one transfer transaction after another until the deadline. */
async function load(db: Db, accounts: Account[], phase: string, clients: number): Promise<Result> {
  let refused = 0;
  const latencies: number[] = [];
  const once = async () => {
    const i = Math.floor(Math.random() * accounts.length);
    let j = Math.floor(Math.random() * (accounts.length - 1));
    if (j >= i) j++;
    const t0 = performance.now();
    try {
      await withTx(db, (tx) =>
        createTransfers(tx, [
          {
            type: 'single',
            debitAccountId: accounts[i].id,
            creditAccountId: accounts[j].id,
            amount: units(1 + Math.floor(Math.random() * 1000)),
            currency: 'jpy',
            code: 'adjustment',
            operationRef: `bench:${i}:${j}`,
          },
        ]),
      );
    } catch (err) {
      if (!isLedgerError(err)) throw err;
      refused++;
    }
    return performance.now() - t0;
  };
  const loop = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const ms = await once();
      if (record) latencies.push(ms);
    }
  };
  const warm = performance.now() + WARMUP_MS;
  await Promise.all(Array.from({ length: clients }, () => loop(warm, false)));
  refused = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, () => loop(start + SECONDS * 1000, true)));
  const seconds = (performance.now() - start) / 1000;
  const report = await checkInvariants(db);
  if (!report.ok) throw new Error(`invariants broken after ${phase}: ${report.violations[0].message}`);
  return summarise(phase, clients, seconds, latencies, refused);
}

async function benchPglite(label: string, dataDir: string): Promise<void> {
  console.log(`${label} …`);
  const h = await createDb({ dataDir });
  try {
    await migrateToLatest(h.db);
    const accounts = await setup(h.db);
    await load(h.db, accounts, label, CLIENTS);
  } finally {
    await h.close();
  }
}

async function benchPostgres(url: string): Promise<void> {
  const schema = `bench_ledger_${randomBytes(4).toString('hex')}`;
  console.log(`postgres (schema ${schema}) …`);
  let h: DbHandle | undefined;
  try {
    h = await createDb({ url, schema, poolSize: CLIENTS });
    await migrateToLatest(h.db, schema);
    const accounts = await setup(h.db);
    await load(h.db, accounts, `postgres, ${USERS} accounts`, CLIENTS);
    await load(h.db, accounts.slice(0, 8), 'postgres, 8 hot accounts', CLIENTS);
  } finally {
    await h?.close();
    const admin = await createDb({ url, poolSize: 1 });
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin.db);
    await admin.close();
  }
}

async function benchPgbench(url: string): Promise<void> {
  const scale = num('PGBENCH_SCALE', 16);
  console.log(`pgbench TPC-B (scale ${scale}) …`);
  const p = await pgbench({
    url,
    clients: CLIENTS,
    seconds: SECONDS,
    scale,
    warmupSeconds: Math.ceil(WARMUP_MS / 1000),
  });
  results.push({
    phase: `pgbench TPC-B, scale ${scale}`,
    clients: CLIENTS,
    seconds: SECONDS,
    tps: p.tps, // pgbench's own figure (excluding connection set-up)
    p50: p.p50,
    p99: p.p99,
    ops: p.transactions,
    refused: 0,
  });
}

const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main() {
  const url = process.env.DATABASE_URL;
  let model = 'unknown';
  try {
    model = (await run('lscpu')).stdout.match(/Model name:\s*(.+)/)?.[1]?.trim() ?? model;
  } catch {
    model = cpus()[0]?.model ?? model;
  }
  console.log(
    `ledger bench: ${CLIENTS} clients, ${SECONDS} s per phase, ${USERS} accounts; ${cpus().length} cores (${model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${loadAverage()}`,
  );

  await benchPglite('pglite (memory)', 'memory://');
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
  try {
    await benchPglite('pglite (file)', dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (url) {
    const admin = await createDb({ url, poolSize: 1 });
    const v = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(admin.db);
    await admin.close();
    console.log(`PostgreSQL ${v.rows[0].v}`);
    await benchPostgres(url);
    await benchPgbench(url);
  } else {
    console.log('DATABASE_URL is not set: PostgreSQL and pgbench phases skipped');
  }

  console.log(
    `\nload average at the end: ${loadAverage()} (other processes on the machine skew every figure)`,
  );
  console.log('\n| phase | clients | ops/s | p50 ms | p99 ms | ops | refused |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.phase} | ${r.clients} | ${r.tps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.ops} | ${r.refused} |`,
    );
  }
}

await main();
