// The scenario of `npm run test:deploy` (scripts/test-deploy.mjs starts the topology and hands it here).
import { randomBytes } from 'node:crypto';

export async function runScenario(t, { check, log, sleep, WebSocket }) {
  const { call, ok, db } = t;
  // the first invite code, printed by operator:create with the first operator (the house account's)
  const code = t.inviteCode;

  // ---- a user registers and signs in through the proxy, from its own address
  const account = `dep${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  ok(
    await call('POST', '/api/vue/user/register', {
      body: { account, pwd: password, pwd1: password, inviter: code },
      from: '127.0.3.1',
    }),
    'register',
  );
  const login = ok(
    await call('POST', '/api/vue/user/login', { body: { account, password }, from: '127.0.3.1' }),
    'login',
  );
  const token = login.token;
  check(Boolean(token), 'a user registered and signed in through the proxy');

  // ---- rate limits and lockouts see the client's own address (X-Forwarded-For from nginx)
  let limited = null;
  for (let i = 0; i < 15 && !limited; i++) {
    const r = await call('POST', '/api/vue/user/login', {
      body: { account, password: 'wrong-password-1' },
      from: '127.0.5.1',
    });
    if (r.status === 429) limited = i + 1;
  }
  check(
    limited !== null && limited > 1,
    `wrong passwords from 127.0.5.1 are rate limited (after ${limited})`,
  );
  const other = await call('POST', '/api/vue/user/login', { body: { account, password }, from: '127.0.6.1' });
  check(other.json?.status === 1, 'the same account still signs in from another address (127.0.6.1)');
  const ips = (
    await db.query(
      `select s.ip from session s join app_user u on u.id = s.user_id where u.account = $1 order by s.id`,
      [account],
    )
  ).rows.map((r) => r.ip);
  check(
    ips.includes('127.0.3.1') && ips.includes('127.0.6.1'),
    `sessions record the clients' addresses (${ips.join(', ')}), not the proxy's`,
  );

  // ---- a WebSocket price stream through the proxy
  const wsUrl = `wss://localhost:${t.https}/api/vue/ws`;
  const stream = () => {
    const ws = new WebSocket(wsUrl, { rejectUnauthorized: false, headers: { origin: t.origin } });
    const inbox = [];
    const waiters = [];
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      const i = waiters.findIndex((w) => w.pred(m));
      if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
      else inbox.push(m);
    });
    const opened = new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise((resolve) => ws.once('close', resolve));
    const next = (pred, ms = 10_000) => {
      const i = inbox.findIndex(pred);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message on the stream')), ms);
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    };
    return { ws, opened, closed, next, send: (m) => ws.send(JSON.stringify(m)) };
  };
  const subscribe = async () => {
    const c = stream();
    await c.opened;
    c.send({ op: 'auth', token });
    await c.next((m) => m.type === 'auth');
    c.send({ op: 'sub', symbols: ['7203', 'AAPL'] });
    const snap = await c.next((m) => m.type === 'snapshot');
    return { c, snap };
  };
  const first = await subscribe();
  check(
    first.snap.quotes.length > 0,
    `the price stream answers through the proxy (${first.snap.quotes.length} quotes)`,
  );

  // which instance holds the stream: its own metrics say so
  const clients = async (port) => {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    return Number(/^kabuto_websocket_clients (\d+)/m.exec(text)?.[1] ?? 0);
  };
  const onA = (await clients(t.metricsA)) === 1;
  const victim = onA ? t.a : t.bProc;
  const survivorPort = onA ? t.metricsB : t.metricsA;
  const balanceBefore = (await db.query('select count(*) as n from ledger_transfer')).rows[0].n;
  const usersBefore = await t.count('app_user');

  // ---- kill it mid-stream
  victim.kill('SIGKILL');
  await first.c.closed;
  check(true, `the instance holding the stream (${onA ? 'A' : 'B'}) was killed; the client saw the close`);
  const again = await subscribe();
  check(again.snap.quotes.length === first.snap.quotes.length, 'the client reconnected and resubscribed');
  check((await clients(survivorPort)) === 1, 'the stream now runs on the other instance');
  again.c.send({ op: 'ping' });
  await again.c.next((m) => m.type === 'pong');

  // ---- nothing lost: the same session works, the ledger reconciles, nothing vanished or doubled
  const me = await call('POST', '/api/vue/user/getUserinfo', { body: {}, token, from: '127.0.3.1' });
  check(me.json?.status === 1, 'the session made on one instance works on the other');
  const rec = ok(await call('POST', '/api/admin/ledger/reconcile', { body: {}, token: t.op }), 'reconcile');
  check(rec.ok === true, 'the ledger reconciles after the kill');
  check(
    (await db.query('select count(*) as n from ledger_transfer')).rows[0].n === balanceBefore &&
      (await t.count('app_user')) === usersBefore,
    'no transfer or user lost or duplicated',
  );
  again.c.ws.close();
  await sleep(50);
  log('scenario done');
}
