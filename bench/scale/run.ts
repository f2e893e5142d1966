/**
 * `npm run bench -- scale`: Kabuto against a book at a broker's size, beside the same calls on a small
 * book in the same run.
 *
 * 1. Builds the book (bench/scale/build.ts: SQL inside PostgreSQL, no API) in a schema of its own, and a
 *    small book (`base`: 100 users) in another, and records how long each step took.
 * 2. Reads and an order, each at a steady open-loop rate (BENCH_RATE a second, BENCH_SECONDS after a
 *    second's warm-up; the load generator in its own process, bench/support/load.ts), for the measured
 *    user (10,020 fund records in both books), on the small book then the big one, each book served by
 *    its own app in this process: getUserinfo, positions, fund records page 1 and page 500 (by page
 *    number, and by cursor: `after` the record before it), total assets, a market order. p50/p99 of each, and the big book's p99 over the small one's.
 * 3. Each daily job in a child process of its own (bench/scale/job.ts), on the small book then the big
 *    one: wall time, peak memory (maxRSS), the time its queries took in PostgreSQL, CPU time, and the
 *    load average when it ended. JOBS=products,dayTrade runs only those; READS=0 leaves out step 2.
 * 4. The size of the big book's schema, its tables and each index.
 *
 *   SCALE=small|medium|full (or a list, small,medium: one book after the other, to show how each figure
 *   grows with the book) DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- scale
 *
 * Sizes (build.ts): small 10,000 users / 50,000 positions / 500,000 ledger entries / 1,000 loans (the
 * default: about 11 minutes on 2026-11-28 at a load average of 20 on the machine's two cores, the build
 * 55 s of it and the lending accrual 61 s, then one transaction a loan; most of the rest is each job's
 * process loading the app);
 * medium 100,000 / 500,000 / 5,000,000 / 2,000 (about 11 minutes at the same load); full 1,000,000 /
 * 5,000,000 / 50,000,000 / 100,000. Copy-trade stakes and day-trade lines: base 100 / 10, small 2,000 /
 * 200, medium 20,000 / 2,000, full 200,000 / 20,000. The schemas are dropped at the end (BENCH_KEEP=1
 * keeps them).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb } from '@kabuto/db';
import { ManualClock } from '@kabuto/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';
import { SESSION_TTL_MS } from '../../apps/server/src/shared/sessions.ts';
import { type LoadResult, runLoad } from '../support/load.ts';
import { buildBook, JOBS_CLOCK, SIZES, type Size } from './build.ts';
import { type JobResult, runJob } from './job.ts';

const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RATE = Number(process.env.BENCH_RATE || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
/** Inside the Tokyo session (orders fill at market). */
const T0 = JOBS_CLOCK;
const ALL_JOBS = [
  'margin',
  'marginNext',
  'pendingOrders',
  'products',
  'lending',
  'dayTrade',
  'ipo',
  'reconcile',
];
/** JOBS=products,dayTrade: only these daily jobs (in this order); all by default. */
const JOBS = process.env.JOBS ? process.env.JOBS.split(',').map((j) => j.trim()) : ALL_JOBS;
/** READS=0: no reads (only the build, the jobs and the sizes). */
const READS = process.env.READS !== '0';
const out = (s: string) => process.stdout.write(`${s}\n`);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

interface Book {
  size: Size;
  schema: string;
  handle: Awaited<ReturnType<typeof createDb>>;
  build: Record<string, number>;
  url: string;
  token: string;
  close: () => Promise<void>;
}

