/**
 * Market orders on PostgreSQL, next to pgbench's TPC-B on the same server in the same run. Each order is a
 * full POST /api/vue/trade/buy_stock over HTTP through Fastify (auth, idempotency key, rate limit,
 * validation): margin and fee transfers, the position row and the fund records, committed before the
 * reply. The server runs in this process; the load runs in a child process of its own
 * (bench/support/load.ts), so the generator does not share the server's event loop. The clock stands
 * inside the Tokyo session.
 *
 * Phases:
 * 1. pgbench TPC-B, BENCH_CLIENTS clients (the ceiling, in a throwaway database);
 * 2. closed loop: BENCH_CLIENTS users each send their next order as soon as the last is answered, as each
 *    of pgbench's clients does — the most orders per second (goal ≥ 80% of pgbench's tps);
 * 3. open loop, stepped: orders arrive at a fixed rate (10%, 20%, … of pgbench's tps, BENCH_STEP_SECONDS
 *    each after a second's warm-up), each timed from when it was due however many are in flight, until a
 *    step's p99 exceeds 50 ms or an order fails; one more step halfway between the last good and the
 *    first bad rate. The headline: the highest arrival rate whose p99 ≤ 50 ms, as a fraction of pgbench's
 *    tps (goal ≥ 50%);
 * 4. profile (BENCH_PROFILE=0 skips it): one more open-loop step at that rate with V8's CPU profiler on
 *    this process (what `--cpu-prof` records; the .cpuprofile goes to bench/results/) and the server's
 *    PostgreSQL sessions sampled every 10 ms in pg_stat_activity (pg_stat_statements is used as well when
 *    the server preloads it). Prints where the server's CPU goes, by package or module, and what the
 *    database sessions were doing.
 * 5. exit triggers: BENCH_TRIGGERS (10,000) working exits none of which the price reaches, on the
 *    holdings the load opened; one evaluation pass of the leader's exit job, timed BENCH_TRIGGER_PASSES
 *    (10) times, against the tick interval (`trading_job_interval_ms`).
 * "transactions / order" is PostgreSQL's own count of committed transactions (pg_stat_database) over
 * every order placed (a position each); it counts every session of the database, other users' too. The
 * closed loop also prints the server's own: its pool's transactions and its statements per order.
 * BENCH_PHASES (a comma list of closed, open, profile, triggers; default all) runs only some phases
 * after pgbench: `BENCH_PHASES=closed` for the closed loop alone. After a 2 s warm-up the app's tables
 * are analyzed once, as autovacuum would on a live database (it is off on the shared test server).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- orders
 *
 * Environment: BENCH_SECONDS (default 15: pgbench and the closed loop), BENCH_STEP_SECONDS (default 6),
 * BENCH_CLIENTS (default 64), PGBENCH (binary; default `pgbench` on PATH, else
 * /usr/lib/postgresql/15/bin/pgbench), PGBENCH_SCALE (default 16), BENCH_PROFILE. The app's tables live
 * in a throwaway schema; both are dropped.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db, migrateToLatest, setQueryObserver, withTx } from '@kabuto/db';
import { ManualClock, units } from '@kabuto/domain';
import { createTransfers, platformAccount, userAccount } from '@kabuto/ledger';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';
import { SESSION_TTL_MS } from '../../apps/server/src/shared/sessions.ts';
import { loadSettings } from '../../apps/server/src/shared/settings.ts';
import { type LoadResult, runLoad } from '../support/load.ts';
import { pgbench } from '../support/pgbench.ts';
import { type CpuProfile, profileSummary } from '../support/profile.ts';

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const SECONDS = num('BENCH_SECONDS', 15);
const STEP_SECONDS = num('BENCH_STEP_SECONDS', 6);
const CLIENTS = num('BENCH_CLIENTS', 64);
const P99_MS = 50;
const TRIGGERS = num('BENCH_TRIGGERS', 10_000);
const TRIGGER_PASSES = num('BENCH_TRIGGER_PASSES', 10);
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const APP_NAME = `kabuto-bench-orders-${process.pid}`;
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const SYMBOLS = ['7203', '6758', '9984', '8306', '6861', '9432', '6098', '4063'];
const RESULTS = new URL('../results/', import.meta.url).pathname;
/** The phases to run after pgbench (BENCH_PHASES, a comma list; default all). */
const PHASES = new Set((process.env.BENCH_PHASES || 'closed,open,profile,triggers').split(','));

/**
 * The server's own database work while `fn` runs: its transactions (each use of a pooled connection is
 * one: a statement on its own or a transaction) and its statements by their first words, with the time
 * each took as the server saw it. Counted in this process, so other sessions of the same database do
 * not count.
 */
