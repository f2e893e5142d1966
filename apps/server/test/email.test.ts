import type { DbHandle } from '@kabuto/db';
import { createTestDb, TEST_DB_KINDS } from '@kabuto/db/testing';
import { ManualClock } from '@kabuto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config.ts';
import {
  MAIL_MAX_ATTEMPTS,
  type MailTransport,
  mailSender,
  mailTransport,
  publicUrl,
  queueMail,
  retryDelayMs,
} from '../src/shared/mail/index.ts';
import {
  createTestApp,
  expectOk,
  expectRefusal,
  readyUser,
  type Session,
  T0,
  type TestApp,
  uniqueAccount,
} from './support/app.ts';
import { linkToken, type SmtpCatcher, smtpCatcher } from './support/smtp.ts';

const UA_PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1';
const UA_DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/142.0.0.0 Safari/537.36';

let sourceSeq = 0;
/** Each scenario from its own client address (TRUST_PROXY=127.0.0.1), so per-source limits stay apart. */
const source = () => ({ 'x-forwarded-for': `203.0.113.${++sourceSeq}` });

describe.each(TEST_DB_KINDS)('email and password reset by mail on %s', { timeout: 180_000 }, (kind) => {
  let t: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await smtpCatcher();
    t = await createTestApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kabuto <no-reply@kabuto.test>',
      PUBLIC_URL: 'https://kabuto.test',
      TRUST_PROXY: '127.0.0.1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const address = (s: { account: string }) => `${s.account}@mail.test`;

  /** A user with a verified address (mails in `lang`). */
  async function withAddress(lang = 'jp'): Promise<Session & { email: string }> {
    const s = await t.newUser('e');
    const email = address(s);
    const r = await t.call('/user/setEmail', { email, lang }, { token: s.token });
    expect(r.body.code).toBe('ok.verifySent');
    const mail = await smtp.next(email);
    expectOk(await t.call('/user/verifyEmail', { token: linkToken(mail) }));
    return { ...s, email };
  }

  const forgot = (email: string, headers: Record<string, string>) =>
    t.call('/user/forgotPassword', { email }, { headers });
  const reset = (token: string, pw: string, again = pw, headers: Record<string, string> = source()) =>
    t.call('/user/resetPassword', { token, new_pass: pw, new_passs: again }, { headers });

  it('adds an address by a mailed link, in the language asked, and shows it on My page', async () => {
    const s = await t.newUser('e');
    const email = address(s);
    const before = expectOk(await t.call('/user/email', {}, { token: s.token }));
    expect(before).toMatchObject({ email: '', pending: '', available: true, lang: 'jp' });
    expectOk(await t.call('/user/setEmail', { email, lang: 'us' }, { token: s.token }));
    expect(expectOk(await t.call('/user/email', {}, { token: s.token }))).toMatchObject({
      email: '',
      pending: email,
      lang: 'us',
    });
    const mail = await smtp.next(email);
    expect(mail.from).toBe('no-reply@kabuto.test');
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain(`https://kabuto.test/#/login/verify-email?token=`);
    const r = await t.call('/user/verifyEmail', { token: linkToken(mail) });
    expect(r.body).toMatchObject({ status: 1, code: 'ok.emailVerified', data: { email } });
    expect(expectOk(await t.call('/user/email', {}, { token: s.token }))).toMatchObject({
      email,
      pending: '',
    });
    // the link works once
    expectRefusal(await t.call('/user/verifyEmail', { token: linkToken(mail) }), 'mail.linkUsed');
    // another account cannot verify the same address
    const other = await t.newUser('e');
    expectOk(
      await t.call('/user/setEmail', { email: email.toUpperCase(), lang: 'cn' }, { token: other.token }),
    );
    const second = await smtp.next(email.toUpperCase());
    expect(second.subject).toBe('请验证您的邮箱');
    expectRefusal(await t.call('/user/verifyEmail', { token: linkToken(second) }), 'mail.taken');
  });

  it('refuses a malformed address and asks for a sign-in to add one', async () => {
    const s = await t.newUser('e');
    expectRefusal(
      await t.call('/user/setEmail', { email: 'not an address' }, { token: s.token }),
      'mail.format',
    );
    const r = await t.call('/user/setEmail', { email: 'a@b.test' });
    expect(r.http).toBe(401);
  });

  it('collects an address at registration and mails its link', async () => {
    const account = uniqueAccount('r');
    const email = `${account}@mail.test`;
    const r = await t.call('/user/register', {
      account,
      pwd: 'secret-pass-1',
      pwd1: 'secret-pass-1',
      inviter: t.env.DEMO_INVITE_CODE,
      email,
      lang: 'cn',
    });
    expectOk(r);
    const mail = await smtp.next(email);
    expect(mail.subject).toBe('请验证您的邮箱');
    expect(expectOk(await t.call('/user/verifyEmail', { token: linkToken(mail) }))).toEqual({ email });
  });

  it('resets a password by a single-use link; the answer is the same for an unknown address', async () => {
    const s = await withAddress('us');
    const from = source();
    const unknown = await forgot(`nobody-${s.account}@mail.test`, from);
    const known = await forgot(s.email, from);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toMatchObject({ status: 1, code: 'ok.resetSent', data: null });
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', '=', `nobody-${s.account}@mail.test`)
      .execute();
    expect(outbox).toEqual([]);

    const mail = await smtp.next(s.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('https://kabuto.test/#/login/reset?token=');
    const token = linkToken(mail);
    // only the hash is stored
    const stored = await t.db
      .selectFrom('auth_challenge')
      .select('value_hash')
      .where('purpose', '=', 'password_reset')
      .execute();
    expect(stored.map((c) => c.value_hash)).not.toContain(token);

    expectRefusal(await reset(token, 'new-secret-22', 'new-secret-23'), 'account.passwordMismatch');
    expectRefusal(await reset(token, 'password123'), 'account.passwordWeak');
    expect(await reset(token, 'fresh-horse-battery-9')).toMatchObject({
      body: { status: 1, code: 'ok.passwordReset' },
    });
    // used twice
    expectRefusal(await reset(token, 'other-horse-battery-9'), 'mail.linkUsed');
    // the old password and the old session are gone, the new password signs in
    expectRefusal(
      await t.call('/user/login', { account: s.account, password: s.password }),
      'auth.wrongCredentials',
    );
    expect((await t.call('/user/email', {}, { token: s.token })).http).toBe(401);
    expectOk(await t.call('/user/login', { account: s.account, password: 'fresh-horse-battery-9' }));
    const notice = await smtp.next(s.email);
    expect(notice.subject).toBe('Your password was reset');
    // a sent mail keeps no body (a reset mail carried a live link)
    const bodies = await t.db
      .selectFrom('mail_outbox')
      .select(['body', 'state'])
      .where('kind', '=', 'reset')
      .where('to_address', '=', s.email)
      .execute();
    expect(bodies).toEqual([{ body: null, state: 'sent' }]);
  });

  it('refuses an expired link, an unknown one and a malformed one', async () => {
    const s = await withAddress();
    expectOk(await forgot(s.email, source()));
    const mail = await smtp.next(s.email);
    expect(mail.subject).toBe('パスワード再設定のご案内');
    t.clock.advance(30 * 60_000 + 1000);
    try {
      expectRefusal(await reset(linkToken(mail), 'fresh-horse-battery-9'), 'mail.linkExpired');
    } finally {
      t.clock.advance(-(30 * 60_000 + 1000));
    }
    expectRefusal(await reset('A'.repeat(43), 'fresh-horse-battery-9'), 'mail.linkInvalid');
    expectRefusal(await reset('short', 'fresh-horse-battery-9'), 'mail.linkInvalid');
    expectOk(await t.call('/user/login', { account: s.account, password: s.password }));
  });

  it('limits reset requests per address, known or not, with the same answer', async () => {
    const s = await withAddress();
    const unknown = `ghost-${s.account}@mail.test`;
    for (const email of [s.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await forgot(email, source())).body.code).toBe('ok.resetSent');
      expectRefusal(await forgot(email, source()), 'request.rateLimited');
    }
    // and per client address
    const from = source();
    for (let i = 0; i < 10; i++) expectOk(await forgot(`n${i}-${s.account}@mail.test`, from));
    expectRefusal(await forgot(`n10-${s.account}@mail.test`, from), 'request.rateLimited');
  });

  it('shows the mails waiting and given up in the metrics', async () => {
    const admin = await t.adminLogin();
    const scrape = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/metrics',
        headers: { authorization: `Bearer ${admin}` },
      });
    // the sizes are set as the ages are collected: the second scrape has both
    await scrape();
    const r = await scrape();
    expect(r.body).toMatch(/^kabuto_queue_size\{queue="mail"\} \d+$/m);
    expect(r.body).toMatch(/^kabuto_queue_size\{queue="mail_failed"\} 0$/m);
    expect(r.body).toMatch(/^kabuto_queue_oldest_seconds\{queue="mail"\} [\d.]+$/m);
  });

  it('mails sign-ins from a new device, withdrawals, and nothing switched off', async () => {
    const s = await readyUser(t, { realname: '高橋 健', fund: '200000' });
    const email = address(s);
    expectOk(await t.call('/user/setEmail', { email, lang: 'us' }, { token: s.token }));
    expectOk(await t.call('/user/verifyEmail', { token: linkToken(await smtp.next(email)) }));
    const signIn = (ua: string) =>
      t.call('/user/login', { account: s.account, password: s.password }, { headers: { 'user-agent': ua } });

    expectOk(await signIn(UA_PHONE));
    const m = await smtp.next(email, (x) => x.subject === 'New sign-in to your account');
    expect(m.text).toContain('Safari 18 / iOS');
    expect(m.text).toContain('My page › Email');
    // the same device again: no mail
    expectOk(await signIn(UA_PHONE));
    const w = await t.money(
      '/user/withdrawal',
      { money: '10000', bankid: s.cardId, passwords: '112233', type: 'jpy' },
      s,
    );
    expectOk(w);
    const wm = await smtp.next(email, (x) => x.subject === 'Withdrawal requested');
    expect(wm.text).toContain('10000 JPY');
    // the operator's decision comes by mail too
    expectOk(
      await t.admin('/withdrawals/decide', { id: w.body.data.id, approve: true }, await t.adminLogin()),
    );
    const approved = await smtp.next(email, (x) => x.subject === 'Withdrawal approved');
    expect(approved.text).toContain('10000 JPY');
    expect(smtp.mails.filter((x) => x.to.includes(email))).toEqual([]);

    // switched off: a new device mails nothing
    const off = { sign_in: false, withdrawal: true, margin_call: true, report: true, lang: 'jp' };
    expect((await t.call('/user/emailNotices', off, { token: s.token })).body.code).toBe('ok.saved');
    expect(expectOk(await t.call('/user/email', {}, { token: s.token }))).toMatchObject({
      lang: 'jp',
      notices: { sign_in: false, withdrawal: true },
    });
    expectOk(await signIn(UA_DESKTOP));
    const queued = await t.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('to_address', '=', email)
      .where('kind', '=', 'signIn')
      .execute();
    expect(queued).toHaveLength(1);
    expectRefusal(
      await t.call('/user/emailNotices', { ...off, report: 'yes' }, { token: s.token }),
      'validation.invalid',
    );
  });
});

