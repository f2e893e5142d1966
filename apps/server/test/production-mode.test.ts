import { createTestDb } from '@kabuto/db/testing';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config.ts';
import { describeProblems, listenHost, modeOf, productionProblems } from '../src/ops/mode.ts';
import { HOUSE_ACCOUNT, houseInviteCode, runOperatorCommand } from '../src/ops/operator.ts';
import { trustProxyOption } from '../src/plugins/connections.ts';

/** A production environment that passes every check. */
const SAFE = {
  KABUTO_MODE: 'production',
  DATABASE_URL: 'postgres://kabuto:Xq7-long-random-Vb92@db.internal:5432/kabuto',
  REDIS_URL: 'redis://:Rk3-long-random-p0@redis.internal:6379',
  TRUST_PROXY: '10.0.0.0/8',
  WEBAUTHN_ORIGINS: 'https://kabuto.example',
  FILES_KEYS: `k2:${Buffer.alloc(32, 7).toString('base64')},k1:${Buffer.alloc(32, 1).toString('base64')}`,
};

const problemsOf = (vars: Record<string, string | undefined>) => {
  const source = Object.fromEntries(Object.entries({ ...SAFE, ...vars }).filter(([, v]) => v !== undefined));
  return productionProblems(loadEnv(source), source);
};

