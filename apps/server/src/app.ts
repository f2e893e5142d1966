import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, DbHandle } from '@kabuto/db';
import { type Clock, type PositionStatus, systemClock } from '@kabuto/domain';
import { createMarketData, type MarketDataProvider } from '@kabuto/market';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Env, loadEnv } from './config.ts';
import type { Deps } from './deps.ts';
import { serialize } from './lib/reply.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { accountService } from './modules/account/account.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminService } from './modules/admin/admin.service.ts';
import { operatorPasskeyRoutes } from './modules/admin/operator-passkeys.routes.ts';
import { assetsRoutes } from './modules/assets/assets.routes.ts';
import { assetsService } from './modules/assets/assets.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { passkeysService } from './modules/auth/passkeys.service.ts';
import { securityRoutes } from './modules/auth/security.routes.ts';
import { blockTradesRoutes } from './modules/block-trades/block-trades.routes.ts';
import { blockTradesService } from './modules/block-trades/block-trades.service.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { calendarService } from './modules/calendar/calendar.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { copyTradeRoutes } from './modules/copy-trade/copy-trade.routes.ts';
import { copyTradeService } from './modules/copy-trade/copy-trade.service.ts';
import { dayTradeJobs } from './modules/day-trading/day-trade.jobs.ts';
import { dayTradeReview } from './modules/day-trading/day-trade.review.ts';
import { dayTradeRoutes } from './modules/day-trading/day-trade.routes.ts';
import { dayTradeService } from './modules/day-trading/day-trade.service.ts';
import { fundsModule, fundsRoutes } from './modules/funds/funds.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { kycService } from './modules/kyc/kyc.service.ts';
import { kycUserDetail } from './modules/kyc/kyc.wire.ts';
import { outstanding as outstandingLoans } from './modules/loans/loans.repo.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { loansService } from './modules/loans/loans.service.ts';
import { loansUserDetail } from './modules/loans/loans.wire.ts';
import { newSharesAdmin } from './modules/new-shares/new-shares.admin.ts';
import { newSharesRoutes } from './modules/new-shares/new-shares.routes.ts';
import { newSharesService } from './modules/new-shares/new-shares.service.ts';
import { quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { quotesService } from './modules/quotes/quotes.service.ts';
import { quoteStream, type StreamOptions, tickPublisher } from './modules/quotes/quotes.stream.ts';
import { stockLendingAdmin } from './modules/stock-lending/stock-lending.admin.ts';
import { stockLendingRoutes } from './modules/stock-lending/stock-lending.routes.ts';
import { stockLendingService } from './modules/stock-lending/stock-lending.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { supportService } from './modules/support/support.service.ts';
import { taxModule } from './modules/tax/index.ts';
import { exitsService } from './modules/trading/exits.service.ts';
import { ordersService } from './modules/trading/orders.service.ts';
import { positionsService } from './modules/trading/positions.service.ts';
import { positionJobs, tradingJobs } from './modules/trading/trading.jobs.ts';
import {
  hasOpenPositions,
  insertPositions,
  listPositions,
  lockPosition,
  markLent,
} from './modules/trading/trading.repo.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { positionValuation } from './modules/trading/valuation.ts';
import { internalVenue } from './modules/trading/venue.ts';
import { adminRouteKit } from './plugins/admin-routes.ts';
import { authenticator } from './plugins/auth.ts';
import { BODY_LIMIT, registerBodyParsers, UPLOAD_LIMIT } from './plugins/body-parsers.ts';
import { httpServerFactory, trustProxyOption } from './plugins/connections.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { idempotency } from './plugins/idempotency.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOps, requestIdOptions } from './plugins/ops.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { type OnReplyMismatch, replyCheck } from './plugins/reply-check.ts';
import { routeKit } from './plugins/routes.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { serveBuiltApp } from './plugins/web-static.ts';
import { registerWebSocket } from './plugins/websocket.ts';
import { localCalendarChanges, redisCalendarChanges } from './shared/calendar-changes.ts';
import { fundPasswordVerifier } from './shared/fund-password.ts';
import { appliedKeys, markApplied } from './shared/idempotency-keys.ts';
import { type Leadership, startLeaderElection } from './shared/leader.ts';
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
  publisher: ReturnType<typeof tickPublisher>;
  stream: ReturnType<typeof quoteStream>;
  jobs: ReturnType<typeof tradingJobs>;
  /** Each job of the leader's round, to run one on its own (the round runs them in this order). */
  rounds: Record<string, () => Promise<unknown>>;
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
  await registerRateLimit(app, opts.redis);
  await registerOpenApi(app, APP_VERSION);

  const authenticate = authenticator(deps);
  const idem = idempotency(deps);
  app.addHook('onSend', idem.onSend);
  if (opts.onReplyMismatch) app.addHook('onSend', replyCheck(opts.onReplyMismatch));
  const kit = routeKit(app, authenticate, { max: env.RATE_LIMIT_MONEY, timeWindow: '1 minute' }, [
    idem.preHandler,
  ]);
  const adminKit = adminRouteKit(app, deps);

  // the operators' market closures, in every calendar function of this process before anything trades
  const calendarBus = opts.redis
    ? redisCalendarChanges(opts.redis, opts.calendarChannel)
    : localCalendarChanges();
  await calendarBus.ready();
  const calendar = calendarService(deps, calendarBus);
  await calendar.load();
  app.addHook('onClose', async () => {
    calendar.close();
    await calendarBus.close();
  });
  calendarRoutes(kit, adminKit, calendar);

  const market =
    opts.market ?? createMarketData({ spec: env.MARKET_PROVIDER, clock, seed: env.SIM_SEED, env });
  await market.ready();
  await registerOps(app, { db: opts.db, redis: opts.redis, market, pool: opts.dbPool, adminKit });
  const bus = opts.redis ? redisTickBus(opts.redis, opts.tickChannel) : localTickBus();
  const quotes = quotesService(deps, market);
  const stream = quoteStream(deps, market, bus, opts.stream);
  const publisher = tickPublisher(market, bus);
  // stock lending reads and marks positions through the trading repo; a sell of a lent position recalls it
  const lending = stockLendingService({
    ...deps,
    market,
    keys: { markApplied },
    positions: {
      lock: lockPosition,
      list: (userId, mkt, statuses) => listPositions(opts.db, userId, mkt, statuses as PositionStatus[]),
      markLent,
    },
  });
  const tax = taxModule(deps);
  const tradingDeps = {
    ...deps,
    market,
    venue: internalVenue(market),
    keys: { markApplied, appliedKeys },
    lending: { recallOnClose: lending.recallOnClose },
    tax: tax.offers,
  };
  const orders = ordersService(tradingDeps);
  const positions = positionsService(tradingDeps);
  const newShares = newSharesService({ ...deps, market, markApplied, insertPositions });
  const block = blockTradesService({ ...tradingDeps, insertPositions });
  const products = copyTradeService({ ...tradingDeps, verifyFundPassword: fundPasswordVerifier(deps) });
  const exits = exitsService(tradingDeps, positions);
  const tradingRounds = positionJobs(tradingDeps, orders, positions, exits);
  const dayTradeDeps = {
    ...deps,
    market,
    marketFill: tradingDeps.venue.marketFill,
    keys: tradingDeps.keys,
    insertPositions,
    closeLocked: positions.closeLocked,
    lockPosition: (tx: Parameters<typeof lockPosition>[0], id: bigint) => lockPosition(tx, null, id),
    // the KYC module is built below; the lookup runs at review time
    identity: (userId: bigint) => kyc.verifiedIdentity(userId),
    hasUnpaidLoan: async (userId: bigint) => (await outstandingLoans(opts.db, userId)).length > 0,
  };
  const dayTrades = dayTradeService(dayTradeDeps);
  const dayTradeDecisions = dayTradeReview(dayTradeDeps);
  const dayTradeRounds = dayTradeJobs(dayTradeDeps);
  // each job of the leader's round on its own (bench/scale times them one by one)
  const rounds = {
    pendingOrders: () => tradingRounds.processPendingOrders(),
    // exit triggers (stop, trailing, OCO, IFD legs) fire before maintenance looks at what is left
    exits: () => exits.runExits(),
    margin: () => tradingRounds.enforceMaintenance(),
    ipo: () => newShares.runJobs(),
    block: () => block.allocateDue((err) => app.log.error({ err }, 'block allocation failed')),
    products: () => products.runJobs((err) => app.log.error({ err }, 'copy-trade daily job failed')),
    lending: () => lending.runJobs((err) => app.log.error({ err }, 'stock lending accrual failed')),
    dayTrade: () => dayTradeRounds.runJobs(),
  };
  const jobs = tradingJobs(
    // one leader timer: the trading jobs, then the new shares' (commitments, draws, waitlists, listings),
    // then the block offerings whose window closed (allocated), then the copy-trade products' closes,
    // then stock lending's accrual and payments
    {
      runJobs: async () => ({
        ...(await rounds.pendingOrders()),
        ...(await rounds.exits()),
        ...(await rounds.margin()),
        ipo: await rounds.ipo(),
        block: await rounds.block(),
        products: await rounds.products(),
        lending: await rounds.lending(),
        // then the day-trading lines whose day is over: forced close and settlement
        dayTrade: await rounds.dayTrade(),
      }),
    },
    async () => (await loadSettings(opts.db)).trading_job_interval_ms,
    (err) => app.log.error({ err }, 'trading jobs failed'),
  );
  let leadership: Leadership | null = null;
  app.decorate('kabuto', {
    market,
    publisher,
    stream,
    jobs,
    rounds,
    start() {
      leadership ??= startLeaderElection({
        db: opts.db,
        useLock: Boolean(env.DATABASE_URL),
        retryMs: opts.leaderRetryMs,
        onElected: () => {
          app.log.info('leader: publishing ticks and running trading jobs');
          publisher.start();
          jobs.start();
        },
        onDeposed: async () => {
          publisher.stop();
          await jobs.stop();
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
    stream.close();
    await bus.close();
    if (!opts.userChanges) await userChanges.close();
    market.close();
  });
  await registerWebSocket(app, stream.connect);

  const security = passkeysService(deps);
  const auth = authService(deps, security);
  const kyc = kycService(deps);
  // what one module reads of another's data, from the module that owns it
  const funds = fundsModule(deps, {
    identity: kyc.verifiedIdentity,
    hasOpenPositions: (userId) => hasOpenPositions(opts.db, userId),
    stepUp: security.requireStepUp,
  });
  const loans = loansService(deps, kyc.verifiedIdentity, kyc.verifiedSql);
  authRoutes(kit, deps, auth);
  securityRoutes(kit, deps, security);
  accountRoutes(kit, accountService(deps, [kyc.userInfo, funds.wallets.userInfo, loans.userInfo]));
  contentRoutes(kit, deps, funds.deposits.window);
  kycRoutes(kit, adminKit, deps, kyc, { app, authenticate });
  fundsRoutes(kit, adminKit, deps, funds);
  loansRoutes(kit, adminKit, loans);
  quotesRoutes(kit, quotes);
  tradingRoutes(kit, orders, positions, block, dayTrades, exits);
  dayTradeRoutes(kit, adminKit, { market }, dayTrades, dayTradeDecisions);
  blockTradesRoutes(kit, adminKit, block);
  copyTradeRoutes(kit, adminKit, products, market);
  assetsRoutes(kit, assetsService(deps, positionValuation(opts.db, market)));
  const support = supportService(deps);
  supportRoutes(kit, adminKit, support);
  stockLendingRoutes(kit, adminKit, lending, stockLendingAdmin({ ...deps, market }));
  tax.routes?.(kit);
  tax.adminRoutes?.(adminKit);
  // Every process quotes the listed new shares: the leader lists them, every process adds them to its
  // market data at start and every few seconds.
  await newShares.syncListings();
  const listingSync = setInterval(
    () => newShares.syncListings().catch((err) => app.log.error({ err }, 'new listings failed')),
    5000,
  );
  listingSync.unref();
  app.addHook('onClose', async () => clearInterval(listingSync));
  newSharesRoutes(
    kit,
    adminKit,
    deps,
    newShares,
    newSharesAdmin({ ...deps, isListedSymbol: (code) => market.instrument(code) !== undefined }, newShares),
  );
  const admin = adminService(deps, {
    queues: [
      kyc.pendingCount,
      funds.pendingCounts,
      loans.pendingCount,
      support.pendingCount,
      dayTradeDecisions.pendingCount,
    ],
    userDetail: [kycUserDetail(kyc), funds.userDetail, loansUserDetail(loans)],
  });
  adminRoutes(adminKit, deps, admin);
  operatorPasskeyRoutes(adminKit, deps, admin);

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