async function tally<T>(
  pool: { on(e: 'acquire', f: () => void): unknown; off(e: 'acquire', f: () => void): unknown },
  fn: () => Promise<T>,
) {
  const statements = new Map<string, { n: number; ms: number }>();
  let transactions = 0;
  const acquired = () => {
    transactions++;
  };
  pool.on('acquire', acquired);
  setQueryObserver((text, ms) => {
    const what = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    const s = statements.get(what) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += ms;
    statements.set(what, s);
  });
  try {
    return { result: await fn(), transactions, statements };
  } finally {
    setQueryObserver(null);
    pool.off('acquire', acquired);
  }
}

/**
 * The statistics of the schema's tables, as autovacuum keeps them on a live database (it is off on the
 * shared test server; pgbench's initialisation analyzes its own tables): without them the planner takes
 * the fresh tables for empty and scans them whole.
 */
async function analyzeSchema(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  for (const r of rows) await sql`analyze ${sql.id(r.name)}`.execute(db);
}

async function committed(): Promise<bigint> {
  const admin = await createDb({ url: URL_, poolSize: 1 });
  try {
    const { rows } = await sql<{ n: bigint }>`
      select xact_commit as n from pg_stat_database where datname = current_database()`.execute(admin.db);
    return rows[0].n;
  } finally {
    await admin.close();
  }
}

