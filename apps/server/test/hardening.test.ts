import { connect, type Socket } from 'node:net';
import { createTestDb } from '@kabuto/db/testing';
import { ManualClock, systemClock } from '@kabuto/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { loadEnv } from '../src/config.ts';
import { tokenHash } from '../src/lib/crypto.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { SESSION_TTL_MS } from '../src/shared/sessions.ts';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  IMAGES,
  T0,
  type TestApp,
  uploadNameOf,
} from './support/app.ts';
import { authedClient } from './support/ws-client.ts';

/** Every password evaluation, by the stored hash it was checked against (the real crypto underneath). */
const evaluations = vi.hoisted(() => new Map<string, number>());
vi.mock('../src/lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/lib/crypto.ts')>();
  return {
    ...real,
    verifyPassword: async (stored: string, password: string) => {
      evaluations.set(stored, (evaluations.get(stored) ?? 0) + 1);
      return real.verifyPassword(stored, password);
    },
  };
});

const wrongLogin = (t: TestApp, account: string, headers: Record<string, string> = {}) =>
  t.call('/user/login', { account, password: 'wrong-pass-9' }, { headers });

describe('client address: X-Forwarded-For only from configured proxies', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_LOGIN: '3' });
    behindProxy = await createTestApp('pglite', { RATE_LIMIT_LOGIN: '3', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await behindProxy?.close();
  });

  it('ignores a rotated X-Forwarded-For by default: the login limit holds', async () => {
    const u = await t.newUser('xf');
    // newUser's own login was the first of the three
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await wrongLogin(t, u.account, { 'x-forwarded-for': `203.0.113.${i + 1}` })).http);
    }
    expect(codes).toEqual([200, 200, 429, 429]);
  });

  it('takes the address from a configured proxy (TRUST_PROXY)', async () => {
    const u = await behindProxy.newUser('xp');
    for (let i = 0; i < 5; i++) {
      const r = await wrongLogin(behindProxy, u.account, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(r.http).toBe(200);
    }
    // the same forwarded client four times is limited
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await wrongLogin(behindProxy, u.account, { 'x-forwarded-for': '198.51.100.7' })).http);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('money calls are limited per user, after authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { RATE_LIMIT_MONEY: '2' });
  });
  afterAll(async () => t?.close());

  it("one user's burst does not block another user behind the same address", async () => {
    const a = await t.newUser('ma');
    const b = await t.newUser('mb');
    const cancel = (s: { token: string }, ip: string) =>
      t.call(
        '/trade/cancel_stock',
        { id: '999999', type: 'jpy' },
        { token: s.token, headers: { 'idempotency-key': crypto.randomUUID(), 'x-forwarded-for': ip } },
      );
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await cancel(a, `203.0.113.${i}`)).http);
    expect(codes).toEqual([200, 200, 429]);
    expect((await cancel(b, '203.0.113.9')).http).toBe(200);
  });
});

