/**
 * `npm run bench -- corporate-actions`: the daily corporate-action and tax jobs over a big book.
 *
 * For each size (open positions; `CA_SIZES`, default 10000,100000 — add 1000000 for the full run), a
 * book is built in SQL in a schema of its own (bench/corporate-actions/build.ts: a quarter as many users,
 * eight symbols, each with a ¥30 dividend and a 1:2 split going ex the same morning), then each job runs
 * in a child process of its own (bench/scale/job.ts), the clock where a broker runs it:
 *
 * 1. `corporateActions` on the ex-date before the session: both actions of every symbol, every position
 *    (entitlements and the shorts' 配当落調整金, then the split), in batches;
 * 2. `corporateActions` on the payment date: every holder paid, its dividend tax withheld and added to
 *    its tax year, in batches;
 * 3. `taxNetting` the same morning: the dividend tax that the year's losses offset refunded (every other
 *    user has a loss), in batches.
 *
 * Reported per job and size: wall time, the time its queries took in PostgreSQL, the CPU time of the
 * job's process and of its PostgreSQL backends (what the job itself cost, whatever the machine's
 * other load), the process's peak
 * resident memory (and at the start), and µs per position, beside the goal ceilings (60 s, 1 GiB) and
 * the smallest size's µs per position (linear: the ratio stays near 1), and the machine's load average
 * (1 minute) before and after.
 *
 * The ceiling, measured in the same run: before each corporate-action job, its **write floor**
 * (bench/corporate-actions/floor.ts) — the same rows written to the same book by one set-based statement
 * a table, rolled back — with its wall and PostgreSQL CPU time, each table's time, and the job ÷ floor
 * ratios. After the job the rows it wrote are counted and printed beside the floor's (they must be the
 * same). The books are checked after the
 * jobs (every position split once, every holder paid once). Schemas are dropped (BENCH_KEEP=1 keeps).
 *
 *   CA_SIZES=10000,100000,1000000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     npm run bench -- corporate-actions
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb } from '@kabuto/db';
import { sql } from 'kysely';
import { type JobResult, runJob } from '../scale/job.ts';
import { buildBook, EX_DATE, PAYMENT_DATE } from './build.ts';
import { exDateFloor, type FloorResult, jobRows, lastIds, paymentFloor } from './floor.ts';

const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.CA_SIZES || '10000,100000').split(',').map((s) => Number(s.trim()));
const GOAL_S = 60;
const GOAL_MIB = 1024;
const out = (s: string) => process.stdout.write(`${s}\n`);
/** The job's CPU time: its process's and its PostgreSQL backends' (when readable). */
const cpu = (r: JobResult) =>
  `${(r.cpuMs / 1000).toFixed(2)} s Node + ${r.pgCpuMs === null ? '?' : (r.pgCpuMs / 1000).toFixed(2)} s PostgreSQL`;
const jst = (date: string, time: string) => Date.parse(`${date}T${time}+09:00`);

const JOBS: { label: string; job: string; at: number; floor?: 'ex' | 'payment' }[] = [
  { label: 'ex-date: dividend + split', job: 'corporateActions', at: jst(EX_DATE, '07:00:00'), floor: 'ex' },
  {
    label: 'payment date: dividends + tax',
    job: 'corporateActions',
    at: jst(PAYMENT_DATE, '07:00:00'),
    floor: 'payment',
  },
  { label: 'tax netting (損益通算 refunds)', job: 'taxNetting', at: jst(PAYMENT_DATE, '07:30:00') },
];

async function checks(db: Awaited<ReturnType<typeof createDb>>['db'], n: number): Promise<string> {
  const r = await sql<{ split: string; paid: string; holders: string; refunds: string; open: string }>`
    select
      (select count(*) from position where quantity = 200)::text as split,
      (select count(*) from position)::text as open,
      (select count(*) from dividend_entitlement where role = 'holder' and paid_at is not null)::text as paid,
      (select count(*) from position where direction = 1)::text as holders,
      (select count(*) from fund_record where type = 'tax_refund')::text as refunds`.execute(db);
  const c = r.rows[0];
  const ok = Number(c.split) === n && Number(c.paid) === Number(c.holders);
  return `${ok ? 'ok' : 'MISMATCH'}: ${c.split}/${c.open} positions split once, ${c.paid}/${c.holders} holders paid once, ${c.refunds} refund transfers`;
}

