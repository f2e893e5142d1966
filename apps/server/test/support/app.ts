import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle, DbKind } from '@kabuto/db';
import { createTestDb } from '@kabuto/db/testing';
import { ManualClock } from '@kabuto/domain';
import type { MarketDataProvider } from '@kabuto/market';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { type Env, loadEnv } from '../../src/config.ts';
import type { Deps } from '../../src/deps.ts';
import type { ReplyMismatch } from '../../src/plugins/reply-check.ts';
import { seedDemo } from '../../src/seed/seed.ts';
import { fileStore } from '../../src/shared/files.ts';
import { localUserChanges } from '../../src/shared/user-changes.ts';

/** A Tuesday in Tokyo, 10:00 — inside the TSE morning session. */
export const T0 = Date.parse('2026-11-24T10:00:00+09:00');

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle['db'];
  clock: ManualClock;
  env: Env;
  kind: DbKind;
  /** POST /api/vue<path> as JSON (or form when `form` is set). */
  call(path: string, body?: Record<string, unknown>, opts?: CallOptions): Promise<Reply>;
  /** Registers and logs in a fresh user; returns its headers. */
  newUser(prefix?: string): Promise<Session>;
  /** A money call (`money: true`) with a fresh Idempotency-Key, so that sequential calls are not double taps. */
  money(path: string, body: Record<string, unknown>, session: { token: string }): Promise<Reply>;
  /** multipart/form-data upload of one file (field `card` unless given). */
  upload(
    session: { token: string },
    bytes: Buffer,
    opts?: { field?: string; filename?: string; contentType?: string },
  ): Promise<Reply>;
  /** POST /api/admin<path> as JSON with an operator token. */
  admin(
    path: string,
    body?: Record<string, unknown>,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** Logs in an operator (the demo operator by default); returns the token. */
  adminLogin(username?: string, password?: string): Promise<string>;
  /** Logs in the seeded demo user (verified, bank card, fund password, ¥10,000,000). */
  demo(): Promise<Session>;
  close(): Promise<void>;
}

/**
 * What another process's copy of a module is built from, on the test app's database, clock and market
 * data (its jobs racing the app's own): each module's own needs are added by the caller.
 */
export const processDeps = (t: TestApp): Deps & { market: MarketDataProvider } => ({
  db: t.db,
  clock: t.clock,
  timers: t.clock,
  env: t.env,
  hashCost: { memoryCost: 1024, timeCost: 1 },
  userChanges: localUserChanges(),
  files: fileStore(t.db, t.env),
  market: t.app.kabuto.market as MarketDataProvider,
});

export interface CallOptions {
  token?: string;
  account?: string;
  form?: boolean;
  headers?: Record<string, string>;
}

export interface Session {
  account: string;
  password: string;
  token: string;
  headers: { token: string; account: string };
}

export interface Reply {
  http: number;
  body: { status: 0 | 1; data?: any; code?: string; msg?: string; params?: Record<string, string> };
  raw: LightMyRequestResponse;
}

// ---------------------------------------------------------------- replies against the contract

const mismatches: ReplyMismatch[] = [];

/**
 * Give this to every app a test builds (`buildApp({…, onReplyMismatch: recordReplyMismatch})`;
 * createTestApp does): each `{status: 1, data}` reply — through call(), admin() or app.inject directly —
 * is checked against its endpoint's data schema, and the test during which a reply did not match fails.
 */
export const recordReplyMismatch = (m: ReplyMismatch): void => {
  mismatches.push(m);
};

/** Fails (and forgets) the mismatches recorded so far. */
export function failOnReplyMismatches(): void {
  if (mismatches.length === 0) return;
  const found = mismatches.splice(0);
  throw new Error(
    `${found.length} repl${found.length === 1 ? 'y does' : 'ies do'} not match the contract:\n${found
      .map((m) => `  ${m.url}\n${m.problems.map((p) => `    ${p}`).join('\n')}`)
      .join('\n')}`,
  );
}

// Registered in every test file that imports this module, so no test can skip the check.
afterEach(failOnReplyMismatches);
afterAll(failOnReplyMismatches);

let seq = 0;
export const uniqueAccount = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.slice(0, 20);