describe('authentication before validation, and sockets of revoked sessions', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    // the full re-read of every session is out of reach here: what closes a socket is the user-changes
    // bus or the in-memory expiry
    t = await createTestApp(
      'pglite',
      {},
      { stream: { sessionCheckMs: 100, sessionRecheckAllMs: 3_600_000 } },
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/vue/ws`;
  });
  afterAll(async () => t?.close());

  it('answers 401 to an unauthenticated call whatever its body', async () => {
    for (const body of [{}, { name: 1 }, { name: 'x'.repeat(5000) }]) {
      const r = await t.admin('/config/set', body);
      expect(r.http).toBe(401);
      expect(r.body).toEqual({ status: 0, code: 'auth.loginAgain', msg: expect.any(String) });
    }
    const user = await t.call('/user/withdrawal', { bogus: true });
    expect(user.http).toBe(401);
  });

  it('closes a WebSocket whose session is logged out', async () => {
    const s = await t.newUser('wl');
    const c = await authedClient(url, s.token);
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    expectOk(await t.call('/user/logout', {}, { token: s.token }));
    expect(await closed).toBe(4401);
  });

  it('closes a WebSocket once its session has expired, and keeps one whose session slid forward', async () => {
    const expiring = await t.newUser('we');
    const sliding = await t.newUser('ws');
    const a = await authedClient(url, expiring.token);
    const b = await authedClient(url, sliding.token);
    // the second user's session is used again later on: its expiry moves past the clock's next step
    await t.db
      .updateTable('session')
      .set({ expires_at: new Date(t.clock.now() + SESSION_TTL_MS + 120_000) })
      .where('token_hash', '=', tokenHash(sliding.token))
      .execute();
    const closed = new Promise<number>((resolve) => a.ws.once('close', (code) => resolve(code)));
    t.clock.advance(SESSION_TTL_MS + 60_000);
    expect(await closed).toBe(4401);
    b.send({ op: 'ping' });
    await b.next((m) => m.type === 'pong');
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
    b.ws.close();
  });

  it('stamps a session with the server’s timer, so that it slides forward whatever the database’s clock', async () => {
    const s = await t.newUser('st');
    const session = () =>
      t.db
        .selectFrom('session')
        .select(['created_at', 'last_seen_at', 'expires_at'])
        .where('token_hash', '=', tokenHash(s.token))
        .executeTakeFirstOrThrow();
    const signedIn = t.clock.now();
    const row = await session();
    expect([row.created_at.getTime(), row.last_seen_at.getTime()]).toEqual([signedIn, signedIn]);
    expect(row.expires_at.getTime()).toBe(signedIn + SESSION_TTL_MS);
    // used six days on, it runs a full term from then: still open three days later
    const day = 86_400_000;
    t.clock.advance(6 * day);
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
    expect((await session()).expires_at.getTime()).toBe(t.clock.now() + SESSION_TTL_MS);
    t.clock.advance(3 * day);
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  });
});

describe('sockets of sessions changed outside the user-changes bus', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { stream: { sessionCheckMs: 100, sessionRecheckAllMs: 200 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/vue/ws`;
  });
  afterAll(async () => t?.close());

  it('closes a WebSocket whose session was revoked in the database alone, at the next full check', async () => {
    const s = await t.newUser('wd');
    const c = await authedClient(url, s.token);
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    await t.db
      .updateTable('session')
      .set({ revoked_at: new Date(t.clock.now()) })
      .where('token_hash', '=', tokenHash(s.token))
      .execute();
    expect(await closed).toBe(4401);
  });
});