async function main() {
  out(
    `corporate-action and tax jobs benchmark, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}, Node ${process.version}, PostgreSQL at ${new URL(URL_).host}`,
  );
  const rows: { size: number; label: string; r: JobResult; floor: FloorResult | null; load: string }[] = [];
  const load = () => loadavg()[0].toFixed(1);
  const secs = (ms: number) => (ms / 1000).toFixed(2);
  for (const n of SIZES) {
    const schema = `ca_${n}_${randomBytes(3).toString('hex')}`;
    const handle = await createDb({ url: URL_, schema, poolSize: 4 });
    try {
      const t = performance.now();
      const build = await buildBook(handle.db, schema, n);
      out(
        `\n== ${n.toLocaleString('en')} positions: built in ${((performance.now() - t) / 1000).toFixed(1)} s (${Object.entries(
          build,
        )
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join(', ')}) ==`,
      );
      for (const j of JOBS) {
        // the job's write floor on the same book just before it (rolled back, the tables vacuumed)
        const l0 = load();
        const floor =
          j.floor === 'ex'
            ? await exDateFloor(URL_, schema, EX_DATE)
            : j.floor === 'payment'
              ? await paymentFloor(URL_, schema, PAYMENT_DATE)
              : null;
        if (floor)
          out(
            `${j.label}, write floor: ${secs(floor.wallMs)} s, CPU ${floor.pgCpuMs === null ? '?' : secs(floor.pgCpuMs)} s PostgreSQL (${Object.entries(
              floor.steps,
            )
              .map(([k, v]) => `${k} ${secs(v)}`)
              .join(', ')}; vacuumed after in ${secs(floor.vacuumMs)} s), load ${l0}`,
          );
        const before = floor ? await lastIds(URL_, schema) : null;
        const l1 = load();
        const [r] = await runJob({ job: j.job, url: URL_, schemas: [schema], at: j.at });
        const l2 = load();
        rows.push({ size: n, label: j.label, r, floor, load: `${l1}–${l2}` });
        out(
          `${j.label}: ${secs(r.wallMs)} s, PostgreSQL ${secs(r.pgMs)} s, CPU ${cpu(r)}, ${r.queries} queries, peak RSS ${r.maxRssMiB.toFixed(0)} MiB (start ${r.startRssMiB.toFixed(0)}), load ${l1}–${l2}, ${r.result}`,
        );
        if (floor && before && j.floor) {
          const done = await jobRows(URL_, schema, before, new Date(j.at), j.floor);
          const same = Object.entries(done).every(([k, v]) => floor.rows[k] === v);
          out(
            `  rows, job / floor (${same ? 'the same' : 'MISMATCH'}): ${Object.entries(done)
              .map(
                ([k, v]) => `${k} ${v.toLocaleString('en')} / ${(floor.rows[k] ?? 0).toLocaleString('en')}`,
              )
              .join(', ')}; job ÷ floor: wall ${(r.wallMs / floor.wallMs).toFixed(1)}×, PostgreSQL CPU ${
              r.pgCpuMs === null || !floor.pgCpuMs ? '?' : (r.pgCpuMs / floor.pgCpuMs).toFixed(1)
            }×, CPU with Node ${
              r.pgCpuMs === null || !floor.pgCpuMs ? '?' : ((r.pgCpuMs + r.cpuMs) / floor.pgCpuMs).toFixed(1)
            }×`,
          );
        }
      }
      out(await checks(handle.db, n));
    } finally {
      if (process.env.BENCH_KEEP !== '1') await sql.raw(`drop schema "${schema}" cascade`).execute(handle.db);
      await handle.close();
    }
  }
  const smallest = SIZES[0];
  out(
    `\n| job | positions | load | wall s (goal ≤ ${GOAL_S}) | PostgreSQL s | CPU s, Node + PostgreSQL | peak RSS MiB (goal ≤ ${GOAL_MIB}) | µs / position | × the ${smallest.toLocaleString('en')} book's µs / position | write floor s, CPU s | job ÷ floor, wall and CPU |`,
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { size, label, r, floor, load: l } of rows) {
    const per = (r.wallMs * 1000) / size;
    const base = rows.find((x) => x.size === smallest && x.label === label)!;
    const basePer = (base.r.wallMs * 1000) / smallest;
    out(
      `| ${label} | ${size.toLocaleString('en')} | ${l} | ${secs(r.wallMs)} | ${secs(r.pgMs)} | ${cpu(r).replace(/ s (Node|PostgreSQL)/g, '')} | ${r.maxRssMiB.toFixed(0)} | ${per.toFixed(1)} | ${(per / basePer).toFixed(2)} | ${
        floor ? `${secs(floor.wallMs)}, ${floor.pgCpuMs === null ? '?' : secs(floor.pgCpuMs)}` : '–'
      } | ${
        floor
          ? `${(r.wallMs / floor.wallMs).toFixed(1)}, ${r.pgCpuMs === null || !floor.pgCpuMs ? '?' : ((r.cpuMs + r.pgCpuMs) / floor.pgCpuMs).toFixed(1)}`
          : '–'
      } |`,
    );
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
