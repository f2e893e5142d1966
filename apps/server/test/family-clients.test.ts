import {
  accountApi,
  contentApi,
  type Endpoint,
  fundsApi,
  loansApi,
  MESSAGES,
  quotesApi,
  tradingApi,
  translate,
} from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectOk,
  IMAGES,
  type Reply,
  readyUser,
  type Session,
  T0,
  type TestApp,
  uploadNameOf,
} from './support/app.ts';
import { expectLedgerSound, openMarginAccount, pinPrices, userIdOf } from './support/trading.ts';
import { u } from './support/units.ts';

/**
 * The requests of the `/api/vue` family's clients, replayed as those clients send them: form-encoded,
 * with the fields they always add whether the call uses them or not (docs/wire.md, "Transport"), and the
 * language aliases they use. Every reply is checked against the endpoint's data schema in the contract,
 * plus the rules docs/wire.md states for it (numbers, names, signed image URLs).
 */
const EXTRAS = {
  page: '1',
  size: '20',
  offset: '0',
  buy_type: '0',
  dz_type: '0',
  is_qc: '0',
  other_type: '0',
  exchange: '1',
} as const;

/** JSON number with at most `decimals` decimals (what "at their precision" means on the wire). */
const expectWireNumber = (v: unknown, decimals: number, where: string) => {
  expect(typeof v, where).toBe('number');
  const n = v as number;
  expect(Number.isFinite(n), where).toBe(true);
  expect(Number(n.toFixed(decimals)), where).toBe(n);
};
const rowsOf = (data: Record<string, unknown>) =>
  Object.keys(data)
    .filter((k) => /^\d+$/.test(k))
    .map((k) => data[k] as Record<string, any>);

