#!/usr/bin/env node
// `npm run test:deploy`: compose.yaml's topology without Docker. Two production-mode instances of the
// compiled server on PostgreSQL (a database of its own, dropped after) and Redis, behind a real nginx
// running deploy/nginx.conf on loopback (TLS with a throwaway certificate, TRUST_PROXY = nginx). Through
// the proxy: an operator signs in, a user registers and signs in, the operator verifies the user's
// identity and approves the user's deposit, the user places an order and streams prices over a WebSocket
// and uploads an ID photo to the instance holding the stream; that instance is killed mid-stream; the
// client reconnects (to the other), the other serves the photo byte for byte (encrypted at rest in
// PostgreSQL), and the ledger reconciles with the same balance; login rate limits see each client's own address; the daily
// jobs ran once each on the durable queue. Skipped with a notice when nginx, openssl,
// DATABASE_URL or REDIS_URL is missing.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { requireSupportedNode } from './runtime.mjs';

requireSupportedNode();
const root = new URL('..', import.meta.url).pathname;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const { DATABASE_URL, REDIS_URL } = process.env;
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!NGINX || !DATABASE_URL || !REDIS_URL || !hasOpenssl) {
  const missing = [
    !NGINX && 'nginx (apt-get install -y nginx)',
    !DATABASE_URL && 'DATABASE_URL',
    !REDIS_URL && 'REDIS_URL',
    !hasOpenssl && 'openssl',
  ].filter(Boolean);
  process.stdout.write(`test:deploy skipped — missing ${missing.join(', ')}\n`);
  process.exit(0);
}

