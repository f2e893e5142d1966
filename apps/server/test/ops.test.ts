import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createTestDb } from '@kabuto/db/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config.ts';
import { connectionCap, RESERVED_DESCRIPTORS } from '../src/plugins/connections.ts';
import { createTestApp, expectRefusal, recordReplyMismatch, type TestApp } from './support/app.ts';

const PG = process.env.DATABASE_URL;
const REDIS = process.env.REDIS_URL;

/** A sample line of the Prometheus text format: name{label="value",…} value (NaN and Inf in any case, as Go parses them). */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*",?)*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-][Ii]nf)$/;

/** Parses the Prometheus text exposition format strictly; returns each series' name with its samples. */
function parseProm(text: string): Map<string, { labels: string; value: number }[]> {
  const series = new Map<string, { labels: string; value: number }[]>();
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(meta[3]);
        types.set(meta[2] as string, meta[3] as string);
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const name = m[1] as string;
    const base = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && !types.has(base)) throw new Error(`sample before its TYPE: ${line}`);
    const list = series.get(name) ?? [];
    list.push({ labels: m[2] ?? '', value: Number(m[m.length - 1]) });
    series.set(name, list);
  }
  return series;
}

describe('metrics, request ids and probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 180_000);
  afterAll(async () => t?.close());

  it('serves /metrics to admin operators only, as Prometheus text with the series an operator watches', async () => {
    const s = await t.newUser('om');
    // a refused order (no fund password yet) and a round of the jobs
    expectRefusal(
      await t.money(
        '/trade/buy_stock',
        { type: 'jpy', buyzd: 1, gdlx: 1, ganggan: 1, symbol: '7203', zhang: '100' },
        s,
      ),
      'account.fundPasswordNotSet',
    );
    t.app.kabuto.jobs.start();
    const end = Date.now() + 10_000;
    while (!(await t.app.ops.metrics()).includes('kabuto_job_runs_total{job="pendingOrders"}')) {
      if (Date.now() > end) throw new Error('no job round in 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    await t.app.kabuto.jobs.stop();

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics' })).statusCode).toBe(401);
    const admin = await t.adminLogin();
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const series = parseProm(r.body);
    for (const name of [
      'kabuto_http_request_duration_seconds_bucket',
      'kabuto_http_request_duration_seconds_count',
      'kabuto_ledger_transfers_total',
      'kabuto_orders_rejected_total',
      'kabuto_refusals_total',
      'kabuto_websocket_clients',
      'kabuto_http_connections',
      'kabuto_job_runs_total',
      'kabuto_job_duration_seconds_bucket',
      'kabuto_job_lag_seconds',
      'kabuto_queue_size',
      'kabuto_queue_oldest_seconds',
      'kabuto_nodejs_eventloop_lag_seconds',
      'kabuto_nodejs_eventloop_lag_p99_seconds',
      'kabuto_market_connected',
      'kabuto_market_stale',
    ]) {
      expect(series.has(name), name).toBe(true);
    }
    // the simulator reports itself connected and never stale
    expect(series.get('kabuto_market_connected')).toEqual([{ labels: '{provider="simulator"}', value: 1 }]);
    const routes = series.get('kabuto_http_request_duration_seconds_count') ?? [];
    expect(routes.some((x) => x.labels.includes('route="/api/vue/trade/buy_stock"'))).toBe(true);
    expect(
      series
        .get('kabuto_orders_rejected_total')
        ?.some(
          (x) =>
            x.labels.includes('side="buy"') &&
            x.labels.includes('msg="account.fundPasswordNotSet"') &&
            x.value >= 1,
        ),
      JSON.stringify([...series.entries()].filter(([k]) => /refus|rejected/.test(k))),
    ).toBe(true);
    // the demo seed's approved deposit is a committed transfer
    expect(series.get('kabuto_ledger_transfers_total')?.some((x) => x.labels === '{code="deposit"}')).toBe(
      true,
    );
    expect(series.get('kabuto_queue_size')?.map((x) => x.labels)).toEqual(
      expect.arrayContaining(['{queue="withdrawal"}', '{queue="deposit"}', '{queue="margin_call"}']),
    );
  });

  it('answers /livez and /readyz, and keeps /healthz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', redis: 'skipped', migrations: 'ok', market: 'ok' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ status: 'ok' });
  });

  it('takes a well-formed X-Request-Id, and makes one otherwise', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': 'edge-7f3a.1' },
    });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.1');
    for (const bad of ['a b', 'x'.repeat(200), '<script>']) {
      const r = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe.skipIf(!REDIS)('/readyz when Redis stops', () => {
  const channel = `kabuto:test:${randomBytes(6).toString('hex')}`;
  const redis = REDIS ? new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;
  let t: TestApp;
  beforeAll(async () => {
    await redis!.connect();
    t = await createTestApp(
      'pglite',
      {},
      { redis: redis!, tickChannel: channel, userChangesChannel: `${channel}:u` },
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is ready with Redis up and not ready once its client is closed', async () => {
    const up = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(up.json()).toMatchObject({ status: 'ok', checks: { redis: 'ok' } });
    redis!.disconnect();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('not-ready');
    expect(down.json().checks.redis).not.toBe('ok');
    expect(down.json().checks.postgres).toBe('ok');
  });
});

describe.skipIf(!PG)('/readyz when PostgreSQL stops', () => {
  it('is ready on PostgreSQL and not ready once its pool is closed', async () => {
    const handle = await createTestDb('postgres');
    const env = loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: PG });
    const app = await buildApp({
      db: handle.db,
      env,
      dbPool: handle.pool,
      webDist: null,
      adminDist: null,
      onReplyMismatch: recordReplyMismatch,
    });
    try {
      const up = await app.inject({ method: 'GET', url: '/readyz' });
      expect(up.json()).toMatchObject({ status: 'ok', checks: { postgres: 'ok', migrations: 'ok' } });
      const metrics = await app.ops.metrics();
      expect(metrics).toMatch(/^kabuto_pg_pool_connections\{state="max"\} 20$/m);
      await handle.pool?.end();
      const down = await app.inject({ method: 'GET', url: '/readyz' });
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.postgres).not.toBe('ok');
    } finally {
      await app.close();
      await handle.close().catch(() => {});
    }
  }, 180_000);
});

