import type { Server } from 'node:http';
import { createDb, migrateToLatest } from '@kabuto/db';
import { clockFromEnv } from '@kabuto/domain';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadEnv } from './config.ts';
import { logMixin } from './ops/context.ts';
import { errorsLogged } from './ops/metrics.ts';
import { startMetricsServer } from './ops/metrics-server.ts';
import { describeProblems, listenHost, modeOf, productionProblems } from './ops/mode.ts';
import { type SeedReport, seedDemo } from './seed/seed.ts';

/**
 * Listens and shuts down gracefully. The demo (`npm start`) seeds an empty database and prints how to get
 * in; production mode checks its configuration first and never seeds (its first operator comes from
 * `npm run operator:create`).
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const mode = modeOf(env);
  if (mode === 'production') {
    const problems = productionProblems(env);
    if (problems.length > 0) {
      process.stderr.write(`${describeProblems(problems)}\n`);
      process.exit(1);
    }
    if (import.meta.url.endsWith('.ts')) {
      process.stderr.write(
        'Kabuto (production mode) runs the compiled server: `npm run build:server && npm run start:prod`.\n',
      );
      process.exit(1);
    }
  }
  const clock = clockFromEnv(env.KABUTO_CLOCK_START, env.KABUTO_CLOCK_SPEED);
  const handle = await createDb({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/pglite` });
  const applied = await migrateToLatest(handle.db);
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const app = await buildApp({
    db: handle.db,
    clock,
    env,
    redis,
    dbPool: handle.pool,
    logger: {
      level: env.LOG_LEVEL,
      redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
      // the request id (and a job's name) on every line of the work a request or a job round starts
      mixin: logMixin,
      hooks: {
        logMethod(args, method, level) {
          if (level >= 50) errorsLogged.inc();
          return method.apply(this, args);
        },
      },
    },
  });
  const seed: SeedReport | null =
    mode === 'demo'
      ? await seedDemo(
          handle.db,
          env,
          { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
          clock,
          app.kabuto.market,
        )
      : null;

  // The first quote of each instrument builds its history: do it once now, not in a request.
  const warm = Date.now();
  for (const inst of app.kabuto.market.instruments()) app.kabuto.market.quote(inst.symbol);
  app.log.info({ ms: Date.now() - warm }, 'market data warmed up');
  // One process (advisory lock on PostgreSQL) publishes ticks and runs the trading jobs.
  app.kabuto.start();

  let closing = false;
  let metricsServer: Server | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.ops.drain();
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      metricsServer?.close();
      await app.close();
      await redis?.quit();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const host = listenHost(env);
  const address = await app.listen({ port: env.PORT, host });
  if (env.METRICS_PORT) metricsServer = await startMetricsServer(app, env.METRICS_PORT, host);
  // the address people type: localhost for this machine or every interface
  const url = address.replace(/\/\/(0\.0\.0\.0|127\.0\.0\.1|\[::1?\])(?=[:/]|$)/, '//localhost');
  if (mode === 'production' || !seed) {
    const operators = await handle.db
      .selectFrom('operator')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    app.log.info({ url, mode, applied, metricsPort: env.METRICS_PORT ?? null }, 'listening');
    if (Number(operators.n) === 0) {
      app.log.warn(
        'no operator yet: create the first one with `npm run operator:create -- --name <name>` (prints its password to that terminal only)',
      );
    }
    return;
  }
  const lines = [
    '',
    `Kabuto listening on ${url}`,
    `  database     ${handle.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}/pglite` : 'PostgreSQL (DATABASE_URL)'}${applied.length ? ` — applied ${applied.join(', ')}` : ''}`,
    `  clock        ${new Date(clock.now()).toISOString()}${env.KABUTO_CLOCK_SPEED ? ` ×${env.KABUTO_CLOCK_SPEED}` : ''}`,
    `  app          ${url}/`,
    `  back office  ${url}/admin/`,
    `  API docs     ${url}/api/docs`,
    `  invite code  ${seed.inviteCode}`,
    `  demo user    ${seed.account} / ${seed.password} (fund password ${seed.fundPassword}, deposit channel password ${seed.channelPassword}, private block trades ${seed.blockPassword})`,
    seed.operatorPassword
      ? `  operator     ${seed.operator} / ${seed.operatorPassword} (back office${seed.seeded && !env.DEMO_ADMIN_PASSWORD ? '; generated now and shown only this once' : ''})`
      : `  operator     ${seed.operator} (back office; password printed on the first start, or set DEMO_ADMIN_PASSWORD before it)`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(
    `Kabuto failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