describe('production without SMTP_URL', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      KABUTO_MODE: 'production',
      FILES_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
    });
  });
  afterAll(async () => t?.close());

  it('refuses password reset and adding an address clearly, the same for every address', async () => {
    expectRefusal(await t.call('/user/forgotPassword', { email: 'someone@mail.test' }), 'mail.unavailable');
    const s = await t.newUser('p');
    expectRefusal(
      await t.call('/user/setEmail', { email: 'p@mail.test' }, { token: s.token }),
      'mail.unavailable',
    );
    expect(expectOk(await t.call('/user/email', {}, { token: s.token })).available).toBe(false);
  });
});

describe.each(TEST_DB_KINDS)('the mail outbox on %s', { timeout: 120_000 }, (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(kind);
  });
  afterAll(async () => handle?.close());

  it('retries a failed send with backoff, gives it up after the last try, and sends each mail once', async () => {
    const clock = new ManualClock(T0);
    const sent: string[] = [];
    let failing = true;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(m) {
        if (failing) throw new Error('421 try later');
        sent.push(m.subject);
      },
      close() {},
    };
    const errors: unknown[] = [];
    const a = mailSender(handle.db, clock, transport, { onError: (e) => errors.push(e) });
    const b = mailSender(handle.db, clock, transport, { onError: (e) => errors.push(e) });
    await queueMail(handle.db, new Date(T0), {
      userId: null,
      kind: 'report',
      to: 'x@mail.test',
      subject: 'one',
      body: 'b',
    });
    const row = () => handle.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();

    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await a.flush()).toBe(0);
      expect(await row()).toMatchObject({ state: 'pending', attempts: attempt, last_error: '421 try later' });
      // not before its backoff
      expect(await b.flush()).toBe(0);
      expect((await row()).attempts).toBe(attempt);
      clock.advance(retryDelayMs(attempt));
    }
    expect(await a.flush()).toBe(0);
    expect(await row()).toMatchObject({ state: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(errors).toHaveLength(MAIL_MAX_ATTEMPTS);

    // two senders at once send a new mail once, and keep no body
    failing = false;
    await queueMail(handle.db, new Date(T0), {
      userId: null,
      kind: 'report',
      to: 'y@mail.test',
      subject: 'two',
      body: 'b',
    });
    const [x, y] = await Promise.all([a.flush(), b.flush()]);
    expect(x + y).toBe(1);
    expect(sent).toEqual(['two']);
    const two = await handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', '=', 'two')
      .executeTakeFirstOrThrow();
    expect(two).toMatchObject({ state: 'sent', body: null });
  });
});

