import { createDb, migrateToLatest } from '@kabuto/db';
import { clockFromEnv } from '@kabuto/domain';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadEnv } from './config.ts';
import { seedDemo } from './seed/seed.ts';

/** Listens, seeds an empty database, prints how to get in, and shuts down gracefully. */
async function main(): Promise<void> {
  const env = loadEnv();
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
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.token', 'req.headers.authorization'] },
  });
  const seed = await seedDemo(
    handle.db,
    env,
    { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    clock,
    app.kabuto.market,
  );

  // The first quote of each instrument builds its history: do it once now, not in a request.
  const warm = Date.now();
  for (const inst of app.kabuto.market.instruments()) app.kabuto.market.quote(inst.symbol);
  app.log.info({ ms: Date.now() - warm }, 'market data warmed up');
  // One process (advisory lock on PostgreSQL) publishes ticks and runs the trading jobs.
  app.kabuto.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await redis?.quit();
      await handle.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
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
