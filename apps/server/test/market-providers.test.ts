import { FIXTURE_API_KEY, type FixtureServer, startFixtureServer } from '@kabuto/market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectOk, expectRefusal, type TestApp } from './support/app.ts';
import { trader } from './support/trading.ts';

/** The server with Japanese stocks from J-Quants (the fixture server on an ephemeral port), the rest simulated. */
describe('MARKET_PROVIDER=jpy:jquants against the fixture server', () => {
  let fx: FixtureServer;
  let t: TestApp;
  beforeAll(async () => {
    fx = await startFixtureServer();
    t = await createTestApp('pglite', {
      MARKET_PROVIDER: 'jpy:jquants',
      JQUANTS_API_KEY: FIXTURE_API_KEY,
      JQUANTS_BASE_URL: fx.jquantsUrl,
      JQUANTS_RATE_PER_MIN: '6000',
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fx?.close();
  });

  it('searches and quotes Japanese stocks from J-Quants, labelled delayed; other markets simulated', async () => {
    const found = expectOk(await t.call('/trade/search', { content: 'ソニー', type: 'jpy', lang: 'jp' }));
    expect(found[0]).toMatchObject({
      symbol: '6758',
      name: 'ソニーグループ',
      market: 'jpy',
      mode: 'delayed',
    });
    const d = expectOk(await t.call('/trade/stockdetails', { symbol: '7203', type: 'jpy', lang: 'us' }));
    expect(d).toMatchObject({
      name: 'TOYOTA MOTOR CORPORATION',
      mode: 'delayed',
      delayMinutes: 20,
      stale: false,
    });
    // the fixture's last bar (Friday 2026-11-20, close 2,900 × the walk) is the quote: its close is in the fixture
    const last = (
      await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D' })
    ).body.data.at(-1);
    expect(d.price).toBe(last.close);
    const us = expectOk(await t.call('/trade/stockdetails', { symbol: 'AAPL', type: 'usd', lang: 'us' }));
    expect(us).toMatchObject({ mode: 'simulated', delayMinutes: 0 });
    const idx = expectOk(await t.call('/parameter/zhishu', { type: 'jpy', lang: 'jp' }));
    expect(idx[0]).toMatchObject({ symbol: 'TOPIX', market: 'jpy', mode: 'delayed' });
  });

  it('draws daily candles from the fixtures; intraday periods the plan lacks are refused, not empty', async () => {
    const bars = expectOk(await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: '1D' }));
    expect(bars).toHaveLength(54);
    expect(bars.at(-1).time).toBe(Date.parse('2026-11-20T00:00:00+09:00') / 1000);
    for (const k of ['1W', '1M', '12M']) {
      expect(
        expectOk(await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: k })).length,
      ).toBeGreaterThan(0);
    }
    for (const k of ['1', '5', '15', '30']) {
      expectRefusal(
        await t.call('/trade/kline', { symbol: '7203', type: 'jpy', kline_type: k }),
        'quotes.periodUnavailable',
      );
    }
  });

  it('refuses orders on the delayed market with a translated key', async () => {
    const s = await trader(t, { jpy: '10000000' });
    const r = await t.money(
      '/trade/buy_stock',
      { type: 'jpy', symbol: '7203', zhang: '100', buyzd: 1, gdlx: 1, ganggan: 1 },
      s,
    );
    expectRefusal(r, 'trade.quoteDelayed');
  });

  it('gives each market’s data mode in the start-up config; no simulated-prices notice', async () => {
    const all = expectOk(await t.call('/common/config', { type: 'all' }));
    const map = Object.fromEntries(all.map((e: { name: string; value: string }) => [e.name, e.value]));
    expect(map.market_modes).toBe('jpy:delayed:20,usd:simulated:0,cny:simulated:0,krw:simulated:0');
    expect(map.simulated_prices).toBeUndefined();
  });

  it('reports each provider in /healthz', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    const body = r.json() as { market: { provider: string; markets: string[]; connected: boolean }[] };
    expect(body.market.map((h) => [h.provider, h.markets, h.connected])).toEqual([
      ['jquants', ['jpy'], true],
      ['simulator', ['usd', 'cny', 'krw'], true],
    ]);
  });
});
