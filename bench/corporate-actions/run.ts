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
 * the smallest size's µs per position (linear: the ratio stays near 1). The books are checked after the
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

const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.CA_SIZES || '10000,100000').split(',').map((s) => Number(s.trim()));
const GOAL_S = 60;
const GOAL_MIB = 1024;
const out = (s: string) => process.stdout.write(`${s}\n`);
/** The job's CPU time: its process's and its PostgreSQL backends' (when readable). */
const cpu = (r: JobResult) =>
  `${(r.cpuMs / 1000).toFixed(2)} s Node + ${r.pgCpuMs === null ? '?' : (r.pgCpuMs / 1000).toFixed(2)} s PostgreSQL`;
const jst = (date: string, time: string) => Date.parse(`${date}T${time}+09:00`);

const JOBS: { label: string; job: string; at: number }[] = [
  { label: 'ex-date: dividend + split', job: 'corporateActions', at: jst(EX_DATE, '07:00:00') },
  { label: 'payment date: dividends + tax', job: 'corporateActions', at: jst(PAYMENT_DATE, '07:00:00') },
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
  const rows: { size: number; label: string; r: JobResult }[] = [];
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
        const [r] = await runJob({ job: j.job, url: URL_, schemas: [schema], at: j.at });
        rows.push({ size: n, label: j.label, r });
        out(
          `${j.label}: ${(r.wallMs / 1000).toFixed(2)} s, PostgreSQL ${(r.pgMs / 1000).toFixed(2)} s, CPU ${cpu(r)}, ${r.queries} queries, peak RSS ${r.maxRssMiB.toFixed(0)} MiB (start ${r.startRssMiB.toFixed(0)}), ${r.result}`,
        );
      }
      out(await checks(handle.db, n));
    } finally {
      if (process.env.BENCH_KEEP !== '1') await sql.raw(`drop schema "${schema}" cascade`).execute(handle.db);
      await handle.close();
    }
  }
  const smallest = SIZES[0];
  out(
    `\n| job | positions | wall s (goal ≤ ${GOAL_S}) | PostgreSQL s | CPU s, Node + PostgreSQL | peak RSS MiB (goal ≤ ${GOAL_MIB}) | µs / position | × the ${smallest.toLocaleString('en')} book's µs / position |`,
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { size, label, r } of rows) {
    const per = (r.wallMs * 1000) / size;
    const base = rows.find((x) => x.size === smallest && x.label === label)!;
    const basePer = (base.r.wallMs * 1000) / smallest;
    out(
      `| ${label} | ${size.toLocaleString('en')} | ${(r.wallMs / 1000).toFixed(2)} | ${(r.pgMs / 1000).toFixed(2)} | ${cpu(r).replace(/ s (Node|PostgreSQL)/g, '')} | ${r.maxRssMiB.toFixed(0)} | ${per.toFixed(1)} | ${(per / basePer).toFixed(2)} |`,
    );
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
