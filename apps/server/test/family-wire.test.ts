import { randomUUID } from 'node:crypto';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  fundUser,
  type Reply,
  readyUser,
  type Session,
  T0,
  type TestApp,
} from './support/app.ts';
import { expectLedgerSound } from './support/trading.ts';

/**
 * The family's public client, replayed flow by flow as it sends its requests: form-encoded bodies with the
 * fields it always adds, the `token` / `account` headers, no `page` where it asks for none. Each reply
 * must have the shape that client reads, and `msg` must be the family's own text (its interceptor looks
 * the Chinese sentence up in its dictionaries; Kabuto's apps read the key in `code`).
 */

/** What the family's client sends with every call, used or not. */
const ALWAYS = { lang: 'en', type: 'usd' } as const;

/** A fixture: one request as the family's client makes it. */
interface Fixture {
  path: string;
  body: Record<string, string>;
  /** A money call carries an Idempotency-Key of its own. */
  money?: boolean;
}

describe.each(API_DB_KINDS)("the family's client flows on %s", (kind) => {
  let t: TestApp;
  let op: string;
  let m: Session & { cardId: string; realname: string };

  /** Replays a fixture: form body, the family's headers (token and account when signed in). */
  const send = (f: Fixture, s?: Session): Promise<Reply> =>
    t.call(
      f.path,
      { ...ALWAYS, ...f.body },
      {
        form: true,
        token: s?.token,
        account: s?.account,
        headers: f.money ? { 'idempotency-key': randomUUID() } : {},
      },
    );
  /** Every reply carries the key in `code` and a string `msg`; a refusal's msg is the family's text. */
  const expectFamily = (r: Reply, code: string, msg: string) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe(code);
    expect(r.body.msg).toBe(msg);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
    m = await readyUser(t, { fund: '500000', opToken: op });
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t?.close();
  });

  it('8: passwords says whether a fund password is set, never what it is; a wrong one stays refused', async () => {
    const info = expectOk(await send({ path: '/user/getUserinfo', body: {} }, m));
    expect(info.passwords).toBe('1');
    expect(JSON.stringify(info)).not.toContain('112233');
    const fresh = await t.newUser('fp');
    expect(expectOk(await send({ path: '/user/getUserinfo', body: {} }, fresh)).passwords).toBe('');
    const wrong = await send(
      {
        path: '/user/withdrawal',
        body: { money: '1000', bankid: m.cardId, passwords: '000000', type: 'jpy' },
        money: true,
      },
      m,
    );
    expectFamily(wrong, 'account.wrongFundPassword', '资金密码错误');
  });

  it('1: toasts read the family texts; the key rides in code; buy_stock always carries a msg', async () => {
    const account = `fw${Date.now().toString(36)}`.slice(0, 16);
    const reg = await send({
      path: '/user/register',
      body: { account, pwd: 'secret-pass-1', pwd1: 'secret-pass-1', inviter: t.env.DEMO_INVITE_CODE },
    });
    expectFamily(reg, 'ok.registered', '注册成功');
    const wrong = await send({ path: '/user/login', body: { account, password: 'not-the-password' } });
    expectFamily(wrong, 'auth.wrongCredentials', '账号或密码错误');
    expect(wrong.body).not.toHaveProperty('params');
    // validation.required: one text per call and field
    expectFamily(
      await send({ path: '/user/login', body: { account, password: '' } }),
      'validation.required',
      '密码不能为空',
    );
    expectFamily(
      await send({ path: '/User/Register', body: { account, pwd: 'secret-pass-1', pwd1: 'secret-pass-1' } }),
      'validation.required',
      '邀请码不能为空',
    );
    const login = await send({ path: '/user/login', body: { account, password: 'secret-pass-1' } });
    expectFamily(login, 'ok.loggedIn', '登入成功');

    // a number in the text is a plain integer, where the family's text has one
    const below = await send(
      {
        path: '/user/withdrawal',
        body: { money: '1', bankid: m.cardId, passwords: '112233', type: 'jpy' },
        money: true,
      },
      m,
    );
    expect(below.body.code).toBe('withdraw.belowMinimum');
    expect(below.body.msg).toMatch(/^出金最小值\d+元$/);
    expect(below.body.params?.min).toBeDefined();

    // /trade/buy_stock: successes and refusals alike carry a string msg
    const bought = await send(
      {
        path: '/trade/buy_stock',
        body: { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
        money: true,
      },
      m,
    );
    expectFamily(bought, 'ok.bought', '购买成功');
    const refused = await send(
      {
        path: '/trade/buy_stock',
        body: { symbol: 'AAPL', zhang: '1', ganggan: '1', buyzd: '1', gdlx: '1', type: 'jpy' },
        money: true,
      },
      m,
    );
    expect(refused.body.status).toBe(0);
    expect(typeof refused.body.msg).toBe('string');
    expect(refused.body.msg).not.toBe(refused.body.code);
  });

  it('2: the bank list with size=200 is clamped, not refused', async () => {
    const r = await send({ path: '/user/cardList', body: { page: '1', size: '200' } }, m);
    const cards = expectOk(r);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0].id).toBe(m.cardId);
  });

  it('6: fund records are an array without page, {list, total} with one', async () => {
    const rows = expectOk(await send({ path: '/user/capitalloglist', body: { type: 'jpy' } }, m));
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number.isFinite(Number(row.money)), row.money).toBe(true);
    const paged = expectOk(
      await send({ path: '/user/capitalloglist', body: { type: 'jpy', page: '1', size: '2' } }, m),
    );
    expect(paged.list).toHaveLength(2);
    expect(paged.total).toBeGreaterThanOrEqual(rows.length);
  });
  it('5: news comes as result[] with created and img, and as list[] with create_time', async () => {
    const news = expectOk(await send({ path: '/common/newss', body: { page: '1', size: '5' } }));
    expect(news.result).toHaveLength(5);
    expect(news.result).toEqual(news.list);
    for (const row of news.result) {
      expect(typeof row.created).toBe('number');
      expect(row.created).toBe(row.create_time);
      expect(typeof row.img).toBe('string');
    }
  });

  it('7: the small aliases, one flow each', async () => {
    // search rows carry local_name beside name
    const found = expectOk(await send({ path: '/trade/search', body: { content: '7203', type: 'jpy' } }));
    expect(found.length).toBeGreaterThan(0);
    for (const row of found) expect(row.local_name).toBe(row.name);
    // k-line bars carry volumn beside volume
    const bars = expectOk(
      await send({ path: '/trade/kline', body: { symbol: '7203', type: 'jpy', kline_type: '1D' } }),
    );
    expect(bars.length).toBeGreaterThan(0);
    for (const bar of bars) expect(bar.volumn).toBe(bar.volume);
    // wenben by the family's Chinese page names
    for (const [name, own] of [
      ['用户协议', 'protocol'],
      ['隐私政策', 'privacy'],
      ['关于我们', 'about'],
    ]) {
      const page = expectOk(await send({ path: '/common/wenben', body: { name } }));
      const kabuto = expectOk(await send({ path: '/common/wenben', body: { name: own } }));
      expect(page).toEqual(kabuto);
    }
    // positions: strategy_num is the order number; dz_type=3 lists the day-trade positions only
    const all = expectOk(
      await send({ path: '/trade/userstocklist', body: { type: 'jpy', dz_type: '0' } }, m),
    );
    const rows = Object.keys(all)
      .filter((k) => /^\d+$/.test(k))
      .map((k) => all[k]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.strategy_num).toBe(row.order_no);
    const day = expectOk(
      await send({ path: '/trade/userstocklist', body: { type: 'jpy', dz_type: '3' } }, m),
    );
    const dayRows = Object.keys(day)
      .filter((k) => /^\d+$/.test(k))
      .map((k) => day[k]);
    expect(dayRows.every((r) => r.dz_type === 3)).toBe(true);
    expect(dayRows.length).toBeLessThan(rows.length);
    expect(typeof day.ccsz).toBe('number');
    // after-market: the list's id is the symbol, and buying by it works (test 1 spent most of the cash)
    await fundUser(t, m, '500000', 'jpy', op);
    t.clock.set(Date.parse('2026-11-24T16:00:00+09:00'));
    try {
      const list = expectOk(await send({ path: '/trade/nbhllist', body: { type: 'jpy', dz_type: '1' } }, m));
      const row = list.find((r: { id: string }) => r.id === '7203');
      expect(row).toBeDefined();
      const bought = await send(
        {
          path: '/trade/buy_stock',
          body: { id: row.id, zhang: '100', ganggan: '1', buyzd: '1', gdlx: '1', dz_type: '1', type: 'jpy' },
          money: true,
        },
        m,
      );
      expect(bought.body.code, JSON.stringify(bought.body)).toBe('ok.bought');
      expect(bought.body.msg).toBe('购买成功');
    } finally {
      t.clock.set(T0);
    }
  });
});