describe('connection limits on a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '1000',
      IDLE_TIMEOUT_MS: '5000',
      MAX_CONNECTIONS_PER_IP: '3',
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(async () => t?.close());

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
  const closedWithin = (s: Socket, ms: number) =>
    new Promise<{ closed: boolean; data: string }>((resolve) => {
      let data = '';
      s.on('data', (d) => {
        data += d.toString();
      });
      s.on('error', () => {});
      const timer = setTimeout(() => resolve({ closed: false, data }), ms);
      s.once('close', () => {
        clearTimeout(timer);
        resolve({ closed: true, data });
      });
    });

  it('configures the header, request, keep-alive and idle timeouts', () => {
    expect(t.app.server.headersTimeout).toBe(1000);
    expect(t.app.server.requestTimeout).toBe(2000);
    expect(t.app.server.keepAliveTimeout).toBe(1000);
    expect(t.app.server.timeout).toBe(5000);
  });

  it('drops a half-sent request after the header timeout', async () => {
    const s = await open();
    s.write('POST /api/vue/common/config HTTP/1.1\r\nHost: localhost\r\nContent-Type: appl');
    const r = await closedWithin(s, 6000);
    expect(r.closed).toBe(true);
    expect(r.data).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops a request whose body never finishes after the request timeout', async () => {
    const s = await open();
    s.write(
      'POST /api/vue/common/config HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const r = await closedWithin(s, 8000);
    expect(r.closed).toBe(true);
  });

  it('closes an idle keep-alive connection', async () => {
    const s = await open();
    s.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const r = await closedWithin(s, 4000);
    expect(r.data).toMatch(/^HTTP\/1\.1 200/);
    expect(r.closed).toBe(true);
  });

  it('holds at most MAX_CONNECTIONS_PER_IP connections of one address', async () => {
    const sockets = await Promise.all([open(), open(), open()]);
    const extra = await open();
    expect((await closedWithin(extra, 1000)).closed).toBe(true);
    const kept = await Promise.all(sockets.map((s) => closedWithin(s, 300)));
    expect(kept.map((k) => k.closed)).toEqual([false, false, false]);
    for (const s of sockets) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await open();
    again.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect((await closedWithin(again, 3000)).data).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('smaller edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('accepts only http, https, mailto and tel for the kefu link', async () => {
    const admin = await t.adminLogin();
    for (const value of [
      'javascript:alert(1)',
      'data:text/html,x',
      'JAVASCRIPT:alert(1)',
      'vbscript:x',
      '//evil',
    ]) {
      expectRefusal(
        await t.admin('/config/set', { name: 'kefu', value, reason: 'r' }, admin),
        'admin.invalidSetting',
      );
    }
    for (const value of [
      'https://help.example/chat',
      'http://help.example',
      'mailto:help@example.com',
      'tel:+81-3-0000-0000',
      '',
    ]) {
      expectOk(await t.admin('/config/set', { name: 'kefu', value, reason: 'r' }, admin));
    }
  });

  it('lets the page open WebSockets to its own host only', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
  });

  it('sends the security headers with every reply: answers, refusals, unknown paths', async () => {
    const replies = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'POST', url: '/api/vue/user/getUserinfo', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/api/vue/no/such/call' }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    expect(replies[1]?.json()).toMatchObject({ status: 0 });
    for (const r of replies) {
      expect(String(r.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(r.headers['content-security-policy'])).toContain("script-src 'self';");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(r.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(r.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('documents the users API without the operators calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/vue/user/login');
    expect(paths.filter((p) => p.startsWith('/api/admin'))).toEqual([]);
  });

  it('generates the seeded operator password per install and shows it once', async () => {
    const { DEMO_ADMIN_PASSWORD: _, ...env } = t.env;
    expect(loadEnv({}).DEMO_ADMIN_PASSWORD).toBeUndefined();
    const reports = [];
    for (let i = 0; i < 2; i++) {
      const h = await createTestDb('pglite');
      try {
        const cost = { memoryCost: 1024, timeCost: 1 };
        const first = await seedDemo(h.db, env, cost, new ManualClock(T0));
        const second = await seedDemo(h.db, env, cost, new ManualClock(T0));
        expect(second.operatorPassword).toBeNull();
        reports.push(first);
      } finally {
        await h.close();
      }
    }
    const [a, b] = reports.map((r) => r.operatorPassword);
    expect(a).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(a).not.toBe(b);
  });
});

describe('password attempts: throttled per source, no lockout switch, counted atomically', () => {
  let t: TestApp;
  beforeAll(async () => {
    // X-Forwarded-For from the test's own address plays the clients' addresses
    t = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const hashOf = async (account: string) =>
    await t.db
      .selectFrom('app_user')
      .select(['password_hash', 'fund_password_hash'])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();

  it('rotating addresses cannot lock the owner out, and nothing says "locked"', async () => {
    const u = await t.newUser('lk'); // signed in once from 127.0.0.1
    for (let i = 0; i < 40; i++) {
      const r = await wrongLogin(t, u.account, from(`203.0.113.${i + 1}`));
      expectRefusal(r, 'auth.wrongCredentials');
    }
    // the owner from the address they used before
    expectOk(await t.call('/user/login', { account: u.account, password: u.password }));
    // a new address, even with the right password, is slowed while the account is under attack …
    expectRefusal(
      await t.call(
        '/user/login',
        { account: u.account, password: u.password },
        { headers: from('198.51.100.1') },
      ),
      'auth.wrongCredentials',
    );
    // … and answers exactly as an unknown account does
    const unknown = await t.call(
      '/user/login',
      { account: 'nobody0000', password: 'wrong-pass-9' },
      { headers: from('198.51.100.1') },
    );
    expect(unknown.http).toBe(200);
    expect(unknown.body).toEqual({ status: 0, code: 'auth.wrongCredentials', msg: expect.any(String) });
    t.clock.advance(15 * 60_000 + 1);
    expectOk(
      await t.call(
        '/user/login',
        { account: u.account, password: u.password },
        { headers: from('198.51.100.1') },
      ),
    );
  });

  it('throttles one source after five wrong passwords, with the same answer', async () => {
    const u = await t.newUser('ls');
    for (let i = 0; i < 5; i++)
      expectRefusal(await wrongLogin(t, u.account, from('192.0.2.5')), 'auth.wrongCredentials');
    const right = await t.call(
      '/user/login',
      { account: u.account, password: u.password },
      { headers: from('192.0.2.5') },
    );
    expect(right.body).toEqual({ status: 0, code: 'auth.wrongCredentials', msg: expect.any(String) });
    // another address the owner used is not affected
    expectOk(await t.call('/user/login', { account: u.account, password: u.password }));
  });

  it('counts only wrong passwords against an address: many right sign-ins pass', async () => {
    const u = await t.newUser('lm');
    for (let i = 0; i < 110; i++) {
      expectOk(
        await t.call(
          '/user/login',
          { account: u.account, password: u.password },
          { headers: from('192.0.2.77') },
        ),
      );
    }
  });

  it('30 concurrent wrong logins get at most 5 evaluations', async () => {
    const u = await t.newUser('lc');
    const { password_hash } = await hashOf(u.account);
    evaluations.delete(password_hash);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => wrongLogin(t, u.account, from('192.0.2.30'))),
    );
    for (const r of replies) expectRefusal(r, 'auth.wrongCredentials');
    expect(evaluations.get(password_hash)).toBeLessThanOrEqual(5);
  });

  it('30 concurrent wrong fund passwords get at most 5 evaluations', async () => {
    const u = await t.newUser('lf');
    expectOk(
      await t.call('/user/setPasswords', { new_pass: '135246', new_passs: '135246' }, { token: u.token }),
    );
    const { fund_password_hash } = await hashOf(u.account);
    evaluations.delete(fund_password_hash as string);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call(
          '/user/changePasswords',
          { old_pass: '999999', new_pass: '864209', new_passs: '864209' },
          { token: u.token },
        ),
      ),
    );
    const msgs = new Set(replies.map((r) => r.body.code));
    expect([...msgs].sort()).toEqual(['account.fundPasswordLocked', 'account.wrongFundPassword']);
    expect(evaluations.get(fund_password_hash as string)).toBeLessThanOrEqual(5);
  });

  it('limits guesses of the current password on /user/changePassword, atomically', async () => {
    const u = await t.newUser('lo');
    const { password_hash } = await hashOf(u.account);
    evaluations.delete(password_hash);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call(
          '/user/changePassword',
          { old_pass: 'not-it-123', new_pass: 'fresh-pass-77', new_passs: 'fresh-pass-77' },
          { token: u.token },
        ),
      ),
    );
    expect(evaluations.get(password_hash)).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.body.code === 'account.wrongOldPassword').length).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.body.code === 'request.rateLimited').length).toBeGreaterThanOrEqual(25);
    // even the right one waits for the window
    expectRefusal(
      await t.call(
        '/user/changePassword',
        { old_pass: u.password, new_pass: 'fresh-pass-77', new_passs: 'fresh-pass-77' },
        { token: u.token },
      ),
      'request.rateLimited',
    );
    t.clock.advance(15 * 60_000 + 1);
    expectOk(
      await t.call(
        '/user/changePassword',
        { old_pass: u.password, new_pass: 'fresh-pass-77', new_passs: 'fresh-pass-77' },
        { token: u.token },
      ),
    );
  });

  it('operators: rotating addresses cannot lock the operator out either', async () => {
    const admin = await t.adminLogin();
    for (let i = 0; i < 30; i++) {
      expectRefusal(
        await t.admin(
          '/auth/login',
          { username: t.env.DEMO_ADMIN, password: 'nope-nope-1' },
          undefined,
          from(`203.0.113.${i + 1}`),
        ),
        'auth.wrongCredentials',
      );
    }
    expect(admin).toBeTruthy();
    await t.adminLogin();
  });
});

