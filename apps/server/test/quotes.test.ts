import { type Endpoint, isMsgKey, quotesApi } from '@kabuto/contract';
import { API_DB_KINDS } from '@kabuto/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type Session, T0, type TestApp } from './support/app.ts';

describe.each(API_DB_KINDS)('quotes on %s', (kind) => {
  let t: TestApp;
  let a: Session;
  let b: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    a = await t.newUser('qa');
    b = await t.newUser('qb');
  });
  afterEach(() => t.clock.set(T0));
  afterAll(async () => t?.close());

  it('lists indices of the market first, named in the request language', async () => {
    const jp = expectOk(await t.call('/parameter/zhishu', { type: 'jpy', lang: 'jp' }));
    expect(jp.length).toBeGreaterThanOrEqual(10);
    expect(jp[0].market).toBe('jpy');
    expect(jp.map((r: { symbol: string }) => r.symbol)).toContain('N225');
    const us = expectOk(await t.call('/parameter/zhishu', { type: 'usd', lang: 'us' }));
    expect(us[0].market).toBe('usd');
    for (const r of jp) {
      // JSON numbers at their precision: a price has at most 4 decimals, a change % at most 2
      expect(typeof r.price).toBe('number');
      expect(r.price.toFixed(4)).toMatch(/^\d+\.\d{4}$/);
      expect(Number(r.price.toFixed(4))).toBe(r.price);
      expect(typeof r.gain).toBe('number');
      expect(r.gain.toFixed(2)).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(r.gain.toFixed(2))).toBe(r.gain);
    }
  });

  it('ranks active, rising, falling and popular stocks on the server', async () => {
    const rise = expectOk(await t.call('/parameter/top', { type: 'jpy', rank: 'rise', limit: 40 }));
    const fall = expectOk(await t.call('/parameter/top', { type: 'jpy', rank: 'fall', limit: 40 }));
    const active = expectOk(await t.call('/parameter/top', { type: 'jpy', rank: 'active', limit: 5 }));
    expect(active).toHaveLength(5);
    const gains = rise.map((r: { gain: string }) => Number(r.gain));
    expect([...gains].sort((x, y) => y - x)).toEqual(gains);
    const falls = fall.map((r: { gain: string }) => Number(r.gain));
    expect([...falls].sort((x, y) => x - y)).toEqual(falls);
    // popular: by watchlist counts
    expectOk(await t.call('/user/addOptional', { symbol: '6758', type: 'jpy' }, { token: a.token }));
    expectOk(await t.call('/user/addOptional', { symbol: '6758', type: 'jpy' }, { token: b.token }));
    expectOk(await t.call('/user/addOptional', { symbol: '9984', type: 'jpy' }, { token: b.token }));
    const popular = expectOk(await t.call('/parameter/top', { type: 'jpy', rank: 'popular', limit: 3 }));
    expect(popular[0].symbol).toBe('6758');
    expect(popular[1].symbol).toBe('9984');
    expectOk(await t.call('/user/removeOptional', { symbol: '6758', type: 'jpy' }, { token: a.token }));
    expectOk(await t.call('/user/removeOptional', { symbol: '6758,9984', type: 'jpy' }, { token: b.token }));
  });

  it('shows one stock with limits, tick, lot, minimum, session and fee rates', async () => {
    const d = expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy', lang: 'us' }));
    expect(d.name).toMatch(/Toyota/i);
    expect(d.session).toBe('open');
    expect(Number(d.limitUp)).toBeGreaterThan(Number(d.price));
    expect(Number(d.limitDown)).toBeLessThan(Number(d.price));
    expect(d.minQty).toBe(1);
    expect(d.lot).toBe(1);
    // the market's list within its legal cap (JP 3.3×)
    expect(d.leverage).toEqual([1, 2, 3]);
    expect(Number(d.marketCap)).toBeGreaterThan(0);
    const us = expectOk(await t.call('/trade/stockdetails', { symbol: 'aapl', type: 'usd' }));
    expect(us.symbol).toBe('AAPL');
    expect(us.minQty).toBe(100);
    expect(us.limitUp).toBeNull();
    expect(us.session).toBe('closed');
    const cn = expectOk(await t.call('/trade/stockdetails', { symbol: '600519', type: 'cny' }));
    expect(cn.stampDutyRate).toBe('0.05');
    expectRefusal(
      await t.call('/trade/stockdetails', { symbol: 'NOPE1', type: 'jpy' }),
      'trade.unknownSymbol',
    );
    // market data are numbers; the price sits on the tick grid, the limits bracket it
    for (const k of ['price', 'open', 'preClose', 'high', 'low', 'turnover', 'marketCap', 'tick', 'volume']) {
      expect(typeof d[k], k).toBe('number');
    }
    // `type` names the market of the symbol: 7203 is not a US stock
    const wrong = await t.call('/trade/stockdetails', { symbol: '7203', type: 'usd' });
    expect(wrong.body).toEqual({
      status: 0,
      code: 'trade.marketMismatch',
      msg: expect.any(String),
      params: { symbol: '7203' },
    });
    // without `type` the symbol's own market is used
    expect(expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL' })).market).toBe('usd');
  });

  it('serves candles of every period in unix seconds, ascending, with adjustment', async () => {
    for (const kt of quotesApi.KLINE_TYPES) {
      const c = expectOk(
        await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: kt, limit: 50 }),
      );
      expect(c.length).toBeGreaterThan(0);
      for (let i = 1; i < c.length; i++) expect(c[i].time).toBeGreaterThan(c[i - 1].time);
      expect(c[c.length - 1].time).toBeLessThan(T0 / 1000 + 1);
      expect(c[0].time).toBeGreaterThan(1_000_000_000);
      expect(c[0].time).toBeLessThan(10_000_000_000);
      for (const bar of c.slice(-3)) {
        for (const k of ['open', 'high', 'low', 'close', 'volume']) expect(typeof bar[k], k).toBe('number');
        expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close, bar.low));
      }
    }
    for (const fq of ['none', 'forward', 'backward']) {
      expectOk(await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D', fq }));
    }
    expectRefusal(await t.call('/trade/kline', { symbol: 'ZZZZ', type: 'jpy' }), 'trade.unknownSymbol');
    expectRefusal(await t.call('/trade/kline', { symbol: '7203', type: 'cny' }), 'trade.marketMismatch');
    expectRefusal(await t.call('/trade/kline', { symbol: '7203', kline_type: '2H' }), 'validation.invalid');
  });

  it('searches by code or by name in any language', async () => {
    for (const q of ['7203', 'トヨタ', 'Toyota', '丰田']) {
      const r = expectOk(await t.call('/trade/search', { content: q }));
      expect(r.map((x: { symbol: string }) => x.symbol)).toContain('7203');
    }
    const aapl = expectOk(await t.call('/trade/search', { content: 'apple', type: 'usd', lang: 'us' }));
    expect(aapl[0].symbol).toBe('AAPL');
    expect(aapl[0].market).toBe('usd');
    expect(expectOk(await t.call('/trade/search', { content: 'qqqqqqzzz' }))).toEqual([]);
  });

  it('searches every market from the chosen one, which ranks first, each row with its market', async () => {
    const expected: [string, string, string][] = [
      ['AAPL', 'AAPL', 'usd'],
      ['apple', 'AAPL', 'usd'],
      ['005930', '005930', 'krw'],
      ['サムスン', '005930', 'krw'],
      ['茅台', '600519', 'cny'],
    ];
    for (const [content, symbol, market] of expected) {
      const rows = expectOk(await t.call('/trade/search', { content, type: 'jpy', lang: 'jp' }));
      expect(rows[0]).toMatchObject({ symbol, market });
    }
    const jp = expectOk(await t.call('/trade/search', { content: 'マクドナルド', type: 'jpy' }));
    expect(jp.map((r: { symbol: string; market: string }) => `${r.market}:${r.symbol}`)).toEqual([
      'jpy:2702',
      'usd:MCD',
    ]);
    const us = expectOk(await t.call('/trade/search', { content: 'マクドナルド', type: 'usd', lang: 'us' }));
    expect(us.map((r: { symbol: string }) => r.symbol)).toEqual(['MCD', '2702']);
    expect(us[0].name).toMatch(/McDonald/i);
  });

  it('keeps a watchlist per user and market; removes several at once', async () => {
    for (const s of ['7203', '6758', '9984']) {
      expectOk(await t.call('/user/addOptional', { symbol: s, type: 'jpy' }, { token: a.token }));
    }
    // twice is fine
    expectOk(await t.call('/user/addOptional', { symbol: '7203', type: 'jpy' }, { token: a.token }));
    expectOk(await t.call('/user/addOptional', { symbol: 'AAPL', type: 'usd' }, { token: a.token }));
    expectRefusal(
      await t.call('/user/addOptional', { symbol: 'XXXX9', type: 'jpy' }, { token: a.token }),
      'trade.unknownSymbol',
    );
    const list = expectOk(
      await t.call('/user/Optionallist', { type: 'jpy', lang: 'jp' }, { token: a.token }),
    );
    expect(list.map((r: { symbol: string }) => r.symbol).sort()).toEqual(['6758', '7203', '9984']);
    expect(list[0].name).toBeTruthy();
    expect(expectOk(await t.call('/user/Optionallist', { type: 'jpy' }, { token: b.token }))).toEqual([]);
    expect(
      expectOk(await t.call('/user/optionallist', { type: 'usd' }, { token: a.token })).map(
        (r: { symbol: string }) => r.symbol,
      ),
    ).toEqual(['AAPL']);
    expectOk(await t.call('/user/removeOptional', { symbol: '7203, 9984', type: 'jpy' }, { token: a.token }));
    const after = expectOk(await t.call('/user/Optionallist', { type: 'jpy' }, { token: a.token }));
    expect(after.map((r: { symbol: string }) => r.symbol)).toEqual(['6758']);
    expect((await t.call('/user/Optionallist', { type: 'jpy' })).http).toBe(401);
  });

  const CALLS: { e: Endpoint; valid: Record<string, unknown> }[] = [
    { e: quotesApi.indices, valid: { type: 'jpy' } },
    { e: quotesApi.rankings, valid: { type: 'jpy', rank: 'rise' } },
    { e: quotesApi.stock, valid: { symbol: '7203', type: 'jpy' } },
    { e: quotesApi.kline, valid: { symbol: '7203', type: 'jpy', kline_type: '5' } },
    { e: quotesApi.search, valid: { content: 'sony' } },
    { e: quotesApi.watchlist, valid: { type: 'jpy' } },
    { e: quotesApi.addToWatchlist, valid: { symbol: '7203', type: 'jpy' } },
    { e: quotesApi.removeFromWatchlist, valid: { symbol: '7203', type: 'jpy' } },
  ];
  const BAD: [string, unknown][] = [
    ['array', ['a', 'b']],
    ['object', { $gt: '' }],
    ['10 KB', 'x'.repeat(10 * 1024)],
    ['null', null],
    ['boolean', true],
    ['negative', '-1'],
  ];
  it('answers bad input with status 0 and a msg key, never 500', async () => {
    for (const { e, valid } of CALLS) {
      const cases: Record<string, unknown>[] = [{ ...valid, sneaky: 'x' }];
      for (const key of Object.keys(valid)) for (const [, v] of BAD) cases.push({ ...valid, [key]: v });
      for (const body of cases) {
        const r = await t.call(e.path, body, { token: a.token });
        expect(r.http, `${e.path} ${JSON.stringify(body).slice(0, 80)}`).toBe(200);
        if (r.body.status === 0) expect(isMsgKey(r.body.code ?? '')).toBe(true);
      }
    }
  });
});