const started = Date.now();
const log = (m) => process.stdout.write(`[deploy ${((Date.now() - started) / 1000).toFixed(1)}s] ${m}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(join(tmpdir(), 'kabuto-deploy-'));
const procs = [];
let admin = null;
let dbName = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function cleanup() {
  const alive = (p) => p.exitCode === null && p.signalCode === null;
  // SIGTERM first: nginx's master stops its workers then (killed outright, it leaves them running, holding
  // the port and the test's output pipe); whatever is still up a moment later is killed
  for (const p of procs) if (alive(p)) p.kill('SIGTERM');
  for (let i = 0; i < 30 && procs.some(alive); i++) await sleep(100);
  for (const p of procs) if (alive(p)) p.kill('SIGKILL');
  await sleep(200);
  if (admin && dbName) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  rmSync(work, { recursive: true, force: true });
}

function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  log(`ok — ${what}`);
}

try {
  // ---- build the production server
  const b = spawnSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('build:server failed');

  // ---- a database of its own
  dbName = `kabuto_deploy_${randomBytes(5).toString('hex')}`;
  admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: dbUrl.href });
  // the database is dropped (with its connections) at the end, also after a failure
  db.on('error', () => {});

  // ---- two instances
  const [portA, portB, metricsA, metricsB, https, http] = await Promise.all(
    Array.from({ length: 6 }, freePort),
  );
  const origin = `https://localhost:${https}`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('DEMO_') && !k.startsWith('KABUTO_')),
  );
  const baseEnv = {
    ...clean,
    KABUTO_MODE: 'production',
    DATABASE_URL: dbUrl.href,
    REDIS_URL,
    TRUST_PROXY: '127.0.0.1',
    WEBAUTHN_ORIGINS: origin,
    FILES_KEYS: `t1:${randomBytes(32).toString('base64')}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(work, 'data'),
  };
  const outputs = { A: '', B: '' };
  function startInstance(name, port, metricsPort) {
    const p = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/server.js')], {
      cwd: root,
      env: { ...baseEnv, PORT: String(port), METRICS_PORT: String(metricsPort) },
    });
    p.stdout.on('data', (d) => (outputs[name] += d));
    p.stderr.on('data', (d) => (outputs[name] += d));
    procs.push(p);
    return p;
  }
  const ready = async (port, ms = 90_000) => {
    const end = Date.now() + ms;
    let last = '';
    while (Date.now() < end) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (r) => {
          last = `${r.status} ${await r.text()}`;
          return r.ok;
        },
        (e) => {
          last = String(e);
          return false;
        },
      );
      if (ok) return;
      await sleep(300);
    }
    throw new Error(`instance on ${port} not ready (${last}):\n${outputs.A}\n${outputs.B}`);
  };
  // the first migrates the empty database; the second starts against it
  const a = startInstance('A', portA, metricsA);
  await ready(portA);
  const bProc = startInstance('B', portB, metricsB);
  await ready(portB);
  log('two production instances ready');
  await db.connect();
  const count = async (table) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
  check(
    (await count('app_user')) === 0 &&
      (await count('operator')) === 0 &&
      (await count('ledger_transfer')) === 0,
    'production mode seeded nothing: no user, no operator, no money',
  );
  check(
    !/demo user|invite code|Password:|kabuto-demo/i.test(outputs.A + outputs.B),
    'no credentials in the instances’ output',
  );

  // ---- nginx with deploy/nginx.conf, on loopback
  spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(work, 'privkey.pem'),
      '-out',
      join(work, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  const conf = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replace('server app1:3000', `server 127.0.0.1:${portA}`)
    .replace('server app2:3000', `server 127.0.0.1:${portB}`)
    .replace('listen 80;', `listen 127.0.0.1:${http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${https} ssl http2;`)
    .replace('/etc/nginx/tls/fullchain.pem', join(work, 'fullchain.pem'))
    .replace('/etc/nginx/tls/privkey.pem', join(work, 'privkey.pem'))
    .replace('/var/log/nginx/access.log', join(work, 'access.log'))
    .replace('worker_processes auto;', 'worker_processes 1;');
  for (const needle of [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`, `127.0.0.1:${https} ssl http2`]) {
    if (!conf.includes(needle)) throw new Error(`deploy/nginx.conf changed shape: ${needle} not placed`);
  }
  writeFileSync(join(work, 'nginx.conf'), conf);
  const nginx = spawn(
    NGINX,
    [
      '-p',
      work,
      '-c',
      join(work, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(work, 'nginx.pid')}; error_log ${join(work, 'error.log')} warn;`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  procs.push(nginx);

  // ---- a client of the proxy; `from` is the client's own loopback address
  const agentOpts = { rejectUnauthorized: false };
  function call(method, path, { body, token, from = '127.0.0.1', headers = {} } = {}) {
    return new Promise((resolve, reject) => {
      // a Buffer goes as it is (a multipart upload, its content-type in `headers`); anything else as JSON
      const payload = body === undefined || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port: https,
          path,
          method,
          localAddress: from,
          servername: 'localhost',
          ...agentOpts,
          agent: false,
          headers: {
            host: `localhost:${https}`,
            ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
            ...(token ? { token, authorization: `Bearer ${token}` } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (d) => chunks.push(d));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const data = bytes.toString('utf8');
            let json = null;
            try {
              json = JSON.parse(data);
            } catch {}
            resolve({ status: res.statusCode, headers: res.headers, json, text: data, bytes });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }
  const ok = (r, what) => {
    if (r.json?.status !== 1) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
    return r.json.data;
  };
  for (let i = 0; ; i++) {
    const r = await call('GET', '/readyz').catch(() => null);
    if (r?.status === 200) break;
    if (i > 100) throw new Error('nginx did not come up');
    await sleep(100);
  }
  check(
    (await call('GET', '/readyz')).json?.checks?.redis === 'ok',
    '/readyz through nginx: PostgreSQL, Redis, migrations, market',
  );

  // ---- the first operator, from the one-time command (password from stdin, never printed)
  const opPassword = `op-${randomBytes(12).toString('hex')}`;
  const cli = spawnSync(
    process.execPath,
    [join(root, 'apps/server/dist/operator-cli.js'), '--name', 'ops', '--password-stdin'],
    { cwd: root, env: baseEnv, input: `${opPassword}\n`, encoding: 'utf8' },
  );
  check(cli.status === 0 && !cli.stdout.includes(opPassword), 'operator:create made the first operator');
  const inviteCode = /Invite code[^:]*: ([A-Z2-9]{8})/.exec(cli.stdout)?.[1];
  check(Boolean(inviteCode), 'operator:create printed the first invite code (the house account)');
  const opLogin = ok(
    await call('POST', '/api/admin/auth/login', { body: { username: 'ops', password: opPassword } }),
    'operator login',
  );
  const op = opLogin.token;
  check(Boolean(op), 'the operator signed in through the proxy');

  log(`nginx ${https} → A ${portA}, B ${portB}`);
  const result = {
    a,
    bProc,
    op,
    inviteCode,
    call,
    ok,
    db,
    count,
    metricsA,
    metricsB,
    portA,
    portB,
    https,
    origin,
  };
  const { runScenario } = await import('./test-deploy-scenario.mjs');
  await runScenario(result, { check, log, sleep, WebSocket, startInstance });
  log(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.end();
  await cleanup();
  process.exit(0);
} catch (err) {
  process.stderr.write(`test:deploy FAILED: ${err instanceof Error ? err.stack : String(err)}\n`);
  await cleanup();
  process.exit(1);
}
