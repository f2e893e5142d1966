import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, DbHandle } from '@kabuto/db';
import { type Clock, systemClock } from '@kabuto/domain';
import { createMarketData, type MarketDataProvider } from '@kabuto/market';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Env, loadEnv } from './config.ts';
import type { Deps } from './deps.ts';
import { serialize } from './lib/reply.ts';
import { accountModule } from './modules/account/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { assetsModule } from './modules/assets/index.ts';
import { authModule } from './modules/auth/index.ts';
import { blockTradesModule } from './modules/block-trades/index.ts';
import { calendarModule } from './modules/calendar/index.ts';
import { contentModule } from './modules/content/index.ts';
import { copyTradeModule } from './modules/copy-trade/index.ts';
import { corporateActionsModule } from './modules/corporate-actions/index.ts';
import { dayTradingModule } from './modules/day-trading/index.ts';
import { fundsModule } from './modules/funds/index.ts';
import { failOnItemErrors, type JobsOffers, jobsModule } from './modules/jobs/index.ts';
import { kycModule } from './modules/kyc/index.ts';
import { loansModule } from './modules/loans/index.ts';
import { marginModule } from './modules/margin/index.ts';
import type { Module } from './modules/module.ts';
import { newSharesModule } from './modules/new-shares/index.ts';
import {
  type QuoteStream,
  quotesModule,
  type StreamOptions,
  type TickPublisher,
} from './modules/quotes/index.ts';
import { reportsModule } from './modules/reports/index.ts';
import { stockLendingModule } from './modules/stock-lending/index.ts';
import { supportModule } from './modules/support/index.ts';
import { taxModule } from './modules/tax/index.ts';
import { tradingModule } from './modules/trading/index.ts';
import { registerRequestSpans, startTracing, stopTracing } from './ops/tracing.ts';
import { adminRouteKit } from './plugins/admin-routes.ts';
import { authenticator } from './plugins/auth.ts';
import { BODY_LIMIT, registerBodyParsers, UPLOAD_LIMIT } from './plugins/body-parsers.ts';
import { httpServerFactory, trustProxyOption } from './plugins/connections.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { idempotency } from './plugins/idempotency.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOps, requestIdOptions } from './plugins/ops.ts';
import { rateLimitNamespace, registerRateLimit } from './plugins/rate-limit.ts';
import { type OnReplyMismatch, replyCheck } from './plugins/reply-check.ts';
import { routeKit } from './plugins/routes.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serveBuiltApp } from './plugins/web-static.ts';
import { registerWebSocket } from './plugins/websocket.ts';
import { localCalendarChanges, redisCalendarChanges } from './shared/calendar-changes.ts';
import { fileStore } from './shared/files.ts';
import { type Leadership, startLeaderElection } from './shared/leader.ts';
import { type LeaderRound, leaderRound } from './shared/leader-round.ts';
import { loadSettings } from './shared/settings.ts';
import { localTickBus, redisTickBus } from './shared/tick-bus.ts';
import { localUserChanges, redisUserChanges, type UserChanges } from './shared/user-changes.ts';

