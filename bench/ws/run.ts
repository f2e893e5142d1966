/**
 * How many WebSocket clients one server process serves with p99 tick delay ≤ 100 ms, next to a bare
 * `ws` broadcast of the same messages. Loopback only; the clients run in a child process.
 *
 * The app path: /api/vue/ws with auth and a subscription to one symbol; ticks enter the process's tick
 * bus (as the leader's publisher would put them there) at TICKS_PER_SECOND, go through the per-socket
 * coalescing and the buffer check, and are written to every subscribed socket. The tick's `time` field
 * carries the send instant in ms so the clients can measure the delay.
 *
 *   npx tsx bench/ws/run.ts            BENCH_WS_LEVELS=1000,5000,10000  BENCH_WS_SECONDS=5
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { createDb, migrateToLatest } from '@kabuto/db';
import { ManualClock } from '@kabuto/domain';
import { WebSocketServer } from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';

const LEVELS = (process.env.BENCH_WS_LEVELS ?? '1000,5000,10000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 5);
const TICKS_PER_SECOND = Number(process.env.BENCH_WS_TPS ?? 10);
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const CLIENT = new URL('./clients.mjs', import.meta.url).pathname;

interface Report {
  received: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

function spawnClients(
  url: string,
  n: number,
  mode: string,
  token = '',
): Promise<{ child: ChildProcess; connected: number }> {
  const child = fork(CLIENT, [url, String(n), mode, token], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${n} clients did not connect in time`)), 60_000);
    child.once('message', (m: { type: string; connected: number }) => {
      clearTimeout(timer);
      resolve({ child, connected: m.connected });
    });
  });
}

const ask = (child: ChildProcess): Promise<Report> =>
  new Promise((resolve) => {
    child.once('message', (m: Report) => resolve(m));
    child.send({ type: 'report' });
  });

async function measure(child: ChildProcess, send: (time: number, seq: number) => void): Promise<Report> {
  child.send({ type: 'measure' });
  await new Promise((r) => setTimeout(r, 200));
  let seq = 0;
  const timer = setInterval(() => send(Date.now(), seq++), 1000 / TICKS_PER_SECOND);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timer);
  await new Promise((r) => setTimeout(r, 300));
  return ask(child);
}

const tick = (time: number, seq: number) => ({
  type: 'tick' as const,
  symbol: '7203',
  price: `${3000 + (seq % 50)}.0000`,
  gain: '0.10',
  gainValue: '3.0000',
  high: '3100.0000',
  low: '2950.0000',
  volume: String(1000 + seq),
  time,
});

async function main() {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  process.stdout.write(
    `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}\n`,
  );
  const handle = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const app = await buildApp({
    db: handle.db,
    clock: new ManualClock(T0),
    env: loadEnv({ LOG_LEVEL: 'silent' }),
    webDist: null,
    adminDist: null,
  });
  const token = randomBytes(32).toString('base64url');
  const user = await handle.db
    .insertInto('app_user')
    .values({ account: 'wsbench', password_hash: 'x', invite_code: 'WSBENCH' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto('session')
    .values({ user_id: user.id, token_hash: tokenHash(token), expires_at: new Date(T0 + 86_400_000) })
    .execute();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `${address.replace('http', 'ws')}/api/vue/ws`;

  const bare = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((r) => bare.once('listening', () => r()));
  const bareUrl = `ws://127.0.0.1:${(bare.address() as { port: number }).port}`;

  const rows: string[] = [];
  for (const n of LEVELS) {
    for (const mode of ['app', 'bare'] as const) {
      const started = Date.now();
      const { child, connected } = await spawnClients(mode === 'app' ? appUrl : bareUrl, n, mode, token);
      const connectS = ((Date.now() - started) / 1000).toFixed(1);
      const send =
        mode === 'app'
          ? (time: number, seq: number) => app.kabuto.stream.deliver([tick(time, seq)])
          : (time: number, seq: number) => {
              const json = JSON.stringify(tick(time, seq));
              for (const c of bare.clients) c.send(json);
            };
      const r = await measure(child, send);
      const expected = connected * SECONDS * TICKS_PER_SECOND;
      const line = `${mode.padEnd(4)} ${String(n).padStart(6)} clients (connected ${connected} in ${connectS}s): p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, delivered ${r.received}/${expected}${r.p99 !== null && r.p99 <= 100 ? '  ✓ p99 ≤ 100 ms' : '  ✗'}`;
      process.stdout.write(`${line}\n`);
      rows.push(line);
      child.send({ type: 'close' });
      await new Promise((res) => child.once('exit', res));
      await new Promise((res) => setTimeout(res, 500));
    }
  }
  bare.close();
  await app.close();
  await handle.close();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