describe('a connection flood from many addresses', () => {
  // Scaled to the machine: the cap is small here so that the flood stays small; the default cap is the
  // descriptor limit less a reserve (checked below).
  const CAP = 120;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      MAX_CONNECTIONS: String(CAP),
      MAX_CONNECTIONS_PER_IP: '1000',
      HEADERS_TIMEOUT_MS: '30000',
      REQUEST_TIMEOUT_MS: '60000',
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  }, 180_000);
  afterAll(async () => t?.close());

  const open = (from: string) =>
    new Promise<Socket | null>((resolve) => {
      const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve(s));
      s.once('error', () => resolve(null));
    });
  const get = (path: string, from: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, localAddress: from, agent: false, timeout: 5000 },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('keeps the default cap below the descriptor limit, with room for PostgreSQL, Redis and files', () => {
    for (const limit of [1024, 4096, 20_000, 65_536]) {
      const cap = connectionCap(limit);
      expect(cap).toBeLessThanOrEqual(limit - RESERVED_DESCRIPTORS);
      expect(cap).toBeGreaterThan(0);
    }
  });

  it('refuses the flood at the door; /readyz still answers another address and the jobs still run', async () => {
    const fdsBefore = readdirSync('/proc/self/fd').length;
    // 30 addresses × 8 half-open sockets (connected, nothing sent): twice the cap
    const sockets: Socket[] = [];
    for (let a = 1; a <= 30; a++) {
      const batch = await Promise.all(Array.from({ length: 8 }, () => open(`127.0.${a}.1`)));
      for (const s of batch) if (s) sockets.push(s);
    }
    await new Promise((r) => setTimeout(r, 300));
    const held = await new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n)));
    expect(held).toBeLessThanOrEqual(CAP);
    expect(held).toBeGreaterThan(CAP - 10);
    // this process holds both ends of each connection: the server's side stays within the cap
    expect(readdirSync('/proc/self/fd').length - fdsBefore).toBeLessThanOrEqual(sockets.length + CAP + 16);

    expect(await get('/readyz', '127.0.250.1')).toBe(200);
    await expect(t.app.kabuto.jobs.runOnce()).resolves.toBeTruthy();
    const metrics = await t.app.ops.metrics();
    const refused = Number(/^kabuto_connections_refused_total (\d+)$/m.exec(metrics)?.[1]);
    expect(refused).toBeGreaterThanOrEqual(sockets.length - CAP);
    for (const s of sockets) s.destroy();
  });
});
