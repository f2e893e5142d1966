/**
 * Reads every screen makes, against the ceiling of the same server in the same run.
 *
 * The server (buildApp on PostgreSQL when DATABASE_URL is set, else in-memory PGlite) runs in this
 * process; the load runs in a child process of its own (bench/api/load.ts), so that the
 * generator does not share the server's event loop. The demo user is logged in and holds a few
 * positions (the clock stands inside the Tokyo session).
 *
 * For each call, GET /healthz of the same server is measured right before it: the ceiling (Fastify, the
 * loopback and the generator on this machine, no database). Each is measured twice:
 * - closed loop: BENCH_CONNECTIONS (50) connections, each sending its next request on the reply, for
 *   BENCH_SECONDS — the most requests per second; the goal is ≥ 30% of the ceiling's;
 * - steady: BENCH_RATE (1,000) requests per second in all, each sent when it is due (an open loop, on up
 *   to BENCH_CONNECTIONS connections; bench/api/load.ts), for BENCH_SECONDS after a second's warm-up, 2 s
 *   after the closed loops — the latency at that load, from when each request was due; the goal is
 *   p99 ≤ 10 ms.
 * Login is measured once (closed loop) at the production argon2 cost, for what users feel.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- api
 * (`npm run bench` gives this process the server's V8 options, scripts/runtime.mjs.)
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb, migrateToLatest } from '@kabuto/db';
import { ManualClock } from '@kabuto/domain';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import type { Result } from './load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
/** A steady phase starts this long after the closed loops, and runs a second at the rate before it counts. */
const SETTLE_MS = 2000;
const WARMUP_SECONDS = 1;
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const LOAD = new URL('./load.ts', import.meta.url).pathname;

/** One run of the load generator in its child process (it runs under tsx as this one does). */
function load(opts: Record<string, unknown>): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => resolve(m as Result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`load generator exited ${code}`));
    });
    child.send(opts);
  });
}

async function main() {
  const env = loadEnv({
    ...process.env,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN: '100000000',
    RATE_LIMIT_REGISTER: '100000000',
    RATE_LIMIT_MONEY: '100000000',
    // every connection of the load comes from 127.0.0.1
    MAX_CONNECTIONS_PER_IP: '1000000',
  });
  const schema = env.DATABASE_URL ? `bench_api_${Date.now()}` : 'public';
  const handle = env.DATABASE_URL
    ? await createDb({ url: env.DATABASE_URL, schema, poolSize: CONNECTIONS + 4 })
    : await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db, schema);
  const clock = new ManualClock(T0);
  const app = await buildApp({ db: handle.db, clock, env, webDist: null, adminDist: null });
  await seedDemo(
    handle.db,
    env,
    { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    clock,
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const loginBody = JSON.stringify({ account: env.DEMO_ACCOUNT, password: env.DEMO_PASSWORD });
  const post = async (path: string, body: string, headers: Record<string, string> = {}) =>
    (await (
      await fetch(`${url}/api/vue${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    ).json()) as { status: number; data: { token: string } };
  const { data } = await post('/user/login', loginBody);
  const auth = { token: data.token, account: env.DEMO_ACCOUNT };
  for (const symbol of ['7203', '6758', '9984']) {
    const r = await post(
      '/trade/buy_stock',
      JSON.stringify({ type: 'jpy', symbol, zhang: '100', ganggan: '2', buyzd: 1, gdlx: 1 }),
      { ...auth, 'idempotency-key': randomUUID() },
    );
    if (r.status !== 1) throw new Error(`setup order refused: ${JSON.stringify(r)}`);
  }

  const target = (path: string, body?: string, headers: Record<string, string> = {}) =>
    body === undefined
      ? { url: `${url}${path}`, method: 'GET' }
      : {
          url: `${url}/api/vue${path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        };
  const closed = (t: object) => load({ ...t, connections: CONNECTIONS, duration: SECONDS });
  /** After a closed loop: the process and the database catch up before a steady phase is timed. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const steady = (t: object) =>
    load({ ...t, connections: CONNECTIONS, duration: SECONDS, rate: RATE, warmup: WARMUP_SECONDS });

  const calls = [
    ['getUserinfo', target('/user/getUserinfo', '{"type":"jpy"}', auth)],
    ['positions (userstocklist)', target('/trade/userstocklist', '{"type":"jpy"}', auth)],
  ] as const;
  const healthz = target('/healthz');
  const rows: string[] = [];
  const verdicts: string[] = [];
  const row = (name: string, mode: string, r: Result, share?: number) =>
    `| ${name} | ${mode} | ${r.rps.toFixed(0)} | ${share === undefined ? '—' : `${(share * 100).toFixed(0)}%`} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx + r.errors + r.timeouts} |`;
  for (const [name, t] of calls) {
    const ceiling = await closed(healthz);
    const c = await closed(t);
    await settle();
    const ceilingSteady = await steady(healthz);
    const s = await steady(t);
    const share = c.rps / ceiling.rps;
    rows.push(
      row('/healthz (ceiling)', `closed, ${CONNECTIONS} conn.`, ceiling),
      row(name, `closed, ${CONNECTIONS} conn.`, c, share),
      row('/healthz (ceiling)', `steady ${RATE}/s`, ceilingSteady),
      row(name, `steady ${RATE}/s`, s),
    );
    verdicts.push(
      `${name}: ${(share * 100).toFixed(0)}% of the ceiling's req/s (goal ≥ 30%: ${share >= 0.3 ? 'met' : 'not met'}), ` +
        `p99 ${s.p99} ms at ${RATE}/s (goal ≤ 10 ms: ${s.p99 <= 10 ? 'met' : 'not met'}; the ceiling's p99 ${ceilingSteady.p99} ms)`,
    );
  }
  const login = await closed(target('/user/login', loginBody));
  rows.push(
    row(
      `login (argon2 ${env.ARGON2_MEMORY_KIB} KiB × ${env.ARGON2_TIME_COST})`,
      `closed, ${CONNECTIONS} conn.`,
      login,
    ),
  );

  process.stdout.write(
    [
      `API benchmark, ${new Date().toISOString().slice(0, 16)}Z, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ` +
        `${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()[0].toFixed(2)}, Node ${process.version}, ${handle.kind}, ` +
        `${SECONDS} s per run, load generator in its own process, NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}`,
      '',
      '| call | load | req/s | share of ceiling | p50 ms | p99 ms | max ms | errors |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      ...verdicts,
      '',
    ].join('\n'),
  );
  await app.close();
  if (handle.kind === 'postgres') await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(handle.db);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