export async function createTestApp(
  kind: DbKind,
  envOverrides: Record<string, string> = {},
  build: Pick<
    BuildOptions,
    'redis' | 'tickChannel' | 'leaderRetryMs' | 'stream' | 'timers' | 'userChanges' | 'userChangesChannel'
  > = {},
  /** A database of the test's own (it stays open when the app closes); default a fresh test database. */
  own?: DbHandle,
): Promise<TestApp> {
  const handle = own ?? (await createTestDb(kind));
  const uploads = mkdtempSync(join(tmpdir(), 'kabuto-uploads-'));
  const env = loadEnv({
    UPLOAD_DIR: uploads,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    RATE_LIMIT_LOGIN: '1000',
    RATE_LIMIT_REGISTER: '1000',
    RATE_LIMIT_MONEY: '1000',
    DEMO_ADMIN_PASSWORD: 'kabuto-admin-1',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  });
  const clock = new ManualClock(T0);
  // One manual clock for the business and the technical timers, unless a test gives real time its own.
  const app = await buildApp({
    db: handle.db,
    clock,
    timers: clock,
    env,
    webDist: null,
    adminDist: null,
    ...build,
    onReplyMismatch: recordReplyMismatch,
  });
  await app.ready();
  await seedDemo(
    handle.db,
    env,
    { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    clock,
  );

  async function call(
    path: string,
    body: Record<string, unknown> = {},
    opts: CallOptions = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.token = opts.token;
    if (opts.account) headers.account = opts.account;
    let payload: string;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // Arrays become repeated keys, as a browser form would send them.
      payload = new URLSearchParams(
        Object.entries(body).flatMap(([k, v]) =>
          Array.isArray(v) ? v.map((x) => [k, String(x)]) : [[k, String(v)]],
        ),
      ).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const raw = await app.inject({ method: 'POST', url: `/api/vue${path}`, headers, payload });
    return { http: raw.statusCode, body: raw.json(), raw };
  }

  async function newUser(prefix = 'u'): Promise<Session> {
    const account = uniqueAccount(prefix);
    const password = 'secret-pass-1';
    const r = await call('/user/register', {
      account,
      pwd: password,
      pwd1: password,
      inviter: env.DEMO_INVITE_CODE,
    });
    if (r.body.status !== 1) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
    const l = await call('/user/login', { account, password });
    if (l.body.status !== 1) throw new Error(`login failed: ${JSON.stringify(l.body)}`);
    const token = l.body.data.token as string;
    return { account, password, token, headers: { token, account } };
  }

  const money = (path: string, body: Record<string, unknown>, session: { token: string }) =>
    call(path, body, { token: session.token, headers: { 'idempotency-key': randomUUID() } });

  async function upload(
    session: { token: string },
    bytes: Buffer,
    opts: { field?: string; filename?: string; contentType?: string } = {},
  ): Promise<Reply> {
    const boundary = `----kabuto${randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${opts.field ?? 'card'}"; filename="${opts.filename ?? 'photo.jpg'}"\r\ncontent-type: ${opts.contentType ?? 'image/jpeg'}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const raw = await app.inject({
      method: 'POST',
      url: '/api/vue/common/upload1',
      headers: { token: session.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, bytes, tail]),
    });
    return { http: raw.statusCode, body: raw.json(), raw };
  }

  async function admin(
    path: string,
    body: Record<string, unknown> = {},
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const raw = await app.inject({
      method: 'POST',
      url: `/api/admin${path}`,
      headers: {
        'content-type': 'application/json',
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: JSON.stringify(body),
    });
    return { http: raw.statusCode, body: raw.json(), raw };
  }

  async function adminLogin(
    username = env.DEMO_ADMIN,
    password = env.DEMO_ADMIN_PASSWORD ?? '',
  ): Promise<string> {
    const r = await admin('/auth/login', { username, password });
    if (r.body.status !== 1) throw new Error(`operator login failed: ${JSON.stringify(r.body)}`);
    return r.body.data.token as string;
  }

  async function demo(): Promise<Session> {
    const l = await call('/user/login', { account: env.DEMO_ACCOUNT, password: env.DEMO_PASSWORD });
    if (l.body.status !== 1) throw new Error(`demo login failed: ${JSON.stringify(l.body)}`);
    const token = l.body.data.token as string;
    return {
      account: env.DEMO_ACCOUNT,
      password: env.DEMO_PASSWORD,
      token,
      headers: { token, account: env.DEMO_ACCOUNT },
    };
  }

  return {
    app,
    db: handle.db,
    clock,
    env,
    kind,
    call,
    newUser,
    money,
    upload,
    admin,
    adminLogin,
    demo,
    close: async () => {
      await app.close();
      if (!own) await handle.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/** Asserts a refusal: status 0 with this msg key (`code`) and HTTP 200 (unless given). */
export function expectRefusal(r: Reply, code: string, http = 200): void {
  if (r.body.status !== 0 || r.body.code !== code || r.http !== http) {
    throw new Error(`expected refusal ${code} (HTTP ${http}), got HTTP ${r.http} ${JSON.stringify(r.body)}`);
  }
}

export function expectOk(r: Reply): any {
  if (r.body.status !== 1 || r.http !== 200)
    throw new Error(`expected success, got HTTP ${r.http} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

// ---------------------------------------------------------------- money helpers

/** Real 4×4 images (uploads are decoded and encoded again, so their bytes must be a picture). */
const IMAGE_BYTES = {
  jpeg: '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCKAAK2/9k=',
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4oaEBRwzEcQDRQxGBpDPMeQAAAABJRU5ErkJggg==',
  webp: 'UklGRjoAAABXRUJQVlA4IC4AAACQAQCdASoEAAQAAUAmJaACdLoAA5gA/vCbQ/4DdfFtMv/ucD/uyf/2yf+pAAAA',
};
export const IMAGES = {
  jpeg: () => Buffer.from(IMAGE_BYTES.jpeg, 'base64'),
  png: () => Buffer.from(IMAGE_BYTES.png, 'base64'),
  webp: () => Buffer.from(IMAGE_BYTES.webp, 'base64'),
};

/** Uploads an image and returns its path. */
/** The stored name of an upload from the path its reply gave (signed, `uploads/<name>` or bare). */
export const uploadNameOf = (path: string): string => {
  const m = /([a-f0-9]{32}\.(?:jpg|png|webp))/.exec(path);
  if (!m) throw new Error(`not an upload path: ${path}`);
  return m[1];
};

export async function uploadImage(
  t: TestApp,
  s: Session,
  kind: keyof typeof IMAGES = 'jpeg',
): Promise<string> {
  return expectOk(await t.upload(s, IMAGES[kind]())) as string;
}

/** Submits KYC for a user and has the demo operator approve it. */
export async function verifyUser(
  t: TestApp,
  s: Session,
  realname = '田中 花子',
  opToken?: string,
): Promise<void> {
  const front = await uploadImage(t, s);
  const back = await uploadImage(t, s, 'png');
  expectOk(
    await t.call(
      '/user/shiming',
      {
        realname,
        id_card: `ID${Date.now().toString().slice(-8)}`,
        frontcard: front,
        backcard: back,
        privacy: '1',
      },
      { token: s.token },
    ),
  );
  const token = opToken ?? (await t.adminLogin());
  const list = expectOk(await t.admin('/kyc/list', { status: 'pending', size: 200 }, token));
  const row = list.list.find((r: { account: string }) => r.account === s.account);
  expectOk(await t.admin('/kyc/decide', { id: row.id, approve: true }, token));
}

/** Deposits through the first open JPY channel and has the demo operator approve it. */
export async function fundUser(t: TestApp, s: Session, money: string, type = 'jpy', opToken?: string) {
  const channels = expectOk(await t.call('/common/recharge_channel', { type }, { token: s.token }));
  const channel = channels.find((c: { open: boolean }) => c.open) ?? channels[0];
  const proof = await uploadImage(t, s);
  const dep = expectOk(
    await t.money(
      '/user/chongzhi',
      { money, type, rjpz: proof, channel: channel.id, rpassword: t.env.DEMO_CHANNEL_PASSWORD },
      s,
    ),
  );
  const token = opToken ?? (await t.adminLogin());
  expectOk(await t.admin('/deposits/decide', { id: dep.id, approve: true }, token));
  return dep;
}

/** A registered, verified user with a bank card in their name, a fund password, and (optionally) money. */
export async function readyUser(
  t: TestApp,
  opts: { realname?: string; fund?: string; opToken?: string } = {},
): Promise<Session & { cardId: string; realname: string }> {
  const s = await t.newUser('m');
  const realname = opts.realname ?? '鈴木 一郎';
  const token = opts.opToken ?? (await t.adminLogin());
  await verifyUser(t, s, realname, token);
  expectOk(
    await t.call('/user/setPasswords', { new_pass: '112233', new_passs: '112233' }, { token: s.token }),
  );
  const card = expectOk(
    await t.call(
      '/user/addCard',
      {
        realname,
        bank_num: `7${Date.now().toString().slice(-6)}`,
        bank_name: '三菱UFJ銀行',
        bank_address: '新宿支店',
        bank_code: '123',
        account_type: 'ordinary',
      },
      { token: s.token },
    ),
  );
  if (opts.fund) await fundUser(t, s, opts.fund, 'jpy', token);
  return { ...s, cardId: card.id, realname };
}
