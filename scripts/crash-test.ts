/**
 * `npm run test:crash`: money calls survive a `kill -9` of the server — nothing lost, nothing twice.
 *
 * 1. A throwaway PostgreSQL database (on DATABASE_URL's server; skipped with a notice when it is unset).
 * 2. The real server (`scripts/start.mjs`, no build) on it, the clock inside the Tokyo session. Users are
 *    set up through the API: register, identity verified, deposits and a margin account approved by the
 *    operator.
 * 3. Mixed money load from every user at once — market buys, closes of their own holdings, yen→dollar
 *    exchanges, stop orders (逆指値) on holdings at a level the price has already reached, which the
 *    leader's exit job fires on its next round (a trigger storm under the crash) — each call with its own
 *    Idempotency-Key, every key and body written down.
 * 4. `kill -9` in the middle of the load (CRASH_AFTER_MS), a restart on the same database, and a second
 *    round of load and crash when CRASH_ROUNDS > 1.
 * 5. After the last restart every key is replayed with its body, twice. A key whose first reply arrived
 *    must be answered with that same reply.
 * 6. Every trigger fires exactly once: after the restart no stop is left working (none lost), every
 *    fired stop closed its position, and no position was sold twice (none duplicated).
 * 7. The ledger's reconcile passes, the margin held per user and market (`margin_held`) equals the sum
 *    over the open margin positions, and per kind the count of operations in the database (positions
 *    opened, positions closed, exchanges) equals the count of keys that succeeded: a stored success, or
 *    applied in the operation's own transaction before the crash took its reply. The second replay
 *    changes nothing. The figures are printed; any difference fails the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createDb } from '@kabuto/db';
import { checkInvariants } from '@kabuto/ledger';
import { sql } from 'kysely';

const ROOT = new URL('..', import.meta.url).pathname;
const BASE_URL = process.env.DATABASE_URL;
const USERS = Number(process.env.CRASH_USERS ?? 6);
const CRASH_AFTER_MS = Number(process.env.CRASH_AFTER_MS ?? 4000);
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
const ADMIN_PASSWORD = `crash-${randomBytes(6).toString('hex')}`;

type Kind = 'buy' | 'sell' | 'exchange' | 'exit';
interface Call {
  kind: Kind;
  user: User;
  path: string;
  body: Record<string, unknown>;
  key: string;
  /** The first reply, when one arrived before the crash. */
  reply?: string;
}
interface User {
  account: string;
  token: string;
  open: string[];
}

