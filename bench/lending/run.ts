/**
 * `npm run bench -- lending`: the stock-lending daily job at a given number of open loans.
 *
 * For each size in LOANS (default `100,1000,10000`; the goal's is 100,000) a book of its own is built
 * in a schema of its own with bench/scale/build.ts (SQL inside PostgreSQL, no API): `loans` held
 * positions lent a month ago, five positions per loan (a fifth held), one user per ten loans, two ledger
 * entries per user. With MONTH=1 the loans are set accrued through 2026-10-31 (so that the first of
 * December pays a whole month, 30 days a loan); otherwise through 2026-11-17, as bench/scale has them.
 * Then the lending round runs, each run in a child process of its own (bench/scale/job.ts: wall time,
 * the time its queries took in PostgreSQL, its queries, peak RSS with the RSS at its start):
 *
 * 1. `accrue`: the clock on Tuesday 2026-11-24 10:00 JST: every loan accrues the days since (to
 *    2026-11-23: six calendar days, or 23 with MONTH=1), nothing is paid (November is not over);
 * 2. `daily` (MONTH=1 only): 16:00 the same day, after the close: one day a loan, a normal day's run;
 * 3. `again`: the same run a second time (idempotency: nothing accrues, nothing is paid);
 * 4. `pay`: the clock on Tuesday 2026-12-01 16:00 JST: every loan accrues the days to 2026-12-01 and is
 *    paid November (a ledger transfer and a fund record each; the days marked paid).
 *
 * Each run is checked: the rows accrued and the loans' totals agree, every loan was paid November once,
 * and the ledger's invariants hold at the end. The load average is printed with each run (the machine
 * may be shared). The schemas are dropped at the end (BENCH_KEEP=1 keeps them).
 *
 *   LOANS=100,1000,10000,100000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- lending
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb } from '@kabuto/db';
import { checkInvariants } from '@kabuto/ledger';
import { sql } from 'kysely';
import { buildBook, type Size } from '../scale/build.ts';
import { runJob } from '../scale/job.ts';

const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SIZES = (process.env.LOANS || '100,1000,10000').split(',').map((s) => Number(s.trim()));
const MONTH = process.env.MONTH === '1';
const RUNS: [string, number][] = [
  ['accrue', Date.parse('2026-11-24T10:00:00+09:00')],
  ...(MONTH ? [['daily', Date.parse('2026-11-24T16:00:00+09:00')] as [string, number]] : []),
  ['again', Date.parse(MONTH ? '2026-11-24T16:00:00+09:00' : '2026-11-24T10:00:00+09:00')],
  ['pay', Date.parse('2026-12-01T16:00:00+09:00')],
];
const out = (s: string) => process.stdout.write(`${s}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

async function check(db: Awaited<ReturnType<typeof createDb>>['db'], loans: number) {
  const r = await sql<{ rows: string; loans: string; off: string; paid: string; unpaid_nov: string }>`
    select (select count(*) from stock_loan_accrual)::text as rows,
      (select count(*) from stock_loan)::text as loans,
      (select count(*) from stock_loan l where l.accrued <> coalesce(
        (select sum(fee) from stock_loan_accrual a where a.loan_id = l.id), 0))::text as off,
      (select count(*) from fund_record where type = 'lending')::text as paid,
      (select count(*) from stock_loan_accrual where day < '2026-12-01' and paid_transfer is null and fee > 0)::text
        as unpaid_nov`.execute(db);
  const c = r.rows[0];
  if (Number(c.loans) !== loans || c.off !== '0') throw new Error(`accrued totals off: ${JSON.stringify(c)}`);
  return c;
}

async function main() {
  out(
    `lending accrual benchmark${MONTH ? ' (MONTH=1: a whole month paid)' : ''}, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${load()}, Node ${process.version}`,
  );
  out(
    '| loans | run | wall s | s per 100 loans | PostgreSQL s | queries | peak RSS MiB (start) | load | result |',
  );
  out('|---:|---|---:|---:|---:|---:|---:|---|---|');
  for (const loans of SIZES) {
    const size: Size = {
      name: `lending${loans}`,
      users: Math.max(10, Math.ceil(loans / 10)),
      positions: loans * 5,
      entries: Math.max(10, Math.ceil(loans / 10)) * 2,
      heavy: 2,
      loans,
      ipo: 0,
      stakes: 0,
      dayTrades: 0,
    };
    const schema = `lend_${loans}_${randomBytes(3).toString('hex')}`;
    const handle = await createDb({ url: URL_, schema, poolSize: 4 });
    try {
      const t = performance.now();
      await buildBook(handle.db, schema, size);
      if (MONTH) {
        await sql`update stock_loan set accrued_through = '2026-10-31', lent_at = '2026-10-01T00:00:00Z'`.execute(
          handle.db,
        );
        await sql`vacuum (analyze) stock_loan`.execute(handle.db);
      }
      out(`(built ${loans} loans in ${((performance.now() - t) / 1000).toFixed(1)} s)`);
      for (const [name, at] of RUNS) {
        const before = load();
        const [g] = await runJob({ job: 'lending', url: URL_, schemas: [schema], at });
        const c = await check(handle.db, loans);
        out(
          `| ${loans} | ${name} | ${(g.wallMs / 1000).toFixed(2)} | ${((g.wallMs / 1000 / loans) * 100).toFixed(3)} | ` +
            `${(g.pgMs / 1000).toFixed(2)} | ${g.queries} | ${g.maxRssMiB.toFixed(0)} (${g.startRssMiB.toFixed(0)}) | ` +
            `${before} → ${load()} | ${g.result}; ${c.rows} days, ${c.paid} paid, ${c.unpaid_nov} Nov. unpaid |`,
        );
      }
      const inv = await checkInvariants(handle.db);
      if (!inv.ok) throw new Error(`ledger invariants broken: ${JSON.stringify(inv.violations.slice(0, 3))}`);
      const c = await check(handle.db, loans);
      if (Number(c.paid) !== loans || c.unpaid_nov !== '0')
        throw new Error(`not paid once: ${JSON.stringify(c)}`);
    } finally {
      if (process.env.BENCH_KEEP !== '1') await sql.raw(`drop schema "${schema}" cascade`).execute(handle.db);
      await handle.close();
    }
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