export { BODY_LIMIT, UPLOAD_LIMIT };

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The product's one version (root package.json), as /healthz, the OpenAPI page and the web app show it. */
export const APP_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export interface BuildOptions {
  db: Db;
  clock?: Clock;
  /** Real time for sessions, rate windows and keys (default the system clock; tests may pass their own). */
  timers?: Clock;
  env?: Env;
  logger?: FastifyServerOptions['logger'];
  redis?: Redis;
  /** Built web apps to serve; default apps/web/dist and apps/admin/dist when they exist. */
  webDist?: string | null;
  adminDist?: string | null;
  /** Market data; default the seeded simulator (MARKET_PROVIDER, SIM_SEED) on the app's clock. */
  market?: MarketDataProvider;
  /** WebSocket heartbeat and buffer limits. */
  stream?: StreamOptions;
  /** Redis channel of the tick stream (default `kabuto:ticks`); processes of one deployment share it. */
  tickChannel?: string;
  /**
   * Where user changes travel between processes (default: Redis when `redis` is given, else this process
   * alone; tests may give several apps one).
   */
  userChanges?: UserChanges;
  /** Redis channel of user changes (default `kabuto:user-changes`). */
  userChangesChannel?: string;
  /** The Redis channel of the calendar bus (tests use their own). */
  calendarChannel?: string;
  /** How often a follower tries to become the leader, and the leader checks its lock (default 5 s). */
  leaderRetryMs?: number;
  /**
   * Check every `{status: 1, data}` reply against its endpoint's data schema and report each mismatch
   * here (the API tests fail on one). Unset: no check.
   */
  onReplyMismatch?: OnReplyMismatch;
  /** PostgreSQL's connection pool, for its metrics (server.ts passes it). */
  dbPool?: DbHandle['pool'];
}

/** Background work of a process: market data, the tick stream and the leader-only jobs. */
export interface Background {
  market: MarketDataProvider;
  publisher: TickPublisher;
  stream: QuoteStream;
  jobs: LeaderRound;
  /** Each job of the leader's round, to run one on its own (the round runs them in this order). */
  rounds: Record<string, () => Promise<unknown>>;
  /** The leader's recorded round, the durable queue of the daily jobs and their re-runs. */
  durable: JobsOffers;
  /** Elect a leader (advisory lock on PostgreSQL); the leader publishes ticks and runs the jobs. */
  start(): Leadership;
}

declare module 'fastify' {
  interface FastifyInstance {
    kabuto: Background;
  }
}

