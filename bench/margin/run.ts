/**
 * The per-tick maintenance recompute: many margin accounts in the domain's `MarginIndex`, one tick moving
 * some symbols, the time to bring the affected accounts' maintenance ratios up to date (and to pick out
 * those below the line), against the tick interval (the simulator's stream: 1,000 ms). Beside it, in the
 * same run: a full recompute of every account's book from its positions (what a scan per tick costs).
 *
 *   npx tsx bench/margin/run.ts            (or `npm run bench -- margin`)
 *
 * Environment: BENCH_ACCOUNTS (default 10,000), BENCH_POSITIONS (default 100,000), BENCH_SYMBOLS (the
 * catalogue held, default 4,000), BENCH_MOVED (symbols a tick moves, default 500), BENCH_TICKS (default
 * 50), BENCH_TICK_MS (the interval, default 1000). The acceptance size is BENCH_ACCOUNTS=100000
 * BENCH_POSITIONS=1000000.
 */
import { cpus, loadavg } from 'node:os';
import { type MarginHolding, MarginIndex, maintenanceRatioPpm } from '@kabuto/domain';
import { percentile } from '../support/stats.ts';

const num = (name: string, fallback: number) => Number(process.env[name] || fallback);
const ACCOUNTS = num('BENCH_ACCOUNTS', 10_000);
const POSITIONS = num('BENCH_POSITIONS', 100_000);
const SYMBOLS = num('BENCH_SYMBOLS', 4_000);
const MOVED = num('BENCH_MOVED', 500);
const TICKS = num('BENCH_TICKS', 50);
const TICK_MS = num('BENCH_TICK_MS', 1000);
const U = 10_000n;
const LINE = 200_000n;

/** A small deterministic generator (the same book every run). */
let seed = 42;
const rnd = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const mib = (b: number) => (b / 2 ** 20).toFixed(0);
const ms = (ns: bigint) => Number(ns) / 1e6;

function main() {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  out(
    `margin: ${ACCOUNTS.toLocaleString('en')} accounts, ${POSITIONS.toLocaleString('en')} positions over ${SYMBOLS.toLocaleString('en')} symbols; a tick moves ${MOVED}; ${TICKS} ticks; tick interval ${TICK_MS} ms`,
  );
  out(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const symbols = Array.from({ length: SYMBOLS }, (_, i) => `S${i}`);
  const prices = symbols.map(() => BigInt(100 + Math.floor(rnd() * 9_900)) * U);

  global.gc?.();
  const heap0 = process.memoryUsage();
  const t0 = process.hrtime.bigint();
  const index = new MarginIndex();
  // the books as plain rows too, for the full recompute beside it
  const books: { collateral: bigint; positions: (MarginHolding & { s: number })[] }[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const collateral = BigInt(300_000 + Math.floor(rnd() * 5_000_000)) * U;
    index.addAccount(collateral);
    books.push({ collateral, positions: [] });
  }
  for (let p = 0; p < POSITIONS; p++) {
    const a = p % ACCOUNTS;
    const s = Math.floor(rnd() * SYMBOLS);
    const quantity = BigInt(100 * (1 + Math.floor(rnd() * 10)));
    const direction = rnd() < 0.8 ? 1 : 2;
    const holding = { openPrice: prices[s], quantity, direction };
    index.addPosition(a, symbols[s], holding);
    books[a].positions.push({ ...holding, price: prices[s], s });
  }
  // each account's collateral: 25%–60% of its contract value (most above the 20% line, some near it)
  books.forEach((b, a) => {
    const notional = b.positions.reduce((x, p) => x + p.openPrice * p.quantity, 0n);
    b.collateral = (notional * BigInt(25 + Math.floor(rnd() * 36))) / 100n;
    index.setCollateral(a, b.collateral);
  });
  const built = ms(process.hrtime.bigint() - t0);
  global.gc?.();
  const heap1 = process.memoryUsage();
  out(
    `built in ${built.toFixed(0)} ms; heap ${mib(heap0.heapUsed)} → ${mib(heap1.heapUsed)} MiB (index and the plain rows), RSS ${mib(heap1.rss)} MiB`,
  );

  const tickTimes: number[] = [];
  const fullTimes: number[] = [];
  let touched = 0;
  let below = 0;
  let scanBelow = 0;
  const WARMUP = 5;
  for (let k = 0; k < TICKS + WARMUP; k++) {
    // a tick: MOVED distinct symbols move by up to ±2%
    const moved = new Map<string, bigint>();
    while (moved.size < Math.min(MOVED, SYMBOLS)) {
      const s = Math.floor(rnd() * SYMBOLS);
      const p = prices[s] + (prices[s] * BigInt(Math.floor(rnd() * 401) - 200)) / 10_000n;
      prices[s] = p > 0n ? p : 1n;
      moved.set(symbols[s], prices[s]);
    }
    const t1 = process.hrtime.bigint();
    const r = index.tick(moved, LINE);
    const took = ms(process.hrtime.bigint() - t1);
    // the first ticks warm the JIT up: not counted
    if (k < WARMUP) continue;
    tickTimes.push(took);
    touched += r.touched.length;
    below += r.below.length;
    // the scan beside it: every account's book recomputed from its positions at the new prices
    if (k >= TICKS + WARMUP - 5) {
      const t2 = process.hrtime.bigint();
      let n = 0;
      for (const b of books) {
        for (const p of b.positions) p.price = prices[p.s];
        const r = maintenanceRatioPpm(b);
        if (r !== null && r < LINE) n++;
      }
      fullTimes.push(ms(process.hrtime.bigint() - t2));
      scanBelow = n;
    }
  }
  tickTimes.sort((x, y) => x - y);
  fullTimes.sort((x, y) => x - y);
  const p50 = percentile(tickTimes, 50);
  const p99 = percentile(tickTimes, 99);
  const full = percentile(fullTimes, 50);
  out(
    `per tick (incremental): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${tickTimes.at(-1)?.toFixed(1)} ms; ${Math.round(touched / TICKS).toLocaleString('en')} accounts touched a tick, ${Math.round(below / TICKS)} below ${Number(LINE) / 10_000}%`,
  );
  out(`p99 / tick interval: ${((100 * p99) / TICK_MS).toFixed(1)}% (goal < 10%)`);
  out(
    `full recompute of every account (same run, p50 of ${fullTimes.length}): ${full.toFixed(0)} ms = ${((100 * full) / TICK_MS).toFixed(0)}% of the interval; incremental p50 is ${(full / p50).toFixed(0)}× faster (the scan found ${scanBelow} below the line on its last tick)`,
  );
  const end = process.memoryUsage();
  out(`memory at the end: heap ${mib(end.heapUsed)} MiB, RSS ${mib(end.rss)} MiB`);
}

main();
