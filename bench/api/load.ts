// The load generator of bench/api, in a process of its own so that it does not share the server's event
// loop: runs the load it is sent and sends back the summary.
//
// - closed loop (no `rate`): autocannon, `connections` connections each sending its next request on the
//   reply, for `duration` seconds: the most requests per second.
// - steady (`rate`): an open loop of its own. Request i is due i/rate seconds after the start and is sent
//   then, on a pool of `connections` keep-alive connections, whatever the replies before it are doing;
//   its latency runs from when it was due to the end of its reply, so a request that waited (for a
//   connection, or for the generator's timer) counts that wait against the server. The first `warmup`
//   seconds are sent and not counted. autocannon's rate
//   option is not used for this: it sends each second's share of a connection's requests back to back at
//   the start of the second, and records every reply as if the next request had been due 1 ms later,
//   which turned its p99 into a measure of that burst.
import http from 'node:http';
import autocannon from 'autocannon';
import { openLoop } from '../support/open-loop.ts';
import { percentile } from '../support/stats.ts';

interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  rate?: number;
  /** Steady: seconds at the rate before the measured `duration` (connections opened, code warm). */
  warmup?: number;
}

export interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const ms = (x: number) => Math.round(x * 10) / 10;

async function closed(load: Load): Promise<Result> {
  const r = await autocannon({ ...load, setupClient: undefined });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Replies later than this count as time-outs. */
const TIMEOUT_MS = 10_000;

async function steady(load: Load & { rate: number }): Promise<Result> {
  const target = new URL(load.url);
  // fifo: every connection of the pool takes its turn, so none sits idle until the server's keep-alive
  // time-out closes it under a request (lifo, the default, reuses the few most recent ones)
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections, scheduling: 'fifo' });
  const headers = {
    ...load.headers,
    ...(load.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(load.body)) }),
  };
  const skipped = Math.round(load.rate * (load.warmup ?? 0));
  const requests = Math.round(load.rate * load.duration);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  const start = performance.now();
  const measured = start + (skipped * 1000) / load.rate;
  const send = (k: number, due: number) =>
    new Promise<void>((settle) => {
      const counted = k >= skipped;
      let timedOut = false;
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: load.method,
          headers,
          agent,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.once('end', () => {
            if (counted && (res.statusCode ?? 0) >= 300) non2xx++;
            else if (counted) latencies.push(performance.now() - due);
            settle();
          });
        },
      );
      req.once('timeout', () => {
        timedOut = true;
        if (counted) timeouts++;
        req.destroy();
      });
      req.once('error', () => {
        if (!timedOut && counted) errors++;
        settle();
      });
      req.end(load.body);
    });
  await openLoop(load.rate, skipped + requests, send);
  const elapsed = (performance.now() - measured) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests,
    rps: latencies.length / elapsed,
    p50: ms(percentile(latencies, 50)),
    p99: ms(percentile(latencies, 99)),
    max: ms(latencies[latencies.length - 1] ?? Number.NaN),
    non2xx,
    errors,
    timeouts,
  };
}

process.once('message', async (load: Load) => {
  const result = load.rate ? await steady({ ...load, rate: load.rate }) : await closed(load);
  process.send?.(result);
  process.disconnect?.();
});
