import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, readyUser, T0, type TestApp } from './support/app.ts';

/**
 * The edges an attacker found in the landed server (issue #30): each one's reply as it must be now.
 */
describe.each(TEST_DB_KINDS)('attacker edges on %s', (kind) => {
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
    const msgs = guesses.map((r) => r.body.msg);
    expect(msgs.filter((m) => m === 'block.wrongPassword').length).toBeLessThanOrEqual(5);
    expect(msgs.filter((m) => m === 'block.passwordLocked').length).toBeGreaterThanOrEqual(7);
    expect(msgs.every((m) => m === 'block.wrongPassword' || m === 'block.passwordLocked')).toBe(true);
    // Now the right password is refused too, for this offering; another offering is not affected.
    expectRefusal(await buy(o.id, 'invite-f8'), 'block.passwordLocked');
    const other = await create();
    expectOk(await buy(other.id, 'invite-f8'));
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
});