/** Builds the Fastify instance: plugins in a fixed order, then every module's routes. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const env = opts.env ?? loadEnv();
  const clock = opts.clock ?? systemClock;
  const userChanges =
    opts.userChanges ??
    (opts.redis ? redisUserChanges(opts.redis, opts.userChangesChannel) : localUserChanges());
  await userChanges.ready();
  const deps: Deps = {
    db: opts.db,
    clock,
    timers: opts.timers ?? systemClock,
    env,
    hashCost: { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    userChanges,
    files: fileStore(opts.db, env),
  };

  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: BODY_LIMIT,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    serverFactory: httpServerFactory(env),
    ...requestIdOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the replies on /api/docs; every reply is serialised the same way (bigint
  // refused), never stripped or coerced by a schema.
  app.setSerializerCompiler(() => serialize);
  app.setReplySerializer(serialize);
  registerErrorHandling(app);

  await registerSecurityHeaders(app);
  await registerBodyParsers(app);
  await registerRateLimit(app, opts.redis, rateLimitNamespace(env.DATABASE_URL, env.DATA_DIR));
  await registerOpenApi(app, APP_VERSION);

  const authenticate = authenticator(deps);
  const idem = idempotency(deps);
  app.addHook('onSend', idem.onSend);
  if (opts.onReplyMismatch) app.addHook('onSend', replyCheck(opts.onReplyMismatch));
  const kit = routeKit(app, authenticate, { max: env.RATE_LIMIT_MONEY, timeWindow: '1 minute' }, [
    idem.preHandler,
  ]);
  const adminKit = adminRouteKit(app, deps);

  // ---- what every module may use besides `deps`: the buses between processes and the market data
  const calendarBus = opts.redis
    ? redisCalendarChanges(opts.redis, opts.calendarChannel)
    : localCalendarChanges();
  await calendarBus.ready();
  const bus = opts.redis ? redisTickBus(opts.redis, opts.tickChannel) : localTickBus();
  const log = app.log;

  // ---- the modules, in dependency order: each is built from `deps` and what it needs of the modules
  // above it (their offers, by name), and started as it joins. Their routes are registered and their
  // jobs make the leader's round in this order. A new module is one more line here.
  const modules: Module<unknown>[] = [];
  const use = async <Offers>(m: Module<Offers>): Promise<Offers> => {
    modules.push(m as Module<unknown>);
    await m.start?.();
    return m.offers;
  };
  // the operators' market closures, in every calendar function of this process before anything trades
  await use(calendarModule(deps, { bus: calendarBus }));
  const market =
    opts.market ?? createMarketData({ spec: env.MARKET_PROVIDER, clock, seed: env.SIM_SEED, env });
  await market.ready();
  await registerOps(app, { db: opts.db, redis: opts.redis, market, pool: opts.dbPool, adminKit });
  if (await startTracing(env)) {
    registerRequestSpans(app);
    app.addHook('onClose', stopTracing);
  }

  // tax (特定口座, NISA): a close's withholding and an order batch's NISA quotas, called by trading; a
  // dividend's netting, called by corporate actions
  const tax = await use(taxModule(deps));
  // splits and dividends adjust the books on the ex-date before anything else of the round trades
  await use(corporateActionsModule({ ...deps, market }, { receiveDividends: tax.receiveDividends }));
  const quotes = await use(quotesModule(deps, { market, bus, stream: opts.stream }));
  const auth = await use(authModule(deps, { log: app.log }));
  const kyc = await use(kycModule(deps, { app, authenticate }));
  const loans = await use(loansModule(deps, { identity: kyc.identity, verifiedSql: kyc.verifiedSql }));
  const trading = await use(tradingModule(deps, { market, tax, log }));
  const { positions } = trading;
  // the margin account: trading's gate for orders above 1× and shorts, and the account-wide maintenance
  const margin = await use(marginModule(deps, { market, trading }));
  await use(newSharesModule(deps, { market, insertPositions: positions.insert, log }));
  const blockTrades = await use(
    blockTradesModule(deps, { market, insertPositions: positions.insert, joinTrading: trading.join, log }),
  );
  const copyTrade = await use(copyTradeModule(deps, { market, log }));
  const lending = await use(stockLendingModule(deps, { market, positions, joinTrading: trading.join, log }));
  const dayTrading = await use(
    dayTradingModule(deps, {
      market,
      marketFill: trading.marketFill,
      insertPositions: positions.insert,
      closeLocked: trading.closeLocked,
      lockPosition: positions.lock,
      joinTrading: trading.join,
      identity: kyc.identity,
      hasUnpaidLoan: loans.hasUnpaidLoan,
    }),
  );
  const funds = await use(
    fundsModule(deps, { identity: kyc.identity, hasOpenPositions: positions.hasOpen, stepUp: auth.stepUp }),
  );
  await use(accountModule(deps, { userInfo: [kyc.userInfo, funds.userInfo, loans.userInfo] }));
  await use(contentModule(deps, { depositWindow: funds.depositWindow, market }));
  await use(assetsModule(deps, { valuation: trading.valuation }));
  const support = await use(supportModule(deps));
  // the users' reports (PDF): made by a daily job on the queue from the rows above, listed and downloaded
  const reports = await use(reportsModule({ ...deps, market }, { app, authenticate }));
  await use(
    adminModule(deps, {
      queues: [
        kyc.pendingCount,
        funds.pendingCount,
        loans.pendingCount,
        support.pendingCount,
        dayTrading.pendingCount,
        margin.pendingCount,
      ],
      userDetail: [kyc.userDetail, funds.userDetail, loans.userDetail],
    }),
  );

  for (const m of modules) {
    m.routes?.(kit);
    m.adminRoutes?.(adminKit);
  }

  // ---- the leader's round: every module's jobs in the list's order, each also on its own (bench/scale
  // times them one by one). The trading module's counts (filled, expired, fired, marked, closed) sit at
  // the top of a round's result, every other job's under its name.
  const rounds: Record<string, () => Promise<unknown>> = {};
  const atTop = new Set<string>();
  for (const m of modules) {
    for (const [name, job] of Object.entries(m.jobs ?? {})) {
      if (rounds[name]) throw new Error(`two modules have a job named ${name}`);
      rounds[name] = job;
      if (m.name === 'trading') atTop.add(name);
    }
  }
  // The background jobs: on the leader's timer each step of the round runs on its own (its failures
  // recorded); the daily bookings (lending accruals, copy-trade P&L) go on the durable queue once per
  // market and business date instead, and the copy-trade step keeps only the products' ends and unlocks.
  const timedSteps = Object.fromEntries(
    Object.entries(rounds).flatMap(([name, job]): [string, () => Promise<unknown>][] => {
      if (name === 'lending') return [];
      if (name === 'products')
        return [['productEnds', failOnItemErrors((onError) => copyTrade.runTimed(onError))]];
      if (name === 'block')
        return [['block', failOnItemErrors((onError) => blockTrades.allocateDue(onError))]];
      return [[name, job]];
    }),
  );
  const background = jobsModule(deps, {
    steps: timedSteps,
    daily: [lending.daily, copyTrade.daily, reports.daily, margin.daily],
    log: (msg, err) => app.log.error({ err }, msg),
  });
  background.adminRoutes?.(adminKit);
  const durable = background.offers;
  const jobs = leaderRound(
    {
      async runJobs(): Promise<Record<string, unknown>> {
        let out: Record<string, unknown> = {};
        for (const [name, job] of Object.entries(rounds)) {
          const r = await job();
          out = atTop.has(name) ? { ...out, ...(r as object) } : { ...out, [name]: r };
        }
        return out;
      },
    },
    async () => (await loadSettings(opts.db)).trading_job_interval_ms,
    (err) => app.log.error({ err }, 'trading jobs failed'),
    (lag) => durable.round.run(lag),
  );
  const { publisher, stream } = quotes;
  let leadership: Leadership | null = null;
  app.decorate('kabuto', {
    market,
    publisher,
    stream,
    jobs,
    rounds,
    durable,
    start() {
      leadership ??= startLeaderElection({
        db: opts.db,
        useLock: Boolean(env.DATABASE_URL),
        retryMs: opts.leaderRetryMs,
        onElected: () => {
          app.log.info('leader: publishing ticks and running trading jobs');
          publisher.start();
          jobs.start();
          durable.queue.startWorkers().catch((err) => app.log.error({ err }, 'job queue not started'));
        },
        onDeposed: async () => {
          publisher.stop();
          await jobs.stop();
          await durable.queue.stopWorkers();
        },
        log: (msg, err) => app.log.warn({ err }, msg),
      });
      return leadership;
    },
  } satisfies Background);
  app.addHook('onClose', async () => {
    await leadership?.stop();
    publisher.stop();
    await jobs.stop();
    await background.close?.();
    for (const m of [...modules].reverse()) await m.close?.();
    await bus.close();
    await calendarBus.close();
    if (!opts.userChanges) await userChanges.close();
    market.close();
  });
  await registerWebSocket(app, stream.connect);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await opts.db.selectFrom('config').select('name').limit(1).execute();
    return {
      status: 'ok',
      version: APP_VERSION,
      time: Math.floor(clock.now() / 1000),
      market: market.health(),
    };
  });

  const webDist = opts.webDist === undefined ? join(ROOT, 'apps/web/dist') : opts.webDist;
  const adminDist = opts.adminDist === undefined ? join(ROOT, 'apps/admin/dist') : opts.adminDist;
  if (webDist && existsSync(webDist)) {
    await serveBuiltApp(app, webDist, '/', true);
  }
  if (adminDist && existsSync(adminDist)) {
    await serveBuiltApp(app, adminDist, '/admin/', false);
    // With ignoreTrailingSlash the prefix route itself would miss the index page.
    app.get('/admin', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/index.html'));
  }
  return app;
}
