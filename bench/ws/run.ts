/**
 * How many WebSocket clients one server process serves with p99 tick delay ≤ 100 ms, next to a bare
 * `ws` server fed the same messages and to the machine's floor (`floor`, below). Loopback only; the
 * clients run in a child process on the same cores (bench/ws/clients.mjs: a minimal raw-socket client
 * that reads every frame but only the `time` digits of a tick, so that it measures the server rather
 * than itself; every mode uses the same one).
 *
 * Two workloads, each at every level of BENCH_WS_LEVELS:
 *
 * - `stress`: BENCH_WS_TPS (default 10) rounds per second, each ONE tick of 7203; every client is
 *   subscribed to 7203 alone. Many small sends per second: the worst case for per-send costs.
 * - `screens`: the product's rhythm. The simulator publishes one round per second with every quote that
 *   changed; here each round carries a tick of every Japanese stock of the catalogue and the two Japanese
 *   indices (47 ticks). Clients subscribe as the web app's screens do: half are on the home page of
 *   the Japanese market (the index cards = every index of the catalogue, plus the 10 rows of the
 *   "active" ranking), half on a stock's detail page (one Japanese stock each, in turn). A home client
 *   gets 12 ticks per round, a detail client 1; all ticks of a round arrive in one burst. 10 rounds
 *   (BENCH_WS_SCREENS_SECONDS).
 *
 * The app path: /api/vue/ws with auth and subscriptions; each round enters `stream.deliver` (what the
 * tick bus calls when the leader's publisher puts a round on it), goes through the per-socket coalescing
 * and the buffer check and is written to every subscribed socket. The bare path: a plain `ws`
 * WebSocketServer (no compression) that records each client's `sub` symbols and, per round, does
 * `JSON.stringify` once per tick and `client.send(json)` per subscriber.
 *
 * The floor: what the kernel alone costs on this machine, so that the app's figure can be read against
 * it. The same plain `ws` server for the handshake and subscriptions, but a round goes out as one
 * `write(2)` per subscribed socket (`fs.writeSync` on the socket's descriptor) of bytes prepared once per
 * subscription list: no stream, no framing, no per-socket JavaScript beyond the loop. No server can
 * send a round to every socket with fewer system calls, so where the floor fails, on this machine and
 * with the clients on its cores, no server code passes. (Apparatus only: a write the kernel takes short
 * is counted, not retried; the bench reports it as "short writes".) The order matters to the figure: the
 * p99 counts ticks, and a home client is owed 12 per round against a detail client's 1, so writing the
 * home clients first lowers the p99 with no socket served sooner. The app serves sockets in the order
 * they became due (by the first tick of the round each is owed; in this round the home screen's first
 * symbol comes early), so the floor writes in that same order: the two differ in cost only.
 *
 * Rounds are due at fixed instants (start + k × interval) and every tick's `time` carries its round's
 * due instant in ms, so time a busy event loop spends before the round is even handed over counts as
 * delay. A loop that is late hands over every round that is due at once, as a tick bus delivers the
 * rounds that queued while the process was busy ("rounds late" is the worst such wait). "delivered" <
 * expected: coalescing (a slow client gets the latest price per symbol, never a backlog) or frames still
 * in flight 1 s after the last round. cpu: the server process's and the client process's CPU time over
 * the measured seconds (100% = one core); "machine": how all cores spent those seconds (/proc/stat;
 * si = softirq, where loopback TCP is mostly processed). "fan-out per round": in the server process, from
 * handing a round over to the end of the event-loop turn that wrote it to every socket (median and
 * worst of the rounds): the server's own share of the delay, without the clients' reading. On loopback
 * the kernel delivers to the receiving socket inside each write, so this is mostly kernel time.
 *
 * After the levels, each mode's answer to "how many clients": the run bisects between the highest level
 * that passed and the first that failed, in steps of BENCH_WS_SEARCH_STEP clients (one run per level
 * tried, so a level near the edge may go either way on another run).
 *
 *   npx tsx bench/ws/run.ts   BENCH_WS_LEVELS=1000,5000,10000  BENCH_WS_SECONDS=5 (stress)  BENCH_WS_TPS=10
 *                             BENCH_WS_SCREENS_SECONDS=10  BENCH_WS_SEARCH_STEP=1000 (0: no search)
 *                             BENCH_WS_WORKLOADS=stress,screens  BENCH_WS_MODES=app,bare,floor
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type { WsTick } from '@kabuto/contract';
import { createDb, migrateToLatest } from '@kabuto/db';
import { ManualClock } from '@kabuto/domain';
import { INDICES, JP_STOCKS, rankQuotes } from '@kabuto/market';
import { type WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { tokenHash } from '../../apps/server/src/lib/crypto.ts';
import { encodeTextFrame } from '../../apps/server/src/modules/quotes/ws-frames.ts';
import { SESSION_TTL_MS } from '../../apps/server/src/shared/sessions.ts';

const LEVELS = (process.env.BENCH_WS_LEVELS ?? '1000,5000,10000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 5);
/** The screens workload sends one round per second: 10 rounds so that one slow round is not the whole p99. */
const SCREENS_SECONDS = Number(process.env.BENCH_WS_SCREENS_SECONDS ?? 10);
const TICKS_PER_SECOND = Number(process.env.BENCH_WS_TPS ?? 10);
const WORKLOADS = (process.env.BENCH_WS_WORKLOADS ?? 'stress,screens').split(',');
type Mode = 'app' | 'bare' | 'floor';
const MODES = (process.env.BENCH_WS_MODES ?? 'app,bare,floor').split(',') as Mode[];
/** After the levels, bisect between the last passing and the first failing one to this step (0: off). */
const SEARCH_STEP = Number(process.env.BENCH_WS_SEARCH_STEP ?? 1000);
const T0 = Date.parse('2026-11-24T10:00:00+09:00');
const CLIENT = new URL('./clients.mjs', import.meta.url).pathname;
/** Time after the last round for frames still on their way. */
const SETTLE_MS = 1000;