describe('mail transports', () => {
  it('prints mails to the log in the demo without SMTP_URL, sends none in production, uses SMTP when set', async () => {
    const printed: string[] = [];
    const demo = mailTransport(loadEnv({}), (m) =>
      printed.push(`${m.from} → ${m.to}: ${m.subject}\n${m.text}`),
    );
    expect(demo.kind).toBe('log');
    await demo.send({
      to: 'a@mail.test',
      subject: 'Reset your password',
      text: 'link: http://localhost:3000/#/x',
    });
    expect(printed).toEqual([
      'Kabuto <no-reply@kabuto.localhost> → a@mail.test: Reset your password\nlink: http://localhost:3000/#/x',
    ]);
    const production = mailTransport(loadEnv({ KABUTO_MODE: 'production' }), () => {});
    expect(production.kind).toBe('none');
    await expect(production.send({ to: 'a@mail.test', subject: 's', text: 't' })).rejects.toThrow(/SMTP_URL/);
    expect(mailTransport(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }), () => {}).kind).toBe('smtp');
    expect(publicUrl(loadEnv({ WEBAUTHN_ORIGINS: 'https://k.example,https://b.example' }))).toBe(
      'https://k.example',
    );
    expect(publicUrl(loadEnv({ PUBLIC_URL: 'https://kabuto.example/' }))).toBe('https://kabuto.example');
    expect(publicUrl(loadEnv({ PORT: '3100' }))).toBe('http://localhost:3100');
  });
});
