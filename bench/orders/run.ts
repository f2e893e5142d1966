/**
 * Market orders per second and p99 latency on PostgreSQL with 64 concurrent users, next to pgbench's
 * TPC-B on the same server in the same run. Each order is a full POST /api/vue/trade/buy_stock through
 * Fastify (auth, idempotency key, rate limit, validation) — one SQL transaction writing the margin and
 * fee transfers, the position row and the fund records. The clock stands inside the Tokyo session.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders/run.ts
 *
 * Environment: BENCH_SECONDS (default 15), BENCH_CLIENTS (default 64), PGBENCH (binary; default
 * `pgbench` on PATH, else /usr/lib/postgresql/15/bin/pgbench), PGBENCH_SCALE (default 16).
 * The app's tables live in a throwaway schema and pgbench in a throwaway database; both are dropped.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { promisify } from 'node:util';
import { createDb, migrateToLatest, withTx } from '@kabuto/db';
import { ManualClock, units } from '@kabuto/domain';
import { createTransfers, platformAccount, userAccount } from '@kabuto/ledger';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';

const run = promisify(execFile);
const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const SECONDS = num('BENCH_SECONDS', 15);
const CLIENTS = num('BENCH_CLIENTS', 64);
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const SYMBOLS = ['7203', '6758', '9984', '8306', '6861', '9432', '6098', '4063'];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function pgbenchTps(): Promise<{ tps: number; p99?: number; raw: string }> {
  const bin =
    process.env.PGBENCH ??
    (existsSync('/usr/lib/postgresql/15/bin/pgbench') ? '/usr/lib/postgresql/15/bin/pgbench' : 'pgbench');
  const u = new URL(URL_);
  const dbName = `kabuto_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = await createDb({ url: URL_, poolSize: 1 });
  await sql.raw(`CREATE DATABASE ${dbName}`).execute(admin.db);
  const target = new URL(URL_);
  target.pathname = `/${dbName}`;
  try {
    await run(bin, ['-i', '-q', '-s', String(num('PGBENCH_SCALE', 16)), target.toString()], {
      maxBuffer: 1 << 24,
    });
    const { stdout } = await run(
      bin,
      [
        '-c',
        String(CLIENTS),
        '-j',
        String(Math.max(1, cpus().length)),
        '-T',
        String(SECONDS),
        '-r',
        target.toString(),
      ],
      { maxBuffer: 1 << 24 },
    );
    const m = /tps = ([\d.]+)/.exec(stdout);
    const lat = /latency average = ([\d.]+) ms/.exec(stdout);
    return { tps: m ? Number(m[1]) : Number.NaN, raw: lat ? `avg latency ${lat[1]} ms` : '' };
  } finally {
    await sql
      .raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      .execute(admin.db)
      .catch(() => {});
    await admin.close();
    void u;
  }
}

async function ordersRun() {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const handle = await createDb({ url: URL_, schema, poolSize: CLIENTS + 4 });
  await migrateToLatest(handle.db, schema);
  const clock = new ManualClock(T0);
  const env = loadEnv({ LOG_LEVEL: 'silent', RATE_LIMIT_MONEY: '100000000' });
  const app = await buildApp({ db: handle.db, clock, env, webDist: null, adminDist: null });
  await app.ready();
  for (const s of SYMBOLS) app.kabuto.market.quote(s);
  // 64 users with a fund password, a session and ¥1bn each (a bank → cash transfer).
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
        .values({ user_id: u.id, token_hash: tokenHash(token), expires_at: new Date(T0 + 86_400_000) })
        .execute();
      const bank = await platformAccount(tx as never, 'bank', 'jpy');
      const cash = await userAccount(tx as never, u.id, 'jpy', 'cash');
      await createTransfers(tx, [
        {
          type: 'single',
          debitAccountId: bank.id,
          creditAccountId: cash.id,
          amount: units(1_000_000_000),
          currency: 'jpy',
          code: 'deposit',
        },
      ]);
    });
    tokens.push(token);
  }
  const order = (token: string, i: number) =>
    app.inject({
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
  // warm-up
  await Promise.all(tokens.map((t, i) => order(t, i)));
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, c) => {
      let i = c;
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await order(token, i++);
        latencies.push(performance.now() - t0);
        if (r.statusCode !== 200 || r.json().status !== 1) failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const positions = await handle.db
    .selectFrom('position')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  await app.close();
  await handle.db.destroy();
  const admin = await createDb({ url: URL_, poolSize: 1 });
  await sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).execute(admin.db);
  await admin.close();
  return {
    orders: latencies.length,
    failed,
    tps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    positions: Number(positions.n),
  };
}

async function main() {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  process.stdout.write(
    `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}\n`,
  );
  const o = await ordersRun();
  process.stdout.write(
    `orders: ${o.orders} market orders in ${SECONDS}s at ${CLIENTS} users → ${o.tps.toFixed(0)} orders/s, p50 ${o.p50.toFixed(1)} ms, p99 ${o.p99.toFixed(1)} ms, refused/failed ${o.failed}, positions ${o.positions}\n`,
  );
  const p = await pgbenchTps();
  process.stdout.write(`pgbench TPC-B: ${p.tps.toFixed(0)} tps at ${CLIENTS} clients (${p.raw})\n`);
  process.stdout.write(`ratio: ${((o.tps / p.tps) * 100).toFixed(0)}% of pgbench tps\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