describe('text and amounts the database cannot store are refused in the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('refuses NUL and lone surrogates in text fields with validation.badCharacters', async () => {
    for (const bad of ['ab\u0000cd', 'ab\uD800cd', '\uDC00', 'x\uDBFF']) {
      const login = await t.call('/user/login', { account: bad, password: 'whatever-pass-1' });
      expect(login.body).toMatchObject({ status: 0, code: 'validation.badCharacters' });
      const reg = await t.call('/user/register', {
        account: 'okname1',
        pwd: `pw${bad}long`,
        pwd1: `pw${bad}long`,
        inviter: bad,
      });
      expect(reg.body).toMatchObject({ status: 0, code: 'validation.badCharacters' });
    }
    const admin = await t.adminLogin();
    const cfg = await t.admin('/config/set', { name: 'title', value: 'Kabuto\u0000', reason: 'r' }, admin);
    expect(cfg.body).toMatchObject({ status: 0, code: 'validation.badCharacters' });
    // a well-formed pair (an emoji) is text like any other
    const emoji = await t.admin(
      '/config/set',
      { name: 'title', value: 'Kabuto \u{1F980}', reason: 'r' },
      admin,
    );
    expectOk(emoji);
  });

  it('refuses amounts past the business maximum of their field', async () => {
    const s = await t.demo();
    const big = await t.money('/user/rotation', { money: '999999999999999', from: 'jpy', to: 'usd' }, s);
    expect(big.body).toMatchObject({
      status: 0,
      code: 'validation.amountTooLarge',
      params: { field: 'money' },
    });
    expect(
      await t.db.selectFrom('fund_record').select('id').where('type', '=', 'exchange').execute(),
    ).toEqual([]);
    const admin = await t.adminLogin();
    const user = await t.db
      .selectFrom('app_user')
      .select('id')
      .where('account', '=', s.account)
      .executeTakeFirstOrThrow();
    for (const limit of ['920000000000000', '1000000000.0001']) {
      const r = await t.admin(
        '/users/credit',
        { id: String(user.id), score: 100, currency: 'jpy', limit, reason: 'r' },
        admin,
      );
      expect(r.body).toMatchObject({ status: 0, code: 'validation.amountTooLarge' });
    }
    expectOk(
      await t.admin(
        '/users/credit',
        { id: String(user.id), score: 100, currency: 'jpy', limit: '1000000000', reason: 'r' },
        admin,
      ),
    );
  });
});

