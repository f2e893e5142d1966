import { isMsgKey } from '@kabuto/contract';
import { type Db, pendingMigrations } from '@kabuto/db';
import type { MarketDataProvider, ProviderHealth } from '@kabuto/market';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/errors.ts';
import { requestId, runInContext } from '../ops/context.ts';
import { processRegistry } from '../ops/metrics.ts';
import type { AdminRouteKit } from './admin-routes.ts';

/** Fastify options of the request id: X-Request-Id when well-formed (a proxy's), else a fresh UUID. */
export const requestIdOptions: Pick<FastifyServerOptions, 'genReqId'> = { genReqId: requestId };

export interface OpsOptions {
  db: Db;
  redis?: Redis;
  market: MarketDataProvider;
  /** PostgreSQL's pool (its use is a metric); absent on PGlite. */
  pool?: pg.Pool;
  /** GET /api/admin/metrics for admin operators. */
  adminKit: AdminRouteKit;
  /** How long a readiness check may take before it counts as failed (ms, default 5000). */
  checkTimeoutMs?: number;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | 'skipped' | string>;
}

export interface Ops {
  /** The Prometheus text of this app and its process. */
  metrics(): Promise<string>;
  readonly contentType: string;
  readiness(): Promise<Readiness>;
  /** From now on /readyz says not ready (a graceful shutdown has begun). */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

const ORDER_ROUTES = /\/trade\/(buy|sell)_stock$/;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/**
 * Operations: request ids in every log line of a request (and of the work it starts), Prometheus metrics
 * (GET /api/admin/metrics for admin operators; METRICS_PORT serves them without a token on a private port,
 * see ops/metrics-server.ts), GET /livez (the process answers) and GET /readyz (PostgreSQL, Redis when
 * configured, migrations applied, market data), and /healthz as before (in app.ts).
 */
export async function registerOps(app: FastifyInstance, opts: OpsOptions): Promise<void> {
  const registry = new Registry();
  const timeoutMs = opts.checkTimeoutMs ?? 5000;

  const httpDuration = new Histogram({
    name: 'kabuto_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the pattern, not the URL) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'kabuto_refusals_total',
    help: 'Requests refused with {status: 0}, by route and msg key',
    labelNames: ['route', 'msg'] as const,
    registers: [registry],
  });
  const ordersRejected = new Counter({
    name: 'kabuto_orders_rejected_total',
    help: 'Buy and sell orders refused, by side and reason (msg key)',
    labelNames: ['side', 'msg'] as const,
    registers: [registry],
  });
  const connectionsRefused = new Counter({
    name: 'kabuto_connections_refused_total',
    help: 'Connections closed as they opened (per-address or global cap)',
    registers: [registry],
  });
  app.server.on('kabuto:refused', () => connectionsRefused.inc());
  new Gauge({
    name: 'kabuto_http_connections',
    help: 'Open HTTP connections (WebSockets included)',
    registers: [registry],
    async collect() {
      const n = await new Promise<number>((resolve) =>
        app.server.getConnections((err, count) => resolve(err ? 0 : count)),
      );
      this.set(n);
    },
  });
  new Gauge({
    name: 'kabuto_websocket_clients',
    help: 'Open WebSocket connections (the quote stream)',
    registers: [registry],
    collect() {
      const wss = (app as unknown as { websocketServer?: { clients: Set<unknown> } }).websocketServer;
      this.set(wss?.clients.size ?? 0);
    },
  });
  const pool = opts.pool;
  if (pool) {
    new Gauge({
      name: 'kabuto_pg_pool_connections',
      help: 'PostgreSQL pool: connections by state (total, idle, waiting = queries waiting for one, max)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
  }
  // The queues people watch: what waits for an operator, and the positions marked for a forced close.
  // each market-data provider's state (MarketDataProvider.health): connection, last message age, stale
  // feed, gaps backfilled after reconnects, rate-limited requests
  const providerGauge = (name: string, help: string, value: (h: ProviderHealth) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['provider'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const h of opts.market.health()) {
          const v = value(h);
          if (v !== null) this.set({ provider: h.provider }, v);
        }
      },
    });
  providerGauge('kabuto_market_connected', 'Market-data provider connected (1) or not (0)', (h) =>
    h.connected ? 1 : 0,
  );
  providerGauge(
    'kabuto_market_stale',
    'Market-data provider feed stalled (1): its quotes are not traded on',
    (h) => (h.stale ? 1 : 0),
  );
  providerGauge(
    'kabuto_market_last_message_age_seconds',
    'Seconds since the provider last sent a message',
    (h) => (h.lastMessageAgeMs === null ? null : h.lastMessageAgeMs / 1000),
  );
  providerGauge(
    'kabuto_market_gaps_backfilled',
    'Gaps backfilled from history after reconnects',
    (h) => h.gapsBackfilled,
  );
  providerGauge(
    'kabuto_market_rate_limited',
    'Provider requests answered 429 and retried',
    (h) => h.rateLimited,
  );
  const queueSize = new Gauge({
    name: 'kabuto_queue_size',
    help: 'Items waiting: deposits and withdrawals for review, positions marked for forced close (margin calls), mails to send (mail) and mails given up (mail_failed)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'kabuto_queue_oldest_seconds',
    help: 'Age of the oldest item waiting in each queue (0 when empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const rows = await within(
        timeoutMs,
        sql<{ queue: string; n: unknown; oldest: Date | string | null }>`
          select 'withdrawal' as queue, count(*) as n, min(created_at) as oldest from withdrawal where status = 0
          union all
          select 'deposit', count(*), min(created_at) from deposit where status = 0
          union all
          select 'margin_call', count(*), min(updated_at) from position where status = 2
          union all
          select 'mail', count(*), min(created_at) from mail_outbox where state = 'pending'
          union all
          select 'mail_failed', count(*), min(created_at) from mail_outbox where state = 'failed'`.execute(
          opts.db,
        ),
      ).catch(() => null);
      for (const r of rows?.rows ?? []) {
        queueSize.set({ queue: r.queue }, Number(r.n));
        const oldest = r.oldest ? new Date(r.oldest).getTime() : null;
        this.set({ queue: r.queue }, oldest ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
      }
    },
  });
  const readyGauge = new Gauge({
    name: 'kabuto_ready',
    help: 'Whether the last /readyz check passed, by check (1 ok, 0 failed)',
    labelNames: ['check'] as const,
    registers: [registry],
  });

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // every log line of the request, and of the work it starts, carries its id
    runInContext({ reqId: req.id }, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe(
      { method: req.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onError', async (req, _reply, err) => {
    let msg: string | null = null;
    if (err instanceof AppError) msg = err.msg;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0] as unknown as { message: string };
      msg = isMsgKey(issue.message) ? issue.message : 'validation.invalid';
    }
    if (!msg) return;
    const route = req.routeOptions.url ?? 'unmatched';
    refusals.inc({ route, msg });
    const order = ORDER_ROUTES.exec(route);
    if (order?.[1]) ordersRejected.inc({ side: order[1], msg });
  });

  let draining = false;
  let migrated = false;
  const check = async (name: string, work: () => Promise<unknown>, out: Readiness['checks']) => {
    try {
      await within(timeoutMs, work());
      out[name] = 'ok';
      readyGauge.set({ check: name }, 1);
    } catch (err) {
      out[name] = reason(err);
      readyGauge.set({ check: name }, 0);
    }
  };
  const skip = async (name: string, out: Readiness['checks']) => {
    out[name] = 'skipped';
  };
  async function readiness(): Promise<Readiness> {
    const checks: Readiness['checks'] = {};
    await Promise.all([
      check('postgres', () => sql`select 1`.execute(opts.db), checks),
      opts.redis
        ? check(
            'redis',
            async () => {
              const redis = opts.redis as Redis;
              if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
              await redis.ping();
            },
            checks,
          )
        : skip('redis', checks),
      check(
        'migrations',
        async () => {
          if (migrated) return;
          const schema = await sql<{ s: string }>`select current_schema() as s`.execute(opts.db);
          const pending = await pendingMigrations(opts.db, schema.rows[0]?.s ?? 'public');
          if (pending.length > 0) throw new Error(`not applied: ${pending.join(', ')}`);
          migrated = true;
        },
        checks,
      ),
      check(
        'market',
        async () => {
          const first = opts.market.instruments()[0];
          if (!first) throw new Error('no instruments');
          if (!opts.market.quote(first.symbol)) throw new Error(`no quote for ${first.symbol}`);
          // a provider whose connection is down cannot move its market's quotes (a stalled but connected
          // feed is reported by the metrics and refuses orders on its own, `tradeRefusal`)
          const down = opts.market.health().filter((h) => !h.connected);
          if (down.length > 0) throw new Error(`disconnected: ${down.map((h) => h.provider).join(', ')}`);
        },
        checks,
      ),
    ]);
    if (draining) checks.shutdown = 'shutting down';
    return { ready: Object.values(checks).every((c) => c === 'ok' || c === 'skipped'), checks };
  }

  const merged = () => Registry.merge([processRegistry, registry]);
  app.decorate('ops', {
    metrics: () => merged().metrics(),
    contentType: registry.contentType,
    readiness,
    drain() {
      draining = true;
    },
  } satisfies Ops);

  const plain = { schema: { hide: true } } as const;
  app.get('/livez', plain, async () => ({ status: 'ok' }));
  app.get('/readyz', plain, async (_req, reply) => {
    const r = await readiness();
    return reply.code(r.ready ? 200 : 503).send({ status: r.ready ? 'ok' : 'not-ready', checks: r.checks });
  });
  opts.adminKit.getRaw('/metrics', 'admin', async (_req, reply) =>
    reply.type(registry.contentType).send(await merged().metrics()),
  );
}
