// The scenario of `npm run test:deploy` (scripts/test-deploy.mjs starts the topology and hands it here).
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A real 4×4 PNG (uploads are decoded and encoded again, so the bytes must be a picture). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4oaEBRwzEcQDRQxGBpDPMeQAAAABJRU5ErkJggg==';
/** A small image of its own (an ID's side, a transfer proof), as a phone would upload it. */
const photo = (shade) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/**
 * The money path through the proxy: the operator opens a deposit channel; the user uploads an ID (both
 * sides), the operator verifies it; the user deposits with a transfer proof, the operator approves it
 * (bank → cash in the ledger); the user sets a fund password and places an order of the order book
 * (accepted at any hour: it waits for the market's next call), its cash held.
 */
async function depositAndOrder(t, { token, account, check }) {
  const { call, ok, db } = t;
  const from = '127.0.3.1';
  const upload = async (bytes) => {
    const boundary = `----kabuto${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="card"; filename="photo.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ok(
      await call('POST', '/api/vue/common/upload1', {
        body,
        token,
        from,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      }),
      'upload',
    );
  };
  const money = (path, body) =>
    call('POST', `/api/vue${path}`, {
      body,
      token,
      from,
      headers: { 'idempotency-key': randomBytes(16).toString('hex') },
    });

  const channel = ok(
    await call('POST', '/api/admin/channels/save', {
      token: t.op,
      body: {
        currency: 'jpy',
        name: 'Deploy test bank',
        account_name: 'Kabuto Securities',
        account_number: '1234567',
        bank: 'Test Bank',
        branch: 'Head office',
        open_from: '00:00',
        open_to: '23:59',
        enabled: true,
        quick: true,
        reason: 'deployment test',
      },
    }),
    'deposit channel',
  );
  ok(
    await call('POST', '/api/vue/user/shiming', {
      token,
      from,
      body: {
        realname: '山田 太郎',
        id_card: `ID${randomBytes(4).toString('hex')}`,
        frontcard: await upload(await photo(40)),
        backcard: await upload(await photo(200)),
        privacy: '1',
      },
    }),
    'identity submitted',
  );
  const kyc = ok(
    await call('POST', '/api/admin/kyc/list', { token: t.op, body: { status: 'pending' } }),
    'kyc list',
  );
  const submission = kyc.list.find((r) => r.account === account);
  ok(
    await call('POST', '/api/admin/kyc/decide', { token: t.op, body: { id: submission.id, approve: true } }),
    'identity approved',
  );
  // a deployment sets its own channel password (the default is public)
  const secret = `c${randomBytes(6).toString('hex')}`;
  ok(
    await call('POST', '/api/admin/config/set', {
      token: t.op,
      body: { name: 'channel_password', value: secret, reason: 'deployment test' },
    }),
    'channel password',
  );
  const deposit = ok(
    await money('/user/chongzhi', {
      money: '500000',
      type: 'jpy',
      rjpz: await upload(await photo(90)),
      channel: channel.id,
      rpassword: secret,
    }),
    'deposit',
  );
  const pending = ok(
    await call('POST', '/api/admin/deposits/list', { token: t.op, body: { status: 'pending' } }),
    'deposit queue',
  );
  check(
    pending.list.some((r) => r.id === deposit.id),
    'the user’s deposit waits in the operator’s queue',
  );
  ok(
    await call('POST', '/api/admin/deposits/decide', {
      token: t.op,
      body: { id: deposit.id, approve: true },
    }),
    'deposit approved',
  );
  const posted = (
    await db.query(`select amount from ledger_transfer where code = 'deposit' and operation_ref = $1`, [
      `deposit:${deposit.id}`,
    ])
  ).rows;
  check(
    posted.length === 1 && BigInt(posted[0].amount) > 0n,
    'the operator approved the deposit through the proxy: one ledger transfer bank → cash',
  );

  ok(await money('/user/setPasswords', { new_pass: '112233', new_passs: '112233' }), 'fund password');
  const order = ok(
    await money('/trade/buy_stock', {
      type: 'jpy',
      symbol: '7203',
      zhang: '100',
      buyzd: 1,
      gdlx: 1,
      ganggan: 1,
      timing: 'any',
    }),
    'order',
  );
  const detail = ok(
    await call('POST', '/api/vue/trade/stockdetail', { token, from, body: { id: order.id, type: 'jpy' } }),
    'order detail',
  );
  check(Boolean(order.id) && detail !== null, `the user placed an order through the proxy (${order.id})`);
}

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

  // ---- the operator approves the user's deposit, and the user places an order, all through the proxy
  await depositAndOrder(t, { token, account, check });

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
  // ---- an ID photo uploaded to the instance about to die is served by the other (the shared file store)
  const victimPort = onA ? t.portA : t.portB;
  const form = new FormData();
  form.append('card', new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'id.png');
  const uploaded = await fetch(`http://127.0.0.1:${victimPort}/api/vue/common/upload1`, {
    method: 'POST',
    headers: { token },
    body: form,
  }).then((r) => r.json());
  check(uploaded.status === 1, `an image uploaded to the instance holding the stream (${uploaded.data})`);
  // `data` is the signed path (`/api/vue/uploads/<name>?s=…`); the stored name is in it
  const uploadedName = /([a-f0-9]{32}\.(?:jpg|png|webp))/.exec(uploaded.data)?.[1];
  const original = Buffer.from(
    await fetch(`http://127.0.0.1:${victimPort}/api/vue/uploads/${uploadedName}`, {
      headers: { token },
    }).then((r) => r.arrayBuffer()),
  );
  const atRest = (await db.query('select bytes from stored_file where name = $1', [uploadedName])).rows[0]
    ?.bytes;
  check(
    atRest && !atRest.includes(original.subarray(0, 8)) && !atRest.includes(original.subarray(16, 48)),
    'the bytes at rest in PostgreSQL are not the image',
  );
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
  const photo = await call('GET', `/api/vue/uploads/${uploadedName}`, { token, from: '127.0.3.1' });
  check(
    photo.status === 200 && photo.bytes.equals(original),
    'the image uploaded to the killed instance is served by the other, byte for byte',
  );
  const rec = ok(await call('POST', '/api/admin/ledger/reconcile', { body: {}, token: t.op }), 'reconcile');
  check(rec.ok === true, 'the ledger reconciles after the kill');
  check(
    (await db.query('select count(*) as n from ledger_transfer')).rows[0].n === balanceBefore &&
      (await t.count('app_user')) === usersBefore,
    'no transfer or user lost or duplicated',
  );
  again.c.ws.close();

  // ---- the daily jobs ran on the durable queue (pg-boss on PostgreSQL), each market's once
  // every key offered so far has run once (the markets' closes come in one after another)
  let daily = [];
  let queued = -1;
  for (let i = 0; i < 100; i++) {
    daily = (
      await db.query(
        `select job, key, state from job_run where kind = 'daily' and state = 'completed' order by job, key`,
      )
    ).rows;
    queued = Number(
      (
        await db.query(
          `select count(*) as n from pgboss.job where name like 'daily.%' and name <> 'daily.dead'`,
        )
      ).rows[0].n,
    );
    if (new Set(daily.map((r) => r.job)).size >= 2 && queued === daily.length) break;
    await sleep(300);
  }
  check(
    new Set(daily.map((r) => r.job)).size >= 2 && queued === daily.length,
    `the daily jobs ran once each on the queue (${daily.map((r) => `${r.job} ${r.key}`).join(', ')})`,
  );
  log('scenario done');
}
