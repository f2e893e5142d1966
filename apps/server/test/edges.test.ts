import { API_DB_KINDS } from '@kabuto/db/testing';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, readyUser, T0, type TestApp } from './support/app.ts';

/**
 * The edges an attacker found in the landed server (issue #30): each one's reply as it must be now.
 */
describe.each(API_DB_KINDS)('attacker edges on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('F1: an object where /trade/buy_stock takes dz_type is refused, never a 500', async () => {
    const s = await readyUser(t, { fund: '100000' });
    for (const dz_type of [{ toString: 'x' }, { valueOf: 1 }, ['1'], { __proto__: null }]) {
      const r = await t.money(
        '/trade/buy_stock',
        { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', type: 'jpy', dz_type },
        s,
      );
      expectRefusal(r, 'validation.invalid');
    }
    const r = await t.call(
      '/trade/nbhllist',
      { type: 'jpy', dz_type: { toString: 'x' } },
      { token: s.token },
    );
    expectRefusal(r, 'validation.invalid');
  });

  it('F8: the block-offering password: 5 wrong tries per user and offering, counted before they are checked', async () => {
    const op = await t.adminLogin();
    const iso = (ms: number) => new Date(ms).toISOString();
    const create = async () =>
      expectOk(
        await t.admin(
          '/block/create',
          {
            symbol: '7203',
            price: '2500',
            shares: '1000',
            password: 'invite-f8',
            start: iso(T0 - 3_600_000),
            end: iso(T0 + 3_600_000),
          },
          op,
        ),
      ) as { id: string };
    const o = await create();
    const s = await readyUser(t, { fund: '400000', opToken: op });
    const buy = (id: string, password: string) =>
      t.money('/trade/buy_stock', { is_qc: 2, type: 'jpy', id, zhang: '100', password }, s);
    // Concurrent wrong guesses: at most five are checked, the others refused unchecked.
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => buy(o.id, `wrong-${i}`)));
    const msgs = guesses.map((r) => r.body.code);
    expect(msgs.filter((m) => m === 'block.wrongPassword').length).toBeLessThanOrEqual(5);
    expect(msgs.filter((m) => m === 'block.passwordLocked').length).toBeGreaterThanOrEqual(7);
    expect(msgs.every((m) => m === 'block.wrongPassword' || m === 'block.passwordLocked')).toBe(true);
    // Now the right password is refused too, for this offering; another offering is not affected.
    expectRefusal(await buy(o.id, 'invite-f8'), 'block.passwordLocked');
    const other = await create();
    expectOk(await buy(other.id, 'invite-f8'));
  });

  /** A user with TOTP on; `code(k)` is the code k periods from now. */
  async function totpUser() {
    const s = await t.newUser('tf');
    const setup = expectOk(await t.call('/user/totpSetup', {}, { token: s.token }));
    const totp = new TOTP({
      secret: Secret.fromBase32(setup.secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const code = (k = 0) => totp.generate({ timestamp: Date.now() + k * 30_000 });
    expectOk(await t.call('/user/totpEnable', { code: code(-1) }, { token: s.token }));
    const ticket = async () =>
      expectOk(await t.call('/user/login', { account: s.account, password: s.password })).ticket as string;
    const wrong = (right: string) => (right === '000000' ? '111111' : '000000');
    const notices = async () =>
      (
        expectOk(await t.call('/user/notice', { lang: 'us' }, { token: s.token })) as { title: string }[]
      ).filter((n) => n.title === 'Too many wrong codes').length;
    return { s, code, ticket, wrong, notices };
  }

  it('F6: second-factor codes at sign-in: 5 wrong void the ticket (concurrent guesses too), 10 lock the account’s codes; a notice is sent', async () => {
    const u = await totpUser();
    const first = await u.ticket();
    const bad = u.wrong(u.code());
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => t.call('/user/totpLogin', { ticket: first, code: bad })),
    );
    const msgs = guesses.map((r) => r.body.code);
    expect(msgs.filter((m) => m === 'security.wrongCode').length).toBeLessThanOrEqual(5);
    expect(msgs.every((m) => m === 'security.wrongCode' || m === 'security.ticketInvalid')).toBe(true);
    // the right code after them: the pending sign-in is void
    expectRefusal(
      await t.call('/user/totpLogin', { ticket: first, code: u.code() }),
      'security.ticketInvalid',
    );
    expect(await u.notices()).toBe(1);
    // another ticket, five more wrong: the account's codes are locked, the right one refused on a fresh ticket
    const second = await u.ticket();
    for (let i = 0; i < 5; i++) await t.call('/user/totpLogin', { ticket: second, code: bad });
    const third = await u.ticket();
    expectRefusal(await t.call('/user/totpLogin', { ticket: third, code: u.code() }), 'security.codeLocked');
  });

  it('F6: step-up codes: 5 wrong in a session, then the right one is refused; a notice is sent', async () => {
    const u = await totpUser();
    const bad = u.wrong(u.code(1));
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => t.call('/user/stepUp', { code: bad }, { token: u.s.token })),
    );
    const msgs = guesses.map((r) => r.body.code);
    expect(msgs.filter((m) => m === 'security.wrongCode').length).toBeLessThanOrEqual(5);
    expect(msgs.every((m) => m === 'security.wrongCode' || m === 'security.codeLocked')).toBe(true);
    expectRefusal(
      await t.call('/user/stepUp', { code: u.code(1) }, { token: u.s.token }),
      'security.codeLocked',
    );
    expect(await u.notices()).toBe(1);
  });

  it('F2: lang = constructor / __proto__ / toString reads as jp on every call that takes it', async () => {
    const s = await t.demo();
    const jp = {
      notice: expectOk(await t.call('/user/notice', { lang: 'jp' }, { token: s.token })),
      news: expectOk(await t.call('/common/newss', { lang: 'jp' })),
      page: expectOk(await t.call('/common/wenben', { name: 'privacy', lang: 'jp' })),
      log: expectOk(
        await t.call('/user/capitalloglist', { type: 'jpy', lang: 'jp', page: 1 }, { token: s.token }),
      ),
    };
    for (const lang of [
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
      'CONSTRUCTOR',
      ' __proto__ ',
    ]) {
      expect(expectOk(await t.call('/user/notice', { lang }, { token: s.token }))).toEqual(jp.notice);
      expect(expectOk(await t.call('/common/newss', { lang }))).toEqual(jp.news);
      expect(expectOk(await t.call('/common/wenben', { name: 'privacy', lang }))).toEqual(jp.page);
      const first = jp.news.list?.[0] ?? jp.news.result?.[0];
      if (first) {
        const info = expectOk(await t.call('/common/newsinfo', { id: first.id, lang }));
        expect(info.title).toBe(first.title);
      }
      expect(
        expectOk(await t.call('/user/capitalloglist', { type: 'jpy', lang, page: 1 }, { token: s.token })),
      ).toEqual(jp.log);
      expectOk(
        await t.call(
          '/user/capitallogcsv',
          { type: 'jpy', start: '2026-11-01', end: '2026-11-30', lang },
          { token: s.token },
        ),
      );
    }
  });

  // Last: it leaves the test address throttled.
  it('F5: past 100 wrong sign-ins from one address, a correct password of another account still signs in', async () => {
    const victim = await t.newUser('f5');
    const other = await t.newUser('f5o');
    for (let round = 0; round < 11; round++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          t.call('/user/login', { account: `nobody${round}x${i}`, password: 'not-the-password-1' }),
        ),
      );
    }
    // the address is throttled: a wrong password is answered with the rate-limit key …
    expectRefusal(
      await t.call('/user/login', { account: other.account, password: 'not-the-password-1' }),
      'request.rateLimited',
    );
    // … and the right one of an account that is not itself locked signs in
    const r = expectOk(await t.call('/user/login', { account: victim.account, password: victim.password }));
    expect(r.token).toEqual(expect.any(String));
    // the account's own limit still holds: five wrong for one account from here, then its right one is refused
    for (let i = 0; i < 5; i++)
      await t.call('/user/login', { account: other.account, password: `wrong-password-${i}` });
    expectRefusal(
      await t.call('/user/login', { account: other.account, password: other.password }),
      'request.rateLimited',
    );
  }, 300_000);
});