async function seedUsers(schema: string): Promise<string[]> {
  const handle = await createDb({ url: URL_, schema, poolSize: 4 });
  await migrateToLatest(handle.db, schema);
  // BENCH_CLIENTS users with a fund password, a session and ¥100bn each (a bank → cash transfer), so that
  // no order of a run is refused for want of cash.
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const token = randomBytes(32).toString('base64url');
    await withTx(handle.db, async (tx) => {
      const u = await tx
        .insertInto('app_user')
        .values({
          account: `bench${i}`,
          password_hash: 'x',
          fund_password_hash: 'x',
          invite_code: `B${i}${randomBytes(3).toString('hex')}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('session')
        .values({
          user_id: u.id,
          token_hash: tokenHash(token),
          // sessions expire on real time (the app's `timers`), not on the market clock that stands at T0
          expires_at: new Date(Date.now() + SESSION_TTL_MS),
        })
        .execute();
      // a margin account, so that their 2× orders pass the margin gate
      await tx
        .insertInto('margin_account')
        .values({
          user_id: u.id,
          status: 1,
          experience: 'over3',
          assets: 'over10m',
          income: 'over10m',
          risks_understood: true,
          agreed_at: new Date(),
        })
        .execute();
      const bank = await platformAccount(tx as never, 'bank', 'jpy');
      const cash = await userAccount(tx as never, u.id, 'jpy', 'cash');
      await createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: bank.id,
          creditAccountId: cash.id,
          amount: units(100_000_000_000),
          currency: 'jpy',
          code: 'deposit',
        },
      ]);
    });
    tokens.push(token);
  }
  await handle.close();
  return tokens;
}

/** The order bodies the load rotates through: 100 shares of each symbol, long and short. */
const BODIES = SYMBOLS.flatMap((symbol) =>
  [1, 2].map((buyzd) => JSON.stringify({ symbol, zhang: '100', ganggan: '2', buyzd, gdlx: 1, type: 'jpy' })),
);

/** Samples what the server's PostgreSQL sessions are doing until `stop()`; returns the counts. */
function sampleActivity(handle: Awaited<ReturnType<typeof createDb>>) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const { rows } = await sql<{ what: string }>`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU') || '  ' || translate(left(query, 90), chr(10) || chr(9), '  ') as what
        from pg_stat_activity
        where application_name = ${APP_NAME} and state = 'active' and pid <> pg_backend_pid()`.execute(
        handle.db,
      );
      samples++;
      for (const r of rows) counts.set(r.what, (counts.get(r.what) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { samples, counts };
  };
}

async function pgStatStatements(handle: Awaited<ReturnType<typeof createDb>>): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`
    select current_setting('shared_preload_libraries') like '%pg_stat_statements%' as on`.execute(handle.db);
  return rows[0].on;
}

/**
 * Phase 5: exit triggers. TRIGGERS working exits (stop and limit legs, alternately, at prices the
 * market cannot reach, so none fires) are written on the holdings the load opened; then the leader's
 * exit job (`rounds.exits`, what each round of the trading jobs runs) evaluates them all, TRIGGER_PASSES
 * times. One pass's time against the tick interval (the settings' `trading_job_interval_ms`) is the
 * figure: the share of each tick the evaluation takes.
 */
async function triggerPass(db: Db, app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const holdings = await db
    .selectFrom('position')
    .select(['id', 'user_id', 'market', 'symbol', 'direction'])
    .where('status', '=', 0)
    .orderBy('id')
    .limit(TRIGGERS)
    .execute();
  if (holdings.length === 0) {
    process.stdout.write('exit triggers: no holding to place them on; skipped\n');
    return;
  }
  const at = new Date(T0);
  const far = 10n ** 12n; // ¥100m in units: above every price; 1 unit (¥0.0001) is below every price
  for (let from = 0; from < TRIGGERS; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, TRIGGERS - from) }, (_, k) => {
      const i = from + k;
      const p = holdings[i % holdings.length];
      const long = p.direction === 1;
      const stop = i % 2 === 0;
      return {
        user_id: p.user_id,
        position_id: p.id,
        market: p.market,
        symbol: p.symbol,
        side: p.direction,
        kind: stop ? ('stop' as const) : ('limit' as const),
        // a long's stop below every price and its limit above; a short's the other way round
        stop_price: stop ? (long ? 1n : far) : null,
        limit_price: stop ? null : long ? far : 1n,
        status: 'working' as const,
        created_at: at,
        updated_at: at,
      };
    });
    await db.insertInto('exit_order').values(rows).execute();
  }
  const interval = (await loadSettings(db)).trading_job_interval_ms;
  const exits = app.kabuto.rounds.exits as () => Promise<{ fired: number }>;
  const times: number[] = [];
  let fired = 0;
  for (let i = 0; i < TRIGGER_PASSES; i++) {
    const t0 = performance.now();
    fired += (await exits()).fired;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  const max = times[times.length - 1];
  process.stdout.write(
    `exit triggers: ${TRIGGERS} working (on ${holdings.length} holdings), none reached; one evaluation pass of the leader's exit job: ` +
      `p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms over ${TRIGGER_PASSES} passes, against a tick interval of ${interval} ms ` +
      `(${((p50 / interval) * 100).toFixed(0)}% of a tick); fired ${fired}\n`,
  );
}

async function main() {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  process.stdout.write(
    `orders benchmark, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}; Node ${process.version}; load generator in its own process\n`,
  );
  const p = await pgbench({ url: URL_, clients: CLIENTS, seconds: SECONDS });
  process.stdout.write(
    `pgbench TPC-B: ${p.tps.toFixed(0)} tps at ${CLIENTS} clients, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms\n`,
  );

  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const tokens = await seedUsers(schema);
  const before = await committed();
  const url = new URL(URL_);
  url.searchParams.set('application_name', APP_NAME);
  const handle = await createDb({ url: url.href, schema, poolSize: CLIENTS + 4 });
  const clock = new ManualClock(T0);
  const env = loadEnv({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MONEY: '100000000',
    MAX_CONNECTIONS_PER_IP: '1000000',
  });
  const app = await buildApp({ db: handle.db, clock, env, webDist: null, adminDist: null });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  for (const s of SYMBOLS) app.kabuto.market.quote(s);
  const target = { url: `${base}/api/vue/trade/buy_stock`, bodies: BODIES, tokens, idempotent: true };
  const settle = () => new Promise((r) => setTimeout(r, 1000));
  const run = (opts: { seconds: number; rate?: number; warmup?: number }) =>
    runLoad({ ...target, clients: CLIENTS, ...opts });
  const line = (name: string, r: LoadResult) =>
    `${name}: ${r.requests} orders, ${r.rps.toFixed(0)} orders/s, p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, failed ${r.failed}` +
    `${
      r.failed
        ? ` (${Object.entries(r.reasons)
            .map(([w, n]) => `${w} ×${n}`)
            .join(', ')})`
        : ''
    }\n`;

  await run({ seconds: 2 }); // warm-up
  await analyzeSchema(handle.db);
  if (PHASES.has('closed')) {
    const cpu0 = process.cpuUsage();
    const {
      result: closed,
      transactions,
      statements,
    } = await tally(handle.pool!, () => run({ seconds: SECONDS }));
    const cpu = process.cpuUsage(cpu0);
    process.stdout.write(line(`closed loop, ${CLIENTS} users, ${SECONDS}s`, closed));
    process.stdout.write(
      `  ${((closed.rps / p.tps) * 100).toFixed(0)}% of pgbench's tps (goal ≥ 80%: ${closed.rps >= 0.8 * p.tps && !closed.failed ? 'met' : 'not met'})\n`,
    );
    // the orders answered in the phase (a few still in flight at its end are not counted)
    const orders = closed.requests;
    const total = [...statements.values()].reduce((a, b) => a + b.n, 0);
    process.stdout.write(
      `  server process CPU ${((cpu.user + cpu.system) / 1000 / orders).toFixed(2)} ms/order; its database work: ` +
        `${(transactions / orders).toFixed(2)} transactions and ${(total / orders).toFixed(2)} statements per order; ` +
        'statements per order, mean ms each:\n',
    );
    for (const [what, { n, ms }] of [...statements].sort((a, b) => b[1].n - a[1].n).slice(0, 12))
      process.stdout.write(
        `  ${(n / orders).toFixed(3).padStart(7)} ${(ms / n).toFixed(1).padStart(6)}  ${what}\n`,
      );
  }

  // open loop, stepped
  const ok = (r: LoadResult) => r.p99 <= P99_MS && r.failed === 0;
  let good: { rate: number; r: LoadResult } | undefined;
  let bad: number | undefined;
  const step = async (rate: number) => {
    await settle();
    const r = await run({ rate, seconds: STEP_SECONDS, warmup: 1 });
    process.stdout.write(
      line(`open loop at ${rate} orders/s (${((rate / p.tps) * 100).toFixed(0)}% of pgbench)`, r),
    );
    if (ok(r) && (!good || rate > good.rate)) good = { rate, r };
    if (!ok(r) && (bad === undefined || rate < bad)) bad = rate;
    return ok(r);
  };
  for (let f = 0.1; PHASES.has('open') && f <= 1.001; f += 0.1)
    if (!(await step(Math.round(p.tps * f)))) break;
  // below the first step: halve until a rate holds (at most three times)
  for (let i = 0; i < 3 && !good && bad !== undefined && bad > 1; i++)
    await step(Math.max(1, Math.round(bad / 2)));
  if (good && bad !== undefined && bad - good.rate > 1) await step(Math.round((good.rate + bad) / 2));
  const found = good;
  if (PHASES.has('open'))
    process.stdout.write(
      found
        ? `open loop: the highest arrival rate with p99 ≤ ${P99_MS} ms is ${found.rate} orders/s = ${((found.rate / p.tps) * 100).toFixed(0)}% of pgbench's tps (goal ≥ 50%: ${found.rate >= p.tps / 2 ? 'met' : 'not met'}); first rate above: ${bad ?? 'none up to 100%'}\n`
        : `open loop: no rate tried kept p99 ≤ ${P99_MS} ms (lowest tried ${Math.round(p.tps * 0.1)} orders/s)\n`,
    );

  if (process.env.BENCH_PROFILE !== '0' && PHASES.has('profile')) {
    const rate = found?.rate ?? Math.round(p.tps * 0.1);
    const statements = await pgStatStatements(handle);
    await settle();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 1000 });
    await session.post('Profiler.start');
    const stop = sampleActivity(handle);
    const cpu0 = process.cpuUsage();
    const r = await run({ rate, seconds: STEP_SECONDS, warmup: 1 });
    const cpu = process.cpuUsage(cpu0);
    const activity = await stop();
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();
    mkdirSync(RESULTS, { recursive: true });
    const file = join(RESULTS, `orders-${new Date().toISOString().slice(0, 16).replace(':', '')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    process.stdout.write(line(`profiled run at ${rate} orders/s`, r));
    const orders = r.requests + Math.round(rate);
    process.stdout.write(
      `  server process CPU ${((cpu.user + cpu.system) / 1000 / orders).toFixed(2)} ms/order (user ${(cpu.user / 1000 / orders).toFixed(2)}, system ${(cpu.system / 1000 / orders).toFixed(2)}); profile ${file}\n`,
    );
    process.stdout.write(profileSummary(profile));
    process.stdout.write(
      `PostgreSQL: pg_stat_statements ${statements ? 'is loaded' : 'is not loaded on this server (shared_preload_libraries is empty; it needs a restart): sampled pg_stat_activity instead'}\n`,
    );
    process.stdout.write(
      `  ${activity.samples} samples of the server's sessions; mean active ${([...activity.counts.values()].reduce((a, b) => a + b, 0) / activity.samples).toFixed(2)} of ${CLIENTS + 4}; by wait event and statement:\n`,
    );
    for (const [what, n] of [...activity.counts].sort((a, b) => b[1] - a[1]).slice(0, 12))
      process.stdout.write(`  ${((n / activity.samples) * 100).toFixed(0).padStart(4)}%  ${what}\n`);
  }

  const positions = await handle.db
    .selectFrom('position')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (PHASES.has('triggers')) await triggerPass(handle.db, app);
  await app.close();
  await handle.db.destroy();
  // Backends report their counts when they end: read after the pool is gone.
  const after = await committed();
  const admin = await createDb({ url: URL_, poolSize: 1 });
  await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
  await admin.close();
  process.stdout.write(
    `positions ${positions.n}; ${(Number(after - before) / Number(positions.n)).toFixed(2)} PostgreSQL transactions per order\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
