/**
 * Market orders on PostgreSQL with 64 concurrent users, next to pgbench's TPC-B on the same server in the
 * same run. Each order is a full POST /api/vue/trade/buy_stock through Fastify (auth, idempotency key, rate
 * limit, validation): margin and fee transfers, the position row and the fund records, committed before
 * the reply. The clock stands inside the Tokyo session.
 *
 * Three phases:
 * 1. pgbench TPC-B, BENCH_CLIENTS clients (the baseline, in a throwaway database);
 * 2. closed loop: every user sends its next order as soon as the last is answered, as each of pgbench's
 *    clients does — the most orders per second the server reaches with 64 users, and their latency
 *    (mostly waiting behind the other users' orders: 64 users / throughput). The goal (≥ 50% of
 *    pgbench's tps, p99 ≤ 50 ms) is judged here, on orders that all succeeded;
 * 3. open loop, the stricter view: the same users send orders at a fixed total rate, half of pgbench's
 *    tps of phase 1 (the goal's throughput; BENCH_RATE overrides), each timed from the moment it was due,
 *    however many are still in flight — the latency at that load when arrivals do not wait for replies.
 * "transactions / order" is PostgreSQL's own count of committed transactions (pg_stat_database, every
 * autocommitted statement counts) during phases 2 and 3, over the orders sent.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders/run.ts
 *
 * Environment: BENCH_SECONDS (default 15, per phase), BENCH_CLIENTS (default 64), BENCH_RATE (orders/s of
 * phase 3), PGBENCH (binary; default `pgbench` on PATH, else /usr/lib/postgresql/15/bin/pgbench),
 * PGBENCH_SCALE (default 16). The app's tables live in a throwaway schema; both are dropped.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb, migrateToLatest, withTx } from '@kabuto/db';
import { ManualClock, units } from '@kabuto/domain';
import { createTransfers, platformAccount, userAccount } from '@kabuto/ledger';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';
import { SESSION_TTL_MS } from '../../apps/server/src/shared/sessions.ts';
import { openLoop } from '../support/open-loop.ts';
import { pgbench } from '../support/pgbench.ts';
import { percentile } from '../support/stats.ts';

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const SECONDS = num('BENCH_SECONDS', 15);
const CLIENTS = num('BENCH_CLIENTS', 64);
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const SYMBOLS = ['7203', '6758', '9984', '8306', '6861', '9432', '6098', '4063'];

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

interface Phase {
  orders: number;
  failed: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** The server process's CPU time (user + system) per order, in ms. */
  cpu: number;
}

function summary(latencies: number[], failed: number, seconds: number, cpu: NodeJS.CpuUsage): Phase {
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    failed,
    rate: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    cpu: (cpu.user + cpu.system) / 1000 / latencies.length,
  };
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

async function ordersRun(rateFor: () => number) {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const tokens = await seedUsers(schema);
  const before = await committed();
  const handle = await createDb({ url: URL_, schema, poolSize: CLIENTS + 4 });
  const clock = new ManualClock(T0);
  const env = loadEnv({ LOG_LEVEL: 'silent', RATE_LIMIT_MONEY: '100000000' });
  const app = await buildApp({ db: handle.db, clock, env, webDist: null, adminDist: null });
  await app.ready();
  for (const s of SYMBOLS) app.kabuto.market.quote(s);
  let failed = 0;
  const reasons = new Map<string, number>();
  const order = async (token: string, i: number) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/vue/trade/buy_stock',
      headers: { token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      payload: JSON.stringify({
        symbol: SYMBOLS[i % SYMBOLS.length],
        zhang: '100',
        ganggan: '2',
        buyzd: 1 + (i % 2),
        gdlx: 1,
        type: 'jpy',
      }),
    });
    const body = r.json();
    if (r.statusCode !== 200 || body.status !== 1) {
      failed++;
      const why = `${r.statusCode} ${body.msg ?? ''}`;
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    }
  };
  // warm-up
  await Promise.all(tokens.map((t, i) => order(t, i)));
  const warmup = tokens.length;

  // closed loop
  failed = 0;
  const closedLatencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let cpu = process.cpuUsage();
  await Promise.all(
    tokens.map(async (token, c) => {
      let i = c;
      while (performance.now() < end) {
        const t0 = performance.now();
        await order(token, i++);
        closedLatencies.push(performance.now() - t0);
      }
    }),
  );
  const closed = summary(
    closedLatencies,
    failed,
    (performance.now() - started) / 1000,
    process.cpuUsage(cpu),
  );

  // open loop: orders due at a fixed rate, round-robin over the users, each timed from when it was due
  failed = 0;
  const rate = rateFor();
  const openLatencies: number[] = [];
  const t0 = performance.now();
  cpu = process.cpuUsage();
  await openLoop(rate, Math.round(rate * SECONDS), async (k, due) => {
    await order(tokens[k % tokens.length], k);
    openLatencies.push(performance.now() - due);
  });
  const open = summary(openLatencies, failed, (performance.now() - t0) / 1000, process.cpuUsage(cpu));

  const positions = await handle.db
    .selectFrom('position')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await app.close();
  await handle.db.destroy();
  // Backends report their counts when they end: read after the pool is gone.
  const after = await committed();
  const admin = await createDb({ url: URL_, poolSize: 1 });
  await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
  await admin.close();
  const sent = warmup + closed.orders + open.orders;
  return {
    closed,
    open,
    rate,
    positions: Number(positions.n),
    reasons: [...reasons].map(([why, n]) => `${why} ×${n}`).join(', '),
    sent,
    txPerOrder: Number(after - before) / sent,
  };
}

async function main() {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  process.stdout.write(
    `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}\n`,
  );
  const p = await pgbench({ url: URL_, clients: CLIENTS, seconds: SECONDS });
  process.stdout.write(
    `pgbench TPC-B: ${p.tps.toFixed(0)} tps at ${CLIENTS} clients, p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms\n`,
  );
  const goal = p.tps / 2;
  const o = await ordersRun(() => Number(process.env.BENCH_RATE || Math.round(goal)));
  const line = (name: string, r: Phase) =>
    `${name}: ${r.orders} orders in ${SECONDS}s → ${r.rate.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(0)} ms, refused/failed ${r.failed}; bench process CPU ${r.cpu.toFixed(2)} ms/order\n`;
  process.stdout.write(line(`closed loop, ${CLIENTS} users`, o.closed));
  const allOk = o.closed.failed === 0;
  const verdict = (met: boolean) => (met && allOk ? 'met' : allOk ? 'not met' : 'not met: orders failed');
  process.stdout.write(
    `  ${((o.closed.rate / p.tps) * 100).toFixed(0)}% of pgbench tps (goal ≥ 50%: ${verdict(o.closed.rate >= goal)}), p99 ${o.closed.p99.toFixed(1)} ms (goal ≤ 50 ms: ${verdict(o.closed.p99 <= 50)})\n`,
  );
  process.stdout.write(line(`open loop at ${o.rate} orders/s, ${CLIENTS} users`, o.open));
  const at = process.env.BENCH_RATE ? `${o.rate} orders/s (BENCH_RATE)` : "the goal's throughput";
  process.stdout.write(`  p99 ${o.open.p99 <= 50 ? '≤' : '>'} 50 ms at ${at} in an open loop\n`);
  process.stdout.write(
    `positions ${o.positions} of ${o.sent} orders sent; ${o.txPerOrder.toFixed(2)} PostgreSQL transactions per order\n`,
  );
  if (o.reasons) process.stdout.write(`refused/failed: ${o.reasons}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
