import { TEST_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, readyUser, type TestApp } from './support/app.ts';

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
