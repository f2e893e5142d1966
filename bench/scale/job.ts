/**
 * One daily job of bench/scale in a process of its own (forked by `runJob`): for each book in turn,
 * builds the app on the book's schema with the clock at `at`, runs the job once, and sends back its wall time, the process's
 * peak resident memory (maxRSS, and the RSS before the job started), the JavaScript heap in use after a
 * full collection before and after the job, and the time its PostgreSQL queries
 * took (each query from sent to answered, summed: the job's time in the database, round trips
 * included; pg_stat_statements is not loaded on this server).
 *
 * Jobs: `reconcile` (the back office's: the ledger's invariants and cash = last fund record), and each of
 * the leader's rounds (`app.kabuto.rounds`): `margin` (the maintenance margin's first round, which reads
 * every book into its index), `marginNext` (the round after it, nothing having moved: what each round
 * costs from then on), `pendingOrders`,
 * `products` (copy-trade daily P&L), `lending` (stock lending accrual), `dayTrade` (day-trade
 * settlement), `ipo` (new shares: draws), `block`.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createDb } from '@kabuto/db';
import { ManualClock } from '@kabuto/domain';
import { checkInvariants } from '@kabuto/ledger';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { recordMismatches } from '../../apps/server/src/modules/admin/admin.repo.ts';
import { cpuTicks } from '../support/proc.ts';

export interface JobRun {
  job: string;
  url: string;
  /** The books to run it on, one after the other (the small one first: the peak is the last one's). */
  schemas: string[];
  /** The market clock (ms). */
  at: number;
}

export interface JobResult {
  job: string;
  wallMs: number;
  pgMs: number;
  /**
   * CPU time of the job's process and of the PostgreSQL backends that served its queries (from
   * /proc/<pid>/stat, when the server runs on this machine; else null): what the job itself cost,
   * which other processes' load on the machine stretches the wall time but not this.
   */
  cpuMs: number;
  pgCpuMs: number | null;
  queries: number;
  /** Peak resident set of the process, in MiB (process.resourceUsage().maxRSS). */
  maxRssMiB: number;
  /** Resident set when the job started (the app built), in MiB. */
  startRssMiB: number;
  /**
   * The JavaScript heap in use, in MiB, after a full collection before the job and after it: what the job
   * left behind (a peak RSS above the start is garbage not yet collected unless this grows too).
   */
  heapStartMiB: number;
  heapEndMiB: number;
  result: string;
}

let pgMs = 0;
let queries = 0;
/** CPU ticks (user + system) of each PostgreSQL backend when first seen in this job. */
const backends = new Map<number, number>();
let backendsReadable = true;

function seeBackend(pid: number | undefined) {
  if (!pid || backends.has(pid) || !backendsReadable) return;
  const t = cpuTicks(pid);
  if (t === null) backendsReadable = false;
  else backends.set(pid, t);
}

function backendCpuMs(): number | null {
  if (!backendsReadable) return null;
  let ticks = 0;
  for (const [pid, start] of backends) {
    const now = cpuTicks(pid);
    if (now !== null) ticks += now - start;
  }
  return ticks * 10;
}
/** BENCH_PROF=dir: each job's CPU profile written there (`<job>-<time>.cpuprofile`, for DevTools). */
const PROF = process.env.BENCH_PROF;
/** BENCH_TOP=n: the n statements that took the most time in all, printed to stderr after each job. */
const TOP = Number(process.env.BENCH_TOP || 0);
const byText = new Map<string, { ms: number; n: number }>();

function timeQueries() {
  // time every query of this process (the app's pool is made of pg.Client)
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const t = performance.now();
    seeBackend((this as unknown as { processID?: number }).processID);
    const out = query.apply(this, args);
    if (out && typeof (out as Promise<unknown>).finally === 'function') {
      queries++;
      return (out as Promise<unknown>).finally(() => {
        const ms = performance.now() - t;
        pgMs += ms;
        if (TOP > 0) {
          const a = args[0] as string | { text?: string };
          const text = (typeof a === 'string' ? a : (a?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160);
          const e = byText.get(text) ?? { ms: 0, n: 0 };
          e.ms += ms;
          e.n++;
          byText.set(text, e);
        }
      });
    }
    return out;
  } as typeof pg.Client.prototype.query;
}

async function run(r: JobRun, schema: string): Promise<JobResult> {
  const handle = await createDb({ url: r.url, schema, poolSize: 4 });
  const app = await buildApp({
    db: handle.db,
    clock: new ManualClock(r.at),
    env: loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: r.url }),
    webDist: null,
    adminDist: null,
  });
  await app.ready();
  // the round after the first: the first, untimed, reads every book
  if (r.job === 'marginNext') await app.kabuto.rounds.margin();
  pgMs = 0;
  queries = 0;
  backends.clear();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapStartMiB = process.memoryUsage().heapUsed / 2 ** 20;
  const startRssMiB = process.memoryUsage().rss / 2 ** 20;
  const session = PROF ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const t = performance.now();
  let result: unknown;
  if (r.job === 'reconcile') {
    const report = await checkInvariants(handle.db);
    const records = await recordMismatches(handle.db);
    result = {
      ok: report.ok && records.length === 0,
      accounts: report.accounts,
      transfers: report.transfers,
    };
  } else {
    const job = app.kabuto.rounds[r.job === 'marginNext' ? 'margin' : r.job];
    if (!job)
      throw new Error(`no job ${r.job}; have ${Object.keys(app.kabuto.rounds).join(', ')}, reconcile`);
    result = await job();
  }
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const pgCpuMs = backendCpuMs();
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${PROF}/${r.job}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
  if (TOP > 0) {
    const top = [...byText.entries()].sort((x, y) => y[1].ms - x[1].ms).slice(0, TOP);
    for (const [text, e] of top) process.stderr.write(`${e.ms.toFixed(0)} ms, ${e.n}×: ${text}\n`);
    byText.clear();
  }
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;
  gc?.();
  const heapEndMiB = process.memoryUsage().heapUsed / 2 ** 20;
  await app.close();
  await handle.close();
  return {
    job: r.job,
    wallMs,
    pgMs,
    cpuMs,
    pgCpuMs,
    queries,
    maxRssMiB,
    startRssMiB,
    heapStartMiB,
    heapEndMiB,
    result: JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 120),
  };
}

/** Runs one job in a child process of its own, on each book in turn. */
export function runJob(r: JobRun): Promise<JobResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--child'], {
      // --expose-gc: the heap measured after a full collection before and after the job
      execArgv: [...process.execArgv, '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as JobResult[]));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`job ${r.job} exited ${code}`));
    });
    child.send(r);
  });
}

if (process.argv.includes('--child')) {
  process.once('message', async (r: JobRun) => {
    try {
      timeQueries();
      const out: JobResult[] = [];
      for (const schema of r.schemas) out.push(await run(r, schema));
      process.send?.(out, () => process.exit(0));
    } catch (e) {
      process.stderr.write(`job ${r.job}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exit(1);
    }
  });
}