if (!BASE_URL) {
  process.stdout.write('crash test: skipped — set DATABASE_URL to a PostgreSQL server\n');
  process.exit(0);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address();
      probe.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

/** A real 8×8 PNG (the upload check decodes images), made here rather than shipped. */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.concat(
    Array.from({ length: 8 }, (_, y) =>
      Buffer.from([0, ...Array.from({ length: 24 }, (_, i) => (i * 31 + y * 17) % 256)]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

class Server {
  child: ChildProcess | null = null;
  url = '';
  constructor(
    private readonly dbUrl: string,
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    const { NODE_ENV: _n, ...env } = process.env;
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: {
        ...env,
        KABUTO_SKIP_BUILD: '1',
        DATABASE_URL: this.dbUrl,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: join(ROOT, 'data', `crash-${this.port}`),
        KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN: '100000',
        RATE_LIMIT_REGISTER: '100000',
        RATE_LIMIT_MONEY: '100000',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        DEMO_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
      const seen = (b: Buffer) => {
        out += b.toString();
        const m = /Kabuto listening on (http:\/\/\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          this.url = m[1].replace(/\/+$/, '');
          resolve();
        }
      };
      child.stdout?.on('data', seen);
      child.stderr?.on('data', seen);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before listening:\n${out}`));
      });
    });
    child.removeAllListeners('exit');
  }

  /** SIGKILL: no shutdown hook, no reply flushed, connections cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

async function main() {
  const dbName = `kabuto_crash_${randomBytes(5).toString('hex')}`;
  const admin = await createDb({ url: BASE_URL, poolSize: 1 });
  await sql.raw(`CREATE DATABASE ${dbName}`).execute(admin.db);
  const dbUrl = new URL(BASE_URL as string);
  dbUrl.pathname = `/${dbName}`;
  const server = new Server(dbUrl.toString(), await freePort());
  let failed = false;
  try {
    await server.start();
    const api = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const r = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { http: r.status, text: await r.text() };
    };
    const ok = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const r = await api(path, body, headers);
      const json = JSON.parse(r.text);
      if (json.status !== 1) throw new Error(`${path}: ${r.text}`);
      return json.data;
    };

    // Users: registered, verified and funded through the API, as a customer and an operator would.
    const op = (await ok('/api/admin/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
    const opH = { authorization: `Bearer ${op}` };
    const users: User[] = [];
    for (let i = 0; i < USERS; i++) {
      const account = `crash${i}${randomBytes(3).toString('hex')}`;
      const password = 'Crash-test-pass-1';
      await ok('/api/vue/user/register', { account, pwd: password, pwd1: password, inviter: 'KABUTO2026' });
      const token = (await ok('/api/vue/user/login', { account, password })).token;
      const h = { token };
      const upload = async () => {
        const form = new FormData();
        form.append('card', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'id.png');
        const r = await fetch(`${server.url}/api/vue/common/upload1`, {
          method: 'POST',
          headers: h,
          body: form,
        });
        const json = (await r.json()) as { status: number; data: string };
        if (json.status !== 1) throw new Error(`upload: ${JSON.stringify(json)}`);
        return json.data;
      };
      await ok('/api/vue/user/setPasswords', { new_pass: '112233', new_passs: '112233' }, h);
      const [front, back] = [await upload(), await upload()];
      await ok(
        '/api/vue/user/shiming',
        {
          realname: '耐久 試験',
          id_card: `ID${i}${Date.now()}`,
          frontcard: front,
          backcard: back,
          privacy: '1',
        },
        h,
      );
      const kyc = await ok('/api/admin/kyc/list', { status: 'pending', size: 200 }, opH);
      const row = kyc.list.find((r: { account: string }) => r.account === account);
      await ok('/api/admin/kyc/decide', { id: row.id, approve: true }, opH);
      const channels = await ok('/api/vue/common/recharge_channel', { type: 'jpy' }, h);
      const channel = channels.find((c: { open: boolean }) => c.open) ?? channels[0];
      for (let d = 0; d < 4; d++) {
        const dep = await ok(
          '/api/vue/user/chongzhi',
          { money: '500000', type: 'jpy', rjpz: await upload(), channel: channel.id, rpassword: '135790' },
          { ...h, 'idempotency-key': randomUUID() },
        );
        await ok('/api/admin/deposits/decide', { id: dep.id, approve: true }, opH);
      }
      // a margin account (applied for and approved), as the load trades above 1×
      await ok(
        '/api/vue/user/margin_apply',
        { experience: '1to3', assets: '3mto10m', income: '3mto5m', risks: 1, agreement: 1 },
        h,
      );
      const applications = await ok('/api/admin/margin/list', { status: 'pending', size: 200 }, opH);
      const application = applications.list.find((r: { account: string }) => r.account === account);
      await ok('/api/admin/margin/decide', { id: application.id, approve: true }, opH);
      users.push({ account, token, open: [] });
    }

    const calls: Call[] = [];
    let errors = 0;
    const send = async (c: Call) => {
      calls.push(c);
      try {
        const r = await api(`/api/vue${c.path}`, c.body, { token: c.user.token, 'idempotency-key': c.key });
        c.reply = r.text;
        const json = JSON.parse(r.text);
        if (json.status === 1 && c.kind === 'buy') c.user.open.push(String(json.data.id));
        if (process.env.CRASH_DEBUG && json.status !== 1) process.stdout.write(`${c.path} ${r.text}\n`);
      } catch {
        errors++; // cut by the crash: the outcome is for the replay to tell
      }
    };
    const SYMBOLS = ['7203', '6758', '9432', '8306'];
    const loadUntilCrash = async () => {
      let crashed = false;
      const workers = users.map(async (user, i) => {
        let n = 0;
        while (!crashed) {
          n++;
          const pick = (n + i) % 6;
          if (pick === 5 && user.open.length) {
            // a stop the price has already reached: the leader's next round fires it (a trigger storm)
            const id = user.open.shift() as string;
            await send({
              kind: 'exit',
              user,
              path: '/trade/exit_order',
              body: { id, type: 'jpy', kind: 'stop', stop_price: '999999' },
              key: randomUUID(),
            });
          } else if (pick >= 3 && user.open.length) {
            const id = user.open.shift() as string;
            await send({
              kind: 'sell',
              user,
              path: '/trade/sell_stock',
              body: { id, type: 'jpy' },
              key: randomUUID(),
            });
          } else if (pick === 2) {
            await send({
              kind: 'exchange',
              user,
              path: '/user/rotation',
              body: { money: '1000', from: 'jpy', to: 'usd' },
              key: randomUUID(),
            });
          } else {
            await send({
              kind: 'buy',
              user,
              path: '/trade/buy_stock',
              body: {
                type: 'jpy',
                symbol: SYMBOLS[n % SYMBOLS.length],
                zhang: '100',
                ganggan: '3',
                buyzd: 1,
                gdlx: 1,
              },
              key: randomUUID(),
            });
          }
        }
      });
      await new Promise((r) => setTimeout(r, CRASH_AFTER_MS));
      await server.kill();
      crashed = true;
      await Promise.all(workers);
    };

    for (let round = 1; round <= ROUNDS; round++) {
      await loadUntilCrash();
      process.stdout.write(
        `crash test: round ${round}: killed the server (kill -9) under load; restarting\n`,
      );
      await server.start();
    }

    // Replay every key with its body, twice; a reply that arrived before must come back unchanged.
    let changed = 0;
    const replies: string[][] = [[], []];
    for (const pass of [0, 1]) {
      for (const c of calls) {
        const r = await api(`/api/vue${c.path}`, c.body, { token: c.user.token, 'idempotency-key': c.key });
        replies[pass].push(r.text);
        if (pass === 0 && c.reply !== undefined && r.text !== c.reply) {
          changed++;
          if (changed <= 5)
            process.stdout.write(`  replay differs: ${c.path}\n    first ${c.reply}\n    again ${r.text}\n`);
        }
      }
    }

    const handle = await createDb({ url: dbUrl.toString(), poolSize: 2 });
    const db = handle.db;
    try {
      const keys = await db
        .selectFrom('idempotency_key')
        .select(['key', 'state', 'reply'])
        .where(
          'key',
          'in',
          calls.map((c) => c.key),
        )
        .execute();
      const byKey = new Map(keys.map((k) => [k.key, k]));
      const succeeded: Record<Kind, number> = { buy: 0, sell: 0, exchange: 0, exit: 0 };
      let pendingLeft = 0;
      for (const c of calls) {
        const k = byKey.get(c.key);
        if (!k) continue;
        if (k.state === 'applied' || (k.state === 'done' && k.reply && JSON.parse(k.reply).status === 1))
          succeeded[c.kind]++;
        if (k.state === 'pending') pendingLeft++;
      }
      const count = async (q: ReturnType<typeof sql<{ n: string }>>) =>
        Number((await q.execute(db)).rows[0].n);
      // The triggers: after the restart the leader fires every stop left working (each one placed was
      // reached). None may be left working (lost), and no position may be closed twice (duplicated: a
      // second sale record of one order number).
      const deadline = Date.now() + 60_000;
      let working = Number.POSITIVE_INFINITY;
      while (Date.now() < deadline) {
        working = await count(
          sql<{
            n: string;
          }>`select count(*)::text as n from exit_order where status in ('working', 'triggered')`,
        );
        if (working === 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const firedExits = await count(
        sql<{ n: string }>`select count(*)::text as n from exit_order where status = 'filled'`,
      );
      const closedByExits = await count(
        sql<{
          n: string;
        }>`select count(*)::text as n from position p where p.closed_at is not null and exists (select 1 from exit_order e where e.closed_position_id = p.id and e.status = 'filled')`,
      );
      const soldTwice = await count(
        sql<{
          n: string;
        }>`select count(*)::text as n from (select order_no from fund_record where type = 'stock_sell' and memo = 'margin' group by order_no having count(*) > 1) twice`,
      );
      const operations: Record<Kind, number> = {
        buy: await count(sql<{ n: string }>`select count(*)::text as n from position`),
        // closes by the user (those the triggers made are counted below)
        sell:
          (await count(
            sql<{ n: string }>`select count(*)::text as n from position where closed_at is not null`,
          )) - closedByExits,
        exchange: await count(sql<{ n: string }>`select count(*)::text as n from fx_exchange`),
        exit: await count(sql<{ n: string }>`select count(*)::text as n from exit_order`),
      };
      // the margin held per user and market (what the margin gate reads) against the positions' own sum
      const heldOff = await count(
        sql<{ n: string }>`select count(*)::text as n from (
          select coalesce(h.user_id, p.user_id) from margin_held h full join (
            select user_id, market, sum(margin) as held from position
            where status in (0, 2) and not day_trade and (leverage > 1 or direction = 2) and open_price is not null
            group by user_id, market) p on p.user_id = h.user_id and p.market = h.market
          where coalesce(h.held, 0) <> coalesce(p.held, 0)) off`,
      );
      const report = await checkInvariants(db);
      const lost = (Object.keys(succeeded) as Kind[]).reduce(
        (s, k) => s + Math.max(0, succeeded[k] - operations[k]),
        0,
      );
      const duplicated = (Object.keys(succeeded) as Kind[]).reduce(
        (s, k) => s + Math.max(0, operations[k] - succeeded[k]),
        0,
      );
      const secondDiffers = replies[1].filter((r, i) => r !== replies[0][i] && !/inProgress/.test(r)).length;
      process.stdout.write(
        `crash test: ${USERS} users, ${ROUNDS} kill -9, ${calls.length} money calls (${errors} cut by a crash), ` +
          `replayed twice; successful keys buy ${succeeded.buy} / sell ${succeeded.sell} / exchange ${succeeded.exchange} / exit ${succeeded.exit}, ` +
          `operations ${operations.buy} / ${operations.sell} / ${operations.exchange} / ${operations.exit}; ` +
          `triggers: ${firedExits} fired, ${closedByExits} positions closed by them, ${working} left working, ${soldTwice} orders sold twice; ` +
          `${lost} lost, ${duplicated} duplicated, ${changed} replies changed on replay, ${secondDiffers} changed on the second replay, ` +
          `${pendingLeft} keys left pending (their requests died before committing), ` +
          `${heldOff} margin totals off their positions, ` +
          `reconcile ${report.violations.length === 0 ? 'passed' : `FAILED: ${report.violations.map((v) => v.message).join('; ')}`}\n`,
      );
      failed =
        lost > 0 ||
        duplicated > 0 ||
        changed > 0 ||
        secondDiffers > 0 ||
        report.violations.length > 0 ||
        working > 0 ||
        firedExits !== closedByExits ||
        soldTwice > 0 ||
        heldOff > 0 ||
        errors === 0 ||
        Object.values(succeeded).some((n) => n === 0) ||
        calls.length < 50;
      if (errors === 0)
        process.stdout.write('crash test: no call was cut by the crash; nothing was tested\n');
      if (Object.values(succeeded).some((n) => n === 0))
        process.stdout.write('crash test: a kind of call never succeeded; the load did not test it\n');
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop();
    rmSync(join(ROOT, 'data', `crash-${server.port}`), { recursive: true, force: true });
    await sql.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).execute(admin.db);
    await admin.close();
  }
  process.stdout.write(`crash test: ${failed ? 'FAILED' : 'passed'}\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  process.stderr.write(`crash test: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