interface Report {
  received: number;
  frames: number;
  open: number;
  cpu: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

interface Workload {
  name: string;
  roundsPerSecond: number;
  seconds: number;
  /** Subscription lists; client i subscribes to plans[i % plans.length]. */
  plans: string[][];
  /** The ticks of round `seq`, stamped with `time`. */
  round: (time: number, seq: number) => WsTick[];
}

const tick = (symbol: string, base: number, time: number, seq: number): WsTick => ({
  type: 'tick',
  symbol,
  price: base + (seq % 50),
  gain: 0.1,
  gainValue: 3,
  high: base + 100,
  low: base - 50,
  volume: 1000 + seq,
  time,
});

function workloads(homeRanking: string[]): Workload[] {
  const stress: Workload = {
    name: 'stress',
    roundsPerSecond: TICKS_PER_SECOND,
    seconds: SECONDS,
    plans: [['7203']],
    round: (time, seq) => [tick('7203', 3000, time, seq)],
  };
  const jpIndices = INDICES.filter((i) => i.market === 'jpy').map((i) => i.symbol);
  const roundSymbols = [...JP_STOCKS.map((i) => i.symbol), ...jpIndices];
  const home = [...INDICES.map((i) => i.symbol), ...homeRanking];
  const plans: string[][] = [];
  for (const s of JP_STOCKS) plans.push(home, [s.symbol]);
  const screens: Workload = {
    name: 'screens',
    roundsPerSecond: 1,
    seconds: SCREENS_SECONDS,
    plans,
    round: (time, seq) => roundSymbols.map((s, k) => tick(s, 1000 + 10 * k, time, seq)),
  };
  return [stress, screens].filter((w) => WORKLOADS.includes(w.name));
}

function spawnClients(
  url: string,
  n: number,
  mode: string,
  token: string,
  plans: string[][],
): Promise<{ child: ChildProcess; connected: number }> {
  const child = fork(CLIENT, [url, String(n), mode, token, JSON.stringify(plans)], {
    stdio: 'inherit',
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${n} clients did not connect in time`)), 120_000);
    child.once('message', (m: { type: string; connected: number }) => {
      clearTimeout(timer);
      resolve({ child, connected: m.connected });
    });
  });
}

/** Machine-wide CPU jiffies from /proc/stat (Linux): user+nice, system, softirq+irq, steal, idle+iowait. */
function machineCpu(): number[] | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return [f[0] + f[1], f[2], f[5] + f[6], f[7] ?? 0, f[3] + f[4]];
  } catch {
    return null;
  }
}

/** "us 40% sy 30% si 20% st 0% idle 10%" of all cores between two `machineCpu()` readings. */
function machineShare(a: number[] | null, b: number[] | null): string {
  if (!a || !b) return 'n/a';
  const d = b.map((x, i) => x - a[i]);
  const total = d.reduce((x, y) => x + y, 0) || 1;
  const names = ['us', 'sy', 'si', 'st', 'idle'];
  return d.map((x, i) => `${names[i]} ${Math.round((100 * x) / total)}%`).join(' ');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ask = (child: ChildProcess): Promise<Report> =>
  new Promise((resolve) => {
    child.once('message', (m: Report) => resolve(m));
    child.send({ type: 'report' });
  });

/** Sends seconds × roundsPerSecond rounds at fixed instants; returns the clients' report and server CPU. */
async function measure(
  child: ChildProcess,
  roundsPerSecond: number,
  seconds: number,
  send: (time: number, seq: number) => void,
): Promise<Report & { serverCpu: number; lateMax: number; machine: string }> {
  child.send({ type: 'measure' });
  await sleep(200);
  const cpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const wall0 = Date.now();
  const interval = 1000 / roundsPerSecond;
  const rounds = Math.round(seconds * roundsPerSecond);
  const start = Date.now() + 10;
  let lateMax = 0;
  await new Promise<void>((resolve) => {
    let seq = 0;
    const due = (k: number) => Math.round(start + k * interval);
    // every round that is due goes out now, as rounds that queued on the bus while the loop was busy
    const step = () => {
      const now = Date.now();
      do {
        lateMax = Math.max(lateMax, now - due(seq));
        send(due(seq), seq);
        seq++;
      } while (seq < rounds && due(seq) <= now);
      if (seq >= rounds) resolve();
      else setTimeout(step, Math.max(0, due(seq) - Date.now()));
    };
    setTimeout(step, Math.max(0, start - Date.now()));
  });
  await sleep(SETTLE_MS);
  const cpu = process.cpuUsage(cpu0);
  const serverCpu = (cpu.user + cpu.system) / 1000 / (Date.now() - wall0);
  const machine = machineShare(machine0, machineCpu());
  return { ...(await ask(child)), serverCpu, lateMax, machine };
}

/**
 * A plain `ws` server (no compression) on a free port, for the bare and floor modes: it hands each
 * client's `sub` to `subscribed` and answers it with an empty snapshot. Resolves once it listens.
 */
async function plainServer(subscribed: (ws: WebSocket, symbols: string[]) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { op: string; symbols?: string[] };
      if (m.op !== 'sub' || !m.symbols) return;
      subscribed(ws, m.symbols);
      ws.send(JSON.stringify({ type: 'snapshot', quotes: [] }));
    });
  });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  return { wss, url: `ws://127.0.0.1:${(wss.address() as { port: number }).port}` };
}

/** The bare server: remembers each client's subscriptions, `client.send(json)` per subscriber. */
async function bareServer() {
  const bySymbol = new Map<string, Set<WebSocket>>();
  const server = await plainServer((ws, symbols) => {
    for (const s of symbols) {
      let set = bySymbol.get(s);
      if (!set) {
        set = new Set();
        bySymbol.set(s, set);
      }
      set.add(ws);
    }
    ws.once('close', () => {
      for (const s of symbols) bySymbol.get(s)?.delete(ws);
    });
  });
  const broadcast = (ticks: readonly WsTick[]) => {
    for (const t of ticks) {
      const set = bySymbol.get(t.symbol);
      if (!set || set.size === 0) continue;
      const json = JSON.stringify(t);
      for (const ws of set) if (ws.readyState === 1) ws.send(json);
    }
  };
  return { ...server, broadcast };
}

/**
 * The floor (see the header): the plain server's handshake and subscriptions; a round is one `write(2)`
 * per socket of the frames of its symbols, joined once per subscription list, the sockets in the order
 * the app serves them: by the first tick of the round each is owed, then in the order they subscribed.
 */
async function floorServer() {
  /** The subscribed sockets' file descriptors by subscription list (symbols joined with commas), in the order they came. */
  const byPlan = new Map<string, { symbols: string[]; fds: Set<number> }>();
  let short = 0;
  const server = await plainServer((ws, symbols) => {
    const fd = (ws as unknown as { _socket: { _handle: { fd: number } } })._socket._handle.fd;
    const key = symbols.join(',');
    let plan = byPlan.get(key);
    if (!plan) {
      plan = { symbols, fds: new Set() };
      byPlan.set(key, plan);
    }
    plan.fds.add(fd);
    const fds = plan.fds;
    // the descriptor's number is reused once the socket closes: it must leave the round first
    ws.once('close', () => fds.delete(fd));
  });
  const broadcast = (ticks: readonly WsTick[]) => {
    const frames = new Map(ticks.map((t) => [t.symbol, encodeTextFrame(JSON.stringify(t)).wire]));
    const due = new Map(ticks.map((t, i) => [t.symbol, i]));
    const order: { first: number; bytes: Buffer; fds: Set<number> }[] = [];
    for (const { symbols, fds } of byPlan.values()) {
      const owed = symbols.filter((s) => frames.has(s));
      if (owed.length === 0) continue;
      owed.sort((a, b) => (due.get(a) ?? 0) - (due.get(b) ?? 0));
      order.push({
        first: due.get(owed[0]) ?? 0,
        bytes: Buffer.concat(owed.map((s) => frames.get(s) as Buffer)),
        fds,
      });
    }
    order.sort((a, b) => a.first - b.first); // stable: lists due at the same tick keep their order
    for (const { bytes, fds } of order) {
      for (const fd of fds) {
        try {
          if (writeSync(fd, bytes) < bytes.length) short++;
        } catch {
          short++;
        }
      }
    }
  };
  return {
    ...server,
    broadcast,
    takeShort: () => {
      const n = short;
      short = 0;
      return n;
    },
  };
}

async function main() {
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  const handle = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  const app = await buildApp({
    db: handle.db,
    clock: new ManualClock(T0),
    // every bench client comes from 127.0.0.1: lift the per-address connection cap
    env: loadEnv({ LOG_LEVEL: 'silent', MAX_CONNECTIONS_PER_IP: '1000000' }),
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
    .values({
      user_id: user.id,
      token_hash: tokenHash(token),
      // sessions expire on real time (the app's `timers`), not on the market clock that stands at T0
      expires_at: new Date(Date.now() + SESSION_TTL_MS),
    })
    .execute();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `${address.replace('http', 'ws')}/api/vue/ws`;
  const deflate = Boolean(app.websocketServer.options.perMessageDeflate);
  process.stdout.write(
    `machine: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; load ${load}; app perMessageDeflate ${deflate}\n`,
  );

  const { market } = app.kabuto;
  const ranking = rankQuotes(market.quotes(JP_STOCKS.map((i) => i.symbol)), 'active', { limit: 10 }).map(
    (q) => q.symbol,
  );

  const bare = await bareServer();
  const floor = await floorServer();
  const urls: Record<Mode, string> = { app: appUrl, bare: bare.url, floor: floor.url };
  const senders: Record<Mode, (ticks: WsTick[]) => void> = {
    app: (ticks) => app.kabuto.stream.deliver(ticks),
    bare: (ticks) => bare.broadcast(ticks),
    floor: (ticks) => floor.broadcast(ticks),
  };

  for (const w of workloads(ranking)) {
    const perRound = new Set(w.round(0, 0).map((t) => t.symbol));
    /** One level of one mode: prints its two lines, returns whether p99 ≤ 100 ms. */
    const runLevel = async (n: number, mode: Mode): Promise<boolean> => {
      const started = Date.now();
      const { child, connected } = await spawnClients(urls[mode], n, mode, token, w.plans);
      const connectS = ((Date.now() - started) / 1000).toFixed(1);
      let framesPerRound = 0;
      for (let i = 0; i < connected; i++) {
        for (const s of w.plans[i % w.plans.length]) if (perRound.has(s)) framesPerRound++;
      }
      floor.takeShort();
      const fanout: number[] = [];
      const r = await measure(child, w.roundsPerSecond, w.seconds, (time, seq) => {
        const ticks = w.round(time, seq);
        const t0 = performance.now();
        senders[mode](ticks);
        // the app writes in its own setImmediate, queued by the call above: this one runs after it
        setImmediate(() => fanout.push(performance.now() - t0));
      });
      fanout.sort((a, b) => a - b);
      const fan = (q: number) =>
        (fanout[Math.min(fanout.length - 1, Math.floor(q * fanout.length))] ?? 0).toFixed(1);
      const short = mode === 'floor' ? `, short writes ${floor.takeShort()}` : '';
      const expected = framesPerRound * Math.round(w.seconds * w.roundsPerSecond);
      const ok = r.p99 !== null && r.p99 <= 100;
      const pct = (x: number) => `${Math.round(x * 100)}%`;
      const line =
        `${w.name.padEnd(7)} ${mode.padEnd(5)} ${String(n).padStart(6)} clients (connected ${connected} in ${connectS}s): ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms, delivered ${r.received}/${expected}, ` +
        `cpu server ${pct(r.serverCpu)} clients ${pct(r.cpu)}, rounds late ≤ ${r.lateMax} ms${short}${ok ? '  ✓ p99 ≤ 100 ms' : '  ✗'}`;
      const machineLine = `${' '.repeat(13)}machine: ${r.machine}; fan-out per round: median ${fan(0.5)} ms, max ${fan(1)} ms`;
      process.stdout.write(`${line}\n${machineLine}\n`);
      child.send({ type: 'close' });
      await new Promise((res) => child.once('exit', res));
      await sleep(500);
      return ok;
    };

    const passed = new Map<Mode, Map<number, boolean>>(MODES.map((m) => [m, new Map()]));
    for (const n of LEVELS) {
      for (const mode of MODES) passed.get(mode)!.set(n, await runLevel(n, mode));
    }
    // How many clients: between the highest level that passed below the first that failed, and that one.
    for (const mode of MODES) {
      const results = passed.get(mode)!;
      const levels = [...results.keys()].sort((a, b) => a - b);
      let hi = levels.find((n) => !results.get(n)) ?? null;
      let lo = levels.filter((n) => results.get(n) && (hi === null || n < hi)).pop() ?? null;
      while (SEARCH_STEP > 0 && lo !== null && hi !== null && hi - lo > SEARCH_STEP) {
        const mid = lo + Math.max(SEARCH_STEP, Math.round((hi - lo) / 2 / SEARCH_STEP) * SEARCH_STEP);
        if (mid >= hi) break;
        if (await runLevel(mid, mode)) lo = mid;
        else hi = mid;
      }
      const verdict =
        lo === null
          ? `fails already at ${hi} clients`
          : hi === null
            ? `serves ${lo} clients (the highest level run)`
            : `serves ${lo} clients, not ${hi}`;
      process.stdout.write(`→ ${w.name} ${mode}: ${verdict} at p99 ≤ 100 ms\n`);
    }
  }
  process.stdout.write(
    `load after: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}\n`,
  );
  bare.wss.close();
  floor.wss.close();
  await app.close();
  await handle.close();
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