describe('new passwords follow NIST SP 800-63B', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const reg = (account: string, pwd: string) =>
    t.call('/user/register', { account, pwd, pwd1: pwd, inviter: t.env.DEMO_INVITE_CODE });

  it('refuses short, common and account-name passwords at registration', async () => {
    expect((await reg('nist0001', '123456')).body.code).toBe('account.passwordFormat');
    expect((await reg('nist0001', '      ')).body.code).toBe('account.passwordFormat');
    expect((await reg('nist0001', 'aaaaaa')).body.code).toBe('account.passwordFormat');
    expect((await reg('nist0001', '12345678')).body.code).toBe('account.passwordWeak');
    expect((await reg('nist0001', 'password1')).body.code).toBe('account.passwordWeak');
    expect((await reg('nist0001', 'aaaaaaaa')).body.code).toBe('account.passwordWeak');
    expect((await reg('nist0001', '        ')).body.code).toBe('account.passwordWeak');
    expect((await reg('nist0001', 'nist0001')).body.code).toBe('account.passwordIsAccount');
    expect((await reg('nist0001', 'NIST0001-x')).body.code).toBe('account.passwordIsAccount');
    expectOk(await reg('nist0001', 'kabuto-demo-1'));
  });

  it('applies to a changed password and to operators', async () => {
    const u = await t.newUser('np');
    const change = (next: string) =>
      t.call(
        '/user/changePassword',
        { old_pass: u.password, new_pass: next, new_passs: next },
        { token: u.token },
      );
    expect((await change('qwertyuiop')).body.code).toBe('account.passwordWeak');
    expect((await change(`${u.account}!!`)).body.code).toBe('account.passwordIsAccount');
    const admin = await t.adminLogin();
    const op = (password: string) =>
      t.admin('/operators/save', { username: 'nistop', role: 'reviewer', password, reason: 'r' }, admin);
    expect((await op('1234567890')).body.code).toBe('account.passwordWeak');
    expect((await op('nistop-nistop')).body.code).toBe('account.passwordIsAccount');
    expectOk(await op('reviewer-pass-1'));
  });
});