describe('production mode', () => {
  it('is chosen by KABUTO_MODE=production or NODE_ENV=production, and KABUTO_MODE wins', () => {
    expect(modeOf(loadEnv({}))).toBe('demo');
    expect(modeOf(loadEnv({ NODE_ENV: 'production' }))).toBe('production');
    expect(modeOf(loadEnv({ KABUTO_MODE: 'production' }))).toBe('production');
    expect(modeOf(loadEnv({ NODE_ENV: 'production', KABUTO_MODE: 'demo' }))).toBe('demo');
    expect(() => loadEnv({ KABUTO_MODE: 'prod' })).toThrow(/KABUTO_MODE/);
  });

  it('listens on this machine only in the demo unless HOST says otherwise, and everywhere in production', () => {
    expect(listenHost(loadEnv({}))).toBe('127.0.0.1');
    expect(listenHost(loadEnv({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(listenHost(loadEnv({ KABUTO_MODE: 'production' }))).toBe('0.0.0.0');
    expect(listenHost(loadEnv({ KABUTO_MODE: 'production', HOST: '10.1.2.3' }))).toBe('10.1.2.3');
  });

  it('accepts a safe configuration', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ TRUST_PROXY: 'none', REDIS_URL: undefined })).toEqual([]);
    // PostgreSQL on this machine or a socket may go without a password (its own rules apply)
    expect(problemsOf({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/kabuto' })).toEqual([]);
    expect(problemsOf({ WEBAUTHN_ORIGINS: 'https://a.example,http://localhost:8080' })).toEqual([]);
    // mail is optional: without SMTP_URL the server starts and refuses password reset (mail.unavailable)
    expect(
      problemsOf({
        SMTP_URL: 'smtps://kabuto:Mx9-long-random@mail.example:465',
        PUBLIC_URL: 'https://k.example',
      }),
    ).toEqual([]);
  });

  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['DATABASE_URL', { DATABASE_URL: undefined }, /production runs on PostgreSQL/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x@db/k' }, /postgres:\/\//],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://kabuto:postgres@db:5432/k' }, /well-known default/],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://kabuto@db.internal:5432/k' }, /without a password/],
    ['REDIS_URL', { REDIS_URL: 'redis://redis.internal:6379' }, /without a password/],
    ['REDIS_URL', { REDIS_URL: 'redis://:changeme@redis.internal:6379' }, /well-known default/],
    ['TRUST_PROXY', { TRUST_PROXY: undefined }, /TRUST_PROXY=none when clients connect directly/],
    ['WEBAUTHN_ORIGINS', { WEBAUTHN_ORIGINS: undefined }, /passkeys would work on localhost only/],
    ['WEBAUTHN_ORIGINS', { WEBAUTHN_ORIGINS: 'http://kabuto.example' }, /not https/],
    ['WEBAUTHN_ORIGINS', { WEBAUTHN_ORIGINS: 'https://kabuto.example/app' }, /not an origin/],
    ['FILES_KEYS', { FILES_KEYS: undefined }, /encrypted with this key/],
    ['FILES_KEYS', { FILES_KEYS: 'k1:c2hvcnQ=' }, /32 random bytes/],
    ['FILES_STORE', { FILES_STORE: 'local' }, /every instance reads them/],
    ['FILES_S3_BUCKET', { FILES_STORE: 's3' }, /bucket/],
    ['DEMO_PASSWORD', { DEMO_PASSWORD: 'kabuto-demo-1' }, /a demo setting/],
    ['DEMO_ADMIN_PASSWORD', { DEMO_ADMIN_PASSWORD: 'something-long' }, /never seeds demo users/],
    ['KABUTO_CLOCK_START', { KABUTO_CLOCK_START: '2026-11-24T10:00:00+09:00' }, /business clock/],
    ['ARGON2_MEMORY_KIB', { ARGON2_MEMORY_KIB: '1024' }, /cheaper to guess/],
    ['ARGON2_TIME_COST', { ARGON2_TIME_COST: '1' }, /cheaper to guess/],
    ['SMTP_URL', { SMTP_URL: 'mail.example:25' }, /smtp:\/\/ \(STARTTLS\) or smtps:\/\//],
    ['SMTP_URL', { SMTP_URL: 'smtps://kabuto:password@mail.example:465' }, /well-known default/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://kabuto.example' }, /not https/],
  ];
  for (const [setting, vars, message] of cases) {
    it(`refuses ${setting} = ${JSON.stringify(Object.values(vars)[0] ?? 'unset')} with its own message`, () => {
      const problems = problemsOf(vars);
      expect(problems).toHaveLength(1);
      expect(problems[0]?.setting).toBe(setting);
      expect(problems[0]?.message).toMatch(message);
    });
  }

  it('prints one line per refused setting', () => {
    const text = describeProblems(problemsOf({ TRUST_PROXY: undefined, WEBAUTHN_ORIGINS: undefined }));
    expect(text.split('\n').filter((l) => /^ {2}[A-Z_]+: /.test(l))).toHaveLength(2);
    expect(text).toMatch(/refuses to start: 2 unsafe settings/);
    // no secret is repeated back
    expect(describeProblems(problemsOf({ DATABASE_URL: 'postgres://k:postgres@db/k' }))).not.toContain(
      ':postgres@',
    );
  });

  it('takes TRUST_PROXY=none as "nobody", like unset', () => {
    expect(trustProxyOption('none')).toBe(false);
    expect(trustProxyOption(loadEnv({ TRUST_PROXY: 'none' }).TRUST_PROXY)).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'nobody' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the first operator, from the command line', () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  const cost = { memoryCost: 1024, timeCost: 1 };
  beforeAll(async () => {
    handle = await createTestDb('pglite');
  }, 180_000);
  afterAll(async () => handle?.close());

  it('creates the first operator with a generated password, refuses a second, and resets with --reset', async () => {
    const db = handle.db;
    const first = await runOperatorCommand(
      db,
      { name: 'root', role: 'admin', password: null, reset: false },
      cost,
    );
    expect(first).toMatchObject({ ok: true, action: 'created', name: 'root', generated: true });
    if (!first.ok) throw new Error('refused');
    // with the first operator, the house account whose invite code opens registration; it never signs in
    expect(first.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const house = await db
      .selectFrom('app_user')
      .select(['account', 'invite_code', 'state', 'password_hash'])
      .where('account', '=', HOUSE_ACCOUNT)
      .executeTakeFirstOrThrow();
    expect(house).toMatchObject({ invite_code: first.inviteCode, state: 'frozen', password_hash: '!' });
    expect(await houseInviteCode(db)).toBe(first.inviteCode);
    expect(first.password).toMatch(/^[\w-]{20}$/);
    const row = await db.selectFrom('operator').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'root', role: 'admin' });
    expect(await verify(row.password_hash, first.password)).toBe(true);

    const second = await runOperatorCommand(
      db,
      { name: 'other', role: 'admin', password: null, reset: false },
      cost,
    );
    expect(second).toMatchObject({ ok: false, message: expect.stringMatching(/already exists/) });
    expect(await db.selectFrom('operator').select('id').execute()).toHaveLength(1);

    await db
      .insertInto('operator_session')
      .values({
        operator_id: row.id,
        token_hash: 'h'.repeat(64),
        created_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
        last_seen_at: new Date(),
      } as never)
      .execute();
    const reset = await runOperatorCommand(
      db,
      { name: 'root', role: 'admin', password: 'violet-harbour-kestrel-42', reset: true },
      cost,
    );
    expect(reset).toMatchObject({ ok: true, action: 'reset', generated: false });
    const after = await db.selectFrom('operator').selectAll().executeTakeFirstOrThrow();
    expect(await verify(after.password_hash, 'violet-harbour-kestrel-42')).toBe(true);
    const sessions = await db.selectFrom('operator_session').select('revoked_at').execute();
    expect(sessions.every((s) => s.revoked_at !== null)).toBe(true);
    const audit = await db.selectFrom('audit_log').select(['action', 'operator_name', 'detail']).execute();
    expect(audit.map((a) => a.action)).toEqual(['operator.create', 'user.create', 'operator.update']);
    expect(audit.every((a) => a.operator_name === 'command-line')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain('violet-harbour');
  });

  it('refuses a weak or short password from stdin and a malformed name', async () => {
    const db = handle.db;
    for (const password of ['password123', 'short']) {
      const r = await runOperatorCommand(db, { name: 'root', role: 'admin', password, reset: true }, cost);
      expect(r.ok).toBe(false);
    }
    const bad = await runOperatorCommand(
      db,
      { name: 'a b', role: 'admin', password: null, reset: true },
      cost,
    );
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/--name/) });
  });
});