async function book(size: Size): Promise<Book> {
  const schema = `scale_${size.name}_${randomBytes(3).toString('hex')}`;
  const handle = await createDb({ url: URL_, schema, poolSize: 16 });
  const build = await buildBook(handle.db, schema, size);
  const token = randomBytes(32).toString('base64url');
  await handle.db
    .insertInto('session')
    .values({ user_id: 1n, token_hash: tokenHash(token), expires_at: new Date(Date.now() + SESSION_TTL_MS) })
    .execute();
  // the measured user trades on margin (its 2× orders pass the margin gate)
  await handle.db
    .insertInto('margin_account')
    .values({
      user_id: 1n,
      status: 1,
      experience: 'over3',
      assets: 'over10m',
      income: 'over10m',
      risks_understood: true,
      agreed_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MONEY: '100000000',
    MAX_CONNECTIONS_PER_IP: '1000000',
  });
  const app = await buildApp({
    db: handle.db,
    clock: new ManualClock(T0),
    env,
    webDist: null,
    adminDist: null,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    size,
    schema,
    handle,
    build,
    url,
    token,
    close: async () => {
      await app.close();
      if (process.env.BENCH_KEEP !== '1') await sql.raw(`drop schema "${schema}" cascade`).execute(handle.db);
      await handle.close();
    },
  };
}

const CALLS: [string, string, object, boolean?][] = [
  ['getUserinfo', '/user/getUserinfo', { type: 'jpy' }],
  ['positions', '/trade/userstocklist', { type: 'jpy' }],
  ['fund records page 1', '/user/capitalloglist', { type: 'jpy', page: 1, size: 20 }],
  ['fund records page 500', '/user/capitalloglist', { type: 'jpy', page: 500, size: 20 }],
  // the same 20 rows by a cursor: after the measured user's record 41 (ids 1…10,020, the newest last)
  ['fund records page 500 (after)', '/user/capitalloglist', { type: 'jpy', page: 1, size: 20, after: '41' }],
  ['total assets', '/user/assets_summary', {}],
  [
    'order (market, 100 shares)',
    '/trade/buy_stock',
    { symbol: '7203', zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1, type: 'jpy' },
    true,
  ],
];

async function reads(small: Book, big: Book) {
  out(
    `\nreads for the measured user at ${RATE}/s (open loop, ${SECONDS} s after 1 s warm-up), p50 / p99 ms:`,
  );
  out(
    `| call | ${small.size.name} p50 | ${small.size.name} p99 | ${big.size.name} p50 | ${big.size.name} p99 | p99 ratio | failed |`,
  );
  out('|---|---:|---:|---:|---:|---:|---:|');
  const results: Record<string, [LoadResult, LoadResult]> = {};
  for (const [name, path, body, idempotent] of CALLS) {
    const one = (b: Book) =>
      runLoad({
        url: `${b.url}/api/vue${path}`,
        bodies: [JSON.stringify(body)],
        tokens: [b.token],
        idempotent,
        rate: RATE,
        seconds: SECONDS,
        warmup: 1,
        connections: 16,
      });
    const s = await one(small);
    const g = await one(big);
    results[name] = [s, g];
    const why = (r: LoadResult) => Object.keys(r.reasons).join('; ');
    out(
      `| ${name} | ${s.p50} | ${s.p99} | ${g.p50} | ${g.p99} | ${(g.p99 / s.p99).toFixed(2)} | ${s.failed + g.failed}${s.failed + g.failed ? ` (${why(s)} ${why(g)})` : ''} |`,
    );
  }
  const p1 = results['fund records page 1'][1];
  const p500 = results['fund records page 500'][1];
  const after = results['fund records page 500 (after)'][1];
  out(
    `fund records on the ${big.size.name} book: page 500 p99 / page 1 p99 = ${(p500.p99 / p1.p99).toFixed(2)}, ` +
      `by cursor ${(after.p99 / p1.p99).toFixed(2)} (goal ≤ 2)`,
  );
}

async function jobs(small: Book, big: Book) {
  out(
    `\ndaily jobs, each in a child process of its own (wall s, PostgreSQL s, CPU s of the job's process and of ` +
      `the backends serving it, queries, peak RSS MiB / RSS at start, heap MiB after a full collection at ` +
      `the end / at the start):`,
  );
  out(
    `| job | ${small.size.name} wall | ${small.size.name} peak RSS (start) | ${big.size.name} wall | ${big.size.name} PostgreSQL | ${big.size.name} CPU (backends) | queries | ${big.size.name} peak RSS (start) | ${big.size.name} heap after (before) | load | result |`,
  );
  out('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const job of JOBS) {
    const [s, g]: JobResult[] = await runJob({ job, url: URL_, schemas: [small.schema, big.schema], at: T0 });
    const cpu = (r: JobResult) =>
      `${(r.cpuMs / 1000).toFixed(2)} (${r.pgCpuMs === null ? '?' : (r.pgCpuMs / 1000).toFixed(2)})`;
    out(
      `| ${job} | ${(s.wallMs / 1000).toFixed(2)} | ${s.maxRssMiB.toFixed(0)} (${s.startRssMiB.toFixed(0)}) | ${(g.wallMs / 1000).toFixed(2)} | ${(g.pgMs / 1000).toFixed(2)} | ${cpu(g)} | ${g.queries} | ${g.maxRssMiB.toFixed(0)} (${g.startRssMiB.toFixed(0)}) | ${g.heapEndMiB.toFixed(1)} (${g.heapStartMiB.toFixed(1)}) | ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} | ${g.result} |`,
    );
  }
}

async function sizes(b: Book) {
  const { rows: total } = await sql<{ n: string }>`
    select sum(pg_total_relation_size(c.oid))::text as n from pg_class c
    where c.relnamespace = ${b.schema}::regnamespace and c.relkind = 'r'`.execute(b.handle.db);
  out(
    `\nthe ${b.size.name} book: ${mib(Number(total[0].n))} MiB in all (tables with their indexes and TOAST)`,
  );
  const { rows } = await sql<{ tbl: string; kind: string; name: string; bytes: string }>`
    select t.relname as tbl, case when c.relkind = 'i' then 'index' else 'table' end as kind, c.relname as name,
      pg_relation_size(c.oid)::text as bytes
    from pg_class c
    left join pg_index x on x.indexrelid = c.oid
    join pg_class t on t.oid = coalesce(x.indrelid, c.oid)
    where c.relnamespace = ${b.schema}::regnamespace and c.relkind in ('r', 'i')
      and pg_relation_size(c.oid) >= 1048576
    order by pg_relation_size(c.oid) desc`.execute(b.handle.db);
  out('| table | relation | MiB |');
  out('|---|---|---:|');
  for (const r of rows)
    out(`| ${r.tbl} | ${r.kind === 'index' ? r.name : '(heap)'} | ${mib(Number(r.bytes))} |`);
  out('(relations under 1 MiB left out)');
}

async function main() {
  const names = (process.env.SCALE || 'small').split(',').map((s) => s.trim());
  for (const n of names) if (!SIZES[n]) throw new Error(`SCALE=${n}: have ${Object.keys(SIZES).join(', ')}`);
  out(
    `scale benchmark, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}, Node ${process.version}, PostgreSQL at ${new URL(URL_).host}`,
  );
  const small = await book(SIZES.base);
  try {
    for (const n of names) {
      const t = performance.now();
      const big = await book(SIZES[n]);
      const s = big.size;
      out(
        `\n== ${s.name}: ${s.users.toLocaleString('en')} users, ${s.positions.toLocaleString('en')} positions, ` +
          `${s.entries.toLocaleString('en')} ledger entries (transfers, each with its fund record), ` +
          `${s.stakes.toLocaleString('en')} copy-trade stakes, ${s.dayTrades.toLocaleString('en')} day-trade lines ==`,
      );
      out(
        `built in ${((performance.now() - t) / 1000).toFixed(1)} s: ${Object.entries(big.build)
          .map(([k, v]) => `${k} ${v.toFixed(1)}`)
          .join(', ')}`,
      );
      try {
        if (READS) await reads(small, big);
        await jobs(small, big);
        await sizes(big);
      } finally {
        await big.close();
      }
    }
  } finally {
    await small.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
