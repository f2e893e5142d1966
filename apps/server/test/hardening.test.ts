import { connect, type Socket } from 'node:net';
import { createTestDb } from '@kabuto/db/testing';
import { ManualClock } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config.ts';
import { seedDemo } from '../src/seed/seed.ts';
import { createTestApp, expectOk, expectRefusal, T0, type TestApp } from './support/app.ts';
import { client } from './support/ws-client.ts';

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
    t = await createTestApp('pglite', {}, { stream: { sessionCheckMs: 100 } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/vue/ws`;
  });
  afterAll(async () => t?.close());

  it('answers 401 to an unauthenticated call whatever its body', async () => {
    for (const body of [{}, { name: 1 }, { name: 'x'.repeat(5000) }]) {
      const r = await t.admin('/config/set', body);
      expect(r.http).toBe(401);
      expect(r.body).toEqual({ status: 0, msg: 'auth.loginAgain' });
    }
    const user = await t.call('/user/withdrawal', { bogus: true });
    expect(user.http).toBe(401);
  });

  it('closes a WebSocket whose session is logged out', async () => {
    const s = await t.newUser('wl');
    const c = client(url);
    await c.opened;
    c.send({ op: 'auth', token: s.token });
    await c.next((m) => m.type === 'auth');
    const closed = new Promise<number>((resolve) => c.ws.once('close', (code) => resolve(code)));
    expectOk(await t.call('/user/logout', {}, { token: s.token }));
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
    const started = Date.now();
    const r = await closedWithin(s, 6000);
    expect(r.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
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