describe('uploads are encoded again, within a quota, limited per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { UPLOAD_QUOTA_MB: '1', RATE_LIMIT_MONEY: '6' });
  });
  afterAll(async () => t?.close());

  const storedBytes = async (path: string, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/vue/uploads/${uploadNameOf(path)}`, headers: { token } }))
      .rawPayload;
  const picture = (format: 'jpeg' | 'png' | 'webp', size = 16) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      [format]()
      .toBuffer();

  it('strips EXIF and GPS from a photo', async () => {
    const u = await t.newUser('ux');
    const photo = await sharp(await picture('jpeg'))
      .withExif({
        IFD0: { Make: 'KabutoCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const path = expectOk(await t.upload(u, photo)) as string;
    const back = await storedBytes(path, u.token);
    const meta = await sharp(back).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(back.includes(Buffer.from('KabutoCam'))).toBe(false);
  });

  it('kills PNG+HTML and WEBP+SVG polyglots', async () => {
    const u = await t.newUser('up');
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [format, tail] of [
      ['png', html],
      ['webp', svg],
    ] as const) {
      const polyglot = Buffer.concat([await picture(format), tail]);
      const path = expectOk(await t.upload(u, polyglot)) as string;
      const back = await storedBytes(path, u.token);
      expect(back.includes(tail)).toBe(false);
      expect(back.includes(Buffer.from('alert('))).toBe(false);
      expect((await sharp(back).metadata()).format).toBe(format);
    }
    // magic bytes over something that is not a picture
    expectRefusal(await t.upload(u, Buffer.concat([IMAGES.png().subarray(0, 16), html])), 'upload.badType');
  });

  it('keeps each user within the upload quota', async () => {
    const u = await t.newUser('uq');
    const noise = () =>
      sharp({
        create: {
          width: 400,
          height: 400,
          channels: 3,
          background: '#888',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await t.upload(u, await noise()));
    expectOk(replies[0]);
    const refused = replies.find((r) => r.body.status === 0);
    expect(refused?.body).toEqual({
      status: 0,
      code: 'upload.quotaExceeded',
      msg: expect.any(String),
      params: { max: '1' },
    });
    const used = await t.db
      .selectFrom('upload as f')
      .innerJoin('app_user as u', 'u.id', 'f.owner_id')
      .select((eb) => eb.fn.sum<string>('f.size').as('bytes'))
      .where('u.account', '=', u.account)
      .executeTakeFirstOrThrow();
    expect(Number(used.bytes)).toBeLessThanOrEqual(1024 * 1024);
    // another user has their own room
    expectOk(await t.upload(await t.newUser('uq'), IMAGES.png()));
  });

  it('limits the upload rate per user, not per token', async () => {
    const u = await t.newUser('ur');
    const second = expectOk(await t.call('/user/login', { account: u.account, password: u.password })).token;
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await t.upload({ token: i % 2 ? second : u.token }, IMAGES.jpeg())).http);
    expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(codes.slice(6)).toEqual([429, 429]);
  });
});

describe('technical timers run on real time, markets and business dates on the simulated clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    // the business clock is the test's manual one (T0); sessions, double taps and keys use real time
    t = await createTestApp('pglite', {}, { timers: systemClock });
  });
  afterAll(async () => t?.close());

  it('a business clock set back (a restart with KABUTO_CLOCK_START) does not block keyless calls', async () => {
    const s = await t.newUser('tk');
    const cancel = (headers: Record<string, string> = {}) =>
      t.call('/trade/cancel_stock', { id: '999999', type: 'jpy' }, { token: s.token, headers });
    expect((await cancel()).body.code).not.toBe('operation.tooFrequent');
    // a double tap is still one
    expect((await cancel()).body.code).toBe('operation.tooFrequent');
    t.clock.set(T0 - 24 * 60 * 60_000);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await cancel()).body.code).not.toBe('operation.tooFrequent');
    // keys and sessions are stamped in real time, whatever the business clock says
    const before = Date.now();
    await cancel({ 'idempotency-key': crypto.randomUUID() });
    const key = await t.db
      .selectFrom('idempotency_key')
      .select('created_at')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(key.created_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    t.clock.set(T0 + 30 * 24 * 60 * 60_000);
    expectOk(await t.call('/user/getUserinfo', { type: 'jpy' }, { token: s.token }));
  });
});
