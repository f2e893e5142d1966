/**
 * A load generator for the API's POST calls, in a process of its own so that it does not share the
 * server's event loop (`runLoad` forks this file; it runs under tsx as its parent does). Each request
 * k sends `bodies[k % bodies.length]` with the token `tokens[k % tokens.length]` (and a fresh
 * idempotency key when `idempotent`); it succeeds on HTTP 200 with `status: 1`.
 *
 * - closed (no `rate`): `clients` loops, each with its own token, sending the next request on the reply,
 *   for `seconds`: the most requests per second with that many users;
 * - open (`rate`): request k is due k/rate seconds after the start and sent then, on up to
 *   `connections` keep-alive connections, whatever the replies before it are doing; its latency runs from
 *   when it was due to the end of its reply, so a request that waited (for a connection, or for this
 *   process's timer) counts the wait. The first `warmup` seconds are sent and not counted.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { openLoop } from './open-loop.ts';
import { percentile } from './stats.ts';

export interface Load {
  url: string;
  bodies: string[];
  tokens: string[];
  idempotent?: boolean;
  seconds: number;
  /** Closed loop: this many users (default tokens.length). */
  clients?: number;
  /** Open loop: requests per second. */
  rate?: number;
  /** Open loop: seconds at the rate before the measured ones. */
  warmup?: number;
  /** Open loop: the most connections (default 256). */
  connections?: number;
}

export interface LoadResult {
  requests: number;
  /** Replies per second over the measured time. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
  /** The refusals and errors, counted by reason. */
  reasons: Record<string, number>;
}

const TIMEOUT_MS = 30_000;

async function run(load: Load): Promise<LoadResult> {
  const target = new URL(load.url);
  const clients = load.clients ?? load.tokens.length;
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: load.rate ? (load.connections ?? 256) : clients,
    scheduling: 'fifo',
  });
  const latencies: number[] = [];
  const reasons: Record<string, number> = {};
  let failed = 0;
  const fail = (why: string) => {
    failed++;
    reasons[why] = (reasons[why] ?? 0) + 1;
  };
  const send = (k: number) =>
    new Promise<void>((settle) => {
      const body = load.bodies[k % load.bodies.length];
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            token: load.tokens[k % load.tokens.length],
            ...(load.idempotent ? { 'idempotency-key': randomUUID() } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            let status: unknown;
            let msg = '';
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              status = parsed.status;
              msg = parsed.msg ?? '';
            } catch {}
            if (res.statusCode !== 200 || status !== 1) fail(`${res.statusCode} ${msg}`);
            settle();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => {
        fail(e.message);
        settle();
      });
      req.end(body);
    });

  let started: number;
  let ended: number;
  if (!load.rate) {
    started = performance.now();
    const end = started + load.seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, c) => {
        for (let k = c; performance.now() < end; k += clients) {
          const t0 = performance.now();
          await send(k);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    ended = performance.now();
  } else {
    const rate = load.rate;
    const skipped = Math.round(rate * (load.warmup ?? 0));
    const count = skipped + Math.round(rate * load.seconds);
    started = performance.now() + (skipped * 1000) / rate;
    await openLoop(rate, count, async (k, due) => {
      await send(k);
      if (k >= skipped) latencies.push(performance.now() - due);
    });
    ended = performance.now();
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const r1 = (x: number) => Math.round(x * 10) / 10;
  return {
    requests: latencies.length,
    rps: latencies.length / ((ended - started) / 1000),
    p50: r1(percentile(latencies, 50)),
    p99: r1(percentile(latencies, 99)),
    max: r1(latencies[latencies.length - 1] ?? Number.NaN),
    failed,
    reasons,
  };
}

/** Runs `load` in a child process of its own and resolves with its summary. */
export function runLoad(load: Load): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--child'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`load generator exited ${code}`));
    });
    child.send(load);
  });
}

if (process.argv.includes('--child')) {
  process.once('message', async (load: Load) => {
    const r = await run(load);
    process.send?.(r, () => process.exit(0));
  });
}