describe.each(API_DB_KINDS)("the family's clients on %s", (kind) => {
  let t: TestApp;
  let op: string;
  let m: Session & { cardId: string; realname: string };
  let release: (() => void) | null = null;

  /** A call as a family client makes it: a form body with the extra fields (token when logged in). */
  const client = (path: string, body: Record<string, unknown>, s?: { token: string }, money = false) =>
    t.call(
      path,
      { ...EXTRAS, ...body },
      {
        form: true,
        token: s?.token,
        headers: money ? { 'idempotency-key': `fam-${Math.random().toString(36).slice(2)}` } : {},
      },
    );
  /** The reply succeeded and its data has the contract's documented shape. */
  const shaped = (e: Endpoint, r: Reply) => {
    const data = expectOk(r);
    const parsed = e.data.safeParse(data);
    expect(parsed.success, `${e.path}: ${JSON.stringify(parsed.error?.issues ?? [])}`).toBe(true);
    return data;
  };
  const call = (e: Endpoint, body: Record<string, unknown>, s?: { token: string }) =>
    client(e.path, body, s, Boolean(e.money)).then((r) => shaped(e, r));

  beforeAll(async () => {
    t = await createTestApp(kind);
    op = await t.adminLogin();
    m = await readyUser(t, { fund: '500000', opToken: op });
    await openMarginAccount(t, m);
  });
  afterEach(async () => {
    release?.();
    release = null;
    t.clock.set(T0);
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t?.close();
  });

  it('registers, logs in and reads the user, with extra fields and language aliases', async () => {
    const account = `fam${Date.now().toString(36)}`.slice(0, 16);
    const reg = await call(accountApi.register, {
      account,
      pwd: 'secret-pass-1',
      pwd1: 'secret-pass-1',
      inviter: t.env.DEMO_INVITE_CODE,
      lang: 'zh',
      type: 'jpy',
    });
    expect(reg.account).toBe(account);
    const login = await call(accountApi.login, {
      account,
      password: 'secret-pass-1',
      lang: 'ja',
      type: 'jpy',
    });
    expect(login.account).toBe(account);
    const info = await call(accountApi.userInfo, { type: 'usd', lang: 'en' }, login);
    expect(info).toMatchObject({ account, is_true: 0, has_fund_password: false });
    expect(typeof info.jpy).toBe('string');
  });

  it('reads /common/config in its three forms; by market under the family names', async () => {
    const plain = await call(contentApi.config, {});
    expect(plain.map((r: { name: string }) => r.name)).toContain('kefu');
    await call(contentApi.config, { type: 'all', lang: 'en' });
    const byMarket: Record<string, Record<string, string>> = {};
    for (const type of ['jpy', 'usd', 'cny', 'krw']) {
      const rows = await call(contentApi.config, { type, lang: 'zh' });
      byMarket[type] = Object.fromEntries(
        rows.map((r: { name: string; value: string }) => [r.name, r.value]),
      );
      for (const name of [
        'ganggang',
        'buytype',
        'gtype',
        'buycharge',
        'minshouxu',
        'dgsg',
        'srecharge',
        'erecharge',
        'maxrecharge',
        'rpassword',
        'swithdrawal',
        'ewithdrawal',
        'minwithdrawal',
        'kefu',
        'title',
        'logo',
      ]) {
        expect(byMarket[type], `${type}.${name}`).toHaveProperty(name);
      }
    }
    const jp = byMarket.jpy;
    expect(jp).toMatchObject({
      // each market's leverage list, within its legal cap
      ganggang: '1/2/3',
      buytype: '1',
      gtype: '0',
      rpassword: '1',
      dgsg: '100',
    });
    expect(jp).toMatchObject({ swithdrawal: '09:00', ewithdrawal: '15:00', minwithdrawal: '100.0000' });
    expect(jp.maxrecharge).toBe('500000.0000');
    expect(jp.srecharge).toMatch(/^\d{2}:\d{2}$/);
    expect(jp.erecharge).toMatch(/^\d{2}:\d{2}$/);
    // the fee the server charges, as a fraction of the notional: China 0.025 % with a ¥5 minimum
    expect(byMarket.cny).toMatchObject({ buycharge: '0.00025', minshouxu: '5.0000', ganggang: '1' });
    expect(byMarket.usd.ganggang).toBe('1/2');
    expect(jp.buycharge).toBe('0');
    expect(byMarket.krw.buycharge).toBe('0.00015');
    // the same figures as the withdrawal limits by wallet
    expect(byMarket.usd.minwithdrawal).toBe('1.0000');
    // a market the family does not know stays refused, by name
    expect((await client('/common/config', { type: 'eur' })).body).toMatchObject({
      status: 0,
      code: 'validation.invalid',
      params: { field: 'type' },
    });
  });

  it('reads quotes, k-lines and search as JSON numbers', async () => {
    const idx = await call(quotesApi.indices, { type: 'jpy', lang: 'en' });
    expect(idx[0].market).toBe('jpy');
    for (const r of idx) {
      expectWireNumber(r.price, 4, r.symbol);
      expectWireNumber(r.gain, 2, r.symbol);
    }
    const top = await call(quotesApi.rankings, { type: 'jpy', rank: 'rise', lang: 'ja' });
    // clients sort and add them directly: the numbers are comparable as numbers
    const gains = top.map((r: { gain: number }) => r.gain);
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
    const d = await call(quotesApi.stock, { symbol: '7203', type: 'jpy', lang: 'ja' });
    expect(d.name).toMatch(/トヨタ/);
    for (const k of ['price', 'open', 'preClose', 'high', 'low', 'limitUp', 'limitDown', 'tick']) {
      expectWireNumber(d[k], 4, k);
    }
    expectWireNumber(d.volume, 0, 'volume');
    expect(d.limitUp).toBeGreaterThan(d.price);
    // the price sits on the tick grid, exactly
    expect(u(d.price) % u(d.tick)).toBe(0n);
    const bars = await call(quotesApi.kline, { symbol: '7203', type: 'jpy', kline_type: '1D', lang: 'en' });
    expect(bars.length).toBeGreaterThan(20);
    for (const b of bars) {
      for (const k of ['open', 'high', 'low', 'close']) expectWireNumber(b[k], 4, k);
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
    }
    for (let i = 1; i < bars.length; i++) expect(bars[i].time).toBeGreaterThan(bars[i - 1].time);
    const found = await call(quotesApi.search, { content: 'トヨタ', type: 'jpy', lang: 'zh' });
    expect(found[0].symbol).toBe('7203');
    expectWireNumber(found[0].price, 4, 'search price');
  });

  it('buys, lists, closes; gain is the unleveraged price move; a symbol of another market is refused', async () => {
    const d = await call(quotesApi.stock, { symbol: '7203', type: 'jpy' });
    release = pinPrices(t, { '7203': u(d.price) });
    const order = await call(
      tradingApi.buy,
      { symbol: '7203', zhang: '100', ganggan: '3', buyzd: '1', gdlx: '1', type: 'jpy', lang: 'ja' },
      m,
    );
    release();
    // the price rises by 40 ticks' worth: gain is that move in %, not × 3
    const move = 40n * u(d.tick);
    release = pinPrices(t, { '7203': u(d.price) + move });
    const list = await call(tradingApi.openPositions, { type: 'jpy', lang: 'ja' }, m);
    const rows = rowsOf(list);
    expect(rows).toHaveLength(1);
    const row = tradingApi.positionRow.parse(rows[0]);
    expect(row.id).toBe(order.id);
    expectWireNumber(row.nowprice, 4, 'nowprice');
    expect(u(row.nowprice)).toBe(u(d.price) + move);
    expect(row.gain).toBe(Number((move * 10_000n) / u(row.buy_price)) / 100);
    expect(u(row.yingkui)).toBe(move * 100n - u(row.buy_fee) - u(row.stamp_duty));
    expect(row).toMatchObject({ ganggang: '3', buy_poundage: row.buy_fee, dz_type: 0, source: 'order' });
    expectWireNumber(list.ccsz, 4, 'ccsz');
    expectWireNumber(list.fdyk, 4, 'fdyk');
    // a wallet total adds the numbers, not text
    expect(list.fdyk + 0).toBe(row.yingkui);
    // buy_type=1 lists day-trade positions only: none were opened
    expect(rowsOf(await call(tradingApi.openPositions, { type: 'jpy', buy_type: '1' }, m))).toHaveLength(0);
    const one = await call(tradingApi.position, { id: order.id, type: 'jpy', lang: 'en' }, m);
    expect(one.id).toBe(order.id);

    // another market's type: refused with its own key, in the three languages; nothing booked or closed
    for (const [path, body] of [
      ['/trade/buy_stock', { symbol: '7203', zhang: '100', ganggan: '1', buyzd: '1', type: 'usd' }],
      ['/trade/sell_stock', { id: order.id, type: 'usd' }],
      ['/trade/stockdetails', { symbol: '7203', type: 'usd' }],
    ] as const) {
      const r = await client(path, body, m, path !== '/trade/stockdetails');
      expect(r.body, path).toEqual({
        status: 0,
        code: 'trade.marketMismatch',
        msg: expect.any(String),
        params: { symbol: '7203' },
      });
    }
    for (const lang of ['jp', 'cn', 'us'] as const) {
      expect(translate('trade.marketMismatch', lang, { symbol: '7203' })).toContain('7203');
      expect(MESSAGES['trade.marketMismatch'][lang]).not.toBe(MESSAGES['server.error'][lang]);
    }
    expect(rowsOf(await call(tradingApi.openPositions, { type: 'usd' }, m))).toHaveLength(0);

    const sold = await call(tradingApi.sell, { id: order.id, type: 'jpy', lang: 'ja' }, m);
    expect(u(sold.yingkui)).toBe(move * 100n - u(row.buy_fee) - u(row.stamp_duty) - u(row.sell_fee));
    const closed = await call(tradingApi.closedPositions, { type: 'jpy', lang: 'zh' }, m);
    expectWireNumber(closed.lsyk, 4, 'lsyk');
    expect(u(closed.lsyk)).toBe(u(sold.yingkui));
    const closedRow = tradingApi.positionRow.parse(rowsOf(closed)[0]);
    expect(closedRow.status).toBe(1);
    expect(closedRow.gain).toBe(row.gain);
  });

  it('deposits (pre-check, request), withdraws, keeps cards by page, exchanges and borrows', async () => {
    const channels = await call(fundsApi.depositChannels, { type: 'jpy', lang: 'ja' }, m);
    const channel = channels.find((c: { open: boolean }) => c.open);
    expect(channel).toBeDefined();
    const pre = await call(
      fundsApi.depositCheck,
      { money: '30000', type: 'jpy', rpassword: t.env.DEMO_CHANNEL_PASSWORD, lang: 'en' },
      m,
    );
    expect(pre.money).toBe('30000.0000');
    const proof = await t.upload(m, IMAGES.png());
    const dep = await call(
      fundsApi.deposit,
      {
        money: '30000',
        type: 'jpy',
        rjpz: expectOk(proof),
        channel: channel.id,
        rpassword: t.env.DEMO_CHANNEL_PASSWORD,
      },
      m,
    );
    const deposits = await call(fundsApi.deposits, { type: 'jpy', page: '1', size: '1' }, m);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ id: dep.id, rjpz: expectOk(proof), status: 0 });
    // the proof the user sees loads in a plain <img>: no headers
    const img = await t.app.inject({ method: 'GET', url: deposits[0].rjpz_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // cards: an empty bank_address is fine; the list takes page / size
    await call(
      fundsApi.addCard,
      {
        realname: m.realname,
        bank_num: '99887766',
        bank_name: 'みずほ銀行',
        bank_address: '',
        bank_code: '001',
        type: 'jpy',
      },
      m,
    );
    const all = await call(fundsApi.cards, { type: 'jpy', page: '1', size: '10' }, m);
    expect(all).toHaveLength(2);
    const p1 = await call(fundsApi.cards, { page: '1', size: '1' }, m);
    const p2 = await call(fundsApi.cards, { page: '2', size: '1' }, m);
    const p3 = await call(fundsApi.cards, { page: '3', size: '1' }, m);
    expect([...p1, ...p2].map((c: { id: string }) => c.id)).toEqual(all.map((c: { id: string }) => c.id));
    expect(p3).toEqual([]);
    expect(all.find((c: { bank_address: string }) => c.bank_address === '')).toBeDefined();

    const w = await call(
      fundsApi.withdraw,
      { money: '1000', bankid: m.cardId, passwords: '112233', type: 'jpy', bank_address: '', lang: 'ja' },
      m,
    );
    const withdrawals = await call(fundsApi.withdrawals, { type: 'jpy', lang: 'zh' }, m);
    expect(withdrawals[0]).toMatchObject({ id: w.id, money: '1000.0000', status: 0 });

    const fx = await call(fundsApi.exchange, { money: '10000', from: 'jpy', to: 'usd', type: 'jpy' }, m);
    expect(fx).toMatchObject({ from: 'jpy', to: 'usd', money: '10000.0000' });

    expectOk(
      await t.admin(
        '/users/credit',
        { id: String(await userIdOf(t, m)), score: 80, currency: 'jpy', limit: '100000', reason: 'test' },
        op,
      ),
    );
    const info = await call(loansApi.info, { type: 'jpy', lang: 'en' }, m);
    expect(info.kjed).toBe('100000.0000');
    const loan = await call(loansApi.apply, { type: 'jpy', money: '50000', lang: 'ja' }, m);
    const loans = await call(loansApi.list, { type: 'jpy', page: '1', size: '5' }, m);
    expect(loans[0]).toMatchObject({ id: loan.id, status: 0, money: '50000.0000' });
    expect(await call(loansApi.list, { type: 'jpy', page: '2', size: '5' }, m)).toEqual([]);

    const records = await call(fundsApi.records, { type: 'jpy', page: '1', size: '3', lang: 'zh' }, m);
    expect(records.list.length).toBeLessThanOrEqual(3);
    expect(records.total).toBeGreaterThan(3);
    const usd = await call(fundsApi.records, { type: 'usd', kind: 'exchange' }, m);
    expect(usd.list[0].kind).toBe('exchange');
  });

  it('verifies identity with uploads whose signed URL works without headers; altered or expired fails', async () => {
    const k = await t.newUser('fk');
    const bytes = IMAGES.jpeg();
    const up = await t.upload(k, bytes);
    const front = expectOk(up) as string;
    expect(front).toMatch(/^\/api\/vue\/uploads\/[a-f0-9]{32}\.jpg\?s=\d+&e=\d+&sig=[a-f0-9]{40}$/);
    // the family's client shows origin + data in a plain <img>: the path itself serves the image
    const url = (up.body as { url?: string }).url as string;
    expect(url).toMatch(/^\/api\/vue\/uploads\/[a-f0-9]{32}\.jpg\?s=\d+&e=\d+&sig=[a-f0-9]{40}$/);
    expect(url).toContain(uploadNameOf(front));
    const get = (path: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: path, headers });
    // data itself, as origin + data, serves the image without headers
    expect((await get(front)).statusCode).toBe(200);
    const shown = await get(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    // the file as stored (re-encoded on upload), the same the owner gets on the private path with the token
    const stored = await get(`/api/vue/uploads/${uploadNameOf(front)}`, { token: k.token });
    expect(stored.statusCode).toBe(200);
    expect(Buffer.compare(shown.rawPayload, stored.rawPayload)).toBe(0);
    expect(shown.rawPayload.subarray(0, 3)).toEqual(bytes.subarray(0, 3));

    // altered: the signature, the expiry, the session, or the path
    const sig = /sig=([a-f0-9]+)/.exec(url)?.[1] as string;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const e = Number(/e=(\d+)/.exec(url)?.[1]);
    const s = Number(/s=(\d+)/.exec(url)?.[1]);
    const other = expectOk(await t.upload(k, IMAGES.png())) as string;
    const altered = [
      url.replace(sig, flipped),
      url.replace(`e=${e}`, `e=${e + 3600}`),
      url.replace(`s=${s}`, `s=${s + 1}`),
      url.replace(uploadNameOf(front), uploadNameOf(other)),
      url.split('?')[0],
    ];
    for (const bad of altered) expect([401, 404], bad).toContain((await get(bad)).statusCode);
    // the bare path serves nobody without the owner's token; another user gets "not found"
    expect((await get(url.split('?')[0])).statusCode).toBe(401);
    const stranger = await t.newUser('fs');
    expect((await get(url.split('?')[0], { token: stranger.token })).statusCode).toBe(404);
    // another user's URL signature does not open this file either
    const theirs = (await t.upload(stranger, IMAGES.webp())).body as { url?: string };
    const theirQuery = (theirs.url as string).split('?')[1];
    expect((await get(`${url.split('?')[0]}?${theirQuery}`)).statusCode).toBe(401);

    // KYC with the family's extra fields
    const back = expectOk(await t.upload(k, IMAGES.png())) as string;
    const kyc = await client(
      '/user/shiming',
      {
        realname: '高橋 次郎',
        id_card: 'FAM12345',
        frontcard: front,
        backcard: back,
        type: 'jpy',
        lang: 'ja',
      },
      k,
    );
    expect(kyc.body).toMatchObject({ status: 1, code: 'ok.submitted' });
    const info = await call(accountApi.userInfo, { type: 'jpy' }, k);
    expect(info.is_true).toBe(3);

    // expired: fifteen minutes later the URL is refused
    t.clock.advance(16 * 60_000);
    expect((await get(url)).statusCode).toBe(401);
    // a logout ends the session's URLs too
    t.clock.set(T0);
    const fresh = (await t.upload(k, IMAGES.jpeg())).body as { url?: string };
    expect((await get(fresh.url as string)).statusCode).toBe(200);
    expectOk(await t.call('/user/logout', {}, { token: k.token }));
    expect((await get(fresh.url as string)).statusCode).toBe(401);
  });

  it('reads messages and news with the aliases and the extra fields', async () => {
    const notices = await call(accountApi.notices, { lang: 'en', type: 'jpy' }, m);
    expect(notices.length).toBeGreaterThan(0);
    const first = await call(accountApi.noticeDetail, { id: notices[0].id, lang: 'zh' }, m);
    expect(first.read).toBe(true);
    expect((await call(accountApi.notices, { lang: 'en', page: '1', size: '1' }, m)).length).toBe(1);

    const en = await call(contentApi.news, { lang: 'en', page: '1', size: '5', type: 'jpy' });
    const jp = await call(contentApi.news, { lang: 'jp', page: '1', size: '5' });
    const zh = await call(contentApi.news, { lang: 'zh', page: '1', size: '5' });
    expect(en.list).toHaveLength(5);
    expect(en.list.map((n: { id: string }) => n.id)).toEqual(jp.list.map((n: { id: string }) => n.id));
    // the aliases pick the language: the same article, three texts
    expect(new Set([en.list[0].title, jp.list[0].title, zh.list[0].title]).size).toBe(3);
    // an unknown language falls back to jp
    const fr = await call(contentApi.news, { lang: 'fr', size: '5' });
    expect(fr.list[0].title).toBe(jp.list[0].title);
    const page2 = await call(contentApi.news, { lang: 'ja', page: '2', size: '5' });
    expect(page2.list[0].id).not.toBe(jp.list[0].id);
    const article = await call(contentApi.newsDetail, { id: en.list[0].id, lang: 'en', type: 'jpy' });
    expect(article.title).toBe(en.list[0].title);
  });
});
