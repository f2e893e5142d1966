/**
 * API benchmark: login and getUserinfo at 50 connections with autocannon, against a server built in this
 * process on PGlite (default) or PostgreSQL (DATABASE_URL). Run: `npm run bench -- api` or `npx tsx bench/api/run.ts`.
 * Production argon2 cost is used, so login measures what users feel.
 */
import { cpus, totalmem } from 'node:os';
import { createDb, migrateToLatest } from '@kabuto/db';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadEnv } from '../../apps/server/src/config.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function main() {
  const env = loadEnv({
    ...process.env,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN: '100000000',
    RATE_LIMIT_REGISTER: '100000000',
  });
  const schema = env.DATABASE_URL ? `bench_api_${Date.now()}` : 'public';
  const handle = env.DATABASE_URL
    ? await createDb({ url: env.DATABASE_URL, schema })
    : await createDb({ dataDir: 'memory://' });
  await migrateToLatest(handle.db, schema);
  const app = await buildApp({ db: handle.db, env, webDist: null, adminDist: null });
  await seedDemo(handle.db, env, { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });

  const loginBody = JSON.stringify({ account: env.DEMO_ACCOUNT, password: env.DEMO_PASSWORD });
  const login = await fetch(`${url}/api/vue/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  const { data } = (await login.json()) as { data: { token: string } };

  const run = (title: string, path: string, body: string, headers: Record<string, string> = {}) =>
    autocannon({
      title,
      url: `${url}/api/vue${path}`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  const rows: string[] = [];
  for (const [title, path, body, headers] of [
    ['getUserinfo', '/user/getUserinfo', '{"type":"jpy"}', { token: data.token, account: env.DEMO_ACCOUNT }],
    ['login', '/user/login', loginBody, {}],
  ] as const) {
    const r = await run(title, path, body, headers);
    rows.push(
      `| ${title} | ${handle.kind} | ${CONNECTIONS} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`,
    );
  }
  process.stdout.write(
    [
      `API benchmark, ${new Date().toISOString().slice(0, 10)}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${DURATION}s per call`,
      '| call | db | connections | req/s | p50 ms | p99 ms | non-2xx |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
  await app.close();
  if (handle.kind === 'postgres') await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(handle.db);
  await handle.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
